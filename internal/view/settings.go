package view

import "tourbook/internal/business"

// AdminSettingsProps are the props of /admin/settings (admins): the business's profile
// and the choices its form offers.
type AdminSettingsProps struct {
	Settings BusinessSettings `json:"settings"`
	// Currencies the default currency may be (those of tours), lower case.
	Currencies []string `json:"currencies"`
	// TimeZones are suggestions for the default time zone; any IANA name is taken.
	TimeZones []string `json:"timeZones"`
	// MinContrast is the contrast white text must have on the brand colour (4.5).
	MinContrast float64 `json:"minContrast"`
}

// BusinessSettings is the profile as the settings form edits it and the API answers:
// as saved, with the defaults a fresh site uses for the colour, currency and time zone.
type BusinessSettings struct {
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
	// TaxRate is the default tax rate in percent, as typed ("25", "12.5").
	TaxRate      string `json:"taxRate"`
	Headline     string `json:"headline"`
	Introduction string `json:"introduction"`
	// Logo is the uploaded logo in its sizes; null without one.
	Logo *LogoURLs `json:"logo"`
}

// LogoURLs are the addresses of the logo's sizes.
type LogoURLs struct {
	Header  string `json:"header"`
	Email   string `json:"email"`
	Favicon string `json:"favicon"`
}

// NewBusinessSettings is p (as stored) for the settings form.
func NewBusinessSettings(p business.Profile) BusinessSettings {
	d := p.WithDefaults()
	s := BusinessSettings{Name: p.Name, ShortName: p.ShortName, Colour: d.Colour, ContactEmail: p.ContactEmail,
		ContactPhone: p.ContactPhone, Address: p.Address, LegalName: p.LegalName, TaxNumber: p.TaxNumber,
		Currency: d.Currency, TimeZone: d.TimeZone, TaxRate: business.TaxRateText(p.TaxRateBasisPoints),
		Headline: p.Headline, Introduction: p.Introduction}
	if p.Logo != "" {
		s.Logo = &LogoURLs{Header: p.LogoURL(business.LogoHeader), Email: p.LogoURL(business.LogoEmail), Favicon: p.LogoURL(business.LogoFavicon)}
	}
	return s
}
