package emails

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/calendar"
	"tourbook/internal/format"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/rebook"
	"tourbook/internal/tour"
)

// BookingStore is what the booking emails read.
type BookingStore interface {
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	// BookingMoves counts a booking's moves to another departure: its calendar entry's
	// sequence.
	BookingMoves(ctx context.Context, bookingID string) (int, error)
}

// Bookings writes the emails about a booking: the confirmation with its calendar file,
// and the cancellation (booking.Mailer, refund.Mailer).
type Bookings struct {
	w     *Writer
	store BookingStore
	now   func() time.Time
}

// NewBookings returns the booking emails' writer.
func NewBookings(w *Writer, store BookingStore, now func() time.Time) *Bookings {
	return &Bookings{w: w, store: store, now: now}
}

// departure finds the booking's tour, departure and customer.
func (e *Bookings) departure(ctx context.Context, b booking.Booking) (tour.Tour, tour.StartDate, account.User, error) {
	t, d, err := e.tourDeparture(ctx, b)
	if err != nil {
		return t, d, account.User{}, err
	}
	u, err := e.store.UserByID(ctx, b.UserID)
	return t, d, u, err
}

// tourDeparture finds the booking's tour and departure.
func (e *Bookings) tourDeparture(ctx context.Context, b booking.Booking) (tour.Tour, tour.StartDate, error) {
	t, err := e.store.TourByIDAnyStatus(ctx, b.TourID, e.now())
	if err != nil {
		return t, tour.StartDate{}, err
	}
	for _, d := range t.StartDates {
		if d.Date.Equal(tour.Day(b.StartDate)) {
			return t, d, nil
		}
	}
	// The departure was deleted after the checkout opened: its day, at the default time.
	return t, tour.StartDate{Date: tour.Day(b.StartDate)}, nil
}

// Confirmation is the email a customer gets once their booking is paid, with the
// departure as an .ics file whose UID is the booking's: sent again, it updates the same
// calendar entry.
func (e *Bookings) Confirmation(ctx context.Context, b booking.Booking) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("confirmation of booking %s: %w", b.ID, err)
	}
	return e.confirmation(ctx, t, d, b, u)
}

// OfficeConfirmation is the confirmation of a booking an operator took, to customer (an
// account that may not be stored yet): the same email and calendar file as an online
// booking's, with the amount due and the day to pay by while it awaits payment.
func (e *Bookings) OfficeConfirmation(ctx context.Context, b booking.Booking, customer account.User) (*tbmail.Message, error) {
	t, d, err := e.tourDeparture(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("confirmation of booking %s: %w", b.ID, err)
	}
	return e.confirmation(ctx, t, d, b, customer)
}

func (e *Bookings) confirmation(ctx context.Context, t tour.Tour, d tour.StartDate, b booking.Booking, u account.User) (*tbmail.Message, error) {
	site := e.w.Site(ctx)
	due, payBy := "", ""
	switch balance := b.AmountMinor - max(b.PaidMinor-b.RefundedMinor, b.DepositMinor); {
	case b.Status == booking.AwaitingPayment && b.DueMinor() > 0:
		due = money.Format(b.DueMinor(), b.Currency)
		if !b.PayBy.IsZero() {
			payBy = format.Date(b.PayBy)
		}
	case b.WithDeposit() && balance > 0:
		// Paid by a deposit (written before the payment is recorded): the balance, by
		// its day.
		due, payBy = money.Format(balance, b.Currency), format.Date(b.BalanceDue)
	}
	m, err := e.w.Render(ctx, "bookingConfirmation", u, withBought(b, map[string]any{
		"name": u.Name, "reference": b.Reference, "tourName": t.Name, "tourUrl": site.URL + "/tour/" + url.PathEscape(t.Slug),
		"date": format.Date(d.Date), "startTime": format.StartTime(t, d),
		"amount": money.Format(b.AmountMinor, b.Currency), "meetingPoint": d.MeetingPoint,
		"bookingUrl": bookingURL(site, b), "due": due, "payBy": payBy,
	}))
	if err != nil {
		return nil, err
	}
	m.IdemKey = "booking-paid:" + b.ID
	if b.Status == booking.AwaitingPayment {
		m.IdemKey = "booking-confirmed:" + b.ID
	}
	m.Attachments = []tbmail.Attachment{{Name: "tour.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH",
		Data: e.ics(t, d, b, site, 0, false)}}
	return &m, nil
}

// Cancellation is the email a customer gets when an operator cancels their booking, with
// what was refunded and how it comes back (b.Source: by card for online, else as it was
// paid, by the operator), the operator's message to customers (never a note or reason
// kept in the booking's history: the type says which text this is) and the calendar
// entry cancelled.
func (e *Bookings) Cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, message booking.CustomerText) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("cancellation of booking %s: %w", b.ID, err)
	}
	refunded := ""
	if refundedMinor > 0 {
		refunded = money.Format(refundedMinor, b.Currency)
	}
	m, err := e.w.Render(ctx, "bookingCancelled", u, map[string]any{
		"name": u.Name, "reference": b.Reference, "tourName": t.Name, "date": format.Date(d.Date), "refunded": refunded,
		"message": string(message), "returnedBy": returnedBy(b.Source),
	})
	if err != nil {
		return nil, err
	}
	seq, err := e.sequence(ctx, b, true)
	if err != nil {
		return nil, err
	}
	m.IdemKey = "booking-cancelled:" + b.ID
	m.Attachments = []tbmail.Attachment{{Name: "tour.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH",
		Data: e.ics(t, d, b, e.w.Site(ctx), seq, true)}}
	return &m, nil
}

// returnedBy is how a refund of a booking paid by source reaches its customer when the
// operator pays it back: "bank transfer" or "cash"; "" through the card payment.
func returnedBy(source booking.Source) string {
	switch source {
	case booking.Cash:
		return "cash"
	case booking.BankTransfer:
		return "bank transfer"
	}
	return ""
}

// PaymentLink is the email with a link to pay what a booking owes (amountMinor in its
// currency) until expires, written in the tour's zone. The feature gives it its key.
func (e *Bookings) PaymentLink(ctx context.Context, b booking.Booking, amountMinor int64, payURL string, expires time.Time) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("payment link of booking %s: %w", b.ID, err)
	}
	m, err := e.w.Render(ctx, "paymentLink", u, withBought(b, map[string]any{
		"name": u.Name, "tourName": t.Name, "date": format.Date(d.Date), "startTime": format.StartTime(t, d),
		"amount": money.Format(amountMinor, b.Currency), "payUrl": payURL,
		"expires": format.Moment(expires, t.Zone()), "bookingUrl": bookingURL(e.w.Site(ctx), b),
	}))
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Refunded is the email a customer gets when money is given back on a booking that
// stays active (refund.Mailer), once per refund.
func (e *Bookings) Refunded(ctx context.Context, b booking.Booking, refundMinor int64, refundID string) (*tbmail.Message, error) {
	return e.changed(ctx, b, changedMail{refunded: refundMinor, key: "booking-refunded:" + refundID})
}

// Changed is the email a customer gets when an operator changed their booking
// (rebook.Mailer): what changed, the money back or due, the operator's message to
// customers, and the calendar entry again (its sequence raised) when the date changed.
func (e *Bookings) Changed(ctx context.Context, c rebook.Mail) (*tbmail.Message, error) {
	return e.changed(ctx, c.After, changedMail{changes: c.Changes, refunded: c.RefundMinor, due: c.DueMinor,
		message: c.Message, moved: !c.After.StartDate.Equal(c.Before.StartDate), key: "booking-changed:" + c.After.ID + ":" + c.Key})
}

type changedMail struct {
	changes       []string
	refunded, due int64
	message       booking.CustomerText
	moved         bool
	key           string
}

func (e *Bookings) changed(ctx context.Context, b booking.Booking, c changedMail) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("change of booking %s: %w", b.ID, err)
	}
	site := e.w.Site(ctx)
	amount := func(minor int64) string {
		if minor <= 0 {
			return ""
		}
		return money.Format(minor, b.Currency)
	}
	changes := c.changes
	if changes == nil {
		changes = []string{}
	}
	m, err := e.w.Render(ctx, "bookingChanged", u, withBought(b, map[string]any{
		"name": u.Name, "tourName": t.Name, "date": format.Date(d.Date), "startTime": format.StartTime(t, d),
		"changes": strings.Join(changes, "; "), "refunded": amount(c.refunded),
		"due": amount(c.due), "message": string(c.message), "returnedBy": returnedBy(b.Source), "bookingUrl": bookingURL(site, b),
		"calendarFile": calendarFile(c.moved),
	}))
	if err != nil {
		return nil, err
	}
	m.IdemKey = c.key
	if c.moved {
		seq, err := e.sequence(ctx, b, false)
		if err != nil {
			return nil, err
		}
		// This move is not yet in the booking's history: the entry's next version.
		m.Attachments = []tbmail.Attachment{{Name: "tour.ics", ContentType: "text/calendar; charset=utf-8; method=PUBLISH",
			Data: e.ics(t, d, b, site, seq+1, false)}}
	}
	return &m, nil
}

// sequence is the calendar entry's version of b: one more for each move, and one more
// once it is cancelled.
func (e *Bookings) sequence(ctx context.Context, b booking.Booking, cancelled bool) (int, error) {
	n, err := e.store.BookingMoves(ctx, b.ID)
	if err != nil {
		return 0, err
	}
	if cancelled {
		n++
	}
	return n, nil
}

// ics is the departure as a calendar entry: from its local start to the end of its last
// day, in the tour's zone.
func (e *Bookings) ics(t tour.Tour, d tour.StartDate, b booking.Booking, site Site, seq int, cancelled bool) []byte {
	start := t.StartsAt(d)
	y, mo, day := start.Date()
	end := time.Date(y, mo, day+max(t.DurationDays, 1)-1, 18, 0, 0, 0, start.Location())
	if !end.After(start) {
		end = start.Add(2 * time.Hour)
	}
	host := strings.TrimPrefix(strings.TrimPrefix(site.URL, "https://"), "http://")
	place := d.MeetingPoint
	if place == "" {
		place = t.StartLocation.Description
	}
	return calendar.ICS("-//"+site.Name+"//Bookings//EN", calendar.Event{
		UID: "booking-" + b.ID + "@" + host, Sequence: seq, Start: start, End: end,
		Summary:     t.Name,
		Description: b.TravellersText() + ". " + bookingURL(site, b),
		Location:    place, URL: bookingURL(site, b), Stamp: e.now(), Cancelled: cancelled,
		Organizer: calendar.Organizer{Name: site.Name, Email: site.ContactEmail},
	})
}

// Calendar is the booking's departure as the calendar file its emails carry, with the
// same UID: cancelled once the booking is, so that importing it again updates the entry.
func (e *Bookings) Calendar(ctx context.Context, b booking.Booking) ([]byte, error) {
	t, d, _, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("calendar of booking %s: %w", b.ID, err)
	}
	cancelled := b.Status == booking.Cancelled || b.Status == booking.Refunded
	seq, err := e.sequence(ctx, b, cancelled)
	if err != nil {
		return nil, err
	}
	return e.ics(t, d, b, e.w.Site(ctx), seq, cancelled), nil
}

// bookingURL is the booking's own page, where its traveller finds everything about it.
func bookingURL(site Site, b booking.Booking) string {
	return site.URL + "/my-tours/" + url.PathEscape(b.ID)
}

// withBought adds to a booking email's props what b bought (email-props.ts
// BookingLines): "participants", how many travel, seated or not; "travellers", one line
// per price category, and "extras", one per extra ("" for none), each "2 × Adult at
// €497.00" and joined by "\n".
func withBought(b booking.Booking, props map[string]any) map[string]any {
	var travellers, extras []string
	for _, it := range b.Items() {
		if it.Extra {
			extras = append(extras, it.Text(b.Currency))
		} else {
			travellers = append(travellers, it.Text(b.Currency))
		}
	}
	props["participants"] = b.Travelling()
	props["travellers"] = strings.Join(travellers, "\n")
	props["extras"] = strings.Join(extras, "\n")
	return props
}

// Reminder is the email two days before a departure.
func (e *Bookings) Reminder(ctx context.Context, b booking.Booking) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("reminder of booking %s: %w", b.ID, err)
	}
	site := e.w.Site(ctx)
	m, err := e.w.Render(ctx, "reminder", u, map[string]any{
		"name": u.Name, "reference": b.Reference, "tourName": t.Name, "date": format.Date(d.Date),
		"startTime": format.StartTime(t, d), "meetingPoint": d.MeetingPoint, "bookingUrl": bookingURL(site, b),
	})
	if err != nil {
		return nil, err
	}
	m.IdemKey = "reminder:" + b.ID
	return &m, nil
}

// ReviewRequest is the email the day after a tour ends.
func (e *Bookings) ReviewRequest(ctx context.Context, b booking.Booking) (*tbmail.Message, error) {
	t, _, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("review request of booking %s: %w", b.ID, err)
	}
	m, err := e.w.Render(ctx, "reviewRequest", u, map[string]any{
		"name": u.Name, "tourName": t.Name, "reviewUrl": e.w.Site(ctx).URL + "/tour/" + url.PathEscape(t.Slug) + "#your-review",
	})
	if err != nil {
		return nil, err
	}
	m.IdemKey = "review-request:" + b.ID
	return &m, nil
}

// calendarFile names the calendar file attached to a change's email, "" for none.
func calendarFile(moved bool) string {
	if moved {
		return "tour.ics"
	}
	return ""
}
