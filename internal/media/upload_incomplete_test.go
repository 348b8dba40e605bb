package media_test

import (
	"bytes"
	"errors"
	"image/color"
	"io"
	"testing"
	"testing/iotest"

	"tourbook/internal/fault"
	"tourbook/internal/media"
)

// An upload whose stream breaks off (a multipart body cut short) is the client's fault:
// a 400 with a message to try again, not an internal error (issue 20, also seen).
func TestUploadCutShortIsTheClientsFault(t *testing.T) {
	data := encodeJPEG(t, halves(64, 64, color.White, color.Black))
	cut := io.MultiReader(iotest.HalfReader(io.LimitReader(bytes.NewReader(data), int64(len(data)/2))), iotest.ErrReader(io.ErrUnexpectedEOF))
	_, err := newPhotos(t).Process(cut)
	var pub fault.Public
	if !errors.As(err, &pub) || pub.FaultKind() != fault.Invalid || !errors.Is(err, media.ErrUploadIncomplete) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("Process(cut short) = %v, want a 400 ErrUploadIncomplete", err)
	}
	if pub.PublicMessage() != "The upload did not arrive whole. Please try again." {
		t.Errorf("message %q", pub.PublicMessage())
	}
}
