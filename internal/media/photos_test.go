package media_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"testing"

	"tourbook/internal/httpx"
	"tourbook/internal/media"
)

func newPhotos(t testing.TB) *media.Photos {
	t.Helper()
	p, err := media.NewPhotos(t.TempDir(), media.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// halves is a w×h image whose left half is left and right half is right.
func halves(w, h int, left, right color.Color) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := left
			if x >= w/2 {
				c = right
			}
			img.Set(x, y, c)
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withExif inserts an APP1 EXIF segment (orientation plus a GPS-looking marker string)
// right after the JPEG's SOI marker, where cameras put it.
func withExif(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2A\x00\x00\x00\x08")                  // big-endian, IFD0 at 8
	binary.Write(&tiff, binary.BigEndian, uint16(1))                // one entry
	binary.Write(&tiff, binary.BigEndian, []uint16{0x0112, 3})      // Orientation, SHORT
	binary.Write(&tiff, binary.BigEndian, uint32(1))                // count
	binary.Write(&tiff, binary.BigEndian, []uint16{orientation, 0}) // value, padding
	binary.Write(&tiff, binary.BigEndian, uint32(0))                // no next IFD
	tiff.WriteString("GPS 51.5007N 0.1246W secret-location")
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// segments lists the JPEG markers before the image data.
func segments(t *testing.T, jpg []byte) []byte {
	t.Helper()
	var markers []byte
	for i := 2; i+4 <= len(jpg); {
		if jpg[i] != 0xFF {
			t.Fatalf("bad JPEG structure at %d", i)
		}
		m := jpg[i+1]
		markers = append(markers, m)
		if m == 0xDA {
			break
		}
		i += 2 + int(binary.BigEndian.Uint16(jpg[i+2:]))
	}
	return markers
}

var storedName = regexp.MustCompile(`^user-[0-9a-f]{32}\.jpg$`)

// readOutput checks that name is a stored 500×500 JPEG without metadata and returns it.
func readOutput(t *testing.T, p *media.Photos, name string) image.Image {
	t.Helper()
	if !storedName.MatchString(name) {
		t.Fatalf("file name %q, want user-<32 hex>.jpg", name)
	}
	data, err := os.ReadFile(filepath.Join(p.Dir(), name))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range segments(t, data) {
		if m >= 0xE1 && m <= 0xEF || m == 0xFE {
			t.Errorf("output has metadata segment 0xFF%X", m)
		}
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("output is not a JPEG: %v", err)
	}
	if b := img.Bounds(); b != image.Rect(0, 0, 500, 500) {
		t.Fatalf("output bounds %v, want 500×500", b)
	}
	// The narrower copies: each a square of its width, without metadata either.
	vs := media.PhotoVariants(name)
	if len(vs) != 3 || vs[2].File != name || vs[2].Width != 500 {
		t.Fatalf("variants of %s: %+v", name, vs)
	}
	for _, v := range vs[:2] {
		data, err := os.ReadFile(filepath.Join(p.Dir(), v.File))
		if err != nil {
			t.Fatal(err)
		}
		small, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil || small.Bounds() != image.Rect(0, 0, v.Width, v.Width) {
			t.Fatalf("%s: %v, want %d px square (%v)", v.File, small.Bounds(), v.Width, err)
		}
		for _, m := range segments(t, data) {
			if m >= 0xE1 && m <= 0xEF || m == 0xFE {
				t.Errorf("%s has metadata segment 0xFF%X", v.File, m)
			}
		}
	}
	return img
}

func TestPhotoVariants(t *testing.T) {
	for name, want := range map[string][]string{
		"user-0123456789abcdef0123456789abcdef.jpg": {"user-0123456789abcdef0123456789abcdef-64.jpg", "user-0123456789abcdef0123456789abcdef-160.jpg", "user-0123456789abcdef0123456789abcdef.jpg"},
		media.DefaultPhoto:                          {"default-64.jpg", "default-160.jpg", "default.jpg"},
		// Stored as one file: uploads from before the copies, imports, other names.
		"user-0123456789abcdef.jpg":                    nil,
		"user-5c8a1d5b0190b214360dc057-1554.jpg":       nil,
		"user-0123456789ABCDEF0123456789ABCDEF.jpg":    nil,
		"user-0123456789abcdef0123456789abcdef.png":    nil,
		"../user-0123456789abcdef0123456789abcdef.jpg": nil,
	} {
		var got []string
		for _, v := range media.PhotoVariants(name) {
			got = append(got, v.File)
		}
		if !slices.Equal(got, want) {
			t.Errorf("PhotoVariants(%q) = %v, want %v", name, got, want)
		}
	}
}

func near(c color.Color, r, g, b uint8) bool {
	cr, cg, cb, _ := c.RGBA()
	d := func(x uint32, y uint8) bool { v := int(x>>8) - int(y); return v > -40 && v < 40 }
	return d(cr, r) && d(cg, g) && d(cb, b)
}

func TestProcessFormats(t *testing.T) {
	webpLossy, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp")
	if err != nil {
		t.Fatal(err)
	}
	webpAlpha, err := os.ReadFile("testdata/yellow_rose.lossy-with-alpha.webp")
	if err != nil {
		t.Fatal(err)
	}
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	tests := []struct {
		desc string
		data []byte
	}{
		{"jpeg landscape", encodeJPEG(t, halves(1200, 800, red, blue))},
		{"jpeg portrait small", encodeJPEG(t, halves(90, 160, red, blue))},
		{"png", encodePNG(t, halves(640, 640, red, blue))},
		{"png gray 16-bit", encodePNG(t, image.NewGray16(image.Rect(0, 0, 300, 700)))},
		{"webp lossy", webpLossy},
		{"webp with alpha", webpAlpha},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newPhotos(t)
			name, err := p.Process(bytes.NewReader(tt.data))
			if err != nil {
				t.Fatalf("Process: %v", err)
			}
			readOutput(t, p, name)
			entries, _ := os.ReadDir(p.Dir())
			if len(entries) != 3 {
				t.Errorf("folder holds %d files, want only the photo and its 2 copies (no temp files)", len(entries))
			}
		})
	}
}

func TestProcessCropsCentre(t *testing.T) {
	// 1500×500: red | green | blue thirds; the centred square is the green third.
	img := image.NewNRGBA(image.Rect(0, 0, 1500, 500))
	for y := range 500 {
		for x := range 1500 {
			img.Set(x, y, []color.Color{color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 255}, color.NRGBA{0, 0, 255, 255}}[x/500])
		}
	}
	p := newPhotos(t)
	name, err := p.Process(bytes.NewReader(encodePNG(t, img)))
	if err != nil {
		t.Fatal(err)
	}
	out := readOutput(t, p, name)
	for _, pt := range []image.Point{{5, 5}, {250, 250}, {494, 494}} {
		if c := out.At(pt.X, pt.Y); !near(c, 0, 255, 0) {
			t.Errorf("pixel %v = %v, want green (the centre)", pt, c)
		}
	}
}

func TestProcessTransparencyBecomesWhite(t *testing.T) {
	p := newPhotos(t)
	name, err := p.Process(bytes.NewReader(encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 100, 100)))))
	if err != nil {
		t.Fatal(err)
	}
	if c := readOutput(t, p, name).At(250, 250); !near(c, 255, 255, 255) {
		t.Errorf("transparent area = %v, want white", c)
	}
}

func TestProcessDropsExifAndAppliesOrientation(t *testing.T) {
	red, blue := color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 255, 255}
	base := encodeJPEG(t, halves(600, 600, red, blue)) // red left, blue right
	tests := []struct {
		orientation          uint16
		topLeft, bottomRight [3]uint8
	}{
		{1, [3]uint8{255, 0, 0}, [3]uint8{0, 0, 255}},
		{3, [3]uint8{0, 0, 255}, [3]uint8{255, 0, 0}}, // upside down: blue left
		{6, [3]uint8{255, 0, 0}, [3]uint8{0, 0, 255}}, // quarter turn clockwise: red on top
		{8, [3]uint8{0, 0, 255}, [3]uint8{255, 0, 0}}, // counter-clockwise: blue on top
	}
	for _, tt := range tests {
		p := newPhotos(t)
		data := withExif(base, tt.orientation)
		name, err := p.Process(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("orientation %d: %v", tt.orientation, err)
		}
		out := readOutput(t, p, name) // also asserts no APP1 segment
		raw, _ := os.ReadFile(filepath.Join(p.Dir(), name))
		if bytes.Contains(raw, []byte("Exif")) || bytes.Contains(raw, []byte("secret-location")) {
			t.Errorf("orientation %d: EXIF survived", tt.orientation)
		}
		tl, br := tt.topLeft, tt.bottomRight
		if c := out.At(20, 20); !near(c, tl[0], tl[1], tl[2]) {
			t.Errorf("orientation %d: top left %v, want %v", tt.orientation, c, tl)
		}
		if c := out.At(480, 480); !near(c, br[0], br[1], br[2]) {
			t.Errorf("orientation %d: bottom right %v, want %v", tt.orientation, c, br)
		}
	}
	// Orientation 6 must put red on top across the whole width, not only at the corner.
	p := newPhotos(t)
	name, _ := p.Process(bytes.NewReader(withExif(base, 6)))
	if c := readOutput(t, p, name).At(480, 20); !near(c, 255, 0, 0) {
		t.Errorf("orientation 6: top right %v, want red", c)
	}
}

func TestProcessRefuses(t *testing.T) {
	small := encodePNG(t, image.NewNRGBA(image.Rect(0, 0, 4, 4)))
	tests := []struct {
		desc string
		data []byte
		want error
	}{
		{"text file named photo.jpg", []byte("I am not a photo, whatever my name says.\n"), media.ErrUnsupported},
		{"empty", nil, media.ErrUnsupported},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), media.ErrUnsupported},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), media.ErrUnsupported},
		{"truncated png", small[:40], media.ErrInvalidImage},
		{"jpeg header only", []byte("\xFF\xD8\xFF\xE0garbage"), media.ErrInvalidImage},
		{"png 20000×20000", pngHeader(t, 20000, 20000), media.ErrTooManyPixels},
		{"png 10001×1", pngHeader(t, 10001, 1), media.ErrTooManyPixels},
		{"png 8000×8000 (64 MP)", pngHeader(t, 8000, 8000), media.ErrTooManyPixels},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			p := newPhotos(t)
			name, err := p.Process(bytes.NewReader(tt.data))
			if !errors.Is(err, tt.want) {
				t.Fatalf("Process = %q, %v; want %v", name, err, tt.want)
			}
			if msg := publicMessage(err); msg == "" || msg != publicMessage(tt.want) {
				t.Errorf("error %v: public message %q, want %q", err, msg, publicMessage(tt.want))
			}
			if entries, _ := os.ReadDir(p.Dir()); len(entries) != 0 {
				t.Errorf("a refused upload left %d files", len(entries))
			}
		})
	}
}

// pngHeader is a real PNG whose IHDR claims w×h pixels (with a correct CRC) but whose
// data is one pixel's worth: what a decompression-bomb upload looks like to DecodeConfig.
func pngHeader(t testing.TB, w, h uint32) []byte {
	t.Helper()
	b := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	// 8-byte signature, then IHDR: length(4) "IHDR"(4) width(4) height(4) … crc at 29.
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return b
}

func TestProcessRefusesPixelBombWithoutAllocating(t *testing.T) {
	p := newPhotos(t)
	bomb := pngHeader(t, 20000, 20000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := p.Process(bytes.NewReader(bomb))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, media.ErrTooManyPixels) {
		t.Fatalf("Process = %v, want ErrTooManyPixels", err)
	}
	// Decoding would need 400 MB (gray) to 3.2 GB (RGBA64).
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("refusing the bomb allocated %d bytes", alloc)
	}
}

// endless is a JPEG-looking stream of n bytes that counts what was read from it.
type endless struct{ n, read int64 }

func (e *endless) Read(b []byte) (int, error) {
	if e.read >= e.n {
		return 0, io.EOF
	}
	k := min(int64(len(b)), e.n-e.read)
	for i := range b[:k] {
		b[i] = 0
	}
	if e.read == 0 && k >= 3 {
		copy(b, "\xFF\xD8\xFF")
	}
	e.read += k
	return int(k), nil
}

func TestProcessRefusesLargeUploadEarly(t *testing.T) {
	p := newPhotos(t)
	src := &endless{n: 50 << 20}
	_, err := p.Process(src)
	if !errors.Is(err, media.ErrTooLarge) {
		t.Fatalf("Process(50 MB) = %v, want ErrTooLarge", err)
	}
	if msg := publicMessage(err); msg != "The photo must be 5 MB or smaller." {
		t.Errorf("PublicMessage = %q", msg)
	}
	if src.read > 5<<20+64<<10 {
		t.Errorf("read %d bytes of a 50 MB upload, want about 5 MB", src.read)
	}
	// Exactly the limit is fine as far as size goes (it fails later, as bad data).
	if _, err := p.Process(&endless{n: 5 << 20}); errors.Is(err, media.ErrTooLarge) {
		t.Errorf("a 5 MB upload was refused as too large")
	}
}

func TestRemove(t *testing.T) {
	p := newPhotos(t)
	name, err := p.Process(bytes.NewReader(encodePNG(t, image.NewGray(image.Rect(0, 0, 10, 10)))))
	if err != nil {
		t.Fatal(err)
	}
	def := filepath.Join(p.Dir(), media.DefaultPhoto)
	if err := os.WriteFile(def, []byte("default"), 0o644); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(filepath.Dir(p.Dir()), "x")
	if err := os.WriteFile(outside, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, bad := range []string{"../x", "..", "a/b.jpg", `a\b.jpg`, "/etc/passwd", "", ".upload-1.tmp", "x.jpg/", "user-1.jpg\x00"} {
		if err := p.Remove(bad); !errors.Is(err, media.ErrInvalidName) {
			t.Errorf("Remove(%q) = %v, want ErrInvalidName", bad, err)
		}
	}
	if _, err := os.Stat(outside); err != nil {
		t.Fatalf("file outside the folder is gone: %v", err)
	}
	if err := p.Remove(media.DefaultPhoto); err != nil {
		t.Errorf("Remove(default) = %v, want a no-op", err)
	}
	if _, err := os.Stat(def); err != nil {
		t.Fatalf("default photo removed: %v", err)
	}
	if err := p.Remove(name); err != nil {
		t.Fatalf("Remove(%q) = %v", name, err)
	}
	for _, v := range media.PhotoVariants(name) {
		if _, err := os.Stat(filepath.Join(p.Dir(), v.File)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s still there after Remove: %v", v.File, err)
		}
	}
	if err := p.Remove(name); err != nil {
		t.Errorf("second Remove = %v, want nil", err)
	}
}

func TestErrorStatuses(t *testing.T) {
	for err, status := range map[*media.Error]int{media.ErrTooLarge: 413, media.ErrUnsupported: 415, media.ErrTooManyPixels: 422} {
		if httpx.StatusOf(err.FaultKind()) != status {
			t.Errorf("%v: status %d, want %d", err, httpx.StatusOf(err.FaultKind()), status)
		}
	}
}

func FuzzProcess(f *testing.F) {
	f.Add(encodeJPEG(f, halves(40, 30, color.White, color.Black)))
	f.Add(withExif(encodeJPEG(f, halves(20, 20, color.White, color.Black)), 6))
	f.Add(encodePNG(f, halves(30, 40, color.White, color.Black)))
	f.Add(pngHeader(f, 20000, 20000))
	if b, err := os.ReadFile("testdata/blue-purple-pink.lossy.webp"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("RIFF\x00\x00\x00\x00WEBPVP8L"))
	f.Add([]byte("hello"))
	p, err := media.NewPhotos(f.TempDir(), media.Options{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		name, err := p.Process(bytes.NewReader(data))
		if err != nil {
			if name != "" {
				t.Fatalf("error %v with a name %q", err, name)
			}
			return
		}
		out, rerr := os.ReadFile(filepath.Join(p.Dir(), name))
		if rerr != nil {
			t.Fatal(rerr)
		}
		cfg, derr := jpeg.DecodeConfig(bytes.NewReader(out))
		if derr != nil || cfg.Width != 500 || cfg.Height != 500 {
			t.Fatalf("accepted input gave %v, %v", cfg, derr)
		}
		if err := p.Remove(name); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkProcess12MP is a phone photo: 4000×3000 JPEG.
func BenchmarkProcess12MP(b *testing.B) {
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
	p, err := media.NewPhotos(b.TempDir(), media.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	for b.Loop() {
		name, err := p.Process(bytes.NewReader(buf.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		_ = p.Remove(name)
	}
}

// publicMessage is the sentence a person would read for err, "" for none.
func publicMessage(err error) string {
	var e *media.Error
	if errors.As(err, &e) {
		return e.PublicMessage()
	}
	return ""
}
