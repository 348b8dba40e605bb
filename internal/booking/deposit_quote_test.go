package booking_test

import (
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// The policy's share of a deposit booking is worked out on what it has paid less what
// was given back: a
// booking paid in full by deposit and balance, then changed from two travellers to one
// with the difference refunded, gets half of what it still has paid at a 50 % tier, not
// all of it.
func TestQuoteOfDepositBookingAfterARefund(t *testing.T) {
	day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
	now := time.Date(2031, 5, 10, 12, 0, 0, 0, time.UTC) // 22 days before
	policy := tour.CancellationPolicy{{DaysBefore: 60, Percent: 100}, {DaysBefore: 14, Percent: 50}, {DaysBefore: 0, Percent: 0}}
	tr := tour.Tour{TimeZone: "UTC", Policy: policy}
	d := tour.StartDate{Date: day}
	base := booking.Booking{Status: booking.Paid, Source: booking.Online, Policy: policy, StartDate: day, Currency: "usd",
		DepositMinor: 19880, BalanceDue: day.AddDate(0, 0, -30)}
	changed := base
	changed.AmountMinor, changed.PaidMinor, changed.RefundedMinor = 49700, 99400, 49700
	if q := booking.QuoteCancellation(changed, tr, d, now); q.Percent != 50 || q.RefundMinor != 24850 {
		t.Errorf("deposit booking changed down: %d %% refunds %d, want 50 %% of 497.00 = 24850", q.Percent, q.RefundMinor)
	}
	deposit := base
	deposit.AmountMinor, deposit.PaidMinor = 99400, 19880
	if q := booking.QuoteCancellation(deposit, tr, d, now); q.RefundMinor != 9940 {
		t.Errorf("deposit only: refunds %d, want 9940", q.RefundMinor)
	}
}
