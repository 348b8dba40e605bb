// Package promotion holds promo codes (issue #24 §1): what a code takes off a booking,
// the rules that decide whether it applies, and the uses it has, reserved with a
// booking's seat hold and released with it. It knows nothing of HTTP or SQL, nor of
// bookings beyond the few facts of an order (Order).
package promotion

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/money"
)

var (
	// ErrNotFound: no promotion with that id or code.
	ErrNotFound = fault.New(fault.NotFound, "promotion not found", "There is no such promotion.")
	// ErrCodeTaken: another promotion has the code.
	ErrCodeTaken = errors.New("promo code taken")
)

// MaxCodeLength bounds a code: short enough to type from a flyer.
const MaxCodeLength = 32

// Promotion is one promo code and its rules.
type Promotion struct {
	ID string
	// Code is what travellers type, letters and digits, kept in upper case; it is
	// matched whatever the case typed (NormalCode).
	Code string
	// Percent (1–99) takes that share off the price; otherwise AmountMinor in Currency
	// (lower case) is taken off, never more than the price, and only from tours priced
	// in that currency.
	Percent     int
	AmountMinor int64
	Currency    string
	// TourIDs are the tours it is valid for; none: every tour.
	TourIDs []string
	// ValidFrom and ValidUntil are the first and last days (in the site's zone) a
	// booking may use it; zero: open.
	ValidFrom, ValidUntil time.Time
	// DeparturesFrom and DeparturesUntil bound the departures it is valid for; zero:
	// open.
	DeparturesFrom, DeparturesUntil time.Time
	// MaxUses and MaxPerCustomer bound the uses overall and per account; 0: no bound.
	MaxUses, MaxPerCustomer int
	// MinTravellers is the fewest travellers a booking must have; 0 or 1: any.
	MinTravellers int
	Active        bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Listed is a promotion with what it has done so far.
type Listed struct {
	Promotion
	// Uses are the bookings that used it and are paid or to be paid (a refunded one
	// gave its use back); Held the checkouts open with it now, whose seat hold reserves
	// a use.
	Uses, Held int
	// DiscountMinor is what it took off the bookings counted in Uses, per currency
	// (lower case).
	DiscountMinor map[string]int64
}

// Use is one booking's use of a promotion, written in the transaction that holds the
// booking's seats. It counts while the booking holds seats or was paid (Tx.PromotionUses),
// so a hold that ends (expiry, the traveller's cancel, a hold replaced) releases it in the
// same transaction that ends the hold.
type Use struct {
	PromotionID   string
	BookingID     string
	UserID        string
	DiscountMinor int64
	Currency      string
	At            time.Time
}

// Order is what a code is checked against: the facts of a booking about to be held.
type Order struct {
	TourID     string
	Currency   string    // the tour's, any case
	Departure  time.Time // the departure's day (midnight UTC)
	Travellers int
	PriceMinor int64  // the price before the discount
	UserID     string // "" for a visitor (per-customer uses are then not counted)
}

// Applied is a code that applies to an order, and what it takes off.
type Applied struct {
	PromotionID   string
	Code          string
	DiscountMinor int64
	Currency      string
}

// Note is the booking's price note: "promo code SPRING10", which the adjustment line of
// its receipt, emails and back-office page shows.
func (a Applied) Note() string { return "promo code " + a.Code }

// NormalCode is code as stored: trimmed, upper case; ok is false unless it is 1 to
// MaxCodeLength ASCII letters and digits.
func NormalCode(code string) (string, bool) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" || len(code) > MaxCodeLength {
		return code, false
	}
	for _, r := range code {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return code, false
		}
	}
	return code, true
}

// Discount is what p takes off a price of priceMinor: Percent of it rounded down, or
// AmountMinor; never more than the price, never below 0. No product overflows: the
// percentage is applied to the hundreds and the rest apart.
func (p Promotion) Discount(priceMinor int64) int64 {
	if priceMinor <= 0 {
		return 0
	}
	var d int64
	if p.Percent > 0 {
		pc := int64(min(p.Percent, 100))
		d = priceMinor/100*pc + priceMinor%100*pc/100
	} else {
		d = p.AmountMinor
	}
	return max(0, min(d, priceMinor))
}

// OffText says what p takes off: "10 %" or "€20.00".
func (p Promotion) OffText() string {
	if p.Percent > 0 {
		return fmt.Sprintf("%d %%", p.Percent)
	}
	return money.Format(p.AmountMinor, p.Currency)
}

// ForTour reports whether p is valid for the tour.
func (p Promotion) ForTour(tourID string) bool {
	if len(p.TourIDs) == 0 {
		return true
	}
	for _, id := range p.TourIDs {
		if id == tourID {
			return true
		}
	}
	return false
}
