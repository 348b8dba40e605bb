// Package config turns command-line flags and environment variables into one typed
// configuration. Flags win over the environment; the environment wins over defaults, so
// an operator can run the binary with nothing but environment variables (12-factor) and
// a developer can override one value on the command line.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"tourbook/internal/mail"
)

// Defaults an operator gets without configuring anything.
const (
	DefaultTileURL         = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
	DefaultTileAttribution = `&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors`
)

// Config is everything `tourbook serve` needs.
type Config struct {
	Addr        string // listen address, host:port
	BaseURL     *url.URL
	DatabaseURL string // "" = SQLite in DataDir
	DataDir     string
	// PictureStorage is where uploaded photos and tour pictures are kept: "folder"
	// (DataDir/img, one instance) or "database" (every instance on the database).
	PictureStorage  string
	TileURL         string
	TileAttribution string
	SSREngine       string // "" = the fastest built in
	SSRWorkers      int
	SampleData      bool // fill an empty database with sample tours and users
	LogLevel        string
	LogFormat       string         // "text" or "json"
	DebugAddr       string         // "" = off; else serves net/http/pprof there (keep it on loopback)
	TrustedProxies  []netip.Prefix // reverse proxies whose X-Forwarded-For is believed
	ShutdownTimeout time.Duration
	TourCacheTTL    time.Duration // how long tour texts may be served from memory; seats are always live
	PageCacheTTL    time.Duration // how long a public page or catalogue answer may be sent to visitors not signed in as made
	// CheckoutLimits bound the checkouts opened in an hour per account and per client
	// address, and the seats one account holds at once; 0 is no bound.
	CheckoutLimits CheckoutLimits
	// RequestTimeout bounds the work for one request (not uploads, which the server's
	// read and write limits bound); a page whose database does not answer in time is a
	// 503, never a hang. 0: no limit.
	RequestTimeout time.Duration
	// TestClockFile, from TOURBOOK_TEST_CLOCK_FILE only, moves the site's clock by the
	// duration written in that file ("72h"), for browser tests of what happens after a
	// trip; "" (always, in production) is the real clock.
	TestClockFile string
	// TimeZone is the site's time zone, in which the back office shows instants and the
	// staff's daily digest goes out (an IANA name); "" is the first tour's zone, or UTC.
	TimeZone string

	Payment Payment

	// SMTP is the server emails go out through, with the From address; without a Host
	// (no -smtp-url) emails are held in the outbox, not sent.
	SMTP mail.SMTPConfig

	// BaseURLDefault says BaseURL was not configured but made from Addr
	// (http://localhost:PORT when Addr names no host).
	BaseURLDefault bool
}

// Payment selects and configures the card payment provider.
type Payment struct {
	Provider string // "sandbox" or "stripe"
	// AllowSandbox lets the sandbox run on an https site (a public demo). Without it an
	// https base URL with the sandbox is refused: anyone could book with a test card.
	AllowSandbox bool

	// WebhookSecret signs sandbox webhooks; empty = a random one per process, which is
	// right for a single instance. Several instances behind a load balancer must share one.
	SandboxWebhookSecret string

	StripeSecretKey     string
	StripeWebhookSecret string
	StripeAPIBaseURL    string // empty = Stripe's own; tests point it at a fake
}

// DefaultBaseURLExposed reports whether the base URL is the default while the site
// listens beyond loopback: every request is redirected to the base URL's host (see
// internal/server's canonicalHost), so a visitor from another machine would be sent to
// their own localhost. The start-up log warns then.
func (c Config) DefaultBaseURLExposed() bool {
	return c.BaseURLDefault && !LoopbackOnly(c.Addr)
}

// LoopbackOnly reports whether the listen address addr (host:port) accepts connections
// from this machine only: a loopback IP address, or localhost.
func LoopbackOnly(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// Secure reports whether cookies must carry the Secure attribute: the site is served
// over HTTPS.
func (c Config) Secure() bool { return c.BaseURL.Scheme == "https" }

// Parse reads `serve` flags from args and the environment through getenv.
func Parse(args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	env := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	port := env("PORT", "8080")

	var c Config
	var baseURL string
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.Addr, "addr", env("TOURBOOK_ADDR", ":"+port), "listen address (env TOURBOOK_ADDR; PORT sets the port)")
	fs.StringVar(&baseURL, "base-url", env("TOURBOOK_BASE_URL", ""), "public URL of the site, e.g. https://tours.example.com (env TOURBOOK_BASE_URL; default http://localhost:PORT)")
	fs.StringVar(&c.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… for PostgreSQL; empty for SQLite in the data folder (env DATABASE_URL)")
	fs.StringVar(&c.DataDir, "data-dir", env("TOURBOOK_DATA_DIR", "data"), "folder for the SQLite file and uploaded images (env TOURBOOK_DATA_DIR)")
	fs.StringVar(&c.PictureStorage, "picture-storage", env("TOURBOOK_PICTURE_STORAGE", "folder"), "where pictures are kept: folder (the data folder) or database, for several instances (env TOURBOOK_PICTURE_STORAGE)")
	fs.StringVar(&c.TileURL, "tile-url", env("TOURBOOK_TILE_URL", DefaultTileURL), "map tile URL template with {z}/{x}/{y} (env TOURBOOK_TILE_URL)")
	fs.StringVar(&c.TileAttribution, "tile-attribution", env("TOURBOOK_TILE_ATTRIBUTION", DefaultTileAttribution), "HTML attribution of the tile provider (env TOURBOOK_TILE_ATTRIBUTION)")
	fs.StringVar(&c.SSREngine, "ssr-engine", env("TOURBOOK_SSR_ENGINE", ""), "JavaScript engine for server rendering: v8 or quickjs (env TOURBOOK_SSR_ENGINE)")
	fs.IntVar(&c.SSRWorkers, "ssr-workers", 0, "JavaScript runtimes rendering in parallel (default: one per CPU)")
	fs.BoolVar(&c.SampleData, "sample-data", env("TOURBOOK_SAMPLE_DATA", "") == "1", "fill an empty database with sample tours and users (env TOURBOOK_SAMPLE_DATA=1)")
	fs.StringVar(&c.LogLevel, "log-level", env("TOURBOOK_LOG_LEVEL", "info"), "debug, info, warn or error (env TOURBOOK_LOG_LEVEL)")
	fs.StringVar(&c.LogFormat, "log-format", env("TOURBOOK_LOG_FORMAT", "text"), "text or json (env TOURBOOK_LOG_FORMAT)")
	fs.StringVar(&c.DebugAddr, "debug-addr", env("TOURBOOK_DEBUG_ADDR", ""), "serve Go's profiler (net/http/pprof) on this address, e.g. 127.0.0.1:6060; off when empty (env TOURBOOK_DEBUG_ADDR)")
	c.TestClockFile = env("TOURBOOK_TEST_CLOCK_FILE", "")
	var proxies string
	fs.StringVar(&proxies, "trusted-proxies", env("TOURBOOK_TRUSTED_PROXIES", ""), "reverse proxies in front of the site, as addresses or prefixes (10.0.0.0/8,127.0.0.1): the client address is then read from X-Forwarded-For (env TOURBOOK_TRUSTED_PROXIES)")
	fs.IntVar(&c.CheckoutLimits.PerAccount, "checkouts-per-account", 10, "checkouts one account may open in an hour; 0 for no limit (a benchmark)")
	fs.IntVar(&c.CheckoutLimits.PerClient, "checkouts-per-client", 30, "checkouts one client address may open in an hour, across accounts; 0 for no limit")
	fs.IntVar(&c.CheckoutLimits.HeldSeats, "max-held-seats", 12, "seats one account may hold at once in open checkouts, across departures; 0 for no limit")
	fs.DurationVar(&c.TourCacheTTL, "tour-cache-ttl", 10*time.Second, "how long tour texts, guides and reviews may come from memory (seats are always read live); 0 turns it off")
	fs.DurationVar(&c.PageCacheTTL, "page-cache-ttl", 5*time.Second, "how long the overview, the tour pages and the public tours API (the tours, a tour, its reviews) may be sent from memory to visitors who are not signed in: the most seats left can be out of date by; 0 turns it off")
	fs.DurationVar(&c.RequestTimeout, "request-timeout", 30*time.Second, "longest time a request may work before it answers 503 (uploads: the server's 60s limits); 0 for no limit")
	fs.StringVar(&c.TimeZone, "time-zone", env("TOURBOOK_TIME_ZONE", ""), "the site's time zone for the back office's times and the staff's daily digest, e.g. Europe/Lisbon; default the first tour's zone, or UTC (env TOURBOOK_TIME_ZONE)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 15*time.Second, "how long in-flight requests may take to finish on SIGINT/SIGTERM")
	fs.StringVar(&c.Payment.Provider, "payment-provider", env("TOURBOOK_PAYMENT_PROVIDER", "sandbox"), "sandbox (offline test checkout) or stripe (env TOURBOOK_PAYMENT_PROVIDER)")
	fs.BoolVar(&c.Payment.AllowSandbox, "allow-sandbox", env("TOURBOOK_ALLOW_SANDBOX", "") == "1", "allow the sandbox provider on an https site, for a public demo (env TOURBOOK_ALLOW_SANDBOX=1)")
	c.Payment.SandboxWebhookSecret = env("TOURBOOK_SANDBOX_WEBHOOK_SECRET", "")
	c.Payment.StripeSecretKey = env("STRIPE_SECRET_KEY", "")
	c.Payment.StripeWebhookSecret = env("STRIPE_WEBHOOK_SECRET", "")
	c.Payment.StripeAPIBaseURL = env("STRIPE_API_BASE_URL", "")
	// The flag's default is not the environment's value, so that -h never prints the
	// password; the environment is read when the flag is not given.
	var smtpURL, mailFrom string
	fs.StringVar(&smtpURL, "smtp-url", "", "SMTP server for emails: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465; empty holds emails in the outbox (env TOURBOOK_SMTP_URL)")
	fs.StringVar(&mailFrom, "mail-from", env("TOURBOOK_MAIL_FROM", ""), "From address of emails, e.g. \"Tourbook <tours@example.com>\" (env TOURBOOK_MAIL_FROM; default no-reply@ the base URL's host)")
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	smtpSet := false
	fs.Visit(func(f *flag.Flag) { smtpSet = smtpSet || f.Name == "smtp-url" })
	if !smtpSet {
		smtpURL = env("TOURBOOK_SMTP_URL", "")
	}
	var err error
	if c.TrustedProxies, err = parseTrusted(proxies); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return c, c.finish(baseURL, smtpURL, mailFrom)
}

func (c *Config) finish(baseURL, smtpURL, mailFrom string) error {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return fmt.Errorf("listen address %q: want host:port, e.g. :8080", c.Addr)
	}
	if baseURL == "" {
		if host == "" || host == "0.0.0.0" || host == "::" {
			host = "localhost"
		}
		baseURL = "http://" + net.JoinHostPort(host, port)
		c.BaseURLDefault = true
	}
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("base URL %q: want http(s)://host[:port]", baseURL)
	}
	c.BaseURL = u
	if !strings.Contains(c.TileURL, "{z}") || !strings.Contains(c.TileURL, "{x}") || !strings.Contains(c.TileURL, "{y}") {
		return fmt.Errorf("tile URL %q: must contain {z}, {x} and {y}", c.TileURL)
	}
	if _, err := TileOrigin(c.TileURL); err != nil {
		return err
	}
	if c.DataDir, err = filepath.Abs(c.DataDir); err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	if c.TimeZone != "" {
		if _, err := time.LoadLocation(c.TimeZone); err != nil || c.TimeZone == "Local" {
			return fmt.Errorf("time zone %q: want an IANA name, e.g. Europe/Lisbon", c.TimeZone)
		}
	}
	if c.PictureStorage != "folder" && c.PictureStorage != "database" {
		return fmt.Errorf("picture storage %q: want folder or database", c.PictureStorage)
	}
	// Whoever could write the test clock's file could move refund tiers, hold and offer
	// deadlines and when reviews open: never with real money or on a public address.
	if c.TestClockFile != "" && (c.Secure() || c.Payment.Provider != "sandbox") {
		return errors.New("TOURBOOK_TEST_CLOCK_FILE moves the site's clock for tests: it is refused on an https site and with a real payment provider")
	}
	switch c.Payment.Provider {
	case "sandbox":
		if c.Secure() && !c.Payment.AllowSandbox {
			return errors.New("the sandbox payment provider takes no real money, so anyone could book with a test card: " +
				"on an https site set TOURBOOK_PAYMENT_PROVIDER=stripe, or TOURBOOK_ALLOW_SANDBOX=1 for a demo")
		}
	case "stripe":
		if c.Payment.StripeSecretKey == "" || c.Payment.StripeWebhookSecret == "" {
			return errors.New("payment provider stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET")
		}
	default:
		return fmt.Errorf("payment provider %q: want sandbox or stripe", c.Payment.Provider)
	}
	if smtpURL != "" {
		if c.SMTP, err = mail.ParseSMTPURL(smtpURL); err != nil {
			return err
		}
	}
	if mailFrom == "" {
		mailFrom = "Tourbook <no-reply@" + u.Hostname() + ">"
	}
	if c.SMTP.From, err = mail.ParseFrom(mailFrom); err != nil {
		return err
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("log format %q: want text or json", c.LogFormat)
	}
	return nil
}

// TileOrigin is the scheme://host[:port] the map's tiles come from: the one outside origin
// the Content-Security-Policy allows for images. A template with Leaflet's {s} sub-domain
// placeholder gets a wildcard for the host's sub-domains.
func TileOrigin(template string) (string, error) {
	probe := strings.NewReplacer("{s}", "a", "{z}", "0", "{x}", "0", "{y}", "0", "{r}", "").Replace(template)
	u, err := url.Parse(probe)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "", fmt.Errorf("tile URL %q: want an absolute http(s) URL template", template)
	}
	host := u.Host
	if strings.Contains(template, "{s}.") {
		host = "*." + strings.SplitN(host, ".", 2)[1]
	}
	return u.Scheme + "://" + host, nil
}

// parseTrusted reads a comma-separated list of addresses or CIDR prefixes.
func parseTrusted(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("trusted proxy %q: want an address or a prefix such as 10.0.0.0/8", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

// CheckoutLimits are the limits on holding seats without paying (issue 20); 0 is none.
type CheckoutLimits struct {
	PerAccount, PerClient, HeldSeats int
}
