package config

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

func parse(t *testing.T, env map[string]string, args ...string) (Config, error) {
	t.Helper()
	return Parse(args, func(k string) string { return env[k] }, io.Discard)
}

func TestDefaults(t *testing.T) {
	c, err := parse(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.BaseURL.String() != "http://localhost:8080" || c.DatabaseURL != "" ||
		c.TileURL != DefaultTileURL || c.Payment.Provider != "sandbox" || c.Secure() || c.TourCacheTTL != 10*time.Second {
		t.Errorf("defaults: %+v", c)
	}
	if c.SMTP.Configured() || c.SMTP.From != `"Tourbook" <no-reply@localhost>` {
		t.Errorf("default SMTP %s from %s, want none from no-reply@localhost", c.SMTP, c.SMTP.From)
	}
	if !strings.HasSuffix(c.DataDir, "/data") {
		t.Errorf("data dir %q, want an absolute path ending in /data", c.DataDir)
	}
}

func TestEnvironmentAndFlags(t *testing.T) {
	env := map[string]string{
		"PORT": "9000", "DATABASE_URL": "postgres://db/tours", "TOURBOOK_BASE_URL": "https://tours.example.com/",
		"TOURBOOK_TILE_URL": "https://{s}.tiles.example.com/{z}/{x}/{y}.png", "TOURBOOK_ALLOW_SANDBOX": "1",
	}
	c, err := parse(t, env)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":9000" || c.DatabaseURL != "postgres://db/tours" || c.BaseURL.String() != "https://tours.example.com" || !c.Secure() {
		t.Errorf("from the environment: addr %q db %q base %q secure %v", c.Addr, c.DatabaseURL, c.BaseURL, c.Secure())
	}
	if origin, _ := TileOrigin(c.TileURL); origin != "https://*.tiles.example.com" {
		t.Errorf("tile origin %q", origin)
	}
	// A flag wins over the environment.
	c, err = parse(t, env, "-addr", "127.0.0.1:7000", "-database-url", "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:7000" || c.DatabaseURL != "" {
		t.Errorf("flags did not win: %q %q", c.Addr, c.DatabaseURL)
	}
	c, err = parse(t, env, "-trusted-proxies", "10.0.0.0/8, 192.168.1.1")
	if err != nil || fmt.Sprint(c.TrustedProxies) != "[10.0.0.0/8 192.168.1.1/32]" {
		t.Errorf("trusted proxies %v, %v", c.TrustedProxies, err)
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"-addr", "8080"}, "host:port"},
		{nil, []string{"-base-url", "ftp://x"}, "base URL"},
		{nil, []string{"-tile-url", "https://tiles.example.com/{z}.png"}, "{z}, {x} and {y}"},
		{nil, []string{"-tile-url", "/tiles/{z}/{x}/{y}.png"}, "absolute"},
		{nil, []string{"-payment-provider", "paypal"}, "sandbox or stripe"},
		{nil, []string{"-payment-provider", "stripe"}, "STRIPE_SECRET_KEY"},
		{nil, []string{"-log-format", "xml"}, "text or json"},
		{nil, []string{"-base-url", "https://tours.example.com"}, "sandbox payment provider takes no real money"},
		{nil, []string{"extra"}, "unexpected argument"},
		{nil, []string{"-trusted-proxies", "10.0.0.0/8,not-an-ip"}, "trusted proxy"},
		{nil, []string{"-smtp-url", "http://mail.example.com"}, "smtp:// (STARTTLS) or smtps://"},
		{map[string]string{"TOURBOOK_SMTP_URL": "smtp://u:hunter2@mail.example.com?tls=none"}, nil, "loopback"},
		{nil, []string{"-mail-from", "not an address"}, "from address"},
		{map[string]string{"TOURBOOK_TEST_CLOCK_FILE": "/tmp/clock"}, []string{"-base-url", "https://tours.example.com", "-allow-sandbox"}, "refused on an https site"},
		{map[string]string{"TOURBOOK_TEST_CLOCK_FILE": "/tmp/clock", "STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_WEBHOOK_SECRET": "whsec_x"}, []string{"-payment-provider", "stripe"}, "refused on an https site and with a real payment provider"},
	} {
		_, err := parse(t, tc.env, tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err %v, want one mentioning %q", tc.args, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%v: the error shows the password: %v", tc.args, err)
		}
	}
}

func TestSMTP(t *testing.T) {
	env := map[string]string{
		"TOURBOOK_SMTP_URL":  "smtps://mailer:hunter2@mail.example.com",
		"TOURBOOK_MAIL_FROM": "Tours <tours@example.com>",
	}
	c, err := parse(t, env)
	if err != nil {
		t.Fatal(err)
	}
	if c.SMTP.Host != "mail.example.com" || c.SMTP.Port != 465 || c.SMTP.Password != "hunter2" ||
		c.SMTP.From != `"Tours" <tours@example.com>` || c.SMTP.String() != "smtps://mailer:xxxxx@mail.example.com:465" {
		t.Errorf("from the environment: %+v (%s)", c.SMTP, c.SMTP)
	}
	// The flag wins, and an empty one turns SMTP off.
	c, err = parse(t, env, "-smtp-url", "")
	if err != nil || c.SMTP.Configured() {
		t.Errorf("-smtp-url \"\": %s, %v", c.SMTP, err)
	}
	// -h lists the flag without the environment's password.
	var help strings.Builder
	_, _ = Parse([]string{"-h"}, func(k string) string { return env[k] }, &help)
	if !strings.Contains(help.String(), "-smtp-url") || strings.Contains(help.String(), "hunter2") {
		t.Errorf("help: %s", help.String())
	}
}
