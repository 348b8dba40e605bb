// Package emails writes the site's transactional emails: React components in the server
// bundle (ui/src/emails) render each message's subject, HTML and plain text in the same
// engine as the pages; this package hands them the props and makes a mail.Message of
// the answer. Features then give the message its idempotency key and attachments and
// enqueue it with the event that causes it.
package emails

import (
	"context"
	"encoding/json"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"tourbook/internal/account"
	tbmail "tourbook/internal/mail"
)

// Engine renders with the server bundle (ssr.Engine).
type Engine interface {
	Render(ctx context.Context, page string, propsJSON []byte) (string, error)
}

// Site is what every email says of the site.
type Site struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Writer renders emails.
type Writer struct {
	engine Engine
	site   Site
}

// New returns a Writer rendering with engine.
func New(engine Engine, site Site) *Writer { return &Writer{engine: engine, site: site} }

// Site is the site the emails speak for.
func (w *Writer) Site() Site { return w.site }

// Render renders the email kind (ui/src/emails/email-props.ts) for to with props.
func (w *Writer) Render(ctx context.Context, kind string, to account.User, props any) (tbmail.Message, error) {
	in, err := json.Marshal(struct {
		Kind  string `json:"kind"`
		Site  Site   `json:"site"`
		Props any    `json:"props"`
	}{kind, w.site, props})
	if err != nil {
		return tbmail.Message{}, fmt.Errorf("email %s: %w", kind, err)
	}
	out, err := w.engine.Render(ctx, "email:"+kind, in)
	if err != nil {
		return tbmail.Message{}, fmt.Errorf("render email %s: %w", kind, err)
	}
	var rendered struct {
		Subject, HTML, Text string
	}
	if err := json.Unmarshal([]byte(out), &rendered); err != nil || rendered.Subject == "" || rendered.HTML == "" {
		return tbmail.Message{}, fmt.Errorf("render email %s: not a message (%v)", kind, err)
	}
	return tbmail.Message{
		Kind: kind, To: (&mail.Address{Name: to.Name, Address: to.Email}).String(),
		Subject: rendered.Subject, HTML: rendered.HTML, Text: rendered.Text,
	}, nil
}

// PasswordReset is the email with a reset link (account.ResetMailer).
func (w *Writer) PasswordReset(ctx context.Context, u account.User, link string, valid time.Duration) (tbmail.Message, error) {
	return w.Render(ctx, "passwordReset", u, map[string]any{
		"name": u.Name, "resetUrl": link, "validMinutes": int(valid / time.Minute),
	})
}

// Welcome is the email a new account gets (account.Welcomer).
func (w *Writer) Welcome(ctx context.Context, u account.User) (*tbmail.Message, error) {
	m, err := w.Render(ctx, "welcome", u, map[string]any{"name": u.Name, "toursUrl": w.site.URL + "/"})
	if err != nil {
		return nil, err
	}
	// One welcome per address, however often a sign-up is retried.
	m.IdemKey = "welcome:" + strings.ToLower(u.Email)
	return &m, nil
}

// EmailChanged tells u's old address that the account now signs in with newEmail
// (account.EmailChangeNotifier); u is the user as they were. The feature gives it its key.
func (w *Writer) EmailChanged(ctx context.Context, u account.User, newEmail string) (*tbmail.Message, error) {
	m, err := w.Render(ctx, "emailChanged", u, map[string]any{"name": u.Name, "newEmail": newEmail, "loginUrl": w.site.URL + "/login"})
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// SignupAttempt tells u that someone tried to sign up with their address, which already
// has an account (the sign-up itself answers as for a new address).
func (w *Writer) SignupAttempt(ctx context.Context, u account.User) (*tbmail.Message, error) {
	m, err := w.Render(ctx, "signupAttempt", u, map[string]any{"name": u.Name, "loginUrl": w.site.URL + "/login"})
	if err != nil {
		return nil, err
	}
	return &m, nil
}
