package media_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"

	"tourbook/internal/httpx"
	"tourbook/internal/media"
)

func newTourPictures(t testing.TB, opts media.Options) *media.TourPictures {
	t.Helper()
	p, err := media.NewTourPictures(t.TempDir(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var (
	red   = color.NRGBA{255, 0, 0, 255}
	green = color.NRGBA{0, 255, 0, 255}
	blue  = color.NRGBA{0, 0, 255, 255}
)

// canvas is a w×h image of c; paint adds rectangles of other colours. They are RGBA,
// which image/draw fills fast: the tests make pictures of many megapixels.
func canvas(w, h int, c color.Color) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

func paint(img *image.RGBA, r image.Rectangle, c color.Color) *image.RGBA {
	draw.Draw(img, r, image.NewUniform(c), image.Point{}, draw.Src)
	return img
}

// leftRight is red on the left half, blue on the right, like halves but fast at size.
func leftRight(w, h int) *image.RGBA {
	return paint(canvas(w, h, red), image.Rect(w/2, 0, w, h), blue)
}

// encodeBigPNG is encodePNG at the fastest compression, for pictures of megapixels.
func encodeBigPNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// tourSizes are what the site promises for srcset, written out rather than derived.
var tourSizes = []image.Point{{480, 320}, {960, 640}, {1600, 1067}}

// readTourPicture checks that the folder holds exactly name and its narrower variants,
// JPEGs of the promised sizes without metadata, and returns them decoded, narrowest first.
func readTourPicture(t *testing.T, p *media.TourPictures, name string) []image.Image {
	t.Helper()
	if !media.IsTourPictureName(name) {
		t.Fatalf("file name %q, want <32 hex>.jpg", name)
	}
	hex := name[:32]
	files := []string{hex + "-480.jpg", hex + "-960.jpg", name}
	entries, err := os.ReadDir(p.Dir())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, slices.Sorted(slices.Values(files))) {
		t.Fatalf("folder holds %q, want %q (and no temp files)", got, files)
	}
	var imgs []image.Image
	for i, file := range files {
		data, err := os.ReadFile(filepath.Join(p.Dir(), file))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range segments(t, data) {
			if m >= 0xE1 && m <= 0xEF || m == 0xFE {
				t.Errorf("%s has metadata segment 0xFF%X", file, m)
			}
		}
		if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte("secret-location")) {
			t.Errorf("%s: EXIF survived", file)
		}
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s is not a JPEG: %v", file, err)
		}
		if want := (image.Rectangle{Max: tourSizes[i]}); img.Bounds() != want {
			t.Fatalf("%s is %v, want %v", file, img.Bounds().Size(), want.Size())
		}
		imgs = append(imgs, img)
	}
	return imgs
}

func TestTourPictureProcess(t *testing.T) {
	tests := []struct {
		desc string
		data []byte
	}{
		{"png 2400×1600", encodeBigPNG(t, leftRight(2400, 1600))},
		{"jpeg 1600×1067 with EXIF", withExif(encodeJPEG(t, leftRight(1600, 1067)), 1)},
		// Its 3:2 centre is 1350×900, scaled up.
		{"transparent png 1600×900, wider than 3:2", encodeBigPNG(t, image.NewNRGBA(image.Rect(0, 0, 1600, 900)))},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newTourPictures(t, media.Options{})
			name, err := p.Process(bytes.NewReader(tt.data))
			if err != nil {
				t.Fatalf("Process: %v", err)
			}
			for _, img := range readTourPicture(t, p, name) {
				// Red left, blue right; transparency turns white, not black.
				b := img.Bounds()
				left, right := img.At(2, b.Dy()/2), img.At(b.Dx()-3, b.Dy()/2)
				if !near(left, 255, 0, 0) && !near(left, 255, 255, 255) || !near(right, 0, 0, 255) && !near(right, 255, 255, 255) {
					t.Errorf("%v: left %v, right %v; want red and blue, or white", b.Size(), left, right)
				}
			}
		})
	}
}

func TestTourPictureProcessReadsWebP(t *testing.T) {
	// Go cannot encode WebP and the test files are small: being refused as too narrow
	// shows the file was recognised and its header read.
	data, err := os.ReadFile("testdata/yellow_rose.lossy-with-alpha.webp")
	if err != nil {
		t.Fatal(err)
	}
	p := newTourPictures(t, media.Options{})
	if _, err := p.Process(bytes.NewReader(data)); !errors.Is(err, media.ErrTooNarrow) {
		t.Errorf("small WebP: %v, want ErrTooNarrow", err)
	}
}

func TestTourPictureProcessCropsCentre(t *testing.T) {
	tests := []struct {
		desc string
		img  *image.RGBA
	}{
		// 4000×2000 is 2:1; its 3:2 centre is 3000×2000 from x = 500: red and blue
		// edges fall outside.
		{"4000×2000", paint(paint(canvas(4000, 2000, green), image.Rect(0, 0, 500, 2000), red), image.Rect(3500, 0, 4000, 2000), blue)},
		// 1600×3200: the centre is 1600×1067 from y = 1066.
		{"1600×3200", paint(paint(canvas(1600, 3200, green), image.Rect(0, 0, 1600, 1066), red), image.Rect(0, 2133, 1600, 3200), blue)},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newTourPictures(t, media.Options{})
			name, err := p.Process(bytes.NewReader(encodeBigPNG(t, tt.img)))
			if err != nil {
				t.Fatal(err)
			}
			for _, img := range readTourPicture(t, p, name) {
				b := img.Bounds()
				for _, pt := range []image.Point{{1, 1}, {b.Dx() - 2, 1}, {b.Dx() / 2, b.Dy() / 2}, {1, b.Dy() - 2}, {b.Dx() - 2, b.Dy() - 2}} {
					if c := img.At(pt.X, pt.Y); !near(c, 0, 255, 0) {
						t.Errorf("%v: pixel %v = %v, want green (the centre only)", b.Size(), pt, c)
					}
				}
			}
		})
	}
}

func TestTourPictureProcessAppliesOrientation(t *testing.T) {
	// Stored 1067×1600, red left and blue right: too narrow as stored. EXIF orientation 6
	// says to turn it a quarter clockwise: displayed 1600×1067, red on top. (TestOrient
	// checks every orientation on its own.)
	p := newTourPictures(t, media.Options{})
	name, err := p.Process(bytes.NewReader(withExif(encodeJPEG(t, leftRight(1067, 1600)), 6)))
	if err != nil {
		t.Fatalf("Process: %v", err)
	}
	for _, img := range readTourPicture(t, p, name) {
		b := img.Bounds()
		for _, x := range []int{2, b.Dx() / 2, b.Dx() - 3} {
			if c := img.At(x, 2); !near(c, 255, 0, 0) {
				t.Errorf("%v: top at x=%d is %v, want red", b.Size(), x, c)
			}
			if c := img.At(x, b.Dy()-3); !near(c, 0, 0, 255) {
				t.Errorf("%v: bottom at x=%d is %v, want blue", b.Size(), x, c)
			}
		}
	}
}

func TestTourPictureProcessRefuses(t *testing.T) {
	const narrow = "Tour pictures must be at least 1600 pixels wide, so they look sharp on large screens."
	tests := []struct {
		desc    string
		data    []byte
		want    error
		status  int
		message string
	}{
		{"png 1200 px wide", encodeBigPNG(t, leftRight(1200, 800)), media.ErrTooNarrow, 400, narrow},
		{"png 1599×1066", encodeBigPNG(t, leftRight(1599, 1066)), media.ErrTooNarrow, 400, narrow},
		{"jpeg 2400×1200 displayed 1200 wide by EXIF", withExif(encodeJPEG(t, leftRight(2400, 1200)), 6), media.ErrTooNarrow, 400, narrow},
		{"text file named picture.jpg", []byte("I am not a picture, whatever my name says.\n"), media.ErrUnsupported, 415, "Please upload a JPEG, PNG or WebP image."},
		{"empty", nil, media.ErrUnsupported, 415, "Please upload a JPEG, PNG or WebP image."},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), media.ErrUnsupported, 415, "Please upload a JPEG, PNG or WebP image."},
		{"png 20000×20000", pngHeader(t, 20000, 20000), media.ErrTooManyPixels, 422, media.ErrTooManyPixels.PublicMessage()},
		{"png 10001×1000", pngHeader(t, 10001, 1000), media.ErrTooManyPixels, 422, media.ErrTooManyPixels.PublicMessage()},
		{"png 8000×6000 (48 MP)", pngHeader(t, 8000, 6000), media.ErrTooManyPixels, 422, media.ErrTooManyPixels.PublicMessage()},
		{"png header 1600×1067, no pixel data", pngHeader(t, 1600, 1067), media.ErrInvalidImage, 422, media.ErrInvalidImage.PublicMessage()},
		{"jpeg header only", []byte("\xFF\xD8\xFF\xE0garbage"), media.ErrInvalidImage, 422, media.ErrInvalidImage.PublicMessage()},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newTourPictures(t, media.Options{})
			name, err := p.Process(bytes.NewReader(tt.data))
			if !errors.Is(err, tt.want) || name != "" {
				t.Fatalf("Process = %q, %v; want %v", name, err, tt.want)
			}
			var e *media.Error
			if !errors.As(err, &e) || httpx.StatusOf(e.FaultKind()) != tt.status || e.PublicMessage() != tt.message {
				t.Errorf("error %v: a person reads %q (status %d), want %q (%d)", err, publicMessage(err), statusOf(err), tt.message, tt.status)
			}
			if entries, _ := os.ReadDir(p.Dir()); len(entries) != 0 {
				t.Errorf("a refused upload left %d files", len(entries))
			}
		})
	}
}

func statusOf(err error) int {
	var e *media.Error
	if errors.As(err, &e) {
		return httpx.StatusOf(e.FaultKind())
	}
	return 0
}

func TestTourPictureProcessRefusesPixelBombWithoutAllocating(t *testing.T) {
	p := newTourPictures(t, media.Options{})
	bomb := pngHeader(t, 20000, 20000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := p.Process(bytes.NewReader(bomb))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, media.ErrTooManyPixels) {
		t.Fatalf("Process = %v, want ErrTooManyPixels", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing the bomb allocated %d bytes", alloc)
	}
}

func TestTourPictureProcessRefusesLargeUploadEarly(t *testing.T) {
	tests := []struct {
		desc     string
		maxBytes int64
		upload   int64
		message  string
	}{
		{"11 MB against the default 10 MB", 0, 11 << 20, "The tour picture must be 10 MB or smaller."},
		{"4 MB against 3 MB", 3 << 20, 4 << 20, "The tour picture must be 3 MB or smaller."},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newTourPictures(t, media.Options{MaxBytes: tt.maxBytes})
			limit := cmpOr(tt.maxBytes, 10<<20)
			src := &endless{n: tt.upload}
			_, err := p.Process(src)
			if !errors.Is(err, media.ErrTooLarge) {
				t.Fatalf("Process = %v, want ErrTooLarge", err)
			}
			if msg, status := publicMessage(err), statusOf(err); msg != tt.message || status != 413 {
				t.Errorf("a person reads %q (status %d), want %q (413)", msg, status, tt.message)
			}
			if src.read > limit+64<<10 {
				t.Errorf("read %d bytes of the upload, want about %d", src.read, limit)
			}
			// Exactly the limit is fine as far as size goes (it fails later, as bad data).
			if _, err := p.Process(&endless{n: limit}); errors.Is(err, media.ErrTooLarge) {
				t.Errorf("an upload of exactly %d bytes was refused as too large", limit)
			}
		})
	}
}

func cmpOr(v, def int64) int64 {
	if v != 0 {
		return v
	}
	return def
}

func TestTourPictureProcessConcurrent(t *testing.T) {
	p := newTourPictures(t, media.Options{MaxConcurrent: 1})
	data := encodeBigPNG(t, leftRight(1600, 1067))
	names := make([]string, 2)
	var wg sync.WaitGroup
	for i := range names {
		wg.Go(func() {
			name, err := p.Process(bytes.NewReader(data))
			if err != nil {
				t.Error(err)
			}
			names[i] = name
		})
	}
	wg.Wait()
	slices.Sort(names)
	if len(slices.Compact(names)) != 2 {
		t.Fatalf("names %q, want 2 different ones", names)
	}
	if entries, _ := os.ReadDir(p.Dir()); len(entries) != 6 {
		t.Errorf("folder holds %d files, want 6", len(entries))
	}
}

func TestTourPictureRemove(t *testing.T) {
	p := newTourPictures(t, media.Options{})
	name, err := p.Process(bytes.NewReader(encodeBigPNG(t, leftRight(1600, 1067))))
	if err != nil {
		t.Fatal(err)
	}
	keep := []string{
		filepath.Join(p.Dir(), media.DefaultTourPicture),
		filepath.Join(p.Dir(), "tour-5-cover.jpg"),
		filepath.Join(filepath.Dir(p.Dir()), "x.jpg"),
	}
	for _, f := range keep {
		if err := os.WriteFile(f, []byte("keep me"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	variants := media.TourPictureVariants(name)
	for _, bad := range []string{
		"../x.jpg", media.DefaultTourPicture, "tour-5-cover.jpg", "", "..",
		variants[0].File, // a narrower variant is not a picture of its own
		"/" + name, "a/" + name, name + "/", name[:31] + ".jpg", "0" + name,
		"ABCDEF" + name[6:], name[:32] + ".jpeg", name[:32] + ".png", name + "\x00",
	} {
		if err := p.Remove(bad); !errors.Is(err, media.ErrInvalidName) {
			t.Errorf("Remove(%q) = %v, want ErrInvalidName", bad, err)
		}
	}
	for _, f := range keep {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s is gone: %v", f, err)
		}
	}
	for _, v := range variants {
		if _, err := os.Stat(filepath.Join(p.Dir(), v.File)); err != nil {
			t.Fatalf("refused Removes touched %s: %v", v.File, err)
		}
	}
	if err := p.Remove(name); err != nil {
		t.Fatalf("Remove(%q) = %v", name, err)
	}
	for _, v := range variants {
		if _, err := os.Stat(filepath.Join(p.Dir(), v.File)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s still there after Remove: %v", v.File, err)
		}
	}
	if err := p.Remove(name); err != nil {
		t.Errorf("second Remove = %v, want nil", err)
	}
	if err := p.Remove("0123456789abcdef0123456789abcdef.jpg"); err != nil {
		t.Errorf("Remove of a picture never stored = %v, want nil", err)
	}
}

func TestIsTourPictureName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"0123456789abcdef0123456789abcdef.jpg", true},
		{"ffffffffffffffffffffffffffffffff.jpg", true},
		{"0123456789abcdef0123456789abcdef-480.jpg", false}, // a variant, not the picture
		{"0123456789abcdef0123456789abcdef-960.jpg", false},
		{"0123456789ABCDEF0123456789abcdef.jpg", false},
		{"0123456789abcdef0123456789abcde.jpg", false},
		{"0123456789abcdef0123456789abcdef0.jpg", false},
		{"0123456789abcdef0123456789abcdeg.jpg", false},
		{"0123456789abcdef0123456789abcdef.jpeg", false},
		{"0123456789abcdef0123456789abcdef.JPG", false},
		{"0123456789abcdef0123456789abcdef.jpg\n", false},
		{"../0123456789abcdef0123456789abcdef.jpg", false},
		{"user-0123456789abcdef.jpg", false},
		{media.DefaultTourPicture, false},
		{"tour-5-cover.jpg", false},
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := media.IsTourPictureName(tt.name); got != tt.want {
				t.Errorf("IsTourPictureName(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

func TestTourPictureVariants(t *testing.T) {
	const hex = "0123456789abcdef0123456789abcdef"
	tests := []struct {
		name string
		want []media.Variant
	}{
		{hex + ".jpg", []media.Variant{{hex + "-480.jpg", 480, 320}, {hex + "-960.jpg", 960, 640}, {hex + ".jpg", 1600, 1067}}},
		{hex + "-480.jpg", nil},
		{media.DefaultTourPicture, nil},
		{"tour-5-cover.jpg", nil},
		{"../" + hex + ".jpg", nil},
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := media.TourPictureVariants(tt.name)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("TourPictureVariants(%q) = %v, want %v", tt.name, got, tt.want)
			}
			for i, v := range got {
				if !media.ValidName(v.File) {
					t.Errorf("%q would not be served: ValidName refuses it", v.File)
				}
				if v.Width != media.TourPictureWidths[i] {
					t.Errorf("variant %d is %d wide, TourPictureWidths says %d", i, v.Width, media.TourPictureWidths[i])
				}
			}
		})
	}
}

func TestTourPictureErrorStatuses(t *testing.T) {
	if s := httpx.StatusOf(media.ErrTooNarrow.FaultKind()); s != 400 {
		t.Errorf("ErrTooNarrow: status %d, want 400", s)
	}
	if !slices.Equal(media.TourPictureWidths, []int{480, 960, 1600}) {
		t.Errorf("TourPictureWidths = %v", media.TourPictureWidths)
	}
}

func FuzzTourPictureProcess(f *testing.F) {
	// Small pictures are refused as too narrow; the two 1600-wide ones make the fuzzer
	// start from inputs that are decoded and stored too.
	f.Add(encodePNG(f, halves(30, 20, color.White, color.Black)))
	f.Add(encodeJPEG(f, halves(40, 30, color.White, color.Black)))
	f.Add(withExif(encodeJPEG(f, halves(20, 30, color.White, color.Black)), 6))
	if b, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp"); err == nil {
		f.Add(b)
	}
	f.Add(encodeBigPNG(f, leftRight(1600, 1067)))
	f.Add(withExif(encodeJPEG(f, leftRight(1067, 1600)), 6))
	f.Add(pngHeader(f, 1600, 1067))
	f.Add(pngHeader(f, 20000, 20000))
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8L"))
	f.Add([]byte("\xFF\xD8\xFF\xE0garbage"))
	f.Add([]byte("hello"))
	// At most 1700 px a side: anything accepted is 1600 to 1700 wide, so one run stays
	// in the tens of milliseconds.
	p, err := media.NewTourPictures(f.TempDir(), media.Options{MaxBytes: 256 << 10, MaxSide: 1700, MaxPixels: 1700 * 1200})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		name, err := p.Process(bytes.NewReader(data))
		if err != nil {
			var e *media.Error
			if name != "" || !errors.As(err, &e) {
				t.Fatalf("Process = %q, %v: want no name and an error a person can read", name, err)
			}
		} else {
			vs := media.TourPictureVariants(name)
			if vs == nil {
				t.Fatalf("Process made %q, which IsTourPictureName refuses", name)
			}
			for _, v := range vs {
				out, rerr := os.ReadFile(filepath.Join(p.Dir(), v.File))
				if rerr != nil {
					t.Fatal(rerr)
				}
				cfg, derr := jpeg.DecodeConfig(bytes.NewReader(out))
				if derr != nil || cfg.Width != v.Width || cfg.Height != v.Height {
					t.Fatalf("%s: %dx%d, %v; want %dx%d", v.File, cfg.Width, cfg.Height, derr, v.Width, v.Height)
				}
			}
			if err := p.Remove(name); err != nil {
				t.Fatal(err)
			}
		}
		if entries, _ := os.ReadDir(p.Dir()); len(entries) != 0 {
			t.Fatalf("%d files left behind", len(entries))
		}
	})
}

// BenchmarkTourPictureProcess12MP is a phone photo: 4000×3000 JPEG.
func BenchmarkTourPictureProcess12MP(b *testing.B) {
	img := image.NewYCbCr(image.Rect(0, 0, 4000, 3000), image.YCbCrSubsampleRatio420)
	for y := range 3000 {
		for x := range 4000 {
			img.Y[y*img.YStride+x] = uint8((x/8 + y/8) ^ (x / 64))
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	p := newTourPictures(b, media.Options{})
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		name, err := p.Process(bytes.NewReader(buf.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		_ = p.Remove(name)
	}
}
