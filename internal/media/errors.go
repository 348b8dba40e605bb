package media

import "tourbook/internal/fault"

// Error is a photo error whose text is safe to show a person (see package fault).
type Error = fault.Error

var (
	ErrTooLarge      = fault.New(413, "photo too large", "The photo must be 5 MB or smaller.")
	ErrUnsupported   = fault.New(415, "unsupported photo format", "Please upload a JPEG, PNG or WebP image.")
	ErrTooManyPixels = fault.New(422, "photo has too many pixels", "The photo is too large in pixels (at most 10000 pixels a side and 40 megapixels).")
	ErrInvalidImage  = fault.New(422, "photo cannot be decoded", "The photo could not be read. Please try another image.")
	// ErrInvalidName: a file name that is not one this package could have written.
	ErrInvalidName = fault.New(400, "invalid photo file name", "There is no such photo.")
)
