package seed

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"tourbook/internal/business"
	"tourbook/internal/media"
)

// SampleLogo names the sample business's logo (its files are
// media.LogoFile(SampleLogo, size) in imagesDir/brand).
const SampleLogo = "sample-logo"

// SampleBusiness is the sample site's operator: a believable, made-up company, so that a
// newcomer sees every place the settings appear. The phone number is in the range
// Ofcom keeps for drama; the address and the VAT number belong to nobody.
var SampleBusiness = business.Profile{
	Name:         "Cairn & Compass Journeys",
	ShortName:    "Cairn & Compass",
	Logo:         SampleLogo,
	Colour:       "#1d4e89",
	ContactEmail: "hello@cairnandcompass.example",
	ContactPhone: "+44 20 7946 0321",
	Address:      "4 Cartographers' Yard\nLondon E1 6XX\nUnited Kingdom",
	LegalName:    "Cairn & Compass Journeys Ltd",
	TaxNumber:    "GB 123 4567 89",
	Currency:     "usd",
	TimeZone:     "Europe/London",
	// 20 %: the United Kingdom's standard VAT rate.
	TaxRateBasisPoints: 2000,
	Headline:           "Small groups, wild places, unhurried days",
	Introduction: "Since 2012 we have walked, paddled and ridden with small groups on five continents. " +
		"Every tour is led by guides who live where they lead, and every group is small enough to share one table at dinner.",
}

// WriteLogo draws the sample logo into imagesDir/brand in every size a logo is stored in
// (media.LogoFiles, as an upload's are made). Files already there are left alone.
func WriteLogo(imagesDir string) error {
	dir := filepath.Join(imagesDir, "brand")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create image folder: %w", err)
	}
	missing := false
	for _, s := range media.LogoSizes() {
		if _, err := os.Stat(filepath.Join(dir, media.LogoFile(SampleLogo, s.Name))); errors.Is(err, fs.ErrNotExist) {
			missing = true
		}
	}
	if !missing {
		return nil
	}
	img, err := drawLogo(SampleBusiness.ShortName, rgb(0x1d4e89))
	if err != nil {
		return err
	}
	for _, f := range media.LogoFiles(SampleLogo, img, nil) {
		var buf bytes.Buffer
		if err := png.Encode(&buf, f.Img); err != nil {
			return fmt.Errorf("encode %s: %w", f.Name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.Name, err)
		}
	}
	return nil
}

// drawLogo draws a mark (a cairn of three white stones on a disc of the colour) and the
// name beside it in the colour, on a transparent background, 200 px high.
func drawLogo(name string, c color.RGBA) (image.Image, error) {
	const h, gap = 200, 24
	f, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("parse font: %w", err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 64, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("font face: %w", err)
	}
	defer face.Close()
	textW := font.MeasureString(face, name).Ceil()
	img := image.NewRGBA(image.Rect(0, 0, h+gap+textW+8, h))

	col := fromRGBA(c)
	white := rgbf{255, 255, 255}
	// Stones from the bottom up: centre, half width, half height.
	stones := [][4]float64{{100, 138, 54, 20}, {100, 100, 40, 16}, {100, 68, 26, 13}}
	r := float64(h)/2 - 4
	for y := range h {
		for x := range h {
			px, py := float64(x)+0.5, float64(y)+0.5
			disc := clamp01(r - math.Hypot(px-100, py-100) + 0.5)
			if disc == 0 {
				continue
			}
			stone := 0.0
			for _, s := range stones {
				d := math.Hypot((px-s[0])/s[2], (py-s[1])/s[3])
				stone = max(stone, clamp01((1-d)*min(s[2], s[3])+0.5))
			}
			p := col.lerp(white, stone)
			i := img.PixOffset(x, y)
			// Premultiplied by the disc's coverage: its edge fades into transparency.
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = clamp8(p.r*disc), clamp8(p.g*disc), clamp8(p.b*disc), clamp8(255*disc)
		}
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face}
	m := face.Metrics()
	d.Dot = fixed.Point26_6{X: fixed.I(h + gap), Y: fixed.I(h/2) + (m.Ascent-m.Descent)/2}
	d.DrawString(name)
	return img, nil
}
