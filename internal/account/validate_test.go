package account_test

import (
	"os"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"tourbook/internal/account"
)

func TestValidateEmail(t *testing.T) {
	tests := []struct {
		in, want string // want "" = refused
	}{
		{"ada@example.com", "ada@example.com"},
		{"  Ada.Lovelace+tours@Mail.Example.co.uk\t", "Ada.Lovelace+tours@Mail.Example.co.uk"},
		{"o'brien@example.ie", "o'brien@example.ie"},
		{"josé@example.es", "josé@example.es"},
		{"a@b-c.de", "a@b-c.de"},
		{"ada@example", ""},
		{"ada@", ""},
		{"@example.com", ""},
		{"ada", ""},
		{"ada@@example.com", ""},
		{"ada@example..com", ""},
		{"ada@.example.com", ""},
		{"ada@example.com.", ""},
		{"ada@-example.com", ""},
		{"ada @example.com", ""},
		{"ada@exa mple.com", ""},
		{"Ada <ada@example.com>", ""},
		{"<ada@example.com>", ""},
		{"ada@example.com (Ada)", ""},
		{`"ada lovelace"@example.com`, ""},
		{"ada@[192.0.2.1]", ""},
		{"ada@example.com\r\nBcc: x@y.z", ""},
		{"ada,bob@example.com", ""},
		{strings.Repeat("a", 65) + "@example.com", ""},
		{"a@" + strings.Repeat("b", 64) + ".com", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := account.ValidateEmail(tt.in)
			if tt.want == "" {
				if err == nil {
					t.Fatalf("ValidateEmail(%q) = %q, want refused", tt.in, got)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ValidateEmail(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func FuzzValidateEmail(f *testing.F) {
	for _, s := range []string{"ada@example.com", " a@b.co ", "Ada <a@b.co>", "a@b", "\u202Ea@b.co", "é@é.é", strings.Repeat("x", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if email, err := account.ValidateEmail(in); err == nil {
			if email != strings.TrimSpace(in) || email == "" || len(email) > account.MaxEmailLen {
				t.Fatalf("ValidateEmail(%q) accepted %q: not trimmed or out of bounds", in, email)
			}
			if !utf8.ValidString(email) || strings.ContainsFunc(email, unicode.IsSpace) || strings.Count(email, "@") < 1 {
				t.Fatalf("ValidateEmail(%q) accepted %q", in, email)
			}
			if _, err := account.ValidateEmail(email); err != nil {
				t.Fatalf("accepted %q, then refused it: %v", email, err)
			}
		}
		if name, err := account.ValidateName(in); err == nil {
			if name != strings.TrimSpace(in) || name == "" || utf8.RuneCountInString(name) > account.MaxNameLen {
				t.Fatalf("ValidateName(%q) accepted %q: not trimmed or out of bounds", in, name)
			}
			if !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl) {
				t.Fatalf("ValidateName(%q) accepted %q with control characters", in, name)
			}
		}
	})
}

// The most common passwords are refused whatever their case; the list is the bundled
// one of at least 10,000 (issue 20, also seen).
func TestCommonPasswordsAreRefused(t *testing.T) {
	for _, p := range []string{"12345678", "password", "PASSWORD1", "Qwertyuiop", "iloveyou", "test1234", "football"} {
		if err := account.ValidatePassword(p, p); err == nil || !strings.Contains(err.Error(), "most common") {
			t.Errorf("ValidatePassword(%q) = %v, want refused as common", p, err)
		}
	}
	for _, p := range []string{"correct horse", "a-fresh-Reset-secret-7", "analytical-engine"} {
		if err := account.ValidatePassword(p, p); err != nil {
			t.Errorf("ValidatePassword(%q) = %v, want accepted", p, err)
		}
	}
	n := 0
	for line := range strings.Lines(commonPasswordsFile(t)) {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	if n < 10000 {
		t.Errorf("%d common passwords bundled, want at least 10,000", n)
	}
}

func commonPasswordsFile(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("common_passwords.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
