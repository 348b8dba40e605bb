package catalog

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/input"
	"tourbook/internal/money"
	"tourbook/internal/receipt"
	"tourbook/internal/tour"
)

// TourInput is what an operator sends to create or change a tour (docs/admin.md,
// TourInput). A nil field is left as it is; Create starts from an empty tour, so there
// every field is needed.
type TourInput struct {
	Name         *string       `json:"name"`
	Slug         *string       `json:"slug"`
	Summary      *string       `json:"summary"`
	Description  *string       `json:"description"`
	Difficulty   *string       `json:"difficulty"`
	DurationDays *input.Number `json:"durationDays"`
	MaxGroupSize *input.Number `json:"maxGroupSize"`
	// Price and PriceDiscount: minor units as a number, or the amount typed in major units
	// as text ("1.290,00"), read by money.Parse.
	Price         *money.Amount `json:"price"`
	PriceDiscount *money.Amount `json:"priceDiscount"`
	Currency      *string       `json:"currency"`
	TimeZone      *string       `json:"timeZone"`
	// TaxRate is the tax included in the price, in percent ("25", "12.5"); a new tour
	// without one takes the business's default.
	TaxRate       *input.Number `json:"taxRate"`
	StartLocation *PlaceInput   `json:"startLocation"`
	Locations     *[]StopInput  `json:"locations"`
	Guides        *[]string     `json:"guides"`
	// CancellationPolicy replaces the refund tiers, in any order (they are sorted).
	CancellationPolicy *[]TierInput `json:"cancellationPolicy"`
	// What a booking buys and is asked (issue #23; form.go): each replaces the whole list.
	// Given price categories set the price to the first one's and the discount to 0,
	// unless the first category's price is unchanged and price or priceDiscount is given
	// too: then those set the first category's price (syncFirstPrice).
	PriceCategories    *[]CategoryInput `json:"priceCategories"`
	Extras             *[]ExtraInput    `json:"extras"`
	Travellers         *string          `json:"travellers"`
	Questions          *[]QuestionInput `json:"questions"`
	AnswersCutoffHours *input.Number    `json:"answersCutoffHours"`
	// Deposit replaces the tour's deposit settings (deposit.go); kind "" takes none.
	Deposit *DepositInput `json:"deposit"`
}

// TierInput is one refund tier: cancelling at least DaysBefore days before the
// departure's day refunds Percent of the price.
type TierInput struct {
	DaysBefore input.Number `json:"daysBefore"`
	Percent    input.Number `json:"percent"`
}

// PlaceInput is a position ([lng, lat], SPEC.md §3) and what is there.
type PlaceInput struct {
	Coordinates [2]input.Number `json:"coordinates"`
	Description string          `json:"description"`
}

// StopInput is one stop of the itinerary.
type StopInput struct {
	Coordinates [2]input.Number `json:"coordinates"`
	Day         input.Number    `json:"day"`
	Description string          `json:"description"`
}

// Labels are the tour form's fields as the operator sees them, by the key the API names
// them with; a stop's and a tier's fields are "locations.{i}.day" and the like, labelled
// by label().
var labels = map[string]string{
	"name": "Name", "slug": "Slug", "summary": "Summary", "description": "Description",
	"difficulty": "Difficulty", "durationDays": "Duration (days)", "maxGroupSize": "Maximum group size",
	"price": "Price per person", "priceDiscount": "Discount per person", "currency": "Currency",
	"timeZone": "Time zone", "taxRate": "Tax rate (%)", "startLocation.description": "Start location's place",
	"startLocation.lng": "Start location's longitude", "startLocation.lat": "Start location's latitude",
	"locations": "Stops", "guides": "Guides", "cancellationPolicy": "Cancellation policy",
	"priceCategories": "Price categories", "extras": "Extras", "travellers": "Traveller details",
	"questions": "Questions", "answersCutoffHours": "Answers can be changed until (hours before departure)",
	"deposit.kind": "Deposit", "deposit.percent": "Deposit (% of the price)", "deposit.amount": "Deposit per traveller",
	"deposit.balanceDays": "Balance due (days before departure)",
}

// stopKey is the key of field of the i-th stop (from 0), and its label ("Stop 2's day").
func stopKey(i int, field string) (string, string) {
	names := map[string]string{"lng": "longitude", "lat": "latitude", "day": "day", "description": "description"}
	return fmt.Sprintf("locations.%d.%s", i, field), fmt.Sprintf("Stop %d's %s", i+1, names[field])
}

// tierKey is the key of field of the i-th refund tier (from 0), and its label.
func tierKey(i int, field string) (string, string) {
	names := map[string]string{"daysBefore": "days before departure", "percent": "refund"}
	return fmt.Sprintf("cancellationPolicy.%d.%s", i, field), fmt.Sprintf("Cancellation tier %d's %s", i+1, names[field])
}

// FieldLabel is the label of a field of the form, by its key ("" for none): the API
// names fields with it when a request cannot even be read.
func (TourInput) FieldLabel(key string) string { return labels[key] }

// whole reads a whole-number field, noting in f when it is not one.
func whole(f *fault.Fields, key, label string, n input.Number, dst *int) {
	number(f, key, label, n, input.Number.Int, "a whole number, e.g. 7", dst)
}

// coordinate reads a latitude or longitude field, noting in f when it is not a number.
func coordinate(f *fault.Fields, key, label string, n input.Number, dst *float64) {
	number(f, key, label, n, input.Number.Float, "a number, e.g. 38.7223", dst)
}

// number reads n with read into dst, noting in f when it is empty or not what must be.
func number[T int | float64](f *fault.Fields, key, label string, n input.Number, read func(input.Number) (T, bool), must string, dst *T) {
	if v, ok := read(n); ok {
		*dst = v
		return
	}
	if n.Empty() {
		f.Add(key, "%s cannot be empty.", label)
		return
	}
	f.Add(key, "%s must be %s.", label, must)
}

// amount reads an amount field in t's currency, noting in f what is wrong with it.
func amount(f *fault.Fields, key string, a money.Amount, currency string, optional bool, dst *int64) {
	labelledAmount(f, key, labels[key], a, currency, optional, dst)
}

// labelledAmount is amount for a field labelled label.
func labelledAmount(f *fault.Fields, key, label string, a money.Amount, currency string, optional bool, dst *int64) {
	v, err := a.Minor(currency, optional)
	switch {
	case err == nil:
		*dst = v
	case errors.Is(err, money.ErrTooLarge):
		f.Add(key, "%s is too high: at most %s.", label, money.Format(maxPriceMinor, currency))
	default:
		if text, typed := a.Typed(); typed && strings.TrimSpace(text) == "" {
			f.Add(key, "%s cannot be empty.", label)
			return
		}
		f.Add(key, "%s", money.Explain(label, err))
	}
}

// apply sets the given fields on t, noting in f the fields that are not numbers where
// numbers are needed (those stay as they were).
func (in TourInput) apply(t *tour.Tour, f *fault.Fields) {
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
		whole(f, "durationDays", labels["durationDays"], *in.DurationDays, &t.DurationDays)
	}
	if in.MaxGroupSize != nil {
		whole(f, "maxGroupSize", labels["maxGroupSize"], *in.MaxGroupSize, &t.MaxGroupSize)
	}
	cur := strings.ToLower(strings.TrimSpace(t.Currency))
	if in.Price != nil {
		amount(f, "price", *in.Price, cur, false, &t.PriceMinor)
	}
	if in.PriceDiscount != nil {
		// An empty discount is none.
		amount(f, "priceDiscount", *in.PriceDiscount, cur, true, &t.DiscountMinor)
	}
	if in.TaxRate != nil {
		taxRate(f, *in.TaxRate, &t.TaxRate)
	}
	if p := in.StartLocation; p != nil {
		t.StartLocation = tour.Location{Description: p.Description}
		coordinate(f, "startLocation.lng", labels["startLocation.lng"], p.Coordinates[0], &t.StartLocation.Point.Lng)
		coordinate(f, "startLocation.lat", labels["startLocation.lat"], p.Coordinates[1], &t.StartLocation.Point.Lat)
	}
	if in.Locations != nil {
		t.Locations = make([]tour.Location, len(*in.Locations))
		for i, l := range *in.Locations {
			t.Locations[i] = tour.Location{Description: l.Description}
			key, label := stopKey(i, "lng")
			coordinate(f, key, label, l.Coordinates[0], &t.Locations[i].Point.Lng)
			key, label = stopKey(i, "lat")
			coordinate(f, key, label, l.Coordinates[1], &t.Locations[i].Point.Lat)
			key, label = stopKey(i, "day")
			whole(f, key, label, l.Day, &t.Locations[i].Day)
		}
	}
	if in.CancellationPolicy != nil {
		t.Policy = make(tour.CancellationPolicy, len(*in.CancellationPolicy))
		for i, tier := range *in.CancellationPolicy {
			key, label := tierKey(i, "daysBefore")
			whole(f, key, label, tier.DaysBefore, &t.Policy[i].DaysBefore)
			key, label = tierKey(i, "percent")
			whole(f, key, label, tier.Percent, &t.Policy[i].Percent)
		}
	}
	if in.Guides != nil {
		t.Guides = make([]tour.Guide, len(*in.Guides))
		for i, id := range *in.Guides {
			t.Guides[i] = tour.Guide{UserID: id}
		}
	}
	in.applyForm(t, cur, f)
}

// taxRate reads a tax rate in percent, with at most two decimals, as basis points.
func taxRate(f *fault.Fields, n input.Number, dst *int) {
	var pct float64
	number(f, "taxRate", labels["taxRate"], n, input.Number.Float, "a percentage, e.g. 25 or 12.5", &pct)
	if f.Has("taxRate") {
		return
	}
	bp := math.Round(pct * 100)
	switch {
	case pct < 0 || bp > receipt.MaxTaxRate:
		f.Add("taxRate", "%s must be between 0 and 100.", labels["taxRate"])
	case math.Abs(pct*100-bp) > 1e-6:
		f.Add("taxRate", "%s can have at most two decimals, e.g. 12.5.", labels["taxRate"])
	default:
		*dst = int(bp)
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
	c.Diff("taxRate", before.TaxRate, after.TaxRate)
	c.Diff("startLocation", before.StartLocation, after.StartLocation)
	c.Diff("locations", stops(before.Locations), stops(after.Locations))
	c.Diff("guides", guideIDs(before.Guides), guideIDs(after.Guides))
	c.Diff("cancellationPolicy", tiers(before.Policy), tiers(after.Policy))
	c.Diff("priceCategories", before.PriceCategoriesOf(), after.PriceCategoriesOf())
	c.Diff("extras", nonNil(before.Extras), nonNil(after.Extras))
	c.Diff("travellers", before.Travellers, after.Travellers)
	c.Diff("questions", nonNil(before.Questions), nonNil(after.Questions))
	c.Diff("answersCutoffHours", before.AnswersCutoffHours, after.AnswersCutoffHours)
	c.Diff("deposit", before.Deposit, after.Deposit)
	return c
}

// tierRecord and stopRecord are a tier and a stop as the audit log writes them.
type tierRecord struct {
	DaysBefore int `json:"daysBefore"`
	Percent    int `json:"percent"`
}

type stopRecord struct {
	Coordinates [2]float64 `json:"coordinates"`
	Day         int        `json:"day"`
	Description string     `json:"description"`
}

// tiers is a policy as the audit log writes it, so nil and empty compare equal.
func tiers(p tour.CancellationPolicy) []tierRecord {
	out := []tierRecord{}
	for _, t := range p {
		out = append(out, tierRecord(t))
	}
	return out
}

// stops is locations as the audit log writes them, so nil and empty compare equal.
func stops(locs []tour.Location) []stopRecord {
	out := []stopRecord{}
	for _, l := range locs {
		out = append(out, stopRecord{Coordinates: [2]float64{l.Point.Lng, l.Point.Lat}, Day: l.Day, Description: l.Description})
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

// nonNil is list, or an empty one for nil, so that nil and empty compare equal.
func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
