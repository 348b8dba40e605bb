package media

import (
	"fmt"

	"tourbook/internal/fault"
)

// Error is a photo or tour-picture error whose text is safe to show a person (see
// package fault).
type Error = fault.Error

var (
	ErrTooLarge      = fault.New(fault.TooLarge, "photo too large", "The photo must be 5 MB or smaller.")
	ErrUnsupported   = fault.New(fault.UnsupportedType, "unsupported photo format", "Please upload a JPEG, PNG or WebP image.")
	ErrTooManyPixels = fault.New(fault.Unprocessable, "photo has too many pixels", "The photo is too large in pixels (at most 10000 pixels a side and 40 megapixels).")
	ErrInvalidImage  = fault.New(fault.Unprocessable, "photo cannot be decoded", "The photo could not be read. Please try another image.")
	// ErrUploadIncomplete: the upload's stream ended early or broke (a connection dropped,
	// a multipart body cut short): the client's doing, not ours.
	ErrUploadIncomplete = fault.New(fault.Invalid, "upload incomplete", "The upload did not arrive whole. Please try again.")
	// ErrInvalidName: a file name that is not one this package could have written.
	ErrInvalidName = fault.New(fault.Invalid, "invalid photo file name", "There is no such photo.")
	// ErrTooNarrow: a tour picture narrower, as displayed, than the widest stored width.
	ErrTooNarrow = fault.New(fault.Invalid, "tour picture too narrow", fmt.Sprintf(
		"Tour pictures must be at least %d pixels wide, so they look sharp on large screens.", tourWidths[len(tourWidths)-1]))
)

// tooLarge is the error for an upload over limit bytes: an *Error whose message states
// the limit, wrapping ErrTooLarge so errors.Is(err, ErrTooLarge) holds for every kind of
// upload.
func tooLarge(noun string, limit int64) *Error {
	return &Error{Kind: ErrTooLarge.Kind, Log: noun + " too large", Message: fmt.Sprintf("The %s must be %s or smaller.", noun, sizeText(limit)), Err: ErrTooLarge}
}

// sizeText writes a byte limit for people, rounded down so that a file of the size the
// text names is never refused.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
