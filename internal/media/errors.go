package media

import "errors"

// Error is a photo error whose text is safe to show a person; the HTTP layer reads it
// through PublicMessage and HTTPStatus (httpx.Public). Error() is the terse form for logs.
type Error struct {
	status  int
	text    string
	message string
}

func (e *Error) Error() string         { return e.text }
func (e *Error) PublicMessage() string { return e.message }

// HTTPStatus is the status a handler should answer with.
func (e *Error) HTTPStatus() int { return e.status }

var (
	ErrTooLarge      = &Error{413, "photo too large", "The photo must be 5 MB or smaller."}
	ErrUnsupported   = &Error{415, "unsupported photo format", "Please upload a JPEG, PNG or WebP image."}
	ErrTooManyPixels = &Error{422, "photo has too many pixels", "The photo is too large in pixels (at most 10000 pixels a side and 40 megapixels)."}
	ErrInvalidImage  = &Error{422, "photo cannot be decoded", "The photo could not be read. Please try another image."}
	// ErrInvalidName: a file name that is not one this package could have written.
	ErrInvalidName = &Error{400, "invalid photo file name", "There is no such photo."}
)

// PublicMessage returns the text safe to show a person for errors of this package, and
// false for others (disk errors and the like), which the caller should log instead.
func PublicMessage(err error) (string, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e.message, true
	}
	return "", false
}
