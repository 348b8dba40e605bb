package view

import "tourbook/internal/business"

// WithProfile is s showing the business p: its name, logo and contact. The map's tiles
// are the configuration's and stay.
func (s SiteConfig) WithProfile(p business.Profile) SiteConfig {
	s.Name, s.ShortName = p.Name, p.ShortName
	s.Logo = p.LogoURL(business.LogoHeader)
	s.ContactEmail, s.ContactPhone = p.ContactEmail, p.ContactPhone
	s.Address = p.AddressLines()
	return s
}
