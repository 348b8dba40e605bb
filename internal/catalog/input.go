package catalog

import (
	"tourbook/internal/audit"
	"tourbook/internal/tour"
)

// TourInput is what an operator sends to create or change a tour (docs/admin.md,
// TourInput). A nil field is left as it is; Create starts from an empty tour, so there
// every field is needed.
type TourInput struct {
	Name          *string      `json:"name"`
	Slug          *string      `json:"slug"`
	Summary       *string      `json:"summary"`
	Description   *string      `json:"description"`
	Difficulty    *string      `json:"difficulty"`
	DurationDays  *int         `json:"durationDays"`
	MaxGroupSize  *int         `json:"maxGroupSize"`
	Price         *int64       `json:"price"`
	PriceDiscount *int64       `json:"priceDiscount"`
	Currency      *string      `json:"currency"`
	TimeZone      *string      `json:"timeZone"`
	StartLocation *PlaceInput  `json:"startLocation"`
	Locations     *[]StopInput `json:"locations"`
	Guides        *[]string    `json:"guides"`
	// CancellationPolicy replaces the refund tiers, in any order (they are sorted).
	CancellationPolicy *[]TierInput `json:"cancellationPolicy"`
}

// TierInput is one refund tier: cancelling at least DaysBefore days before the
// departure's day refunds Percent of the price.
type TierInput struct {
	DaysBefore int `json:"daysBefore"`
	Percent    int `json:"percent"`
}

// PlaceInput is a position ([lng, lat], SPEC.md §3) and what is there.
type PlaceInput struct {
	Coordinates [2]float64 `json:"coordinates"`
	Description string     `json:"description"`
}

// StopInput is one stop of the itinerary.
type StopInput struct {
	Coordinates [2]float64 `json:"coordinates"`
	Day         int        `json:"day"`
	Description string     `json:"description"`
}

// apply sets the given fields on t.
func (in TourInput) apply(t *tour.Tour) {
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&t.Name, in.Name)
	set(&t.Slug, in.Slug)
	set(&t.Summary, in.Summary)
	set(&t.Description, in.Description)
	set(&t.Currency, in.Currency)
	set(&t.TimeZone, in.TimeZone)
	if in.Difficulty != nil {
		t.Difficulty = tour.Difficulty(*in.Difficulty)
	}
	if in.DurationDays != nil {
		t.DurationDays = *in.DurationDays
	}
	if in.MaxGroupSize != nil {
		t.MaxGroupSize = *in.MaxGroupSize
	}
	if in.Price != nil {
		t.PriceMinor = *in.Price
	}
	if in.PriceDiscount != nil {
		t.DiscountMinor = *in.PriceDiscount
	}
	if in.StartLocation != nil {
		t.StartLocation = tour.Location{
			Point:       tour.Point{Lng: in.StartLocation.Coordinates[0], Lat: in.StartLocation.Coordinates[1]},
			Description: in.StartLocation.Description,
		}
	}
	if in.Locations != nil {
		t.Locations = make([]tour.Location, len(*in.Locations))
		for i, l := range *in.Locations {
			t.Locations[i] = tour.Location{Point: tour.Point{Lng: l.Coordinates[0], Lat: l.Coordinates[1]}, Day: l.Day, Description: l.Description}
		}
	}
	if in.CancellationPolicy != nil {
		t.Policy = make(tour.CancellationPolicy, len(*in.CancellationPolicy))
		for i, tier := range *in.CancellationPolicy {
			t.Policy[i] = tour.RefundTier(tier)
		}
	}
	if in.Guides != nil {
		t.Guides = make([]tour.Guide, len(*in.Guides))
		for i, id := range *in.Guides {
			t.Guides[i] = tour.Guide{UserID: id}
		}
	}
}

// fieldsOf lists the editable fields that differ between before and after, for the
// audit log.
func fieldsOf(before, after tour.Tour) audit.Changes {
	c := audit.Changes{}
	c.Diff("name", before.Name, after.Name)
	c.Diff("slug", before.Slug, after.Slug)
	c.Diff("summary", before.Summary, after.Summary)
	c.Diff("description", before.Description, after.Description)
	c.Diff("difficulty", before.Difficulty, after.Difficulty)
	c.Diff("durationDays", before.DurationDays, after.DurationDays)
	c.Diff("maxGroupSize", before.MaxGroupSize, after.MaxGroupSize)
	c.Diff("price", before.PriceMinor, after.PriceMinor)
	c.Diff("priceDiscount", before.DiscountMinor, after.DiscountMinor)
	c.Diff("currency", before.Currency, after.Currency)
	c.Diff("timeZone", before.TimeZone, after.TimeZone)
	c.Diff("startLocation", before.StartLocation, after.StartLocation)
	c.Diff("locations", stops(before.Locations), stops(after.Locations))
	c.Diff("guides", guideIDs(before.Guides), guideIDs(after.Guides))
	c.Diff("cancellationPolicy", tiers(before.Policy), tiers(after.Policy))
	return c
}

// tiers is a policy as the API writes it, so nil and empty compare equal.
func tiers(p tour.CancellationPolicy) []TierInput {
	out := []TierInput{}
	for _, t := range p {
		out = append(out, TierInput(t))
	}
	return out
}

// stops is locations as the API writes them, so nil and empty compare equal.
func stops(locs []tour.Location) []StopInput {
	out := []StopInput{}
	for _, l := range locs {
		out = append(out, StopInput{Coordinates: [2]float64{l.Point.Lng, l.Point.Lat}, Day: l.Day, Description: l.Description})
	}
	return out
}

func guideIDs(gs []tour.Guide) []string {
	out := []string{}
	for _, g := range gs {
		out = append(out, g.UserID)
	}
	return out
}
