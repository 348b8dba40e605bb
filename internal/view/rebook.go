package view

import (
	"fmt"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/money"
	"tourbook/internal/rebook"
	"tourbook/internal/tour"
)

// Changing a booking and refunding it without cancelling (/admin/bookings/{id}).

// ChangeDeparture is a departure a booking may be moved to.
type ChangeDeparture struct {
	// Yyyy-mm-dd.
	Date string `json:"date"`
	// "Tue 15 June 2027, 08:30 GMT (Atlantic/Reykjavik)".
	Label     string `json:"label"`
	SeatsLeft int    `json:"seatsLeft"`
}

// BookingChangeOptions are the choices of a booking's change and refund forms.
type BookingChangeOptions struct {
	// The tour's open departures not yet started, the booking's own among them.
	Departures    []ChangeDeparture `json:"departures"`
	MaxTravellers int               `json:"maxTravellers"`
	// What the booking's cancellation policy would refund now, minor units and
	// formatted ("$248.50"), and why ("50% refund, 12 days before departure").
	SuggestedRefundMinor int64  `json:"suggestedRefundMinor"`
	SuggestedRefund      string `json:"suggestedRefund"`
	SuggestedRefundNote  string `json:"suggestedRefundNote"`
	// How money goes back: "to the card" or "outside the site (cash)".
	RefundWay string `json:"refundWay"`
}

// ChangePreview is a change worked out before the operator confirms it.
type ChangePreview struct {
	// "Travellers: 3 → 2" lines.
	Changes     []string `json:"changes"`
	RefundMinor int64    `json:"refundMinor"`
	DueMinor    int64    `json:"dueMinor"`
	// What will happen, in a sentence: "$497.00 will be refunded to the card; the
	// booking stays active with 2 travellers."
	Summary string `json:"summary"`
	// Whether and how the customer is told: "The customer gets an email ...".
	Email string `json:"email"`
}

// RefundWay says how money goes back to the customer of b.
func RefundWay(b booking.Booking) string {
	if b.Source != booking.Online && b.Source != "" {
		return "outside the site (" + SourceLabel(b.Source) + ")"
	}
	return "to the card"
}

func NewBookingChangeOptions(b booking.Booking, c rebook.Choices) BookingChangeOptions {
	out := BookingChangeOptions{Departures: make([]ChangeDeparture, 0, len(c.Departures)), MaxTravellers: c.Tour.MaxGroupSize,
		SuggestedRefundMinor: c.Quote.RefundMinor, SuggestedRefund: money.Format(c.Quote.RefundMinor, b.Currency),
		RefundWay: RefundWay(b)}
	for _, d := range c.Departures {
		out.Departures = append(out.Departures, ChangeDeparture{Date: d.Date.Format(time.DateOnly),
			Label: departureLabel(c.Tour, d), SeatsLeft: c.Tour.SeatsLeft(d)})
	}
	switch {
	case b.Policy == nil:
		out.SuggestedRefundNote = "The booking has no cancellation policy on record."
	case c.Quote.Tier < 0 || c.Quote.Percent == 0:
		out.SuggestedRefundNote = fmt.Sprintf("Its cancellation policy refunds nothing %s.", daysBefore(c.Quote.DaysBefore))
	default:
		out.SuggestedRefundNote = fmt.Sprintf("Its cancellation policy refunds %d%% %s.", c.Quote.Percent, daysBefore(c.Quote.DaysBefore))
	}
	return out
}

func daysBefore(n int) string {
	switch {
	case n < 0:
		return "after departure"
	case n == 0:
		return "on the day of departure"
	case n == 1:
		return "1 day before departure"
	}
	return fmt.Sprintf("%d days before departure", n)
}

func NewChangePreview(p rebook.Plan) ChangePreview {
	b := p.After
	out := ChangePreview{Changes: p.Changes, RefundMinor: p.RefundMinor, DueMinor: p.DueMinor,
		Email: "The customer gets an email saying what changed"}
	people := fmt.Sprintf("%d travellers", b.Participants)
	if b.Participants == 1 {
		people = "1 traveller"
	}
	if p.Moved {
		out.Email += ", with the new calendar file"
		people += " on " + FormatDate(b.StartDate)
	}
	out.Email += "."
	switch {
	case p.RefundMinor > 0:
		out.Summary = fmt.Sprintf("%s will be refunded %s; the booking stays active with %s.",
			money.Format(p.RefundMinor, b.Currency), RefundWay(b), people)
	case p.DueMinor > p.Before.DueMinor():
		out.Summary = fmt.Sprintf("The price becomes %s: %s will be due (record a payment or send a payment link after saving). The booking stays active with %s.",
			money.Format(b.AmountMinor, b.Currency), money.Format(p.DueMinor, b.Currency), people)
	default:
		out.Summary = fmt.Sprintf("No money changes hands; the booking stays active with %s.", people)
	}
	return out
}

// departureLabel is a departure's day and start time, as the change form shows it.
func departureLabel(t tour.Tour, d tour.StartDate) string {
	return FormatDate(d.Date) + ", " + StartTimeLabel(t, d)
}

// EmailPreview is an email as it would read, before it is sent.
type EmailPreview struct {
	Subject string `json:"subject"`
	// The plain-text version.
	Text string `json:"text"`
}

// MoveTargets are the departures of t other than from that bookings may be moved to at
// now: open and not started.
func MoveTargets(t tour.Tour, from tour.StartDate, now time.Time) []ChangeDeparture {
	out := []ChangeDeparture{}
	for _, d := range t.StartDates {
		if d.Closed || d.Cancelled() || t.Started(d, now) || d.Date.Equal(from.Date) {
			continue
		}
		out = append(out, ChangeDeparture{Date: d.Date.Format(time.DateOnly), Label: departureLabel(t, d), SeatsLeft: t.SeatsLeft(d)})
	}
	return out
}
