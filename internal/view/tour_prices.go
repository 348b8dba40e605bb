package view

import (
	"strconv"
	"time"

	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// What the tour page shows and its booking panel asks (issue #23 §1–2): the price
// categories with their price per person, the extras, whose details and which of the
// operator's questions. Prices per person come formatted from here; the panel's running
// total is added up in the browser from the departures' minor units (StartDateOption.
// Prices) and written as money.Format does (ui/src/lib/amount.ts), for display only: the
// server computes what is paid.

// CategoryOption is one price category on the tour page and in the booking panel.
type CategoryOption struct {
	// ID is what the checkout call's units name ("adult").
	ID   string `json:"id"`
	Name string `json:"name"`
	// Price per person before a date is chosen: the next bookable departure's ("$1,490"),
	// "from $990" when the bookable departures differ (the lowest), "Free" at no cost.
	Price string `json:"price"`
	// Ages is the age range as people read it ("Ages 4–11", "Ages 12+"), "" for none.
	Ages string `json:"ages"`
	// TakesSeat is false for travellers who take no seat (an infant on a lap).
	TakesSeat bool `json:"takesSeat"`
	// Min and Max bound how many of the category one booking has; 0 is no bound.
	Min int `json:"min"`
	Max int `json:"max"`
	// OnlyWith is the ID of the category this one is booked only alongside, "" for none.
	OnlyWith string `json:"onlyWith"`
}

// ExtraOption is an extra the booking panel offers.
type ExtraOption struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// PerTraveller: each is for one traveller (at most one each); else once per booking.
	PerTraveller bool `json:"perTraveller"`
	// PriceMinor is one's price in minor units, for the running total.
	PriceMinor int64 `json:"priceMinor"`
	// Price is one's price as people read it, e.g. "$25".
	Price string `json:"price"`
	// Max is the most one booking may take (its stock per departure), 0 for no limit.
	Max int `json:"max"`
}

// QuestionField is one of the operator's questions as the booking panel asks it: the
// same question as QuestionView (admin_tour.go), kept separate only so that its empty
// help, options and categories are left out of the tour page's props (omitempty), which
// every visitor downloads and hydrates; the UI's QuestionInput takes either.
type QuestionField struct {
	ID    string            `json:"id"`
	Label string            `json:"label"`
	Help  string            `json:"help,omitempty"`
	Type  tour.QuestionType `json:"type"`
	// Options are the choices of a "choice" or "choices" question.
	Options  []string `json:"options,omitempty"`
	Required bool     `json:"required"`
	// PerTraveller asks it of every traveller (of Categories' travellers, when named)
	// rather than once per booking.
	PerTraveller bool     `json:"perTraveller"`
	Categories   []string `json:"categories,omitempty"`
}

// BookingForm is what the booking panel asks of a tour beyond the date.
type BookingForm struct {
	// Currency of every price (ISO 4217, as stored: "usd").
	Currency   string           `json:"currency"`
	Categories []CategoryOption `json:"categories"`
	Extras     []ExtraOption    `json:"extras"`
	// Travellers is whose details are asked: "" nobody's, "lead" the lead traveller's
	// name and phone, "all" every traveller's name.
	Travellers tour.TravellerDetails `json:"travellers"`
	Questions  []QuestionField       `json:"questions"`
	// Deposit is what the dates with a BalanceDue ask at checkout; null: none.
	Deposit *DepositTerms `json:"deposit"`
}

// DepositTerms is a tour's deposit as the booking panel works it out (tour.Tour.Split):
// Percent of the total rounded up, or AmountMinor per seat; one that would be the whole
// total (or more) is none.
type DepositTerms struct {
	Percent     int   `json:"percent"`
	AmountMinor int64 `json:"amountMinor"`
}

// NewBookingForm is t's price categories (their prices per person as of now), extras,
// traveller details and questions.
func NewBookingForm(t tour.Tour, now time.Time) BookingForm {
	f := BookingForm{Currency: t.Currency, Categories: []CategoryOption{}, Extras: []ExtraOption{},
		Travellers: t.Travellers, Questions: []QuestionField{}}
	var bookable []tour.StartDate
	for _, d := range t.StartDates {
		if t.Bookable(d, now) {
			bookable = append(bookable, d)
		}
	}
	for _, c := range t.PriceCategoriesOf() {
		f.Categories = append(f.Categories, CategoryOption{
			ID: c.ID, Name: c.Name, Price: pricePerPerson(t, c, bookable), Ages: agesLabel(c.MinAge, c.MaxAge),
			TakesSeat: c.TakesSeat, Min: c.Min, Max: c.Max, OnlyWith: c.OnlyWith,
		})
	}
	for _, e := range t.Extras {
		f.Extras = append(f.Extras, ExtraOption{ID: e.ID, Name: e.Name, Description: e.Description,
			PerTraveller: e.Per == tour.PerTraveller, PriceMinor: e.PriceMinor,
			Price: money.FormatShort(e.PriceMinor, t.Currency), Max: e.Stock})
	}
	for _, q := range t.Questions {
		f.Questions = append(f.Questions, QuestionField{ID: q.ID, Label: q.Label, Help: q.Help, Type: q.Type,
			Options: q.Options, Required: q.Required, PerTraveller: q.PerTraveller, Categories: q.Categories})
	}
	if t.Deposit.On() {
		f.Deposit = &DepositTerms{AmountMinor: t.Deposit.AmountMinor}
		if t.Deposit.Kind == tour.DepositPercent {
			f.Deposit = &DepositTerms{Percent: t.Deposit.Percent}
		}
	}
	return f
}

// pricePerPerson is what one traveller of c pays, before a date is chosen: the next
// bookable departure's price, or "from" the lowest when the bookable departures differ;
// the category's own price when none is bookable.
func pricePerPerson(t tour.Tour, c tour.PriceCategory, bookable []tour.StartDate) string {
	if len(bookable) == 0 {
		return priceLabel(c.PriceMinor, t.Currency)
	}
	first := t.PriceOn(bookable[0], c)
	low, differ := first, false
	for _, d := range bookable[1:] {
		p := t.PriceOn(d, c)
		differ = differ || p != first
		low = min(low, p)
	}
	if differ {
		return "from " + money.FormatShort(low, t.Currency)
	}
	return priceLabel(first, t.Currency)
}

func priceLabel(minor int64, currency string) string {
	if minor == 0 {
		return "Free"
	}
	return money.FormatShort(minor, currency)
}

// agesLabel is an age range as people read it; 0 is no bound.
func agesLabel(minAge, maxAge int) string {
	switch {
	case maxAge > 0:
		return "Ages " + strconv.Itoa(minAge) + "–" + strconv.Itoa(maxAge)
	case minAge > 0:
		return "Ages " + strconv.Itoa(minAge) + "+"
	}
	return ""
}

// departurePrices is what one traveller of each of t's categories pays on d, in minor
// units, in the categories' order.
func departurePrices(t tour.Tour, d tour.StartDate) []int64 {
	cs := t.PriceCategoriesOf()
	out := make([]int64, len(cs))
	for i, c := range cs {
		out[i] = t.PriceOn(d, c)
	}
	return out
}
