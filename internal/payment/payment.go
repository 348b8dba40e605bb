// Package payment connects bookings to a card payment provider: it creates hosted
// checkouts, verifies and parses the provider's webhooks, and looks checkouts up when the
// customer returns. Two providers implement Provider: Sandbox, an offline test-mode
// checkout served by this binary (the default), and Stripe (Stripe Checkout).
//
// The package knows nothing of bookings' storage or rules: the booking service decides
// what a paid checkout means. Prices always come from the caller (the server), never
// from the browser.
package payment

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var (
	// ErrBadSignature: a webhook's signature header is missing, malformed, does not match
	// the payload, or is too old. Nothing from such a payload may be trusted.
	ErrBadSignature = errors.New("payment: webhook signature is not valid")
	// ErrUnavailable: the provider could not be reached or failed on its side. The user
	// may try again later; see UnavailableMessage.
	ErrUnavailable = errors.New("payment: provider unavailable")
	// ErrNotFound: the provider does not know the checkout.
	ErrNotFound = errors.New("payment: checkout not found")
	// ErrCheckoutPaid: a checkout asked to expire was paid first.
	ErrCheckoutPaid = errors.New("payment: checkout already paid")
)

// UnavailableMessage is what a person is told when the provider fails (ErrUnavailable),
// with HTTP status 502.
const UnavailableMessage = "The payment provider is not reachable right now. Please try again in a few minutes."

// Event types a provider reports. Both mean "this checkout may now be paid"; Paid tells.
const (
	EventCheckoutCompleted     = "checkout.session.completed"
	EventAsyncPaymentSucceeded = "checkout.session.async_payment_succeeded"
	// EventCheckoutLookup is the type of an Event returned by Provider.Checkout.
	EventCheckoutLookup = "checkout.session"
)

// PlaceholderCheckoutID in a SuccessURL is replaced by the checkout's id, as Stripe does,
// so the return page can look the checkout up.
const PlaceholderCheckoutID = "{CHECKOUT_SESSION_ID}"

// Provider is a card payment provider with a hosted checkout.
type Provider interface {
	// Name is stored with each booking ("sandbox" or "stripe") so a checkout id is
	// always looked up at the provider that issued it.
	Name() string
	// CreateCheckout opens a hosted checkout; the customer is sent to Checkout.URL.
	CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error)
	// ParseWebhook verifies a webhook's signature (ErrBadSignature) and returns its event.
	// Events of other types come back with Paid false and are to be ignored.
	ParseWebhook(payload []byte, h http.Header) (Event, error)
	// Checkout looks a checkout up (ErrNotFound, ErrUnavailable), for the success return.
	Checkout(ctx context.Context, id string) (Event, error)
	Refunder
}

// Expirer closes checkouts. Both providers are one.
type Expirer interface {
	// ExpireCheckout closes an open checkout so that it can no longer be paid: its seat
	// hold was released. A checkout already closed unpaid is no error; one paid first is
	// ErrCheckoutPaid (its payment is on its way); ErrNotFound, ErrUnavailable.
	ExpireCheckout(ctx context.Context, id string) error
}

// CheckoutRequest describes what the customer pays for: its Lines (one per price
// category with a count and one per extra), or, without lines, UnitAmountMinor ×
// Quantity of TourName. Every amount is computed by the server.
type CheckoutRequest struct {
	BookingID       string
	TourID          string
	UserID          string
	CustomerEmail   string
	TourName        string
	Description     string // start date and travellers, e.g. "15 June 2027 · 2 Adults, 1 Child"
	StartDate       string // YYYY-MM-DD, kept as metadata
	ImageURL        string // absolute; optional
	Lines           []LineItem
	UnitAmountMinor int64  // without Lines
	Quantity        int    // without Lines
	Currency        string // ISO 4217, lower case
	SuccessURL      string // may contain PlaceholderCheckoutID
	CancelURL       string
	ExpiresAt       time.Time
	// Terms is the cancellation policy in one sentence, which Stripe's checkout and the
	// sandbox's show beside the pay button; "" for none.
	Terms string
}

// LineItem is one line of a checkout: Quantity × UnitAmountMinor of Name ("Adult",
// "Wetsuit rental").
type LineItem struct {
	Name            string `json:"name"`
	UnitAmountMinor int64  `json:"unitAmount"`
	Quantity        int    `json:"quantity"`
}

// AmountMinor is the line's amount.
func (l LineItem) AmountMinor() int64 { return l.UnitAmountMinor * int64(l.Quantity) }

// LineItems is what the checkout lists: its Lines, or one line of TourName.
func (r CheckoutRequest) LineItems() []LineItem {
	if len(r.Lines) > 0 {
		return r.Lines
	}
	return []LineItem{{Name: r.TourName, UnitAmountMinor: r.UnitAmountMinor, Quantity: r.Quantity}}
}

// TotalMinor is what the checkout charges: the sum of its lines.
func (r CheckoutRequest) TotalMinor() int64 {
	var total int64
	for _, l := range r.LineItems() {
		total += l.AmountMinor()
	}
	return total
}

// Checkout is an opened hosted checkout.
type Checkout struct {
	ID  string
	URL string
}

// Event is what a provider says about a checkout.
type Event struct {
	Type        string
	CheckoutID  string
	BookingID   string // the client reference given at creation
	PaymentRef  string // the provider's payment id once paid
	AmountTotal int64  // minor units actually paid
	Currency    string // lower case
	Paid        bool
	// URL is the hosted checkout page of a checkout still open, on a lookup
	// (Provider.Checkout): a customer who left it returns to the same session.
	URL string
}
