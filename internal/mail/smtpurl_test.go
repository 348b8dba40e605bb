package mail

import (
	"strings"
	"testing"
)

func TestParseSMTPURL(t *testing.T) {
	for _, tc := range []struct {
		url, want string // want: the redacted form, or "error: part of the message"
	}{
		{"smtp://user:pa%3Ass@mail.example.com", "smtp://user:xxxxx@mail.example.com:587"},
		{"smtp://user:pass@mail.example.com:2525", "smtp://user:xxxxx@mail.example.com:2525"},
		{"smtps://user:pass@mail.example.com", "smtps://user:xxxxx@mail.example.com:465"},
		{"smtp://127.0.0.1:1025?tls=none", "smtp://127.0.0.1:1025?tls=none"},
		{"smtp://localhost:1025?tls=none", "smtp://localhost:1025?tls=none"},
		{"smtp://[::1]:1025?tls=none", "smtp://[::1]:1025?tls=none"},
		{"smtp://relay.internal", "smtp://relay.internal:587"},
		{"http://user:hunter2@mail.example.com", "error: scheme"},
		{"smtp://user:hunter2@mail.example.com?tls=none", "error: loopback"},
		{"smtps://127.0.0.1?tls=none", "error: only tls parameter"},
		{"smtp://user:hunter2@mail.example.com?from=x", "error: unknown parameter"},
		{"smtp://user:hunter2@mail.example.com:99999", "error: port"},
		{"smtp://user:hunter2@", "error: host"},
		{"smtp://:hunter2@mail.example.com", "error: user name"},
		{"smtp://user:hun ter2%zz@mail.example.com", "error: not a URL"},
		{"smtp://user:hunter2@mail.example.com/path", "error: path"},
	} {
		c, err := ParseSMTPURL(tc.url)
		if want, isErr := strings.CutPrefix(tc.want, "error: "); isErr {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: err %v, want one mentioning %q", tc.url, err, want)
			}
			if err != nil && strings.Contains(err.Error(), "hunter2") {
				t.Errorf("%s: the error shows the password: %v", tc.url, err)
			}
			continue
		}
		if err != nil || c.String() != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.url, c.String(), err, tc.want)
		}
	}
	c, _ := ParseSMTPURL("smtp://user:pa%3Ass@mail.example.com")
	if c.Username != "user" || c.Password != "pa:ss" || c.TLS != TLSStartTLS {
		t.Errorf("parsed %+v", c)
	}
}

func TestParseFrom(t *testing.T) {
	if got, err := ParseFrom("Tourbook <tours@example.com>"); err != nil || got != `"Tourbook" <tours@example.com>` {
		t.Errorf("%q %v", got, err)
	}
	if _, err := ParseFrom("tours at example.com"); err == nil {
		t.Error("a bad From was accepted")
	}
}
