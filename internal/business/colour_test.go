package business_test

import (
	"regexp"
	"testing"

	"tourbook/internal/business"
)

// TestContrast: the WCAG ratio of white text on known colours, as the refusal writes it.
func TestContrast(t *testing.T) {
	for _, c := range []struct {
		colour string
		want   string // RatioText of white on it
		passes bool
	}{
		{"#1f6f50", "6.09:1", true}, // the default brand colour
		{"#ffff00", "1.07:1", false},
		{"#ffffff", "1:1", false},
		{"#000000", "21:1", true},
		{"#7fd3ff", "1.65:1", false},
		{"#767676", "4.54:1", true},  // the lightest grey that passes
		{"#777777", "4.47:1", false}, // one step lighter fails
		{"#0B4F6C", "8.93:1", true},
	} {
		t.Run(c.colour, func(t *testing.T) {
			_, rgb, ok := business.ParseColour(c.colour)
			if !ok {
				t.Fatalf("%s not read", c.colour)
			}
			r := business.Contrast(business.White, rgb)
			if got := business.RatioText(r); got != c.want {
				t.Errorf("white on %s: %s, want %s", c.colour, got, c.want)
			}
			if got := r >= business.MinContrast; got != c.passes {
				t.Errorf("white on %s passes AA: %v, want %v", c.colour, got, c.passes)
			}
			if business.Contrast(rgb, business.White) != r {
				t.Error("the ratio depends on the order of the colours")
			}
		})
	}
	// A ratio just short of 4.5 never reads as 4.5.
	if got := business.RatioText(4.4999); got != "4.49:1" {
		t.Errorf("RatioText(4.4999) = %s", got)
	}
}

func TestParseColour(t *testing.T) {
	for in, want := range map[string]string{
		"#1f6f50": "#1f6f50", " #1F6F50 ": "#1f6f50", "#abcdef": "#abcdef",
		"1f6f50": "", "#1f6f5": "", "#1f6f500": "", "#gg0000": "", "": "", "#+f6f50": "", "#1f 6f5": "", "red": "",
	} {
		got, _, ok := business.ParseColour(in)
		if ok != (want != "") || got != want {
			t.Errorf("ParseColour(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

var colourForm = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// FuzzParseColour: whatever is typed, a colour read is "#rrggbb" in lower case, reads
// back as itself with the same channels, and its contrast with white is between 1 and 21.
func FuzzParseColour(f *testing.F) {
	for _, s := range []string{"#1f6f50", "#FFFF00", " #000000", "#12345", "#1234567", "#-12345", "#0x1234", "", "\x00#ffffff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hex, rgb, ok := business.ParseColour(s)
		if !ok {
			return
		}
		if !colourForm.MatchString(hex) {
			t.Fatalf("ParseColour(%q) = %q", s, hex)
		}
		again, rgb2, ok := business.ParseColour(hex)
		if !ok || again != hex || rgb2 != rgb {
			t.Fatalf("%q reads back as %q %v", hex, again, ok)
		}
		if r := business.Contrast(business.White, rgb); r < 1 || r > 21.0001 {
			t.Fatalf("contrast of %s: %v", hex, r)
		}
	})
}
