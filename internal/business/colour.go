package business

import (
	"math"
	"strconv"
	"strings"
)

// MinContrast is WCAG 2's level AA for normal text: the header, buttons and emails put
// white text on the brand colour, so the colour must reach it against white.
const MinContrast = 4.5

// ParseColour reads a brand colour as "#rrggbb" (either case, spaces around) and returns
// it in lower case with its red, green and blue; ok is false for anything else.
func ParseColour(s string) (hex string, rgb [3]uint8, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) != 7 || s[0] != '#' {
		return "", rgb, false
	}
	for i := range 3 {
		v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return "", rgb, false
		}
		rgb[i] = uint8(v)
	}
	return s, rgb, true
}

// Luminance is the relative luminance of an sRGB colour (WCAG 2), from 0 (black) to 1
// (white).
func Luminance(rgb [3]uint8) float64 {
	lin := func(c uint8) float64 {
		v := float64(c) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(rgb[0]) + 0.7152*lin(rgb[1]) + 0.0722*lin(rgb[2])
}

// Contrast is the WCAG contrast ratio of two colours, from 1 to 21, whichever is lighter.
func Contrast(a, b [3]uint8) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// White is the text colour that goes on the brand colour.
var White = [3]uint8{255, 255, 255}

// RatioText writes a contrast ratio as people read it, "4.5:1", with at most two
// decimals, rounded down: a colour just short of 4.5:1 must never read as 4.5:1 in the
// message that refuses it.
func RatioText(r float64) string {
	return strconv.FormatFloat(math.Floor(r*100)/100, 'f', -1, 64) + ":1"
}
