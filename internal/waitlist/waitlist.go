// Package waitlist holds the waiting list of sold-out departures and its rules: who is
// offered freed seats, for how long, and in what order. It knows nothing of HTTP or SQL:
// the Service runs the workflow with the store's primitives (Tx) under the departure's
// row lock, in the same transaction as the change that freed the seats.
package waitlist

import (
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

var (
	// ErrNotFound: no such entry, or not the user's.
	ErrNotFound = fault.New(fault.NotFound, "waiting list entry not found", "You are not on that waiting list.")
	// ErrAlreadyWaiting: one entry per user and departure.
	ErrAlreadyWaiting = fault.New(fault.Conflict, "already on the waiting list", "You are already on the waiting list for this date.")
	// ErrSeatsFree: there are seats for the group; book them instead.
	ErrSeatsFree = fault.New(fault.Conflict, "seats are free", "There are enough seats left on this date: please book them directly.")
	// ErrNotOpen: the departure is closed, started or too close to its start for an offer.
	ErrNotOpen = fault.New(fault.Conflict, "departure not open for a waiting list", "This date no longer takes a waiting list.")
	// ErrOfferGone: the offer expired or was settled.
	ErrOfferGone = fault.New(fault.Conflict, "offer no longer open", "This offer has ended. The seats have gone to the next person on the waiting list.")
)

// Status of an entry.
type Status string

const (
	// Waiting: in the queue, in joining order.
	Waiting Status = "waiting"
	// Offered: seats are held for the entry until OfferUntil, as a pending booking.
	Offered Status = "offered"
	// Booked: the offer was paid.
	Booked Status = "booked"
	// Left: the traveller left the list (declining any offer).
	Left Status = "left"
	// Lapsed: the offer ran out unpaid (or the departure went away); the seats passed on.
	Lapsed Status = "lapsed"
)

// Active reports whether the entry still counts as the user's one entry on the departure.
func (s Status) Active() bool { return s == Waiting || s == Offered }

// Entry is one traveller's place on one departure's waiting list.
type Entry struct {
	ID           string
	TourID       string
	StartDate    time.Time // midnight UTC, like bookings
	UserID       string
	Participants int
	Status       Status
	CreatedAt    time.Time // the joining order
	// Passes counts the offers made to later, smaller entries while this one did not fit.
	Passes int
	// BookingID is the pending booking that holds the offered seats, "" while waiting.
	BookingID   string
	OfferedAt   time.Time
	OfferUntil  time.Time
	CheckoutURL string // the offer's checkout, once opened: paying again returns to it
}

// Place is an active entry as its traveller sees it.
type Place struct {
	Entry
	TourName string
	TourSlug string
	TimeZone string
	// StartTime is the departure's local start, "15:04".
	StartTime string
	// Position is 1 for the first waiting entry of the departure; 0 while Offered.
	Position    int
	AmountMinor int64 // what the offer costs (Offered only)
	Currency    string
}

// Row is an active entry as an operator sees it on the manifest.
type Row struct {
	Entry
	UserName  string
	UserEmail string
}

// Offer is what the traveller is told when seats are held for them.
type Offer struct {
	Entry
	TourName     string
	TourSlug     string
	TimeZone     string
	StartTime    string
	MeetingPoint string
	UserName     string
	UserEmail    string
	AmountMinor  int64
	Currency     string
}

// Hold is the pending booking that holds an offer's seats, as the store writes it.
type Hold struct {
	EntryID      string
	TourID       string
	UserID       string
	StartDate    time.Time
	Participants int
	// Category is the price category the seats are offered in (the tour's first that
	// takes a seat), at its price on the departure: AmountMinor is Participants of it.
	Category    tour.PriceCategory
	AmountMinor int64
	Currency    string
	HoldUntil   time.Time // the offer's deadline
	Policy      tour.CancellationPolicy
	At          time.Time // when the offer is made
	BookingID   string    // set by the store
}

// OfferCheckout is the checkout opened at the payment provider to pay an offer.
type OfferCheckout struct {
	EntryID    string
	Provider   string
	CheckoutID string
	URL        string
}

// Departure names one departure of a tour.
type Departure struct {
	TourID string
	Date   time.Time
}

// OfferFor is how long an offer lasts when there is time: a day to see the email and pay.
const OfferFor = 24 * time.Hour

// LastCall: no offers are made when the departure starts in less than this; nobody can
// be expected to see an email, pay and travel to the meeting point in less.
const LastCall = 2 * time.Hour

// OfferDeadline is when an offer made at now for a departure starting at start ends:
// OfferFor, or half the time left before the start when that is shorter (so a second
// person still has a chance), and never later than LastCall before the start. ok is
// false when it is too late for an offer.
func OfferDeadline(now, start time.Time) (deadline time.Time, ok bool) {
	left := start.Sub(now)
	if left < LastCall+30*time.Minute {
		return time.Time{}, false
	}
	d := min(OfferFor, left/2, left-LastCall)
	// 30 minutes at least: a hosted checkout (Stripe) lives no shorter.
	d = max(d, 30*time.Minute)
	return now.Add(d).UTC().Truncate(time.Second), true
}

// Pick chooses the entries that get an offer from free seats: in joining order, the first
// entry whose group fits what is still free, then the next that fits what is left, and so
// on. A larger group that does not fit keeps its place at the head and is offered seats as
// soon as enough are free at once; the entries it let pass are counted in its Passes.
// waiting must be in joining order. It returns the indexes offered and those passed over.
func Pick(waiting []Entry, free int) (offered, passed []int) {
	var skipped []int
	for i, e := range waiting {
		if free <= 0 {
			break
		}
		if e.Participants > free {
			skipped = append(skipped, i)
			continue
		}
		offered = append(offered, i)
		free -= e.Participants
		passed = append(passed, skipped...)
		skipped = skipped[:0]
	}
	return offered, passed
}
