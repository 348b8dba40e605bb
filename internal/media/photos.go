// Package media processes and stores the users' profile photos.
//
// An upload is never stored as sent: Process reads at most MaxBytes, recognises the
// format from its content (never the file name), checks the pixel dimensions from the
// header before decoding so a decompression bomb is refused without being allocated,
// crops the centre square, scales it to 500×500 and writes a fresh JPEG under a random
// name. Re-encoding drops every byte of metadata (EXIF location, comments) and anything
// smuggled after the image data.
//
// Errors that a person should read are *Error values (ErrTooLarge, ErrUnsupported,
// ErrTooManyPixels, ErrInvalidImage, ErrInvalidName); PublicMessage gives their text.
package media

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"regexp"
	"runtime"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// DefaultPhoto is the shared photo of users without one of their own. It is served like
// any other photo but never removed. DefaultTourPicture stands in for a tour picture
// whose file is missing (an import whose pictures were not copied).
const (
	DefaultPhoto       = "default.jpg"
	DefaultTourPicture = "default-tour.jpg"
)

// Options tune Photos; zero values take the defaults.
type Options struct {
	MaxBytes  int64 // default 5 MB
	MaxSide   int   // default 10000 px
	MaxPixels int   // default 40 megapixels: about 160 MB decoded as RGBA
	Size      int   // output side, default 500
	Quality   int   // JPEG quality, default 85
	// MaxConcurrent bounds simultaneous decodes, and so their memory. Default GOMAXPROCS:
	// the work is CPU-bound, more at once would only hold more memory.
	MaxConcurrent int
}

// Photos stores processed photos as files in one folder.
type Photos struct {
	dir   string
	opts  Options
	slots chan struct{}
}

// NewPhotos returns Photos storing into dir, creating it if needed.
func NewPhotos(dir string, opts Options) (*Photos, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = 5 << 20
	}
	if opts.MaxSide <= 0 {
		opts.MaxSide = 10000
	}
	if opts.MaxPixels <= 0 {
		opts.MaxPixels = 40_000_000
	}
	if opts.Size <= 0 {
		opts.Size = 500
	}
	if opts.Quality <= 0 {
		opts.Quality = 85
	}
	if opts.MaxConcurrent <= 0 {
		opts.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("photo folder: %w", err)
	}
	return &Photos{dir: dir, opts: opts, slots: make(chan struct{}, opts.MaxConcurrent)}, nil
}

// Dir is the folder the photos are stored in.
func (p *Photos) Dir() string { return p.dir }

type format struct {
	name   string
	config func(io.Reader) (image.Config, error)
	decode func(io.Reader) (image.Image, error)
}

var (
	formatJPEG = format{"jpeg", jpeg.DecodeConfig, jpeg.Decode}
	formatPNG  = format{"png", png.DecodeConfig, png.Decode}
	formatWebP = format{"webp", webp.DecodeConfig, webp.Decode}
)

// sniff recognises the format by its magic number. Each format's own decoder is then
// used directly, never image.Decode, so a file can only be decoded as what it claims.
func sniff(b []byte) (format, bool) {
	switch {
	case bytes.HasPrefix(b, []byte("\xFF\xD8\xFF")):
		return formatJPEG, true
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return formatPNG, true
	case len(b) >= 12 && string(b[:4]) == "RIFF" && string(b[8:12]) == "WEBP":
		return formatWebP, true
	}
	return format{}, false
}

// Process turns an upload into a stored 500×500 JPEG and returns its file name.
func (p *Photos) Process(r io.Reader) (string, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, p.opts.MaxBytes+1))
	if err != nil {
		return "", fmt.Errorf("read photo: %w", err)
	}
	if n > p.opts.MaxBytes {
		return "", ErrTooLarge
	}
	data := buf.Bytes()
	f, ok := sniff(data)
	if !ok {
		return "", ErrUnsupported
	}
	cfg, err := f.config(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrInvalidImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return "", ErrInvalidImage
	}
	if cfg.Width > p.opts.MaxSide || cfg.Height > p.opts.MaxSide || cfg.Width*cfg.Height > p.opts.MaxPixels {
		return "", ErrTooManyPixels
	}

	p.slots <- struct{}{}
	img, err := decode(f, data)
	var out *image.RGBA
	if err == nil {
		out = p.square(img)
	}
	<-p.slots
	if err != nil {
		return "", err
	}
	if f.name == "jpeg" {
		out = orient(out, jpegOrientation(data))
	}
	return p.write(out)
}

// decode runs a third-party decoder on hostile input; a panic in it must cost the upload,
// not the server.
func decode(f format, data []byte) (img image.Image, err error) {
	defer func() {
		if v := recover(); v != nil {
			img, err = nil, fmt.Errorf("%w: decoder panic: %v", ErrInvalidImage, v)
		}
	}()
	img, err = f.decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidImage, err)
	}
	if b := img.Bounds(); b.Dx() <= 0 || b.Dy() <= 0 {
		return nil, ErrInvalidImage
	}
	return img, nil
}

// square crops the centred square of img and scales it to Size×Size over white, so
// transparent PNG and WebP areas do not turn black in the JPEG.
func (p *Photos) square(img image.Image) *image.RGBA {
	b := img.Bounds()
	side := min(b.Dx(), b.Dy())
	x0, y0 := b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2
	src := image.Rect(x0, y0, x0+side, y0+side)
	dst := image.NewRGBA(image.Rect(0, 0, p.opts.Size, p.opts.Size))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), img, src, xdraw.Over, nil)
	return dst
}

// write stores img as a JPEG under a new random name: written to a temporary file and
// renamed, so a reader never sees half a photo and a crash leaves only a temp file.
func (p *Photos) write(img image.Image) (string, error) {
	root, err := os.OpenRoot(p.dir)
	if err != nil {
		return "", fmt.Errorf("photo folder: %w", err)
	}
	defer root.Close()

	random := make([]byte, 8)
	if _, err := rand.Read(random); err != nil {
		return "", fmt.Errorf("photo name: %w", err)
	}
	name := "user-" + hex.EncodeToString(random) + ".jpg"
	tmp := ".upload-" + hex.EncodeToString(random) + ".tmp"

	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return "", fmt.Errorf("create photo: %w", err)
	}
	w := bufio.NewWriter(f)
	err = jpeg.Encode(w, img, &jpeg.Options{Quality: p.opts.Quality})
	if err == nil {
		err = w.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		_ = root.Remove(tmp)
		return "", fmt.Errorf("write photo: %w", err)
	}
	return name, nil
}

// validName admits what this package writes (user-<hex>.jpg) and the names of imported
// and seeded pictures (user-5c8a1d5b0190b214360dc057-1554.jpg, tour-5-cover.jpg,
// default.jpg): no path separators and no dot but the extension's, so never "..".
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|jpeg|png|webp)$`)

// ValidName reports whether name is an image file name the site stores and serves. It is
// the one rule for photos, tour pictures, imports and the image routes.
func ValidName(name string) bool { return validName.MatchString(name) }

func checkName(name string) error {
	if !ValidName(name) {
		return fmt.Errorf("%w: %q", ErrInvalidName, name)
	}
	return nil
}

// Remove deletes a stored photo. The default photo is never deleted; asking to is a
// no-op, as is removing a photo that is already gone, so callers can hand over whatever
// the user had.
func (p *Photos) Remove(name string) error {
	if err := checkName(name); err != nil {
		return err
	}
	if name == DefaultPhoto {
		return nil
	}
	root, err := os.OpenRoot(p.dir)
	if err != nil {
		return fmt.Errorf("photo folder: %w", err)
	}
	defer root.Close()
	if err := root.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove photo: %w", err)
	}
	return nil
}
