package seed

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"tourbook/internal/media"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

const (
	picturesPerTour = 3
	// The fallback tour picture is shown at most about 1200 px wide; the sample tours'
	// pictures are drawn in each width uploads are stored in (media.TourPictureVariants).
	tourW, tourH = 1200, 800
	// Users' photos are 500×500, the size the photo upload produces.
	photoSize = 500
	// The fallback pictures this package draws; media names them.
	DefaultPhoto       = media.DefaultPhoto
	DefaultTourPicture = media.DefaultTourPicture
	jpegQuality        = 85
)

// palette is the look of one tour's pictures: a sky gradient from top to horizon, a sun,
// three ridges from far to near, their kind of terrain and whether they carry snow.
type palette struct {
	sky     [2]color.RGBA
	sun     color.RGBA
	ridges  [3]color.RGBA
	terrain terrain
	snow    bool
}

type terrain int

const (
	peaks   terrain = iota // sharp alpine ridges
	hills                  // rounded, rolling
	dunes                  // low, smooth sand
	karst                  // steep limestone towers
	volcano                // one lone cone behind rolling hills
)

// ridgeShape returns a ridge's height profile (0..1) over x in 0..1, with random phases
// and frequencies so each picture is its own. Ridge k=0 is the farthest.
func ridgeShape(t terrain, k int, rng *rand.Rand) func(x float64) float64 {
	type octave struct{ freq, phase, amp float64 }
	octaves := func(f0, gain float64, n int) []octave {
		octs := make([]octave, n)
		a := 1.0
		for o := range octs {
			octs[o] = octave{f0 * math.Pow(2.2, float64(o)) * (0.8 + 0.4*rng.Float64()), rng.Float64() * 2 * math.Pi, a}
			a *= gain
		}
		return octs
	}
	sum := func(octs []octave, x float64, sharp func(o int, s float64) float64) float64 {
		v, total := 0.0, 0.0
		for o, oc := range octs {
			v += oc.amp * sharp(o, math.Sin(2*math.Pi*x*oc.freq+oc.phase))
			total += oc.amp
		}
		return v / total
	}
	smooth := func(_ int, s float64) float64 { return 0.5 + 0.5*s }
	kf := 1 + 0.3*float64(k)
	switch t {
	case peaks:
		octs := octaves(1.6*kf, 0.42, 4)
		return func(x float64) float64 {
			// Cusps (1-|sin|) in the two lowest octaves make summits; the rest is texture.
			return sum(octs, x, func(o int, s float64) float64 {
				if o < 2 {
					return 1 - math.Abs(s)
				}
				return 0.5 + 0.5*s
			})
		}
	case dunes:
		octs := octaves(0.9*kf, 0.3, 3)
		return func(x float64) float64 { return sum(octs, x, smooth) }
	case karst:
		octs := octaves(3.5*kf, 0.55, 2)
		return func(x float64) float64 {
			return sum(octs, x, func(_ int, s float64) float64 { return math.Pow(0.5+0.5*s, 3) })
		}
	case volcano:
		if k == 0 {
			cx := 0.3 + 0.4*rng.Float64()
			return func(x float64) float64 {
				c := 1 - math.Abs(x-cx)/0.42
				if c <= 0 {
					return 0.05
				}
				return math.Min(0.92, 0.05+math.Pow(c, 1.6)) // a cut-off crater rim
			}
		}
	}
	octs := octaves(1.1*kf, 0.45, 3)
	return func(x float64) float64 { return 0.15 + 0.6*sum(octs, x, smooth) }
}

// tourImageFile names a sample tour's picture k (0 is the cover) as an upload is named,
// from a hash of the tour and k rather than at random, so that it is stored in the widths
// uploads have (media.TourPictureVariants) and offered in srcset like them.
func tourImageFile(slug string, k int) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "tour-picture:%s:%d", slug, k))
	return hex.EncodeToString(sum[:16]) + ".jpg"
}

// userPhotoFile names a sample user's photo as an upload is named, from a hash of the
// email rather than at random, so that it is stored with the narrower copies uploads
// have (media.PhotoVariants).
func userPhotoFile(email string) string {
	sum := sha256.Sum256([]byte(email))
	return "user-" + hex.EncodeToString(sum[:16]) + ".jpg"
}

// WriteImages draws every sample picture into imagesDir/tours and imagesDir/users. The
// pictures depend only on the sample data, so the files are the same on every run, and a
// file already there is left alone (an operator's own, or one drawn before).
func WriteImages(imagesDir string) error {
	tours, users := filepath.Join(imagesDir, "tours"), filepath.Join(imagesDir, "users")
	for _, dir := range []string{tours, users} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("create image folder: %w", err)
		}
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return fmt.Errorf("parse font: %w", err)
	}
	var jobs jobs
	for _, st := range sampleTours() {
		for k := 0; k <= picturesPerTour; k++ {
			name := tourImageFile(st.slug, k)
			// Each width is drawn rather than scaled from the widest: the drawing is resolution
			// independent, and drawing it costs a fifth of a good downscale.
			for _, v := range media.TourPictureVariants(name) {
				jobs.addMissing(filepath.Join(tours, v.File), func() (image.Image, error) {
					return landscape(v.Width, v.Height, st.look, seedOf(name)), nil
				})
			}
		}
	}
	for _, su := range sampleUsers {
		jobs.addPhoto(users, userPhotoFile(su.email), func() (image.Image, error) {
			return initialsPhoto(photoSize, su.name, bold)
		})
	}
	return runJobs(jobs)
}

// EnsureDefaultImages writes the fallback pictures (DefaultPhoto, DefaultTourPicture) into
// imagesDir/users and imagesDir/tours when they are missing. Existing files are left
// alone: an operator may have replaced them with their own.
func EnsureDefaultImages(imagesDir string) error {
	var jobs jobs
	for _, sub := range []string{"tours", "users"} {
		if err := os.MkdirAll(filepath.Join(imagesDir, sub), 0o755); err != nil {
			return fmt.Errorf("create image folder: %w", err)
		}
	}
	jobs.addPhoto(filepath.Join(imagesDir, "users"), DefaultPhoto, func() (image.Image, error) {
		return silhouettePhoto(photoSize), nil
	})
	jobs.addMissing(filepath.Join(imagesDir, "tours", DefaultTourPicture), func() (image.Image, error) {
		return landscape(tourW, tourH, defaultLook, seedOf(DefaultTourPicture)), nil
	})
	return runJobs(jobs)
}

// defaultLook is a quiet blue-grey, so the fallback does not pass for a real tour's picture.
var defaultLook = palette{sky: [2]color.RGBA{rgb(0x8a9bb0), rgb(0xe4e9ef)}, sun: rgb(0xf7f8fa),
	ridges: [3]color.RGBA{rgb(0xc3ccd6), rgb(0x97a4b3), rgb(0x66717e)}, terrain: hills}

type job struct {
	path string
	draw func() (image.Image, error)
}

type jobs []job

// addMissing adds a picture to draw unless its file exists.
func (js *jobs) addMissing(path string, draw func() (image.Image, error)) {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		*js = append(*js, job{path, draw})
	}
}

// addPhoto adds the missing files of the photo name in dir: the photo and its narrower
// copies, scaled as an upload's are from the photo already there (an operator's own
// default photo) or else from draw.
func (js *jobs) addPhoto(dir, name string, draw func() (image.Image, error)) {
	full := filepath.Join(dir, name)
	// Drawn once for all the files, whichever job gets there first.
	source := sync.OnceValues(func() (image.Image, error) {
		if b, err := os.ReadFile(full); err == nil {
			if img, err := jpeg.Decode(bytes.NewReader(b)); err == nil {
				return img, nil
			}
		}
		return draw()
	})
	// The copies are scaled once, by the first job that needs one.
	scaled := sync.OnceValues(func() ([]media.OutFile, error) {
		img, err := source()
		if err != nil {
			return nil, err
		}
		return media.PhotoFiles(name, img), nil
	})
	for i, v := range media.PhotoVariants(name) {
		js.addMissing(filepath.Join(dir, v.File), func() (image.Image, error) {
			out, err := scaled()
			if err != nil {
				return nil, err
			}
			return out[i].Img, nil
		})
	}
}

// runJobs draws and writes pictures, one worker per core: drawing and JPEG encoding are
// CPU-bound, and a first start should stay short.
func runJobs(jobs []job) error {
	work := make(chan job)
	errs := make([]error, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for w := range errs {
		wg.Go(func() {
			var buf bytes.Buffer
			for j := range work {
				if errs[w] != nil {
					continue
				}
				img, err := j.draw()
				if err == nil {
					buf.Reset()
					err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
				}
				if err == nil {
					err = os.WriteFile(j.path, buf.Bytes(), 0o644)
				}
				if err != nil {
					errs[w] = fmt.Errorf("write %s: %w", j.path, err)
				}
			}
		})
	}
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	return errors.Join(errs...)
}

// seedOf makes a picture's randomness depend on its name only.
func seedOf(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

type rgbf struct{ r, g, b float64 }

func fromRGBA(c color.RGBA) rgbf { return rgbf{float64(c.R), float64(c.G), float64(c.B)} }

func (c rgbf) lerp(d rgbf, t float64) rgbf {
	return rgbf{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t}
}

func (c rgbf) set(pix []uint8) {
	pix[0], pix[1], pix[2], pix[3] = clamp8(c.r), clamp8(c.g), clamp8(c.b), 0xff
}

func clamp8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// clamp01 avoids math.Min/Max, whose NaN handling costs a lot inside per-pixel loops.
func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

// landscape draws a stylised mountain view: sky gradient, a sun with a glow, and three
// ridges that get darker and sharper towards the viewer, with haze on the far ones.
func landscape(w, h int, p palette, seed uint64) *image.RGBA {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fw, fh := float64(w), float64(h)
	skyTop, skyLow, sun := fromRGBA(p.sky[0]), fromRGBA(p.sky[1]), fromRGBA(p.sun)

	var ridge, snowline [3][]float64
	for k := range ridge {
		base := fh * (0.56 + 0.12*float64(k))
		amp := fh * (0.30 - 0.06*float64(k))
		if p.terrain == dunes {
			amp *= 0.55
		}
		ridge[k] = make([]float64, w)
		snowline[k] = make([]float64, w)
		shape := ridgeShape(p.terrain, k, rng)
		for x := range w {
			ridge[k][x] = base - amp*shape(float64(x)/fw)
			snowline[k][x] = base - amp*0.68 + 5*math.Sin(float64(x)*0.05+float64(k))
		}
	}

	var hazy, dark [3]rgbf
	for k, rc := range p.ridges {
		hazy[k] = fromRGBA(rc).lerp(skyLow, 0.25-0.1*float64(k))
		dark[k] = fromRGBA(rc).lerp(rgbf{}, 0.35)
	}
	sx, sy := fw*(0.18+0.64*rng.Float64()), fh*(0.14+0.2*rng.Float64())
	sr := fh * (0.05 + 0.03*rng.Float64())
	horizon, glow := fh*0.62, sr*4

	for y := range h {
		fy := float64(y)
		sky := skyTop.lerp(skyLow, math.Pow(clamp01(fy/horizon), 0.85))
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		for x := range w {
			fx := float64(x)
			c := sky
			if dy := fy - sy; dy < glow && dy > -glow {
				if dx := fx - sx; dx < glow && dx > -glow {
					// A cheap bell-shaped glow that reaches zero at the box's edge.
					d2 := dx*dx + dy*dy
					if g := 1 - d2/(glow*glow); g > 0 {
						c = c.lerp(sun, 0.5*g*g*g)
					}
					if d2 < (sr+1)*(sr+1) {
						c = c.lerp(sun, clamp01(sr-math.Sqrt(d2)+0.5))
					}
				}
			}
			for k := range ridge {
				top := ridge[k][x]
				cover := clamp01(fy + 1 - top)
				if cover == 0 {
					continue
				}
				depth := clamp01((fy - top) / (fh - top + 1))
				// Far ridges fade into the sky; every ridge darkens towards its foot.
				lc := hazy[k].lerp(dark[k], depth)
				if p.snow && (k == 0 || k == 1 && p.terrain != volcano) {
					if line := snowline[k][x]; fy < line {
						lc = lc.lerp(rgbf{250, 252, 255}, 0.85*clamp01((line-fy)/6))
					}
				}
				c = c.lerp(lc, cover)
			}
			c.set(row[4*x:])
		}
	}
	return img
}

// hue picks a pleasant, saturated colour for a name.
func hue(name string, lightness float64) rgbf {
	h := float64(seedOf(name)%360) / 60
	const s = 0.55
	ch := (1 - math.Abs(2*lightness-1)) * s
	xc := ch * (1 - math.Abs(math.Mod(h, 2)-1))
	var r, g, b float64
	switch int(h) {
	case 0:
		r, g = ch, xc
	case 1:
		r, g = xc, ch
	case 2:
		g, b = ch, xc
	case 3:
		g, b = xc, ch
	case 4:
		r, b = xc, ch
	default:
		r, b = ch, xc
	}
	m := lightness - ch/2
	return rgbf{(r + m) * 255, (g + m) * 255, (b + m) * 255}
}

// disc fills a full-size antialiased disc with a vertical gradient on a light background:
// the site shows photos cropped to a circle, and the disc looks right cropped or not.
func disc(size int, top, bottom rgbf) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := rgbf{246, 246, 246}
	c, r := float64(size)/2, float64(size)/2-1
	for y := range size {
		col := top.lerp(bottom, float64(y)/float64(size))
		for x := range size {
			dx, dy := float64(x)+0.5-c, float64(y)+0.5-c
			bg.lerp(col, clamp01(r-math.Sqrt(dx*dx+dy*dy)+0.5)).set(img.Pix[y*img.Stride+4*x:])
		}
	}
	return img
}

func initials(name string) string {
	var out []rune
	for _, word := range strings.Fields(name) {
		for _, r := range word {
			if unicode.IsLetter(r) {
				out = append(out, unicode.ToUpper(r))
			}
			break
		}
	}
	if len(out) > 2 {
		out = []rune{out[0], out[len(out)-1]}
	}
	return string(out)
}

// initialsPhoto draws a user's initials in white on a disc coloured after their name.
func initialsPhoto(size int, name string, f *opentype.Font) (image.Image, error) {
	img := disc(size, hue(name, 0.58), hue(name, 0.42))
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(size) * 0.38, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("font face: %w", err)
	}
	defer face.Close()
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.RGBA{255, 255, 255, 255}), Face: face}
	text := initials(name)
	b, _ := d.BoundString(text)
	// Centre the ink, not the advance box, so letters with side bearings sit in the middle.
	wInk, hInk := (b.Max.X - b.Min.X), (b.Max.Y - b.Min.Y)
	half := fixed.I(size / 2)
	d.Dot = fixed.Point26_6{X: half - wInk/2 - b.Min.X, Y: half + hInk/2 - b.Max.Y}
	d.DrawString(text)
	return img, nil
}

// silhouettePhoto is the neutral head-and-shoulders picture for users without a photo.
func silhouettePhoto(size int) image.Image {
	img := disc(size, rgbf{208, 213, 220}, rgbf{190, 196, 205})
	fg := rgbf{246, 247, 249}
	s := float64(size)
	c, r := s/2, s/2-1
	for y := range size {
		for x := range size {
			px, py := float64(x)+0.5, float64(y)+0.5
			// Head: a circle; shoulders: an ellipse cut by the outer disc.
			dh := 0.19*s - math.Hypot(px-c, py-0.40*s)
			ex, ey := (px-c)/(0.33*s), (py-0.98*s)/(0.36*s)
			ds := (1 - math.Hypot(ex, ey)) * 0.33 * s
			dOuter := r - math.Hypot(px-c, py-c)
			a := clamp01(math.Max(dh, math.Min(ds, dOuter)) + 0.5)
			if a > 0 {
				pix := img.Pix[y*img.Stride+4*x:]
				cur := rgbf{float64(pix[0]), float64(pix[1]), float64(pix[2])}
				cur.lerp(fg, a).set(pix)
			}
		}
	}
	return img
}
