// Package business is the business that runs the site: its name, logo, colour, contact,
// postal address and legal identity, the defaults for new tours and the home page's
// words. Every place a visitor or customer looks (pages, emails, calendar files,
// receipts) takes the name and brand from here, so that the site is the operator's and
// never "Tourbook".
//
// The profile is one JSON value in the site settings (key "business"): one row, read
// often, changed rarely. A Service keeps it in memory for a short time (other instances
// see a change within that time) and tells its listeners (the page cache) of each save.
package business

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
)

// SettingKey is the site setting the profile is kept under.
const SettingKey = "business"

// Profile is what the operator says about the business in /admin/settings. The zero
// value of a field means "not set"; Service.Profile fills the defaults a fresh site
// shows.
type Profile struct {
	// Name is the business's name as customers know it ("Fjord & Fell Tours");
	// ShortName the one that fits a phone's header and an email's From ("Fjord & Fell").
	Name      string `json:"name"`
	ShortName string `json:"shortName"`
	// Logo names the uploaded logo's pictures (empty: none, the name is shown instead).
	Logo string `json:"logo"`
	// Colour is the brand colour, "#rrggbb", on which white text meets WCAG AA.
	Colour string `json:"colour"`

	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone"`
	// Address is the postal address, one line per line.
	Address string `json:"address"`
	// LegalName is the legal entity ("Fjord & Fell Tours AS"); TaxNumber its VAT or tax
	// registration number, printed on receipts.
	LegalName string `json:"legalName"`
	TaxNumber string `json:"taxNumber"`

	// Currency (ISO 4217, lower case as the tours keep it) and TimeZone (IANA) are the
	// defaults for new tours. TaxRateBasisPoints is the default tax rate for new tours'
	// receipts, in hundredths of a percent (2500 = 25 %).
	Currency           string `json:"currency"`
	TimeZone           string `json:"timeZone"`
	TaxRateBasisPoints int    `json:"taxRateBasisPoints"`

	// Headline and Introduction are the home page's words.
	Headline     string `json:"headline"`
	Introduction string `json:"introduction"`
}

// Defaults of a site nobody has set up yet.
const (
	DefaultName     = "Tourbook"
	DefaultColour   = "#1f6f50"
	DefaultCurrency = "usd"
	DefaultTimeZone = "UTC"
)

// WithDefaults is p with every unset field that has a default filled.
func (p Profile) WithDefaults() Profile {
	if strings.TrimSpace(p.Name) == "" {
		p.Name = DefaultName
	}
	if strings.TrimSpace(p.ShortName) == "" {
		p.ShortName = p.Name
	}
	if p.Colour == "" {
		p.Colour = DefaultColour
	}
	if p.Currency == "" {
		p.Currency = DefaultCurrency
	}
	if p.TimeZone == "" {
		p.TimeZone = DefaultTimeZone
	}
	return p
}

// Store keeps the site settings.
type Store interface {
	Setting(ctx context.Context, key string) (string, bool, error)
	SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error
	// UpdateSetting changes a setting from its stored value, read under a lock.
	UpdateSetting(ctx context.Context, key string, now time.Time, change func(value string, ok bool) (string, audit.Entry, error)) error
}

// Options configure a Service.
type Options struct {
	Now func() time.Time
	// TTL is how long a read profile is kept (other instances see a save within it);
	// zero reads it every time.
	TTL time.Duration
	// Changed is told after every save (the page cache forgets its pages).
	Changed func()
	// Logos stores uploaded logos (media.Logos); nil: SetLogo fails.
	Logos Logos
	// Currencies are those the tours may have (catalog.Currencies): the default currency
	// must be one of them. Empty: any ISO 4217 code.
	Currencies []string
}

// Service reads and saves the profile.
type Service struct {
	store      Store
	now        func() time.Time
	ttl        time.Duration
	changed    func()
	logos      Logos
	currencies []string

	mu     sync.Mutex
	cached Profile
	until  time.Time
	ok     bool
	// gen counts Forget calls: a read that began before one does not keep what it read
	// (it may be the profile from before a save).
	gen uint64
}

// NewService makes a Service over st.
func NewService(st Store, o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Changed == nil {
		o.Changed = func() {}
	}
	return &Service{store: st, now: o.Now, ttl: o.TTL, changed: o.Changed, logos: o.Logos, currencies: o.Currencies}
}

// Profile is the business's profile with the defaults filled.
func (s *Service) Profile(ctx context.Context) (Profile, error) {
	p, err := s.Stored(ctx)
	if err != nil {
		return Profile{}.WithDefaults(), err
	}
	return p.WithDefaults(), nil
}

// Stored is the profile as saved, without defaults (what the settings form shows).
func (s *Service) Stored(ctx context.Context) (Profile, error) {
	now := s.now()
	s.mu.Lock()
	if s.ok && now.Before(s.until) {
		p := s.cached
		s.mu.Unlock()
		return p, nil
	}
	gen := s.gen
	s.mu.Unlock()
	p, err := s.load(ctx)
	if err != nil {
		return Profile{}, err
	}
	s.mu.Lock()
	if gen == s.gen {
		s.cached, s.until, s.ok = p, now.Add(s.ttl), s.ttl > 0
	}
	s.mu.Unlock()
	return p, nil
}

// load reads the profile as saved from the store, past the cache.
func (s *Service) load(ctx context.Context) (Profile, error) {
	raw, ok, err := s.store.Setting(ctx, SettingKey)
	if err != nil {
		return Profile{}, fmt.Errorf("business profile: %w", err)
	}
	return parse(raw, ok)
}

// parse is the profile stored as raw; ok false: none was ever saved.
func parse(raw string, ok bool) (Profile, error) {
	var p Profile
	if ok {
		if err := json.Unmarshal([]byte(raw), &p); err != nil {
			return Profile{}, fmt.Errorf("business profile: %w", err)
		}
	}
	return p, nil
}

// update changes the stored profile with change, read and written under the setting's
// lock (an upload of the logo and a save of the form at once keep both), with the audit
// entry of the fields that changed; then forgets the cached profile and tells the
// listeners.
func (s *Service) update(ctx context.Context, actor account.User, change func(old Profile) Profile) (Profile, error) {
	var next Profile
	err := s.store.UpdateSetting(ctx, SettingKey, s.now(), func(raw string, ok bool) (string, audit.Entry, error) {
		old, err := parse(raw, ok)
		if err != nil {
			return "", audit.Entry{}, err
		}
		next = change(old)
		b, err := json.Marshal(next)
		if err != nil {
			return "", audit.Entry{}, fmt.Errorf("business profile: %w", err)
		}
		return string(b), s.entry(actor, old, next), nil
	})
	if err != nil {
		return Profile{}, err
	}
	s.Forget()
	s.changed()
	return next, nil
}

// Put writes p as the profile (no checks: the settings page's service checks what a
// person typed before it calls Put; the sample data and tests call it directly), with
// entry in the audit log, forgets the cached profile and tells the listeners.
func (s *Service) Put(ctx context.Context, p Profile, entry audit.Entry) error {
	raw, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("business profile: %w", err)
	}
	if err := s.store.SetSetting(ctx, SettingKey, string(raw), s.now(), entry); err != nil {
		return err
	}
	s.Forget()
	s.changed()
	return nil
}

// Forget drops the cached profile.
func (s *Service) Forget() {
	s.mu.Lock()
	s.ok = false
	s.gen++
	s.mu.Unlock()
}

// Logo sizes: the header's (at most 96 px high, for 48 CSS px on a sharp screen), the
// emails' (at most 400×120, shown at 200×60) and the favicon's (a 180×180 square, the
// browsers' and phones' icon).
const (
	LogoHeader  = "header"
	LogoEmail   = "email"
	LogoFavicon = "favicon"
)

// LogoURL is the address of the logo in one of the sizes above, "" without a logo.
// The name changes with every upload, so the pictures are cached for good.
func (p Profile) LogoURL(size string) string {
	if p.Logo == "" {
		return ""
	}
	return "/img/brand/" + p.Logo + "-" + size + ".png"
}

// SenderName is the name emails are signed with in their From: the short name, else
// the name, as saved; "" for a site that has saved neither, which keeps the name of the
// configured From address (-mail-from).
func (s *Service) SenderName(ctx context.Context) string {
	p, err := s.Stored(ctx)
	if err != nil {
		return ""
	}
	if n := strings.TrimSpace(p.ShortName); n != "" {
		return n
	}
	return strings.TrimSpace(p.Name)
}

// Name is the business's name, the default for a site that has not saved one (the
// sandbox checkout's merchant).
func (s *Service) Name(ctx context.Context) string {
	p, _ := s.Profile(ctx)
	return p.Name
}
