// Package collect collects what a booking owes and gives back what is owed outside the
// site: an operator records money received by cash or bank transfer, or sends the
// customer a payment link (a provider checkout for exactly the amount due), and records
// a refund owed outside the site as paid back. Each sum received is a Payment, made once
// per idempotency key under the booking's lock; when a booking awaiting payment has
// received its price it becomes paid (its ticket issued, the confirmation sent). Roles
// decide who may (account.CanManageBookings), checked here; every change is in the
// booking's history and the audit log. It knows nothing of HTTP or SQL.
package collect

import (
	"errors"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
)

// Method is how a payment came in.
type Method string

const (
	Online       Method = "online"
	Link         Method = "link"
	Cash         Method = "cash"
	BankTransfer Method = "bank_transfer"
)

// Offline reports whether money of this method came in outside the site.
func (m Method) Offline() bool { return m == Cash || m == BankTransfer }

// PaymentStatus of a Payment.
type PaymentStatus string

const (
	// Pending: a payment link was sent and is not paid yet.
	Pending PaymentStatus = "pending"
	// Received: the money is in.
	Received PaymentStatus = "received"
	// Expired: a payment link that can no longer be paid (a newer one was sent, or the
	// money came in otherwise).
	Expired PaymentStatus = "expired"
)

// Payment is one sum a booking received or asked for by a link, made once per Key.
type Payment struct {
	ID          string
	BookingID   string
	Key         string
	Method      Method
	AmountMinor int64
	Currency    string
	Status      PaymentStatus
	Provider    string // a link's payment provider; "" otherwise
	CheckoutID  string // a link's checkout at Provider; "" until it is opened
	Reference   string // the operator's reference, or the provider's payment id
	ReceivedOn  time.Time
	ActorID     string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// OwedRefund is a refund owed outside the site with its booking.
type OwedRefund struct {
	Refund  backoffice.Refund
	Booking backoffice.BookingRow
}

// ErrPaymentNotFound: no payment with that key or checkout.
var ErrPaymentNotFound = errors.New("payment not found")

// Due reports whether money may be collected on b: it awaits payment, or it is paid
// and its price was raised since.
func Due(b booking.Booking) bool {
	return (b.Status == booking.AwaitingPayment || b.Status == booking.Paid) && b.DueMinor() > 0
}
