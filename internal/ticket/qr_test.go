package ticket

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"github.com/boombuler/barcode/qr"
)

func TestQRSVGDrawsTheCode(t *testing.T) {
	code := "7KQ4M2XD9TWP"
	svg, err := QRSVG(code)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
		t.Fatalf("not well-formed XML: %v", err)
	}
	q, _ := qr.Encode("7KQ4-M2XD-9TWP", qr.M, qr.AlphaNumeric)
	n := q.Bounds().Dx() + 2*quiet
	for _, want := range []string{fmt.Sprintf(`viewBox="0 0 %d %d"`, n, n), `aria-label="QR code of ticket 7KQ4-M2XD-9TWP"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s", want)
		}
	}
	// Every dark module of the symbol is drawn, and nothing else: count them in the path.
	dark := 0
	for y := range q.Bounds().Dy() {
		for x := range q.Bounds().Dx() {
			if r, _, _, _ := q.At(x, y).RGBA(); r < 0x8000 {
				dark++
			}
		}
	}
	drawn := 0
	_, path, _ := strings.Cut(svg, ` d="`)
	path, _, _ = strings.Cut(path, `"`)
	for _, seg := range strings.Split(path, "M")[1:] {
		var x, y, w int
		if _, err := fmt.Sscanf(seg, "%d %dh%d", &x, &y, &w); err != nil {
			t.Fatalf("path segment %q: %v", seg, err)
		}
		drawn += w
	}
	if drawn != dark {
		t.Errorf("the path draws %d modules, the symbol has %d dark", drawn, dark)
	}
}
