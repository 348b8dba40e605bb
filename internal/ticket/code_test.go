package ticket

import (
	"errors"
	"strings"
	"testing"
)

func TestNewCodeIsCanonicalAndRandom(t *testing.T) {
	seen := map[string]bool{}
	for range 2000 {
		c := NewCode()
		if got, err := Parse(c); err != nil || got != c {
			t.Fatalf("Parse(%q) = %q, %v", c, got, err)
		}
		if seen[c] {
			t.Fatalf("code %s came twice in 2000", c)
		}
		seen[c] = true
	}
	// Every character of the alphabet turns up in every position over 2000 codes
	// (each misses one with a chance of (31/32)^2000, about 10^-28).
	for pos := range Length {
		var used [32]bool
		for c := range seen {
			used[strings.IndexByte(Alphabet, c[pos])] = true
		}
		for i, u := range used {
			if !u {
				t.Errorf("position %d never has %c", pos, Alphabet[i])
			}
		}
	}
}

func TestParseReadsWhatPeopleType(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"7KQ4-M2XD-9TWP", "7KQ4M2XD9TWP"},
		{"7kq4 m2xd 9twp", "7KQ4M2XD9TWP"},
		{" 7kq4m2xd9twp\n", "7KQ4M2XD9TWP"},
		{"7KQ4–M2XD–9TWP", "7KQ4M2XD9TWP"}, // an en dash from a phone keyboard
		{"ABCD-EFGH-JKMN", "ABCDEFGHJKMN"},
		{"oooo-iiii-llll", "000011111111"}, // the look-alikes Crockford reads as digits
	} {
		got, err := Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "7KQ4-M2XD-9TW", "7KQ4-M2XD-9TWPX", "7KQ4-M2XD-9TWU", "7KQ4_M2XD_9TWP",
		"7KQ4-M2XD-9TWÉ", strings.Repeat(" ", 60) + "7KQ4M2XD9TWP", "<script>", "7KQ4-M2XD-9TW\x00"} {
		if got, err := Parse(in); !errors.Is(err, ErrMalformed) {
			t.Errorf("Parse(%q) = %q, %v; want ErrMalformed", in, got, err)
		}
	}
}

func TestFormat(t *testing.T) {
	if got := Format("7KQ4M2XD9TWP"); got != "7KQ4-M2XD-9TWP" {
		t.Errorf("Format = %q", got)
	}
}

// FuzzParse: whatever is typed, Parse either refuses it or gives a canonical code that
// reads back to itself, both bare and formatted, and that case and dashes do not change.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"7KQ4-M2XD-9TWP", "7kq4 m2xd 9twp", "", "oooo-iiii-llll", "ü", "----", "7KQ4M2XD9TWPP"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		if len(code) != Length {
			t.Fatalf("Parse(%q) = %q: not %d characters", s, code, Length)
		}
		for i := range len(code) {
			if strings.IndexByte(Alphabet, code[i]) < 0 {
				t.Fatalf("Parse(%q) = %q: %q is not in the alphabet", s, code, code[i])
			}
		}
		for _, again := range []string{code, Format(code), strings.ToLower(Format(code)), strings.ToLower(s)} {
			if got, err := Parse(again); err != nil || got != code {
				t.Fatalf("Parse(%q) = %q, %v; want %q (from %q)", again, got, err, code, s)
			}
		}
	})
}
