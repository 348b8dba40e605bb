package emails

import (
	"reflect"
	"testing"

	"tourbook/internal/business"
)

// TestSiteOf: what the emails say of a business: its logo at the site's address, its
// address's lines, contact and colours; a colour that is not "#rrggbb" paints the
// default green, and a business with nothing saved is the default site.
func TestSiteOf(t *testing.T) {
	p := business.Profile{Name: "Fjord & Fell Tours", Logo: "logo-7f3a", Colour: "#0B4F6C", ContactEmail: "hello@fjordfell.example",
		ContactPhone: "+47 55 12 34 56", Address: "Strandkaien 3\n\n5013 Bergen\n"}
	want := Site{Name: "Fjord & Fell Tours", URL: "https://fjordfell.example", Logo: "https://fjordfell.example/img/brand/logo-7f3a-email.png",
		Address: []string{"Strandkaien 3", "5013 Bergen"}, ContactEmail: "hello@fjordfell.example", ContactPhone: "+47 55 12 34 56",
		Colour: "#0b4f6c", ColourDark: "#08374c", ColourLight: "#e7edf0"}
	if got := SiteOf(p, "https://fjordfell.example"); !reflect.DeepEqual(got, want) {
		t.Errorf("SiteOf = %+v\nwant %+v", got, want)
	}
	p.Colour = "red;}"
	if got := SiteOf(p, "https://fjordfell.example"); got.Colour != "#1f6f50" || got.ColourDark != "#155239" || got.ColourLight != "#e8f3ee" {
		t.Errorf("an invalid colour paints %s %s %s", got.Colour, got.ColourDark, got.ColourLight)
	}
	fresh := SiteOf(business.Profile{}.WithDefaults(), "https://tours.example")
	if fresh.Name != "Tourbook" || fresh.Logo != "" || len(fresh.Address) != 0 || fresh.Address == nil || fresh.Colour != "#1f6f50" {
		t.Errorf("a fresh site's emails: %+v", fresh)
	}
}
