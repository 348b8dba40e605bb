package ticket

import (
	"fmt"
	"strings"

	"github.com/boombuler/barcode/qr"
)

// quiet is the blank margin around a QR code, in modules, that the standard asks for
// so that scanners find its edges.
const quiet = 4

// QRSVG draws a code as a QR code in SVG: dark modules as one path on a white square,
// scaled by the viewBox, so it stays sharp at any size and on any screen brightness.
// The QR code holds the code as Format writes it: any scanner app shows it as text.
func QRSVG(code string) (string, error) {
	q, err := qr.Encode(Format(code), qr.M, qr.AlphaNumeric)
	if err != nil {
		return "", fmt.Errorf("qr code: %w", err)
	}
	size := q.Bounds().Dx()
	full := size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code of ticket %s">`,
		full, full, Format(code))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, full, full)
	for y := range size {
		for x := 0; x < size; x++ {
			if !dark(q.At(x, y)) {
				continue
			}
			// A run of dark modules on a row is one rectangle.
			run := 1
			for x+run < size && dark(q.At(x+run, y)) {
				run++
			}
			fmt.Fprintf(&b, "M%d %dh%dv1h-%dz", x+quiet, y+quiet, run, run)
			x += run - 1
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}

type rgba interface{ RGBA() (r, g, b, a uint32) }

func dark(c rgba) bool {
	r, _, _, _ := c.RGBA()
	return r < 0x8000
}
