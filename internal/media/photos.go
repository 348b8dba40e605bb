package media

import (
	"errors"
	"fmt"
	"image"
	"io"
	"regexp"
	"strconv"
	"strings"

	xdraw "golang.org/x/image/draw"
)

// DefaultPhoto is the shared photo of users without one of their own. It is served like
// any other photo but never removed. DefaultTourPicture stands in for a tour picture
// whose file is missing (an import whose pictures were not copied).
const (
	DefaultPhoto       = "default.jpg"
	DefaultTourPicture = "default-tour.jpg"
)

// Photos stores processed photos in a Bucket: a folder by default.
type Photos struct {
	pipe pipeline
}

// NewPhotos returns Photos storing into dir, creating it if needed. Defaults: MaxBytes
// 5 MB, MaxSide 10000, MaxPixels 40 MP, Size 500, Quality 85.
func NewPhotos(dir string, opts Options) (*Photos, error) {
	opts = opts.withDefaults(Options{MaxBytes: 5 << 20, MaxSide: 10000, MaxPixels: 40_000_000, Size: PhotoSize, Quality: 85})
	pipe, err := newPipeline(dir, "photo", opts, ErrTooLarge)
	if err != nil {
		return nil, err
	}
	return &Photos{pipe: pipe}, nil
}

// Dir is the folder the photos are stored in; "" when they are in Options.Bucket.
func (p *Photos) Dir() string { return p.pipe.dir }

// photoWidths are the narrower copies of a photo beside its Size×Size file: pages show
// photos 32 to 72 CSS pixels wide, so a 500 px file was most of what they loaded.
var photoWidths = [...]int{64, 160}

// photoName is what Process names a photo. Photos stored before there were narrower
// copies are "user-<16 hex>.jpg": one file, which PhotoVariants tells apart.
var photoName = regexp.MustCompile(`^user-[0-9a-f]{32}\.jpg$`)

// PhotoSize is the side of a stored photo (Options.Size's default).
const PhotoSize = 500

// PhotoVariants lists a photo's narrower copies, narrowest first, then the photo itself
// (PhotoSize wide); nil for a photo stored as one file (imported, or
// uploaded before the copies). The default photo has them: the seed writes them.
func PhotoVariants(name string) []Variant {
	if name != DefaultPhoto && !photoName.MatchString(name) {
		return nil
	}
	base := strings.TrimSuffix(name, ".jpg")
	vs := make([]Variant, 0, len(photoWidths)+1)
	for _, w := range photoWidths {
		vs = append(vs, Variant{File: base + "-" + strconv.Itoa(w) + ".jpg", Width: w, Height: w})
	}
	return append(vs, Variant{File: name, Width: PhotoSize, Height: PhotoSize})
}

// Process turns an upload into a stored Size×Size JPEG (the centred square) with its
// narrower copies (PhotoVariants), and returns its file name, "user-<32 hex>.jpg".
func (p *Photos) Process(r io.Reader) (string, error) {
	u, err := p.pipe.read(r)
	if err != nil {
		return "", err
	}
	img, err := p.pipe.render(u, p.pipe.opts.Size, p.pipe.opts.Size)
	if err != nil {
		return "", err
	}
	random, err := randomHex(16)
	if err != nil {
		return "", fmt.Errorf("photo name: %w", err)
	}
	name := "user-" + random + ".jpg"
	ctx, cancel := storeContext()
	defer cancel()
	if err := writeAll(ctx, p.pipe.bucket, PhotoFiles(name, img), putJPEG(p.pipe.opts.Quality)); err != nil {
		return "", fmt.Errorf("write photo: %w", err)
	}
	return name, nil
}

// PhotoFiles is what storing the square photo img as name writes: its narrower copies
// (scaled from it), narrowest first, then img itself.
func PhotoFiles(name string, img image.Image) []OutFile {
	vs := PhotoVariants(name)
	if vs == nil {
		return []OutFile{{name, img}}
	}
	files := make([]OutFile, len(vs))
	for i, v := range vs {
		if i == len(vs)-1 {
			files[i] = OutFile{v.File, img}
			continue
		}
		small := image.NewRGBA(image.Rect(0, 0, v.Width, v.Height))
		xdraw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), xdraw.Src, nil)
		files[i] = OutFile{v.File, small}
	}
	return files
}

// validName admits what this package writes (user-<hex>.jpg, <hex>.jpg, <hex>-480.jpg)
// and the names of imported and seeded pictures (user-5c8a1d5b0190b214360dc057-1554.jpg,
// tour-5-cover.jpg, default.jpg): no path separators and no dot but the extension's, so
// never "..".
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.(?:jpg|jpeg|png|webp)$`)

var uploadName = regexp.MustCompile(`^(?:(?:user-[0-9a-f]{16}|user-[0-9a-f]{32}(?:-[0-9]+)?|[0-9a-f]{32}(?:-[0-9]+)?)\.jpg|logo-[0-9a-f]{32}-[a-z]+\.png)$`)

// IsUploadName reports whether name is one Photos, TourPictures or Logos made: random, and
// never given to another picture.
func IsUploadName(name string) bool { return uploadName.MatchString(name) }

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
	ctx, cancel := storeContext()
	defer cancel()
	files := []string{name}
	for _, v := range PhotoVariants(name) {
		if v.File != name {
			files = append(files, v.File)
		}
	}
	var errs []error
	for _, f := range files {
		if err := p.pipe.bucket.Delete(ctx, f); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("remove photo: %w", err)
	}
	return nil
}
