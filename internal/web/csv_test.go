package web

import (
	"strings"
	"testing"
)

func TestSafeCell(t *testing.T) {
	for in, want := range map[string]string{
		"=1+1":             "'=1+1",
		"+49 30 1234":      "'+49 30 1234",
		"-5":               "'-5",
		"@SUM(A1)":         "'@SUM(A1)",
		"\t=cmd":           "'\t=cmd",
		"\r=cmd":           "'\r=cmd",
		"Zoë":              "Zoë",
		"a=b":              "a=b",
		"":                 "",
		"'already quoted":  "'already quoted",
		" =leading space?": " =leading space?",
	} {
		if got := SafeCell(in); got != want {
			t.Errorf("SafeCell(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSafeCell: no cell a spreadsheet would run as a formula leaves it, and any other
// text leaves it as it came.
func FuzzSafeCell(f *testing.F) {
	for _, s := range []string{"=1", "+1", "-1", "@a", "\tx", "\rx", "plain", "", "é="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := SafeCell(s)
		if out != "" && strings.ContainsRune("=+-@\t\r", rune(out[0])) {
			t.Fatalf("SafeCell(%q) = %q starts a formula", s, out)
		}
		if out != s && out != "'"+s {
			t.Fatalf("SafeCell(%q) = %q changed the text", s, out)
		}
	})
}
