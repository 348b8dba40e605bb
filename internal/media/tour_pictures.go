package media

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	xdraw "golang.org/x/image/draw"
)

// tourWidths are the stored widths, narrowest first. It is an array so no caller can
// change what Process writes and Remove deletes; TourPictureWidths is a copy to read.
var tourWidths = [...]int{480, 960, 1600}

// TourPictureWidths are the widths every uploaded tour picture is stored in, for srcset.
var TourPictureWidths = slices.Clone(tourWidths[:])

// tourHeight is the 3:2 height of a tour picture w pixels wide, to the nearest pixel.
func tourHeight(w int) int { return (2*w + 1) / 3 }

// TourPictures stores processed tour pictures in a Bucket: a folder by default.
type TourPictures struct {
	pipe pipeline
}

// NewTourPictures returns TourPictures storing into dir, creating it if needed. Defaults:
// MaxBytes 10 MB, MaxSide 10000, MaxPixels 40 MP, Quality 82; Size is not used.
func NewTourPictures(dir string, opts Options) (*TourPictures, error) {
	opts = opts.withDefaults(Options{MaxBytes: 10 << 20, MaxSide: 10000, MaxPixels: 40_000_000, Quality: 82})
	pipe, err := newPipeline(dir, "tour picture", opts, tooLarge("tour picture", opts.MaxBytes))
	if err != nil {
		return nil, err
	}
	return &TourPictures{pipe: pipe}, nil
}

// Dir is the folder the pictures are stored in.
func (p *TourPictures) Dir() string { return p.pipe.dir }

// Process checks and re-encodes an upload: the centre is cropped to 3:2 and stored as
// JPEG in every width of TourPictureWidths. It returns the name of the widest file,
// "<32 lower-case hex>.jpg"; the narrower ones are "<same hex>-<width>.jpg" (see
// TourPictureVariants). A picture narrower than the widest width as displayed is refused
// with ErrTooNarrow, before it is decoded: scaled up it would look blurred.
func (p *TourPictures) Process(r io.Reader) (string, error) {
	u, err := p.pipe.read(r)
	if err != nil {
		return "", err
	}
	widest := tourWidths[len(tourWidths)-1]
	if u.width < widest {
		return "", ErrTooNarrow
	}
	random, err := randomHex(16)
	if err != nil {
		return "", fmt.Errorf("tour picture name: %w", err)
	}
	name := random + ".jpg"
	files, err := p.variantFiles(u, name)
	if err != nil {
		return "", err
	}

	ctx, cancel := storeContext()
	defer cancel()
	quality := p.pipe.opts.Quality
	err = writeAll(ctx, p.pipe.bucket, files, putJPEG(quality))
	if err != nil {
		return "", fmt.Errorf("write tour picture: %w", err)
	}
	return name, nil
}

// variantFiles renders u's centre at 3:2 in every width of TourPictureVariants(name),
// narrowest first (the widest from u, each narrower one from the next wider).
func (p *TourPictures) variantFiles(u upload, name string) ([]OutFile, error) {
	widest := tourWidths[len(tourWidths)-1]
	big, err := p.pipe.render(u, widest, tourHeight(widest))
	if err != nil {
		return nil, err
	}
	variants := TourPictureVariants(name)
	files := make([]OutFile, len(variants))
	var img image.Image = big
	for i, v := range slices.Backward(variants) {
		if v.Width != img.Bounds().Dx() {
			// Each width from the next wider one rather than from the upload: a fraction
			// of the work and memory, and Catmull-Rom filters a downscale properly.
			next := image.NewRGBA(image.Rect(0, 0, v.Width, v.Height))
			p.pipe.opts.Scaler.Scale(next, next.Bounds(), img, img.Bounds(), xdraw.Src, nil)
			img = next
		}
		files[i] = OutFile{v.File, img}
	}
	return files, nil
}

// putJPEG is writeAll's writer: each image encoded as a JPEG of quality, into the bucket.
func putJPEG(quality int) func(context.Context, Bucket, string, image.Image) error {
	return func(ctx context.Context, b Bucket, name string, img image.Image) error {
		data, err := encodeJPEG(img, quality)
		if err != nil {
			return err
		}
		return b.Put(ctx, name, data)
	}
}

// OutFile is one picture file to write: its name and its pixels.
type OutFile struct {
	Name string
	Img  image.Image
}

// writeAll writes files in order, narrowest first so that the name pages link to
// appears last, when the others exist. If one fails, those already written are removed:
// a picture is stored in all its widths or not at all.
func writeAll(ctx context.Context, b Bucket, files []OutFile, write func(context.Context, Bucket, string, image.Image) error) error {
	for i, f := range files {
		if err := write(ctx, b, f.Name, f.Img); err != nil {
			for _, done := range files[:i] {
				_ = b.Delete(ctx, done.Name)
			}
			return fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	return nil
}

// Remove deletes a stored picture and its narrower variants. A file already gone is no
// error, so a half-finished Remove can be repeated. Only names Process makes are
// accepted (ErrInvalidName otherwise): sample, imported and default pictures are never
// deleted through here.
func (p *TourPictures) Remove(name string) error {
	if !IsTourPictureName(name) {
		return fmt.Errorf("%w: %q", ErrInvalidName, name)
	}
	ctx, cancel := storeContext()
	defer cancel()
	vs := TourPictureVariants(name)
	var errs []error
	// Widest first: should a removal fail, what is left is unlinked files, never a
	// picture some of whose widths are missing.
	for _, v := range slices.Backward(vs) {
		if err := p.pipe.bucket.Delete(ctx, v.File); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("remove tour picture: %w", err)
	}
	return nil
}

var tourPictureName = regexp.MustCompile(`^[0-9a-f]{32}\.jpg$`)

// IsTourPictureName reports whether name is a file Process makes (the widest one):
// exactly 32 lower-case hex digits then ".jpg".
func IsTourPictureName(name string) bool { return tourPictureName.MatchString(name) }

// Variant is one stored width of a picture.
type Variant struct {
	File          string
	Width, Height int
}

// TourPictureVariants lists the stored files of an uploaded picture, narrowest first,
// with their pixel widths and heights (3:2); nil for a name IsTourPictureName rejects
// (sample and imported pictures have one file only).
func TourPictureVariants(name string) []Variant {
	if !IsTourPictureName(name) {
		return nil
	}
	base := strings.TrimSuffix(name, ".jpg")
	vs := make([]Variant, len(tourWidths))
	for i, w := range tourWidths {
		file := base + "-" + strconv.Itoa(w) + ".jpg"
		if i == len(tourWidths)-1 {
			file = name
		}
		vs[i] = Variant{File: file, Width: w, Height: tourHeight(w)}
	}
	return vs
}
