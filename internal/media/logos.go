package media

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"regexp"

	xdraw "golang.org/x/image/draw"
)

// LogoSize is one stored size of the business's logo: the picture is scaled to fit
// MaxW×MaxH, its shape kept; Square pads it to a MaxW×MaxH square with transparency.
type LogoSize struct {
	Name       string
	MaxW, MaxH int
	Square     bool
}

// logoSizes: the header's (at most 96 px high, for 48 CSS px on a sharp screen, and not
// wider than 480), the emails' (at most 400×120, shown at 200×60) and the favicon's (a
// 180×180 square: browsers' tabs and phones' home screens).
var logoSizes = [...]LogoSize{
	{Name: "header", MaxW: 480, MaxH: 96},
	{Name: "email", MaxW: 400, MaxH: 120},
	{Name: "favicon", MaxW: 180, MaxH: 180, Square: true},
}

// LogoSizes are the sizes every logo is stored in.
func LogoSizes() []LogoSize { return logoSizes[:] }

// logoBox bounds the picture kept from the decode for making the sizes: as large as the
// largest of them in each direction.
const logoBox = 480

var logoName = regexp.MustCompile(`^logo-[0-9a-f]{32}$`)

// IsLogoName reports whether name is one Logos.Process makes.
func IsLogoName(name string) bool { return logoName.MatchString(name) }

// LogoFile is the file of the logo name in one size: "<name>-<size>.png".
func LogoFile(name, size string) string { return name + "-" + size + ".png" }

var (
	// ErrSVGLogo: SVG is a program as much as a picture (scripts, external references),
	// and the emails' clients do not show it: logos are pictures of pixels.
	ErrSVGLogo = &Error{Kind: ErrUnsupported.Kind, Log: "svg logo",
		Message: "SVG logos are not accepted. Please upload the logo as a PNG (best with a transparent background), JPEG or WebP image."}
	errLogoPixels = &Error{Kind: ErrTooManyPixels.Kind, Log: "logo has too many pixels", Err: ErrTooManyPixels,
		Message: "The logo is too large in pixels (at most 10000 pixels a side and 40 megapixels)."}
	errLogoInvalid = &Error{Kind: ErrInvalidImage.Kind, Log: "logo cannot be decoded", Err: ErrInvalidImage,
		Message: "The logo could not be read. Please try another image."}
)

// Logos stores the business's logo, in every size of LogoSizes, as PNG (which keeps a
// transparent background), in a Bucket: a folder by default.
type Logos struct {
	pipe pipeline
}

// NewLogos returns Logos storing into dir, creating it if needed. Defaults: MaxBytes 5 MB,
// MaxSide 10000, MaxPixels 40 MP; Size and Quality are not used.
func NewLogos(dir string, opts Options) (*Logos, error) {
	opts = opts.withDefaults(Options{MaxBytes: 5 << 20, MaxSide: 10000, MaxPixels: 40_000_000, Quality: 1})
	pipe, err := newPipeline(dir, "logo", opts, tooLarge("logo", opts.MaxBytes))
	if err != nil {
		return nil, err
	}
	return &Logos{pipe: pipe}, nil
}

// Process checks an upload as photos are checked (size, format by content, pixels from
// the header, decoded in a slot), refuses SVG with its own message, and stores the logo
// in every size under a new random name, which it returns ("logo-<32 hex>"; the files
// are LogoFile(name, size)). A new name per upload lets pages cache the files for good.
func (l *Logos) Process(r io.Reader) (string, error) {
	br := bufio.NewReaderSize(r, 1024)
	if head, _ := br.Peek(1024); isSVG(head) {
		return "", ErrSVGLogo
	}
	u, err := l.pipe.read(br)
	if err != nil {
		return "", logoError(err)
	}
	img, err := l.decode(u)
	if err != nil {
		return "", logoError(err)
	}
	random, err := randomHex(16)
	if err != nil {
		return "", fmt.Errorf("logo name: %w", err)
	}
	name := "logo-" + random
	ctx, cancel := storeContext()
	defer cancel()
	if err := writeAll(ctx, l.pipe.bucket, LogoFiles(name, img, l.pipe.opts.Scaler), putPNG); err != nil {
		return "", fmt.Errorf("write logo: %w", err)
	}
	return name, nil
}

// decode returns the upload as displayed, scaled (never up) to fit logoBox×logoBox with
// its transparency: only the decoding and this first scaling hold a slot.
func (l *Logos) decode(u upload) (*image.RGBA, error) {
	out, err := func() (*image.RGBA, error) {
		l.pipe.slots.acquire()
		defer l.pipe.slots.release()
		img, err := decode(u.format, u.data)
		if err != nil {
			return nil, err
		}
		b := img.Bounds()
		w, h := fit(b.Dx(), b.Dy(), logoBox, logoBox, false)
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		l.pipe.opts.Scaler.Scale(dst, dst.Bounds(), img, b, xdraw.Src, nil)
		return dst, nil
	}()
	if err != nil {
		return nil, err
	}
	return orient(out, u.orientation), nil
}

// LogoFiles is what storing the logo img as name writes: one file per size of
// LogoSizes, scaled from img with scaler (nil: Catmull-Rom).
func LogoFiles(name string, img image.Image, scaler xdraw.Scaler) []OutFile {
	if scaler == nil {
		scaler = xdraw.CatmullRom
	}
	b := img.Bounds()
	files := make([]OutFile, 0, len(logoSizes))
	for _, s := range logoSizes {
		w, h := fit(b.Dx(), b.Dy(), s.MaxW, s.MaxH, true)
		canvas := image.Rect(0, 0, w, h)
		at := canvas
		if s.Square {
			canvas = image.Rect(0, 0, s.MaxW, s.MaxH)
			x0, y0 := (s.MaxW-w)/2, (s.MaxH-h)/2
			at = image.Rect(x0, y0, x0+w, y0+h)
		}
		dst := image.NewRGBA(canvas)
		scaler.Scale(dst, at, img, b, xdraw.Src, nil)
		files = append(files, OutFile{LogoFile(name, s.Name), dst})
	}
	return files
}

// fit is w×h scaled to fit maxW×maxH with its shape kept, at least 1×1; up only when
// grow.
func fit(w, h, maxW, maxH int, grow bool) (int, int) {
	scale := min(float64(maxW)/float64(w), float64(maxH)/float64(h))
	if scale > 1 && !grow {
		scale = 1
	}
	return max(1, int(float64(w)*scale+0.5)), max(1, int(float64(h)*scale+0.5))
}

// putPNG is writeAll's writer for logos.
func putPNG(ctx context.Context, b Bucket, name string, img image.Image) error {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return err
	}
	return b.Put(ctx, name, buf.Bytes())
}

// Remove deletes a logo's files; files already gone are no error. Only names Process
// makes are accepted: the sample logo is never deleted through here.
func (l *Logos) Remove(name string) error {
	if !IsLogoName(name) {
		return fmt.Errorf("%w: %q", ErrInvalidName, name)
	}
	ctx, cancel := storeContext()
	defer cancel()
	var errs []error
	for _, s := range logoSizes {
		if err := l.pipe.bucket.Delete(ctx, LogoFile(name, s.Name)); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("remove logo: %w", err)
	}
	return nil
}

// isSVG: an SVG file (or its gzip, .svgz) by its first bytes, however it is named.
func isSVG(head []byte) bool {
	if bytes.HasPrefix(head, []byte{0x1f, 0x8b}) {
		return false // gzip: not one of ours either way; ErrUnsupported says so
	}
	s := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xEF\xBB\xBF")), " \t\r\n")
	low := bytes.ToLower(s)
	return bytes.HasPrefix(low, []byte("<svg")) ||
		(bytes.HasPrefix(low, []byte("<?xml")) || bytes.HasPrefix(low, []byte("<!doctype svg")) || bytes.HasPrefix(low, []byte("<!--"))) && bytes.Contains(low, []byte("<svg"))
}

// logoError words the shared checks' refusals for a logo.
func logoError(err error) error {
	switch {
	case errors.Is(err, ErrTooManyPixels):
		return errLogoPixels
	case errors.Is(err, ErrInvalidImage):
		return &Error{Kind: errLogoInvalid.Kind, Log: errLogoInvalid.Log, Message: errLogoInvalid.Message, Err: err}
	}
	return err
}
