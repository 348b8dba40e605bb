package business

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/currency"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/plaintext"
	"tourbook/internal/tour"
)

// Form is the settings page's form as typed: every field a string, the tax rate in
// percent ("25", "12.5"). The logo is uploaded on its own (SetLogo).
type Form struct {
	Name         string `json:"name"`
	ShortName    string `json:"shortName"`
	Colour       string `json:"colour"`
	ContactEmail string `json:"contactEmail"`
	ContactPhone string `json:"contactPhone"`
	Address      string `json:"address"`
	LegalName    string `json:"legalName"`
	TaxNumber    string `json:"taxNumber"`
	Currency     string `json:"currency"`
	TimeZone     string `json:"timeZone"`
	TaxRate      string `json:"taxRate"`
	Headline     string `json:"headline"`
	Introduction string `json:"introduction"`
}

// Labels name the form's fields as the settings page shows them: every message about a
// field starts with its label.
var Labels = map[string]string{
	"name":         "Business name",
	"shortName":    "Short name",
	"logo":         "Logo",
	"colour":       "Brand colour",
	"contactEmail": "Contact email",
	"contactPhone": "Contact phone",
	"address":      "Postal address",
	"legalName":    "Legal name",
	"taxNumber":    "Tax or VAT number",
	"currency":     "Default currency",
	"timeZone":     "Default time zone",
	"taxRate":      "Default tax rate",
	"headline":     "Home page headline",
	"introduction": "Home page introduction",
}

// FieldLabel names a field for the API's messages about a value of the wrong kind.
func (Form) FieldLabel(key string) string { return Labels[key] }

// Limits of the form's fields, in characters.
const (
	MaxName         = 80
	MaxShortName    = 24
	MaxPhone        = 40
	MaxAddress      = 300
	MaxAddressLines = 6
	MaxLegalName    = 120
	MaxTaxNumber    = 40
	MaxHeadline     = 120
	MaxIntroduction = 1000
)

// ErrNotAllowed: only admins see and change the business's settings.
var ErrNotAllowed = account.ErrNotAllowed

// Settings is the profile as saved, for the settings page: admins only.
func (s *Service) Settings(ctx context.Context, actor account.User) (Profile, error) {
	if !account.CanAdminister(actor) {
		return Profile{}, ErrNotAllowed
	}
	return s.load(ctx)
}

// Save checks every field of the form (all the messages at once, each naming its
// field) and saves it over the profile, keeping its logo, with the changed fields in the
// audit log. Admins only.
func (s *Service) Save(ctx context.Context, actor account.User, in Form) (Profile, error) {
	if !account.CanAdminister(actor) {
		return Profile{}, ErrNotAllowed
	}
	next, err := s.check(in)
	if err != nil {
		return Profile{}, err
	}
	// The logo as stored now, past the cache: an upload on another instance is kept.
	return s.update(ctx, actor, func(old Profile) Profile {
		next.Logo = old.Logo
		return next
	})
}

// check turns the form into a profile, or says what is wrong with each field.
func (s *Service) check(in Form) (Profile, error) {
	var f fault.Fields
	p := Profile{Name: in.Name, ShortName: in.ShortName, ContactEmail: in.ContactEmail, ContactPhone: in.ContactPhone,
		Address: in.Address, LegalName: in.LegalName, TaxNumber: in.TaxNumber, Headline: in.Headline, Introduction: in.Introduction}
	plaintext.Field(&f, "name", Labels["name"], &p.Name, MaxName, true, false)
	plaintext.Field(&f, "shortName", Labels["shortName"], &p.ShortName, MaxShortName, false, false)

	if hex, rgb, ok := ParseColour(in.Colour); !ok {
		f.Add("colour", "%s must be a colour written as # and six hexadecimal digits, like %s.", Labels["colour"], DefaultColour)
	} else if r := Contrast(White, rgb); r < MinContrast {
		f.Add("colour", "%s: text on %s has a contrast of %s; choose a darker colour (at least %s).", Labels["colour"], hex, RatioText(r), RatioText(MinContrast))
	} else {
		p.Colour = hex
	}

	plaintext.Field(&f, "contactEmail", Labels["contactEmail"], &p.ContactEmail, account.MaxEmailLen, false, false)
	if p.ContactEmail != "" && !f.Has("contactEmail") {
		if _, err := account.ValidateEmail(p.ContactEmail); err != nil {
			f.Add("contactEmail", "%s must be an email address, like bookings@example.com.", Labels["contactEmail"])
		}
	}
	plaintext.Field(&f, "contactPhone", Labels["contactPhone"], &p.ContactPhone, MaxPhone, false, false)
	if p.ContactPhone != "" && !f.Has("contactPhone") && !phoneLike(p.ContactPhone) {
		f.Add("contactPhone", "%s may hold digits, spaces, + ( ) - . and / only, like +47 55 12 34 56.", Labels["contactPhone"])
	}
	plaintext.Field(&f, "address", Labels["address"], &p.Address, MaxAddress, false, true)
	p.Address = strings.ReplaceAll(p.Address, "\r\n", "\n")
	if strings.Count(p.Address, "\n") >= MaxAddressLines {
		f.Add("address", "%s must be at most %d lines.", Labels["address"], MaxAddressLines)
	}
	plaintext.Field(&f, "legalName", Labels["legalName"], &p.LegalName, MaxLegalName, false, false)
	plaintext.Field(&f, "taxNumber", Labels["taxNumber"], &p.TaxNumber, MaxTaxNumber, false, false)

	p.Currency = strings.ToLower(strings.TrimSpace(in.Currency))
	if !s.knownCurrency(p.Currency) {
		f.Add("currency", "%s must be one of %s.", Labels["currency"], strings.ToUpper(strings.Join(s.currencies, ", ")))
	}
	p.TimeZone = strings.TrimSpace(in.TimeZone)
	if _, err := tour.LoadZone(p.TimeZone); err != nil || p.TimeZone == "" || utf8.RuneCountInString(p.TimeZone) > 64 {
		f.Add("timeZone", "%s: %q is not one we know. Please use an IANA name such as Europe/Oslo or America/New_York.", Labels["timeZone"], p.TimeZone)
	}
	if bp, ok := ParseTaxRate(in.TaxRate); ok {
		p.TaxRateBasisPoints = bp
	} else {
		f.Add("taxRate", "%s must be a percentage from 0 to 100 with at most two decimals, like 25 or 12.5.", Labels["taxRate"])
	}
	plaintext.Field(&f, "headline", Labels["headline"], &p.Headline, MaxHeadline, false, false)
	plaintext.Field(&f, "introduction", Labels["introduction"], &p.Introduction, MaxIntroduction, false, true)
	if err := f.Err(); err != nil {
		return Profile{}, err
	}
	return p, nil
}

// knownCurrency: an ISO 4217 code, and one the tours may have when the site lists them
// (Options.Currencies): the default is put into new tours.
func (s *Service) knownCurrency(c string) bool {
	if _, err := currency.ParseISO(c); err != nil || len(c) != 3 {
		return false
	}
	return len(s.currencies) == 0 || slices.Contains(s.currencies, c)
}

func phoneLike(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || strings.ContainsRune(" +()-./", r))
	})
}

// entry is the audit log's record of a change from old to next, field by field.
func (s *Service) entry(actor account.User, old, next Profile) audit.Entry {
	e := audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "setting.update", ObjectType: "setting", ObjectID: SettingKey}
	for _, d := range []struct {
		key      string
		old, new any
	}{
		{"name", old.Name, next.Name}, {"shortName", old.ShortName, next.ShortName}, {"logo", old.Logo, next.Logo},
		{"colour", old.Colour, next.Colour}, {"contactEmail", old.ContactEmail, next.ContactEmail},
		{"contactPhone", old.ContactPhone, next.ContactPhone}, {"address", old.Address, next.Address},
		{"legalName", old.LegalName, next.LegalName}, {"taxNumber", old.TaxNumber, next.TaxNumber},
		{"currency", old.Currency, next.Currency}, {"timeZone", old.TimeZone, next.TimeZone},
		{"taxRate", TaxRateText(old.TaxRateBasisPoints), TaxRateText(next.TaxRateBasisPoints)},
		{"headline", old.Headline, next.Headline}, {"introduction", old.Introduction, next.Introduction},
	} {
		e.Changes.Diff(Labels[d.key], d.old, d.new)
	}
	return e
}

// Logos turns an uploaded logo into its three sizes (media.Logos).
type Logos interface {
	// Process checks and stores an upload, returning the name the profile keeps.
	Process(r io.Reader) (string, error)
	// Remove deletes a logo's files.
	Remove(name string) error
}

// SetLogo stores an uploaded logo (PNG, JPEG or WebP; the checks and sizes are
// media.Logos') under a new name and makes it the profile's. The old logo's files stay:
// emails already sent show them. Admins only.
func (s *Service) SetLogo(ctx context.Context, actor account.User, r io.Reader) (Profile, error) {
	if !account.CanAdminister(actor) {
		return Profile{}, ErrNotAllowed
	}
	if s.logos == nil {
		return Profile{}, errors.New("business: no logo storage")
	}
	name, err := s.logos.Process(r)
	if err != nil {
		return Profile{}, err
	}
	p, err := s.setLogo(ctx, actor, name)
	if err != nil {
		// Nothing links to the new files yet.
		_ = s.logos.Remove(name)
		return Profile{}, err
	}
	return p, nil
}

// RemoveLogo takes the logo off the profile: the name is shown in its place. Admins only.
func (s *Service) RemoveLogo(ctx context.Context, actor account.User) (Profile, error) {
	if !account.CanAdminister(actor) {
		return Profile{}, ErrNotAllowed
	}
	return s.setLogo(ctx, actor, "")
}

func (s *Service) setLogo(ctx context.Context, actor account.User, name string) (Profile, error) {
	return s.update(ctx, actor, func(old Profile) Profile {
		old.Logo = name
		return old
	})
}
