package business_test

import (
	"testing"

	"tourbook/internal/business"
)

// TestShadesOf: the dark and light shades are derived from the one colour as the default
// three relate, and only "#rrggbb" is accepted.
func TestShadesOf(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want business.Shades
		ok   bool
	}{
		{"#0b4f6c", business.Shades{Base: "#0b4f6c", Dark: "#08374c", Light: "#e7edf0"}, true},
		{"#B3261E", business.Shades{Base: "#b3261e", Dark: "#7d1b15", Light: "#f7e9e9"}, true},
		{"#000000", business.Shades{Base: "#000000", Dark: "#000000", Light: "#e6e6e6"}, true},
		{"#1F6F50", business.DefaultShades, true},
		{"#ffffff", business.Shades{Base: "#ffffff", Dark: "#b3b3b3", Light: "#ffffff"}, true},
		{"", business.Shades{}, false},
		{"0b4f6c", business.Shades{}, false},
		{"#0b4f6", business.Shades{}, false},
		{"#0b4f6cc", business.Shades{}, false},
		{"#0g4f6c", business.Shades{}, false},
		{"red", business.Shades{}, false},
		{"#0b4f6c;}body{display:none", business.Shades{}, false},
	} {
		got, ok := business.ShadesOf(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ShadesOf(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
		if business.ValidColour(tc.in) != tc.ok {
			t.Errorf("ValidColour(%q) = %v", tc.in, !tc.ok)
		}
	}
}

// TestBrandCSS: a chosen colour sets the three variables; the default colour needs no
// style sheet of its own, and a colour that is not "#rrggbb" never reaches CSS.
func TestBrandCSS(t *testing.T) {
	for _, tc := range []struct{ colour, want string }{
		{"#0b4f6c", ":root{--green:#0b4f6c;--green-dark:#08374c;--green-light:#e7edf0}\n"},
		{"#0B4F6C", ":root{--green:#0b4f6c;--green-dark:#08374c;--green-light:#e7edf0}\n"},
		{business.DefaultColour, ""},
		{"#1F6F50", ""},
		{"", ""},
		{"red;}*{display:none}", ""},
		{"#0b4f6c</style>", ""},
	} {
		if got := (business.Profile{Colour: tc.colour}).BrandCSS(); got != tc.want {
			t.Errorf("BrandCSS of %q = %q, want %q", tc.colour, got, tc.want)
		}
	}
}

// TestAddressLines: blank lines and surrounding spaces are dropped.
func TestAddressLines(t *testing.T) {
	got := business.Profile{Address: " Strandkaien 3 \r\n\n5013 Bergen\n  \nNorway\n"}.AddressLines()
	want := []string{"Strandkaien 3", "5013 Bergen", "Norway"}
	if len(got) != len(want) {
		t.Fatalf("AddressLines = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("AddressLines = %q, want %q", got, want)
		}
	}
	if got := (business.Profile{}).AddressLines(); len(got) != 0 {
		t.Errorf("no address: %q", got)
	}
}
