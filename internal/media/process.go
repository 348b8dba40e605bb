// Package media processes and stores uploaded pictures: the users' profile photos
// (Photos) and the tours' pictures (TourPictures).
//
// An upload is never stored as sent. Both kinds go through one pipeline: it reads at most
// MaxBytes, recognises the format from the content (never the file name), checks the
// pixel dimensions from the header before decoding so a decompression bomb is refused
// without being allocated, decodes under a bound on concurrent decodes, crops the centre
// to the output's shape, applies the EXIF orientation and writes fresh JPEGs under random
// names. Re-encoding drops every byte of metadata (EXIF location, comments) and anything
// smuggled after the image data. Photos are one 500×500 square; tour pictures are 3:2 in
// each width of TourPictureWidths.
//
// Errors that a person should read are *Error values (ErrTooLarge, ErrUnsupported,
// ErrTooManyPixels, ErrInvalidImage, ErrTooNarrow, ErrInvalidName); PublicMessage gives
// their text.
package media

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"time"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Options tune Photos and TourPictures; zero values take the defaults of NewPhotos and
// NewTourPictures.
type Options struct {
	MaxBytes  int64 // Photos 5 MB, TourPictures 10 MB
	MaxSide   int   // default 10000 px
	MaxPixels int   // default 40 megapixels: about 160 MB decoded as RGBA
	Size      int   // Photos only: output side, default 500
	Quality   int   // JPEG quality: Photos 85, TourPictures 82
	// MaxConcurrent bounds simultaneous decodes, and so their memory. Default GOMAXPROCS:
	// the work is CPU-bound, more at once would only hold more memory. Ignored with Slots.
	MaxConcurrent int
	// Slots, when set, are the decode slots to take, shared with other Photos and
	// TourPictures: the site gives photos and tour pictures one set, so that uploads of
	// both kinds together never decode more at once than the machine has cores.
	Slots *DecodeSlots
	// Bucket keeps the pictures; nil: the folder given to the constructor.
	Bucket Bucket
	// Scaler resizes uploads and makes the narrower copies of tour pictures; nil:
	// Catmull-Rom, which filters a downscale properly. Tests of the whole site lower it to
	// xdraw.ApproxBiLinear, as they lower the password cost: under the race detector every
	// pixel Catmull-Rom reads is checked, and it was a quarter of their time. This
	// package's tests keep Catmull-Rom.
	Scaler xdraw.Scaler
}

// withDefaults fills the zero fields of o from def, and MaxConcurrent from GOMAXPROCS.
func (o Options) withDefaults(def Options) Options {
	if o.MaxBytes <= 0 {
		o.MaxBytes = def.MaxBytes
	}
	if o.MaxSide <= 0 {
		o.MaxSide = def.MaxSide
	}
	if o.MaxPixels <= 0 {
		o.MaxPixels = def.MaxPixels
	}
	if o.Size <= 0 {
		o.Size = def.Size
	}
	if o.Quality <= 0 {
		o.Quality = def.Quality
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if o.Scaler == nil {
		o.Scaler = xdraw.CatmullRom
	}
	return o
}

// DecodeSlots bounds how many pictures are decoded at once (each up to 40 megapixels:
// about 160 MB and seconds of CPU).
type DecodeSlots struct{ c chan struct{} }

// NewDecodeSlots returns n slots (n <= 0: GOMAXPROCS).
func NewDecodeSlots(n int) *DecodeSlots {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return &DecodeSlots{c: make(chan struct{}, n)}
}

func (d *DecodeSlots) acquire() { d.c <- struct{}{} }
func (d *DecodeSlots) release() { <-d.c }

// pipeline is the checking, decoding and storing that Photos and TourPictures share.
type pipeline struct {
	dir      string // the folder, when the pictures are kept in one
	bucket   Bucket
	opts     Options
	noun     string // "photo", "tour picture": context for internal errors in the log
	tooLarge error  // what an upload over MaxBytes gets; its message names the limit
	slots    *DecodeSlots
}

func newPipeline(dir, noun string, opts Options, tooLarge error) (pipeline, error) {
	b := opts.Bucket
	if b == nil {
		folder, err := NewFolder(dir)
		if err != nil {
			return pipeline{}, fmt.Errorf("%s folder: %w", noun, err)
		}
		b = folder
	} else {
		dir = ""
	}
	slots := opts.Slots
	if slots == nil {
		slots = NewDecodeSlots(opts.MaxConcurrent)
	}
	return pipeline{dir: dir, bucket: b, opts: opts, noun: noun, tooLarge: tooLarge, slots: slots}, nil
}

// storeTimeout bounds one picture's write or removal: Process and Remove take no
// context, and a database that stopped answering must not hold an upload for ever.
const storeTimeout = 30 * time.Second

func storeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeTimeout)
}

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

// upload is an upload that passed the checks that need no decoding.
type upload struct {
	data        []byte
	format      format
	orientation int // EXIF orientation, 1 when none
	// width and height are as displayed, after the orientation: a phone's portrait
	// photo is stored landscape with orientation 6.
	width, height int
}

// read takes in an upload and checks its size, format and header dimensions. Nothing
// beyond MaxBytes+1 bytes is read, and nothing is decoded.
func (p *pipeline) read(r io.Reader) (upload, error) {
	var buf bytes.Buffer
	n, err := buf.ReadFrom(io.LimitReader(r, p.opts.MaxBytes+1))
	if err != nil {
		// Reading the request body failed: a body over the server's limit (the caller
		// finds the *http.MaxBytesError in the chain), or one cut short. Either way the
		// client's, so a 4xx logged at INFO, never the 503 of a database that is down.
		return upload{}, &Error{Kind: ErrUploadIncomplete.Kind, Log: "read " + p.noun, Message: ErrUploadIncomplete.Message,
			Err: fmt.Errorf("%w: %w", ErrUploadIncomplete, err)}
	}
	if n > p.opts.MaxBytes {
		return upload{}, p.tooLarge
	}
	data := buf.Bytes()
	f, ok := sniff(data)
	if !ok {
		return upload{}, ErrUnsupported
	}
	cfg, err := f.config(bytes.NewReader(data))
	if err != nil {
		return upload{}, fmt.Errorf("%w: %v", ErrInvalidImage, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return upload{}, ErrInvalidImage
	}
	if cfg.Width > p.opts.MaxSide || cfg.Height > p.opts.MaxSide || cfg.Width*cfg.Height > p.opts.MaxPixels {
		return upload{}, ErrTooManyPixels
	}
	u := upload{data: data, format: f, orientation: 1, width: cfg.Width, height: cfg.Height}
	if f.name == formatJPEG.name {
		u.orientation = jpegOrientation(data)
	}
	if swapsSides(u.orientation) {
		u.width, u.height = u.height, u.width
	}
	return u, nil
}

// render decodes u and returns the centre of the picture as displayed, cropped to w:h
// and scaled to w×h. Only the decoding and the scaling of the full-size image hold one
// of the slots: that is where the memory goes.
func (p *pipeline) render(u upload, w, h int) (*image.RGBA, error) {
	// The crop is taken on the stored pixels, so in stored orientation the output is
	// h×w when the orientation turns a quarter; orient turns it afterwards.
	sw, sh := w, h
	if swapsSides(u.orientation) {
		sw, sh = h, w
	}
	out, err := func() (*image.RGBA, error) {
		p.slots.acquire()
		defer p.slots.release()
		img, err := decode(u.format, u.data)
		if err != nil {
			return nil, err
		}
		return cropScale(img, sw, sh, p.opts.Scaler), nil
	}()
	if err != nil {
		return nil, err
	}
	return orient(out, u.orientation), nil
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

// cropScale crops the largest centred w:h rectangle of img and scales it to w×h over
// white, so transparent PNG and WebP areas do not turn black in the JPEG.
func cropScale(img image.Image, w, h int, scaler xdraw.Scaler) *image.RGBA {
	b := img.Bounds()
	cw, ch := b.Dx(), b.Dy()
	if cw*h > ch*w { // wider than w:h: keep the full height
		cw = max(1, (ch*w+h/2)/h)
	} else {
		ch = max(1, (cw*h+w/2)/w)
	}
	x0, y0 := b.Min.X+(b.Dx()-cw)/2, b.Min.Y+(b.Dy()-ch)/2
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.White, image.Point{}, draw.Src)
	if cw == w && ch == h {
		// Catmull-Rom interpolates: at 1:1 it returns the pixels as they are, so copy
		// them rather than allocate its w×h×32-byte work buffer.
		draw.Draw(dst, dst.Bounds(), img, image.Pt(x0, y0), draw.Over)
		return dst
	}
	scaler.Scale(dst, dst.Bounds(), img, image.Rect(x0, y0, x0+cw, y0+ch), xdraw.Over, nil)
	return dst
}

// randomHex is n random bytes in hex: file names nobody can guess or enumerate.
func randomHex(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// encodeJPEG is img as a JPEG file's bytes.
func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	if err := jpeg.Encode(w, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
