package media_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tourbook/internal/media"
)

func newLogos(t *testing.T) (*media.Logos, string) {
	t.Helper()
	dir := t.TempDir()
	l, err := media.NewLogos(dir, media.Options{MaxBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	return l, dir
}

// TestLogoSizes: a wide transparent PNG is stored in the three sizes, shape kept,
// transparency kept, the favicon padded to a square; Remove deletes them all.
func TestLogoSizes(t *testing.T) {
	l, dir := newLogos(t)
	src := image.NewNRGBA(image.Rect(0, 0, 1000, 250)) // transparent
	for y := 50; y < 200; y++ {
		for x := 100; x < 900; x++ {
			src.Set(x, y, color.NRGBA{0x1f, 0x6f, 0x50, 0xff})
		}
	}
	name, err := l.Process(bytes.NewReader(encodePNG(t, src)))
	if err != nil {
		t.Fatal(err)
	}
	if !media.IsLogoName(name) || !media.ValidName(media.LogoFile(name, "header")) || !media.IsUploadName(media.LogoFile(name, "favicon")) {
		t.Fatalf("name %q", name)
	}
	want := map[string][2]int{"header": {384, 96}, "email": {400, 100}, "favicon": {180, 180}}
	for _, s := range media.LogoSizes() {
		b, err := os.ReadFile(filepath.Join(dir, media.LogoFile(name, s.Name)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s is not a PNG: %v", s.Name, err)
		}
		if got := [2]int{img.Bounds().Dx(), img.Bounds().Dy()}; got != want[s.Name] {
			t.Errorf("%s is %v, want %v", s.Name, got, want[s.Name])
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%s: the transparent corner is not transparent", s.Name)
		}
		if r, g, _, a := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2).RGBA(); a>>8 != 0xff || r>>8 != 0x1f || g>>8 != 0x6f {
			t.Errorf("%s: the middle is not the logo's colour", s.Name)
		}
	}
	if err := l.Remove(name); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left after Remove: %v", left)
	}
	if err := l.Remove("default.jpg"); !errors.Is(err, media.ErrInvalidName) {
		t.Errorf("Remove of another name: %v", err)
	}
}

// TestLogoRefusals: SVG (however it starts), other formats, too many bytes, with
// messages a person reads.
func TestLogoRefusals(t *testing.T) {
	l, dir := newLogos(t)
	for _, c := range []struct {
		name, body, message string
	}{
		{"svg", `<svg xmlns="http://www.w3.org/2000/svg"/>`, "SVG logos are not accepted"},
		{"svg with a declaration", "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- logo -->\n<svg/>", "SVG logos are not accepted"},
		{"text", "hello", "Please upload a JPEG, PNG or WebP image."},
		{"too large", "\x89PNG\r\n\x1a\n" + strings.Repeat("x", 1<<20), "The logo must be 1 MB or smaller."},
		{"broken png", "\x89PNG\r\n\x1a\nbroken", "The logo could not be read."},
	} {
		_, err := l.Process(strings.NewReader(c.body))
		var fe *media.Error
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.PublicMessage(), c.message) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("a refused logo left files: %v", left)
	}
}
