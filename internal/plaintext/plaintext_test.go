package plaintext

import "testing"

func TestHasHiddenControl(t *testing.T) {
	for _, c := range []struct {
		s         string
		multiline bool
		want      bool
	}{
		{"Great trip, lovely guides.", false, false},
		{"Zoë & Björn — 5★", false, false},
		{"two\nlines", true, false},
		{"two\nlines", false, true},
		{"tab\there", true, false},
		{"nul\x00byte", true, true},
		{"bell\x07", true, true},
		{"c1\u0085", true, true},
		{"evil\u202Eexe.txt", true, true},
		{"isolate\u2066x\u2069", true, true},
		{"mark\u200F", true, true},
		{"arabic mark\u061C", true, true},
		{"line\u2028sep", true, true},
	} {
		if got := HasHiddenControl(c.s, c.multiline); got != c.want {
			t.Errorf("HasHiddenControl(%q, %v) = %v, want %v", c.s, c.multiline, got, c.want)
		}
	}
}
