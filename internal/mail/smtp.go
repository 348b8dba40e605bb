package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// TLS modes of an SMTP connection.
const (
	TLSStartTLS = "starttls" // smtp://, STARTTLS required (port 587)
	TLSImplicit = "implicit" // smtps://, TLS from the first byte (port 465)
	TLSNone     = "none"     // smtp://…?tls=none, plain text; loopback only
)

// SMTPConfig is an SMTP server and the From address. The zero value (no Host) means
// no SMTP server: emails are held.
type SMTPConfig struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      string // one of the TLS constants
	From     string // "Tourbook <tours@example.com>"
	Timeout  time.Duration
	// RootCAs verifies the server's certificate; nil is the system's roots. Tests set it.
	RootCAs *x509.CertPool
}

// Configured reports whether an SMTP server is set.
func (c SMTPConfig) Configured() bool { return c.Host != "" }

// String is the server as a URL with the password replaced, for logs.
func (c SMTPConfig) String() string {
	if !c.Configured() {
		return "none"
	}
	u := url.URL{Scheme: "smtp", Host: net.JoinHostPort(c.Host, strconv.Itoa(c.Port))}
	if c.TLS == TLSImplicit {
		u.Scheme = "smtps"
	}
	if c.TLS == TLSNone {
		u.RawQuery = "tls=none"
	}
	switch {
	case c.Username != "" && c.Password != "":
		u.User = url.UserPassword(c.Username, "xxxxx")
	case c.Username != "":
		u.User = url.User(c.Username)
	}
	return u.String()
}

// ParseSMTPURL reads smtp://user:pass@host:587 (STARTTLS required), smtps://user:pass@host:465
// (implicit TLS) or smtp://host:port?tls=none (no TLS, only to a loopback host such as a
// local relay or a test server). Its errors never contain the password.
func ParseSMTPURL(raw string) (SMTPConfig, error) {
	bad := func(why string) (SMTPConfig, error) {
		return SMTPConfig{}, fmt.Errorf("SMTP URL %q: %s", redactURL(raw), why)
	}
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse's error repeats the whole URL, password included.
		return bad("not a URL; want smtp://user:password@host:587 or smtps://user:password@host:465 (percent-encode special characters in the password)")
	}
	c := SMTPConfig{Host: u.Hostname(), Timeout: 30 * time.Second}
	switch u.Scheme {
	case "smtp":
		c.TLS, c.Port = TLSStartTLS, 587
	case "smtps":
		c.TLS, c.Port = TLSImplicit, 465
	default:
		return bad("want the scheme smtp:// (STARTTLS) or smtps:// (implicit TLS)")
	}
	if c.Host == "" {
		return bad("a host is required")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return bad("the port must be a number from 1 to 65535")
		}
		c.Port = n
	}
	if u.Path != "" && u.Path != "/" {
		return bad("no path is allowed")
	}
	if u.User != nil {
		c.Username = u.User.Username()
		c.Password, _ = u.User.Password()
		if c.Username == "" && c.Password != "" {
			return bad("a password needs a user name")
		}
	}
	q := u.Query()
	for key := range q {
		if key != "tls" {
			return bad(fmt.Sprintf("unknown parameter %q (only tls=none is known)", key))
		}
	}
	if q.Has("tls") {
		if q.Get("tls") != "none" || c.TLS != TLSStartTLS {
			return bad("the only tls parameter is tls=none, with smtp://")
		}
		if !isLoopback(c.Host) {
			return bad("tls=none would send the password and the emails in clear; it is allowed only to a loopback host (127.0.0.1, ::1, localhost)")
		}
		c.TLS = TLSNone
	}
	return c, nil
}

// ParseFrom checks a From address ("Tourbook <tours@example.com>") and returns it in
// its canonical form.
func ParseFrom(from string) (string, error) {
	a, err := netmail.ParseAddress(from)
	if err != nil {
		return "", fmt.Errorf("from address %q: want an address such as \"Tourbook <tours@example.com>\"", from)
	}
	return a.String(), nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// redactURL replaces the password of a URL-looking string.
func redactURL(raw string) string {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return raw
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		authority = rest[:i]
	}
	at := strings.LastIndex(authority, "@")
	if at < 0 {
		return raw
	}
	user, _, hasPW := strings.Cut(authority[:at], ":")
	if !hasPW {
		return raw
	}
	return scheme + "://" + user + ":xxxxx" + rest[at:]
}

// SMTP sends messages through one SMTP server, one connection per message.
type SMTP struct {
	cfg    SMTPConfig
	domain string // of the From address: the Message-ID's right-hand side
	// FromName, when set, gives the From's display name as each message goes out (the
	// business's short name from /admin/settings, so a change shows without a restart);
	// "" keeps the configured one. The address is always the configured one.
	FromName func(ctx context.Context) string
}

// NewSMTP checks cfg and makes the transport; it does not connect.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	if !cfg.Configured() {
		return nil, errors.New("smtp: no host")
	}
	from, err := ParseFrom(cfg.From)
	if err != nil {
		return nil, err
	}
	cfg.From = from
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	a, _ := netmail.ParseAddress(from)
	_, domain, _ := strings.Cut(a.Address, "@")
	return &SMTP{cfg: cfg, domain: domain}, nil
}

// Send delivers m. A 5xx answer to the message (MAIL FROM, RCPT TO, DATA) is permanent;
// everything else, connection and authentication failures included, is temporary, so
// a wrong password or a relay down delays emails instead of failing them.
func (t *SMTP) Send(ctx context.Context, m Message) error {
	msg, err := t.build(t.from(ctx), m)
	if err != nil {
		return Permanent(err)
	}
	client, err := t.client()
	if err != nil {
		return err
	}
	err = client.DialAndSendWithContext(ctx, msg)
	if err != nil && msg.IsDelivered() {
		// The server accepted the message (250 after DATA); only the goodbye failed.
		return nil
	}
	if err != nil {
		var se *gomail.SendError
		if errors.As(err, &se) && se.ErrorCode() >= 500 && se.ErrorCode() < 600 {
			return Permanent(fmt.Errorf("smtp: %w", err))
		}
		return fmt.Errorf("smtp: %w", err)
	}
	return nil
}

func (t *SMTP) client() (*gomail.Client, error) {
	c := t.cfg
	opts := []gomail.Option{
		gomail.WithPort(c.Port),
		gomail.WithTimeout(c.Timeout),
		gomail.WithTLSConfig(&tls.Config{ServerName: c.Host, RootCAs: c.RootCAs, MinVersion: tls.VersionTLS12}),
	}
	switch c.TLS {
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	}
	if c.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(c.Username), gomail.WithPassword(c.Password))
	}
	client, err := gomail.NewClient(c.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return client, nil
}

// from is the From of a message sent now: the configured address, with FromName's
// display name when it gives one.
func (t *SMTP) from(ctx context.Context) string {
	if t.FromName == nil {
		return t.cfg.From
	}
	name := strings.TrimSpace(t.FromName(ctx))
	if name == "" {
		return t.cfg.From
	}
	a, err := netmail.ParseAddress(t.cfg.From) // checked by NewSMTP
	if err != nil {
		return t.cfg.From
	}
	return (&netmail.Address{Name: name, Address: a.Address}).String()
}

// build turns m into a MIME message from from: text and HTML as alternatives, then
// attachments.
func (t *SMTP) build(from string, m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("to: %w", err)
	}
	msg.Subject(m.Subject)
	msg.SetMessageIDWithValue(MessageID(m, t.domain))
	// The Date is the event's, so every copy of the row is the same message.
	msg.SetDateWithValue(m.CreatedAt)
	// RFC 3834: tells auto-responders (out of office) not to answer.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.HTML != "":
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	default:
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	}
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data),
			gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("attachment %s: %w", a.Name, err)
		}
	}
	return msg, nil
}
