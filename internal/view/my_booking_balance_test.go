package view

import (
	"testing"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/refund"
	"tourbook/internal/tour"
)

// TestMyBookingBalance: a booking paid by a deposit shows what is paid and due with
// "Pay the balance"; paid in full, that it is; cancelled (refunded) for an unpaid
// balance, no balance section at all: it never says "Paid in full" of a booking whose
// balance was never paid.
func TestMyBookingBalance(t *testing.T) {
	at := time.Date(2031, 5, 6, 10, 0, 0, 0, time.UTC)
	own := func(status booking.Status, paid, refunded int64) refund.Own {
		return refund.Own{At: at, Tour: tour.Tour{TimeZone: "Europe/Zurich"}, BookingRow: backoffice.BookingRow{Booking: booking.Booking{
			ID: "b-1", Status: status, AmountMinor: 99400, PaidMinor: paid, RefundedMinor: refunded, Currency: "usd",
			DepositMinor: 19880, BalanceDue: time.Date(2031, 5, 2, 0, 0, 0, 0, time.UTC)}}}
	}
	due := newMyBookingBalance(own(booking.Paid, 19880, 0))
	if due == nil || due.Due != "$795.20" || !due.Overdue || due.PayURL == "" {
		t.Errorf("deposit paid, balance overdue: %+v", due)
	}
	full := newMyBookingBalance(own(booking.Paid, 99400, 0))
	if full == nil || full.Due != "" || full.PayURL != "" || full.Paid != "$994.00" {
		t.Errorf("paid in full: %+v", full)
	}
	if got := newMyBookingBalance(own(booking.Refunded, 19880, 9940)); got != nil {
		t.Errorf("cancelled for its unpaid balance: %+v (the page would say the balance is paid in full)", got)
	}
}
