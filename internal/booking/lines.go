package booking

import (
	"strconv"
	"strings"

	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

// What a booking bought and was told (issue #23), kept as it was sold: a later change to
// the tour's categories, extras or questions never changes it.

// Unit is how many travellers of one price category a booking has, at what price each.
type Unit struct {
	CategoryID string `json:"category"`
	Name       string `json:"name"`
	Count      int    `json:"count"`
	PriceMinor int64  `json:"price"` // per traveller
	TakesSeat  bool   `json:"takesSeat"`
}

// ExtraLine is an extra a booking added: Quantity of it at PriceMinor each.
type ExtraLine struct {
	ExtraID    string        `json:"extra"`
	Name       string        `json:"name"`
	Per        tour.ExtraPer `json:"per"`
	Quantity   int           `json:"quantity"`
	PriceMinor int64         `json:"price"` // each
}

// Traveller is one person travelling: the lead (the first) or each one, as the tour
// asks (tour.TravellerDetails).
type Traveller struct {
	CategoryID string `json:"category"`
	Name       string `json:"name"`
	Phone      string `json:"phone,omitempty"`
}

// Answer is one answer to one of the tour's questions, with the question as it was
// asked (its label and type), so a question edited or removed later leaves it as given.
type Answer struct {
	QuestionID string            `json:"question"`
	Label      string            `json:"label"`
	Type       tour.QuestionType `json:"type"`
	// Traveller is the index in Booking.Travellers of the traveller it is about (1 is
	// the first), or 0 for a question asked once per booking.
	Traveller int    `json:"traveller,omitempty"`
	Value     string `json:"value"`
}

// Text is the answer as a person reads it, on every page, email, manifest and CSV:
// "Yes" or "No", several choices joined by ", ", the value as given otherwise.
func (a Answer) Text() string {
	switch a.Type {
	case tour.YesNo:
		switch a.Value {
		case "yes":
			return "Yes"
		case "no":
			return "No"
		}
	case tour.Choices:
		return strings.ReplaceAll(a.Value, "\n", ", ")
	}
	return a.Value
}

// UnitsOf is what b bought per price category: its own units, or, for a booking made
// before categories existed, its participants as that many of the default category at
// an equal share of its price.
func (b Booking) UnitsOf() []Unit {
	if len(b.Units) > 0 {
		return b.Units
	}
	n := max(b.Participants, 1)
	return []Unit{{CategoryID: tour.DefaultCategoryID, Name: "Adult", Count: b.Participants,
		PriceMinor: b.AmountMinor / int64(n), TakesSeat: true}}
}

// Travelling is how many people b has, seated or not.
func (b Booking) Travelling() int {
	n := 0
	for _, u := range b.UnitsOf() {
		n += u.Count
	}
	return n
}

// TravellerNames is the names given of travellers, in order, the unnamed left out.
func TravellerNames(travellers []Traveller) []string {
	names := []string{}
	for _, t := range travellers {
		if t.Name != "" {
			names = append(names, t.Name)
		}
	}
	return names
}

// UnitsText is the travellers of units as people read them: "2 Adult · 1 Child",
// categories with none left out.
func UnitsText(units []Unit) string {
	parts := make([]string, 0, len(units))
	for _, u := range units {
		if u.Count > 0 {
			parts = append(parts, strconv.Itoa(u.Count)+" "+u.Name)
		}
	}
	return strings.Join(parts, " · ")
}

// LineItems is what a checkout lists for units and extras: the items they make
// (itemsOf), one line each.
func LineItems(units []Unit, extras []ExtraLine) []payment.LineItem {
	items := itemsOf(units, extras)
	out := make([]payment.LineItem, 0, len(items))
	for _, it := range items {
		out = append(out, payment.LineItem{Name: it.Name, UnitAmountMinor: it.PriceMinor, Quantity: it.Quantity})
	}
	return out
}

// lineItems is what b's checkout lists: its units and extras, the lines of which add up
// to its price. A booking made before categories existed whose price does not divide
// evenly among its travellers is one line for all of them, so the checkout charges
// exactly its price.
func (b Booking) lineItems() []payment.LineItem {
	lines := LineItems(b.UnitsOf(), b.Extras)
	var total int64
	for _, l := range lines {
		total += l.AmountMinor()
	}
	if total != b.AmountMinor {
		return []payment.LineItem{{Name: participantsText(b.Participants), UnitAmountMinor: b.AmountMinor, Quantity: 1}}
	}
	return lines
}
