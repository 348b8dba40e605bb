// Package booking holds bookings and the rules of paying for them: a booking starts as a
// seat hold while its checkout is open, and becomes paid exactly once. It knows nothing of
// HTTP or SQL.
package booking

import (
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

var (
	// ErrNotFound: no such booking.
	ErrNotFound = fault.New(fault.NotFound, "booking not found", "There is no booking with that id.")
	// ErrNoSeats: the start date has fewer seats left than asked for.
	ErrNoSeats = fault.New(fault.Conflict, "not enough seats left", "There are not enough seats left on that date.")
)

// Status of a booking.
type Status string

const (
	// Pending: a checkout is open and its seats are held until HoldUntil.
	Pending Status = "pending"
	// AwaitingPayment: taken by an operator (by phone, say) to be paid outside the site
	// or by a payment link; its seats are held until an operator cancels it, and it is
	// not revenue until the money is recorded as received (then Paid).
	AwaitingPayment Status = "awaiting_payment"
	// Paid: the payment arrived and matched; the seats are the user's.
	Paid Status = "paid"
	// RefundDue: money arrived but the booking could not be honoured (the hold had
	// expired and the date filled up, or the amount did not match). An operator refunds.
	RefundDue Status = "refund_due"
	// Refunded: cancelled by an operator or the traveller, and money returned
	// (RefundedMinor, all or part of AmountMinor).
	Refunded Status = "refunded"
	// Cancelled: the checkout was abandoned or its hold expired before payment, or an
	// operator cancelled the booking without a refund.
	Cancelled Status = "cancelled"
)

// Source says how a booking was paid: online through the provider, or outside the site
// and recorded by an operator.
type Source string

const (
	Online       Source = "online"
	Cash         Source = "cash"
	BankTransfer Source = "bank_transfer"
)

// Valid reports whether s is a known source.
func (s Source) Valid() bool { return s == Online || s == Cash || s == BankTransfer }

// Booking is one user's seats on one start date of a tour.
type Booking struct {
	ID string
	// Reference is what people call the booking by ("TB-7KQ4M2", NewReference): set by
	// the store when it writes the booking, unique.
	Reference    string
	TourID       string
	UserID       string
	StartDate    time.Time // midnight UTC
	Participants int
	AmountMinor  int64  // what was asked (pending) or paid (paid)
	Currency     string // ISO 4217, lower case
	Provider     string // "sandbox" or "stripe"; "" for bookings paid outside the site
	CheckoutID   string // the provider's checkout session id
	PaymentRef   string // the provider's payment reference once paid
	Status       Status
	HoldUntil    time.Time // seats are held while Pending and now < HoldUntil
	CreatedAt    time.Time
	PaidAt       time.Time
	Source       Source // "" reads as Online
	// RefundedMinor is what has been returned so far, in AmountMinor's currency.
	RefundedMinor int64
	// Policy is the tour's cancellation policy when the booking was made, kept so that
	// later changes never alter what the customer agreed to; nil when none was recorded.
	Policy tour.CancellationPolicy
	// PaidMinor is what has been received so far (online, by a payment link, or recorded
	// by an operator), in AmountMinor's currency: AmountMinor is the price, and
	// DueMinor is what is still to be received.
	PaidMinor int64
	// PayBy is the day an awaiting-payment booking is to be paid by; zero when none.
	PayBy time.Time
	// The lead traveller's contact for this booking, when it is not the account's
	// (a phone booking, a changed lead); "" for the account's.
	ContactName, ContactEmail, ContactPhone string
	// Notes are the operator's about this booking (never sent to the customer).
	Notes string
	// PriceNote is why the price differs from the tour's (an override or a discount).
	PriceNote string
	// TermsVersion is the version of the terms of booking the traveller accepted at
	// checkout, and TermsAcceptedAt when; 0 and zero when none were asked.
	TermsVersion    int
	TermsAcceptedAt time.Time
	// DepositMinor is what the checkout charged when the booking was sold with a
	// deposit (0: the whole price), and BalanceDue the tour's local day its balance is
	// due by (zero: none); balance.go.
	DepositMinor int64
	BalanceDue   time.Time
	// What was bought, who travels and what they answered (lines.go). Participants is
	// the seats: the travellers of the Units that take one. Units is nil for bookings
	// made before price categories existed (UnitsOf reads them).
	Units      []Unit
	Extras     []ExtraLine
	Travellers []Traveller
	Answers    []Answer
}

// DueMinor is what is still to be received on b: its price less what it keeps of what
// was paid (received less refunded; never below 0). A change that lowers the price
// refunds the difference, and one that raises it again makes it due again; a refund
// that keeps the booking lowers its price with it (refund.Outcome.LowerPrice).
func (b Booking) DueMinor() int64 {
	return max(0, b.AmountMinor-(b.PaidMinor-b.RefundedMinor))
}

// HoldsSeats reports whether b counts against the start date's capacity at now.
func (b Booking) HoldsSeats(now time.Time) bool {
	switch b.Status {
	case Paid, AwaitingPayment:
		return true
	case Pending:
		return now.Before(b.HoldUntil)
	}
	return false
}
