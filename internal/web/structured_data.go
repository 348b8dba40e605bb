package web

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/business"
	"tourbook/internal/money"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// The tour page's schema.org description for search engines (JSON-LD): a TouristTrip
// whose itinerary is the ordered list of its stops, with one offer per departure still
// ahead. Search engines show prices, dates and ratings from it; it must say what the
// page says, so it is built from the same tour the page is.

type ldTrip struct {
	Context         string     `json:"@context"`
	Type            string     `json:"@type"`
	Name            string     `json:"name"`
	Description     string     `json:"description"`
	URL             string     `json:"url"`
	Image           []string   `json:"image,omitempty"`
	Provider        ldOrg      `json:"provider"`
	Itinerary       ldItemList `json:"itinerary"`
	Offers          []ldOffer  `json:"offers,omitempty"`
	AggregateRating *ldRating  `json:"aggregateRating,omitempty"`
	Duration        string     `json:"duration,omitempty"`
}

// ldOrg is the business (schema.org Organization): the tour's provider, and the home
// page's own JSON-LD.
type ldOrg struct {
	Context   string `json:"@context,omitempty"`
	Type      string `json:"@type"`
	Name      string `json:"name"`
	LegalName string `json:"legalName,omitempty"`
	URL       string `json:"url"`
	Logo      string `json:"logo,omitempty"`
	Email     string `json:"email,omitempty"`
	Telephone string `json:"telephone,omitempty"`
	// Address is the postal address as text (schema.org takes a PostalAddress or Text;
	// the operator writes it as lines, not as fields).
	Address string `json:"address,omitempty"`
}

// organization is p as schema.org describes a business, at the site base.
func organization(p business.Profile, base string) ldOrg {
	o := ldOrg{Type: "Organization", Name: p.Name, LegalName: p.LegalName, URL: base + "/",
		Email: p.ContactEmail, Telephone: p.ContactPhone, Address: strings.Join(p.AddressLines(), ", ")}
	if logo := p.LogoURL(business.LogoHeader); logo != "" {
		o.Logo = base + logo
	}
	return o
}

// OrganizationData is the home page's JSON-LD: the business with its logo, address
// and contact. The document escapes it for its script element (ssr.writeScriptJSON).
func OrganizationData(p business.Profile, base string) ([]byte, error) {
	o := organization(p, base)
	o.Context = "https://schema.org"
	return json.Marshal(o)
}

type ldItemList struct {
	Type          string       `json:"@type"`
	NumberOfItems int          `json:"numberOfItems"`
	ItemListOrder string       `json:"itemListOrder"`
	Elements      []ldListItem `json:"itemListElement"`
}

type ldListItem struct {
	Type     string  `json:"@type"`
	Position int     `json:"position"`
	Item     ldPlace `json:"item"`
}

type ldPlace struct {
	Type        string `json:"@type"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Geo         ldGeo  `json:"geo"`
}

type ldGeo struct {
	Type      string  `json:"@type"`
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
}

type ldOffer struct {
	Type               string `json:"@type"`
	Price              string `json:"price"`
	PriceCurrency      string `json:"priceCurrency"`
	Availability       string `json:"availability"`
	AvailabilityStarts string `json:"availabilityStarts"`
	ValidThrough       string `json:"validThrough"`
	URL                string `json:"url"`
	InventoryLevel     ldQty  `json:"inventoryLevel"`
}

type ldQty struct {
	Type  string `json:"@type"`
	Value int    `json:"value"`
}

type ldRating struct {
	Type        string  `json:"@type"`
	RatingValue float64 `json:"ratingValue"`
	ReviewCount int     `json:"reviewCount"`
	BestRating  int     `json:"bestRating"`
	WorstRating int     `json:"worstRating"`
}

// schema.org's availability values for an offer.
const (
	InStock             = "https://schema.org/InStock"
	LimitedAvailability = "https://schema.org/LimitedAvailability"
	SoldOut             = "https://schema.org/SoldOut"
)

// Availability is a departure's schema.org availability: sold out with no seat left,
// limited with a quarter of its seats or fewer left, else in stock.
func Availability(t tour.Tour, d tour.StartDate) string {
	left := t.SeatsLeft(d)
	switch {
	case left == 0:
		return SoldOut
	case left*4 <= t.CapacityOf(d):
		return LimitedAvailability
	}
	return InStock
}

// TourStructuredData is the JSON-LD of the tour page at base+path. Offers are the
// departures not closed and not yet started at now, sold out ones included (search
// engines show them as such); closed ones are off sale and left out.
func TourStructuredData(t tour.Tour, seller business.Profile, base, path string, now time.Time) ([]byte, error) {
	pageURL := base + path
	trip := ldTrip{
		Context: "https://schema.org", Type: "TouristTrip",
		Name: t.Name, Description: t.Summary, URL: pageURL,
		Provider: organization(seller, base),
		Itinerary: ldItemList{Type: "ItemList", NumberOfItems: len(t.Locations),
			ItemListOrder: "https://schema.org/ItemListOrderAscending", Elements: []ldListItem{}},
	}
	if t.DurationDays > 0 {
		trip.Duration = "P" + strconv.Itoa(t.DurationDays) + "D"
	}
	if t.CoverImage != "" {
		trip.Image = append(trip.Image, base+view.TourImageURL(t.CoverImage))
	}
	for _, p := range t.Pictures {
		trip.Image = append(trip.Image, base+view.TourImageURL(p))
	}
	for i, l := range t.Locations {
		trip.Itinerary.Elements = append(trip.Itinerary.Elements, ldListItem{
			Type: "ListItem", Position: i + 1,
			Item: ldPlace{Type: "Place", Name: l.Description, Description: "Day " + strconv.Itoa(l.Day),
				Geo: ldGeo{Type: "GeoCoordinates", Latitude: l.Point.Lat, Longitude: l.Point.Lng}},
		})
	}
	// A departure's offer is what one traveller of the first category that takes a seat
	// pays on it (its own price, when it has one).
	seat := t.SeatCategory()
	currency := strings.ToUpper(t.Currency)
	for _, d := range t.StartDates {
		if d.Closed || t.Started(d, now) {
			continue
		}
		starts := t.StartsAt(d).Format(time.RFC3339)
		trip.Offers = append(trip.Offers, ldOffer{
			Type: "Offer", Price: money.Decimal(t.PriceOn(d, seat), t.Currency), PriceCurrency: currency,
			Availability: Availability(t, d), AvailabilityStarts: starts,
			// A departure is sold until it starts.
			ValidThrough: starts, URL: pageURL,
			InventoryLevel: ldQty{Type: "QuantitativeValue", Value: t.SeatsLeft(d)},
		})
	}
	if t.RatingsCount > 0 {
		trip.AggregateRating = &ldRating{Type: "AggregateRating",
			RatingValue: view.RoundRating(t.RatingsAverage), ReviewCount: t.RatingsCount,
			BestRating: 5, WorstRating: 1}
	}
	return json.Marshal(trip)
}
