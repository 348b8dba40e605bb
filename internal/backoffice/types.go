// Package backoffice runs the operator's side of bookings: the dashboard, the bookings
// list and each booking's history, and bookings paid outside the site (walk-ins); and it
// declares the booking office's records the other capabilities share (BookingRow,
// Event, Refund). Cancelling and refunding are in internal/refund, manifests and
// check-in in internal/checkin. Roles decide who may do what (account.Can*), checked in
// the service; every change is audited. It knows nothing of HTTP or SQL.
package backoffice

import (
	"errors"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
)

var (
	// ErrForbidden: the user may not do this here.
	ErrForbidden = account.ErrNotAllowed
	// ErrRefundInProgress: another operator's refund of the booking has not finished.
	ErrRefundInProgress = fault.New(fault.Conflict, "refund in progress", "Another refund of this booking is in progress. Reload the page in a moment to see how it ended.")
	// ErrRefundNotFound: no refund with that key or id.
	ErrRefundNotFound = errors.New("refund not found")
)

// BookingFilter selects bookings for the list; empty fields select everything.
type BookingFilter struct {
	TourID string
	Date   time.Time // the departure's day
	Status booking.Status
	Email  string    // part of the customer's email, without regard to case
	From   time.Time // created on or after this day
	To     time.Time // created on or before this day
	// Query is what an operator typed in the back office's search box: a booking's
	// reference or ticket code, a part of a customer's name, email address or phone
	// number. The service reads it into Search, which the store matches.
	Query  string
	Search booking.Search
	Offset int
	Limit  int
}

// BookingRow is a booking with the names the back office shows with it.
type BookingRow struct {
	booking.Booking
	TourName      string
	TourSlug      string
	TimeZone      string
	StartTime     string
	CustomerName  string
	CustomerEmail string
}

// Event is one line of a booking's history written by an action on it.
type Event struct {
	ID        string
	BookingID string
	At        time.Time
	ActorID   string
	ActorName string
	Kind      string // "cancelled", "refunded", "refund_owed", "refund_failed", "resolved", "recorded", and internal/collect's
	Detail    string
}

// RefundStatus of a refund through the provider.
type RefundStatus string

const (
	RefundPending   RefundStatus = "pending"
	RefundSucceeded RefundStatus = "succeeded"
	RefundFailed    RefundStatus = "failed"
	// RefundOwed: money paid outside the site is to be returned outside it; the refund
	// stays owed until an operator records it as paid back (SettledAt, SettledRef).
	RefundOwed RefundStatus = "owed"
)

// Refund is one refund of a booking, made once per idempotency key.
type Refund struct {
	ID          string
	BookingID   string
	Key         string
	AmountMinor int64
	Currency    string
	Provider    string // "" for money returned outside the site
	ProviderRef string
	Status      RefundStatus
	Error       string
	ActorID     string
	Reason      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	SettledAt   time.Time // when an owed refund was recorded as paid back; zero until then
	SettledRef  string    // the operator's reference of that transfer
}

// DepartureStats is a departure with its seats.
type DepartureStats struct {
	TourID       string
	TourName     string
	TimeZone     string
	Date         time.Time
	StartTime    string
	MeetingPoint string
	Capacity     int
	Sold         int // paid, or awaiting payment (booked by an operator: their seats are taken)
	Held         int // open checkouts
	CheckedIn    int // travellers the guides recorded as arrived
	Closed       bool
	Cancelled    bool
}

// CalendarFilter selects departures by day for the calendar and the guides' screen;
// empty fields select everything.
type CalendarFilter struct {
	From, To time.Time // the departures' local days, both included
	TourID   string
	GuideID  string // only the tours this user guides
	Limit    int    // at most this many, soonest first
}

// Sales are the figures of the dashboard.
type Sales struct {
	Bookings  int              // paid bookings made since
	Revenue   map[string]int64 // kept (paid minus refunded) per currency, of those
	RefundDue int              // bookings waiting for an operator, of any age
}

// PaymentReceived is a sum an operator records as received for a booking (cash or a
// bank transfer), written once per idempotency key (the payments table).
type PaymentReceived struct {
	ID          string
	BookingID   string
	Key         string
	Method      booking.Source // cash or bank transfer
	AmountMinor int64
	Currency    string
	Reference   string    // the operator's reference (a receipt number, the transfer's)
	ReceivedOn  time.Time // the day the money arrived, midnight UTC
	ActorID     string
}

// NewBookingRecord is what one operator's booking writes besides the booking itself
// (whose Travellers name them, the lead first): the payment received, when there is one.
type NewBookingRecord struct {
	Payment *PaymentReceived
}
