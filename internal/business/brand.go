package business

import (
	"fmt"
	"strings"
)

// The brand colour on the pages: the style sheet (ui/src/styles/main.css) paints with
// three variables, --green (buttons, links, accents), --green-dark (headings and text on
// light backgrounds) and --green-light (tinted panels). The operator chooses one colour;
// the other two are derived from it here, the way the default three relate: the dark
// shade is the colour with 30 % black mixed in, the light one 10 % of the colour on white.

// Shades are the three colours the pages are painted with, each "#rrggbb".
type Shades struct {
	Base, Dark, Light string
}

// rgb is a colour's red, green and blue, 0–255 each.
type rgb [3]int

// parseColour reads "#rrggbb" (either case); ok is false for anything else, so only a
// colour of exactly that form ever reaches a style sheet.
func parseColour(s string) (rgb, bool) {
	if len(s) != 7 || s[0] != '#' {
		return rgb{}, false
	}
	var c rgb
	for i := range c {
		hi, ok1 := hexDigit(s[1+2*i])
		lo, ok2 := hexDigit(s[2+2*i])
		if !ok1 || !ok2 {
			return rgb{}, false
		}
		c[i] = hi<<4 | lo
	}
	return c, true
}

func hexDigit(b byte) (int, bool) {
	switch {
	case b >= '0' && b <= '9':
		return int(b - '0'), true
	case b >= 'a' && b <= 'f':
		return int(b-'a') + 10, true
	case b >= 'A' && b <= 'F':
		return int(b-'A') + 10, true
	}
	return 0, false
}

func (c rgb) String() string { return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]) }

// mix is c moved towards target by weight (0: c, 1: target), rounded to the nearest.
func (c rgb) mix(target rgb, weight float64) rgb {
	var out rgb
	for i := range c {
		v := float64(c[i]) + (float64(target[i])-float64(c[i]))*weight
		out[i] = int(v + 0.5)
	}
	return out
}

// ValidColour reports whether s is a colour of the form "#rrggbb".
func ValidColour(s string) bool {
	_, ok := parseColour(s)
	return ok
}

// DefaultShades are the style sheet's own colours (ui/src/styles/main.css), chosen by
// hand for the default colour.
var DefaultShades = Shades{Base: DefaultColour, Dark: "#155239", Light: "#e8f3ee"}

// ShadesOf derives the page colours from colour; ok is false when colour is not
// "#rrggbb". The base comes back in lower case; the default colour gets DefaultShades.
func ShadesOf(colour string) (Shades, bool) {
	c, ok := parseColour(colour)
	if !ok {
		return Shades{}, false
	}
	if c.String() == DefaultColour {
		return DefaultShades, true
	}
	black, white := rgb{0, 0, 0}, rgb{255, 255, 255}
	return Shades{Base: c.String(), Dark: c.mix(black, 0.3).String(), Light: c.mix(white, 0.9).String()}, true
}

// BrandCSS is the style sheet that paints the pages in p's colour: the three variables
// on :root. It is "" for the default colour (the style sheet's own values) and for a
// colour that is not "#rrggbb", which the settings page refuses and which is then
// ignored rather than written into CSS.
func (p Profile) BrandCSS() string {
	colour := strings.ToLower(p.Colour)
	if colour == "" || colour == DefaultColour {
		return ""
	}
	s, ok := ShadesOf(colour)
	if !ok {
		return ""
	}
	return ":root{--green:" + s.Base + ";--green-dark:" + s.Dark + ";--green-light:" + s.Light + "}\n"
}

// AddressLines are the postal address's non-empty lines, trimmed.
func (p Profile) AddressLines() []string {
	lines := []string{}
	for _, l := range strings.Split(p.Address, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
