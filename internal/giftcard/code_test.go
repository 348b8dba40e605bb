package giftcard

import (
	"errors"
	"strings"
	"testing"
)

func TestCodeRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		c := NewCode()
		if len(c) != CodeLength || seen[c] {
			t.Fatalf("code %q: wrong length or drawn twice", c)
		}
		seen[c] = true
		for _, typed := range []string{c, Format(c), strings.ToLower(Format(c)), " " + c[:8] + " " + c[8:] + " "} {
			got, err := ParseCode(typed)
			if err != nil || got != c {
				t.Fatalf("ParseCode(%q) = %q, %v; want %q", typed, got, err, c)
			}
		}
	}
}

// Every single mistyped symbol and every swap of two different neighbours is caught by
// the check symbol, before any lookup.
func TestCodeTypos(t *testing.T) {
	for range 50 {
		c := NewCode()
		for i := range CodeLength {
			for _, r := range alphabet {
				if byte(r) == c[i] {
					continue
				}
				typo := c[:i] + string(r) + c[i+1:]
				if _, err := ParseCode(typo); !errors.Is(err, ErrCodeTypo) {
					t.Fatalf("%q (from %q): %v, want the typo refused", typo, c, err)
				}
			}
			if i+1 < CodeLength && c[i] != c[i+1] {
				swapped := c[:i] + string(c[i+1]) + string(c[i]) + c[i+2:]
				if _, err := ParseCode(swapped); !errors.Is(err, ErrCodeTypo) {
					t.Fatalf("%q (from %q): %v, want the swap refused", swapped, c, err)
				}
			}
		}
	}
	for _, bad := range []string{"", "ABC", "7KQ4-M2XW-9D3F-HT6", "7KQ4-M2XW-9D3F-HT6RR", "7KQ4-M2XW-9D3F-HT6!", "ÅKQ4-M2XW-9D3F-HT6R"} {
		if _, err := ParseCode(bad); !errors.Is(err, ErrCodeShape) {
			t.Errorf("ParseCode(%q) = %v, want ErrCodeShape", bad, err)
		}
	}
	if got := Format("7KQ4M2XW9D3FHT6R"); got != "7KQ4-M2XW-9D3F-HT6R" {
		t.Errorf("Format = %q", got)
	}
}

// Whatever is typed, ParseCode never panics, and what it accepts is a stored code that
// reads back as itself.
func FuzzParseCode(f *testing.F) {
	f.Add(NewCode())
	f.Add(Format(NewCode()))
	f.Add("o0il-1234-abcd-efgh")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		code, err := ParseCode(s)
		if err != nil {
			if !errors.Is(err, ErrCodeShape) && !errors.Is(err, ErrCodeTypo) {
				t.Fatalf("ParseCode(%q): unexpected error %v", s, err)
			}
			return
		}
		again, err := ParseCode(code)
		if err != nil || again != code || len(code) != CodeLength {
			t.Fatalf("ParseCode(%q) = %q, which reads back as %q, %v", s, code, again, err)
		}
		if again, err := ParseCode(Format(code)); err != nil || again != code {
			t.Fatalf("Format(%q) reads back as %q, %v", code, again, err)
		}
	})
}
