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
	"tourbook/internal/business"
	tbmail "tourbook/internal/mail"
)

// Engine renders with the server bundle (ssr.Engine).
type Engine interface {
	Render(ctx context.Context, page string, propsJSON []byte) (string, error)
}

// Site is what every email says of the business that sends it (ui/src/emails/email-props.ts
// EmailSite): its name, logo, address and contact, and the site's address.
type Site struct {
	Name string `json:"name"`
	URL  string `json:"url"`
	// Logo is the absolute address of the emails' logo, "" without one (the name is
	// the wordmark).
	Logo string `json:"logo"`
	// Address is the postal address's lines; ContactEmail and ContactPhone may be "".
	Address      []string `json:"address"`
	ContactEmail string   `json:"contactEmail"`
	ContactPhone string   `json:"contactPhone"`
	// Colour, ColourDark and ColourLight are the brand colour and its shades
	// (business.ShadesOf), "#rrggbb" each: the button, links, headings and tints.
	Colour      string `json:"colour"`
	ColourDark  string `json:"colourDark"`
	ColourLight string `json:"colourLight"`
}

// withColours is s painted in colour, or in the default colour when it is not "#rrggbb".
func (s Site) withColours(colour string) Site {
	c, ok := business.ShadesOf(colour)
	if !ok {
		c, _ = business.ShadesOf(business.DefaultColour)
	}
	s.Colour, s.ColourDark, s.ColourLight = c.Base, c.Dark, c.Light
	return s
}

// Profiles is the business's profile (business.Service, which keeps it in memory).
type Profiles interface {
	Profile(ctx context.Context) (business.Profile, error)
}

// SiteOf is what the emails of the site at url say of the business p.
func SiteOf(p business.Profile, url string) Site {
	s := Site{Name: p.Name, URL: url, Address: p.AddressLines(), ContactEmail: p.ContactEmail, ContactPhone: p.ContactPhone}
	if logo := p.LogoURL(business.LogoEmail); logo != "" {
		s.Logo = url + logo
	}
	return s.withColours(p.Colour)
}

// Writer renders emails.
type Writer struct {
	engine   Engine
	site     Site
	profiles Profiles
}

// New returns a Writer rendering with engine, every email for site.
func New(engine Engine, site Site) *Writer {
	if site.Address == nil {
		site.Address = []string{}
	}
	if site.Colour == "" {
		site = site.withColours(business.DefaultColour)
	}
	return &Writer{engine: engine, site: site}
}

// NewForBusiness returns a Writer rendering with engine for the business profiles
// gives at each email's writing, so a change in /admin/settings shows in the next email
// without a restart; url is the site's public address.
func NewForBusiness(engine Engine, url string, profiles Profiles) *Writer {
	return &Writer{engine: engine, site: Site{URL: url}, profiles: profiles}
}

// Site is the site the emails speak for, as it is now. A failed read of the profile
// gives its defaults: an email is not held back for the name in its footer.
func (w *Writer) Site(ctx context.Context) Site {
	if w.profiles == nil {
		return w.site
	}
	p, _ := w.profiles.Profile(ctx)
	return SiteOf(p, w.site.URL)
}

// Render renders the email kind (ui/src/emails/email-props.ts) for to with props.
func (w *Writer) Render(ctx context.Context, kind string, to account.User, props any) (tbmail.Message, error) {
	m := tbmail.Message{Kind: kind, To: address(to)}
	if err := w.render(ctx, &m, props); err != nil {
		return tbmail.Message{}, err
	}
	return m, nil
}

// RenderDraft renders a draft (mail.Message.Drafted) from its Props: the message
// returned has its Subject and bodies and no Props.
func (w *Writer) RenderDraft(ctx context.Context, m tbmail.Message) (tbmail.Message, error) {
	if err := w.render(ctx, &m, json.RawMessage(m.Props)); err != nil {
		return m, fmt.Errorf("draft %s: %w", m.IdemKey, err)
	}
	m.Props = nil
	return m, nil
}

// draft is an email of kind for to whose props are rendered later (mail.Message.Props).
func draft(kind string, to account.User, props any) (*tbmail.Message, error) {
	data, err := json.Marshal(props)
	if err != nil {
		return nil, fmt.Errorf("email %s: %w", kind, err)
	}
	return &tbmail.Message{Kind: kind, To: address(to), Props: data}, nil
}

func address(to account.User) string {
	return (&mail.Address{Name: to.Name, Address: to.Email}).String()
}

// render fills m's Subject, HTML and Text from its Kind and props.
func (w *Writer) render(ctx context.Context, m *tbmail.Message, props any) error {
	in, err := json.Marshal(struct {
		Kind  string `json:"kind"`
		Site  Site   `json:"site"`
		Props any    `json:"props"`
	}{m.Kind, w.Site(ctx), props})
	if err != nil {
		return fmt.Errorf("email %s: %w", m.Kind, err)
	}
	out, err := w.engine.Render(ctx, "email:"+m.Kind, in)
	if err != nil {
		return fmt.Errorf("render email %s: %w", m.Kind, err)
	}
	var rendered struct {
		Subject, HTML, Text string
	}
	if err := json.Unmarshal([]byte(out), &rendered); err != nil || rendered.Subject == "" || rendered.HTML == "" {
		return fmt.Errorf("render email %s: not a message (%v)", m.Kind, err)
	}
	m.Subject, m.HTML, m.Text = rendered.Subject, rendered.HTML, rendered.Text
	return nil
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
