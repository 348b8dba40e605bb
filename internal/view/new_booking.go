package view

import (
	"strings"
	"time"

	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// NewBookingDeparture is a departure the New booking form offers.
type NewBookingDeparture struct {
	// Yyyy-mm-dd.
	Date string `json:"date"`
	// "Tue 15 June 2027".
	Label string `json:"label"`
	// "08:30 GMT (Atlantic/Reykjavik)".
	StartTimeLabel string `json:"startTimeLabel"`
	Left           int    `json:"left"`
	// The price per person on this departure (its own, else the tour's), minor units.
	UnitPriceMinor int64 `json:"unitPriceMinor"`
	// Off sale online; the office may still book it.
	Closed bool `json:"closed"`
}

// NewBookingTour is a tour the New booking form offers, with its price.
type NewBookingTour struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Lower-case ISO code, e.g. "usd".
	Currency string `json:"currency"`
	// Digits after the decimal point of the currency (2, or 0 for yen).
	CurrencyDigits int `json:"currencyDigits"`
	// The price per person, in minor units and formatted ("$497.00"): the tour's first
	// price category's, which the form books.
	UnitPriceMinor int64                 `json:"unitPriceMinor"`
	UnitPrice      string                `json:"unitPrice"`
	MaxGroupSize   int                   `json:"maxGroupSize"`
	Departures     []NewBookingDeparture `json:"departures"`
	// Today in the tour's zone, yyyy-mm-dd: the day money is received unless told.
	Today string `json:"today"`
}

// NewBookingProps are the props of /admin/bookings/new?tour=&date=: the tours to book,
// and the tour and departure the address chose ("" when none, or not offered).
type NewBookingProps struct {
	Tours []NewBookingTour `json:"tours"`
	Tour  string           `json:"tour"`
	Date  string           `json:"date"`
}

func NewNewBookingProps(tours []tour.Tour, tourID, date string, now time.Time) NewBookingProps {
	p := NewBookingProps{Tours: make([]NewBookingTour, 0, len(tours))}
	for _, t := range tours {
		cur := strings.ToLower(t.Currency)
		digits := 0
		if strings.Contains(money.Decimal(1, cur), ".") {
			digits = 2
		}
		first := t.PriceCategoriesOf()[0]
		nt := NewBookingTour{ID: t.ID, Name: t.Name, Currency: cur, CurrencyDigits: digits,
			UnitPriceMinor: first.PriceMinor, UnitPrice: money.Format(first.PriceMinor, cur),
			MaxGroupSize: t.MaxGroupSize, Today: now.In(t.Zone()).Format(time.DateOnly), Departures: make([]NewBookingDeparture, 0, len(t.StartDates))}
		for _, d := range t.StartDates {
			day := d.Date.Format(time.DateOnly)
			nt.Departures = append(nt.Departures, NewBookingDeparture{Date: day, Label: FormatDate(d.Date),
				StartTimeLabel: StartTimeLabel(t, d), Left: t.SeatsLeft(d), UnitPriceMinor: t.PriceOn(d, first), Closed: d.Closed})
			if t.ID == tourID && day == date {
				p.Date = date
			}
		}
		if t.ID == tourID {
			p.Tour = tourID
		}
		p.Tours = append(p.Tours, nt)
	}
	return p
}
