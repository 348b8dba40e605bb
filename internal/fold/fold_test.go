package fold

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Zoë", "zoe"},
		{"ZOË", "zoe"},
		{"zoe", "zoe"},
		{"Zoe\u0308", "zoe"}, // e + combining diaeresis, as macOS writes it
		{"  Zoë   Ångström-Łukasz ", "zoe angstrom lukasz"},
		{"Straße", "strasse"},
		{"SØREN ØSTERGÅRD", "soren ostergard"},
		{"Æsa Œdipe", "aesa oedipe"},
		{"O'Brien", "obrien"},
		{"O’Brien", "obrien"},
		{"Zoë.Martin+Tours@Example.COM", "zoe.martin+tours@example.com"},
		{"Ｚｏｅ", "zoe"},
		{"ﬁne", "fine"},
		{"İstanbul", "istanbul"},
		{"Iñárritu", "inarritu"},
		{"TB-7KQ4M2", "tb 7kq4m2"},
		{"ゆき", "ゆき"},
		{"\t\n", ""},
		{"", ""},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCompactAndDigits(t *testing.T) {
	for _, c := range []struct{ in, compact, digits string }{
		{"TB-7KQ4M2", "tb7kq4m2", "742"},
		{"7kq4 m2xd-9twp", "7kq4m2xd9twp", "7429"},
		{"+44 20 7946-0958", "442079460958", "442079460958"},
		{"(020) 7946.0958", "02079460958", "02079460958"},
		{"＋４４", "44", "44"},
		{"Zoë", "zoe", ""},
	} {
		if got := Compact(c.in); got != c.compact {
			t.Errorf("Compact(%q) = %q, want %q", c.in, got, c.compact)
		}
		if got := Digits(c.in); got != c.digits {
			t.Errorf("Digits(%q) = %q, want %q", c.in, got, c.digits)
		}
	}
}

// FuzzText checks what the store and the search rely on, for any input: folding is
// idempotent, so a folded field and a folded query meet; the result is valid UTF-8 of
// lower-case letters, digits, @ . _ + and single inner spaces, so no separator the store
// puts between fields can appear in it; case does not matter; and a folded needle found
// in a folded haystack is found again after both are folded once more.
func FuzzText(f *testing.F) {
	for _, s := range []string{"Zoë Martin", "ZOË", "O'Brien", "Straße", "ǅemal", "Σίσυφος ς", "ﬃ", "İı", "a\u0301\u0327",
		"+44 20 7946-0958", "zoe+tours@example.com", "\xff\xfe", "ＡＢＣ", "ᾈ", "ŉ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if again := Text(got); again != got {
			t.Fatalf("Text not idempotent: Text(%q) = %q, Text of that = %q", s, got, again)
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Text(%q) = %q is not valid UTF-8", s, got)
		}
		if strings.HasPrefix(got, " ") || strings.HasSuffix(got, " ") || strings.Contains(got, "  ") {
			t.Fatalf("Text(%q) = %q has stray spaces", s, got)
		}
		for _, r := range got {
			if !(r == ' ' || strings.ContainsRune(kept, r) || unicode.IsLetter(r) || unicode.IsDigit(r)) {
				t.Fatalf("Text(%q) = %q holds %q", s, got, r)
			}
			if unicode.IsUpper(r) || unicode.Is(unicode.Mn, r) {
				t.Fatalf("Text(%q) = %q holds %q (upper case or an accent)", s, got, r)
			}
		}
		for _, variant := range []string{strings.ToUpper(s), strings.ToLower(s)} {
			if utf8.ValidString(s) && Text(variant) != got {
				t.Fatalf("case matters: Text(%q) = %q, Text(%q) = %q", s, got, variant, Text(variant))
			}
		}
		c := Compact(s)
		if Compact(c) != c || strings.ContainsAny(c, " @._+") {
			t.Fatalf("Compact(%q) = %q", s, c)
		}
		for _, r := range Digits(s) {
			if r < '0' || r > '9' {
				t.Fatalf("Digits(%q) holds %q", s, r)
			}
		}
	})
}
