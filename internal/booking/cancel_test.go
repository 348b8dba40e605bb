package booking_test

import (
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// The policy's share is worked out on what the booking keeps of what it was paid: what
// was given back already (one traveller's refund, a change to fewer travellers) is not
// refunded a share of again, and what was given back is no reason to refund less of
// the rest. A refund that keeps the booking lowers its price with it, so the price is
// no measure of what is left.
func TestQuoteIsAShareOfWhatIsKept(t *testing.T) {
	day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
	early := time.Date(2031, 3, 1, 12, 0, 0, 0, time.UTC) // 92 days before: 100 %
	late := time.Date(2031, 5, 10, 12, 0, 0, 0, time.UTC) // 22 days before: 50 %
	policy := tour.CancellationPolicy{{DaysBefore: 60, Percent: 100}, {DaysBefore: 14, Percent: 50}, {DaysBefore: 0, Percent: 0}}
	tr := tour.Tour{TimeZone: "UTC", Policy: policy}
	d := tour.StartDate{Date: day}
	base := booking.Booking{Status: booking.Paid, Source: booking.Online, Policy: policy, StartDate: day, Currency: "usd"}
	deposit := base
	deposit.DepositMinor, deposit.BalanceDue = 19880, day.AddDate(0, 0, -30)
	for _, c := range []struct {
		name                   string
		b                      booking.Booking
		amount, paid, refunded int64
		now                    time.Time
		wantPercent            int
		wantRefund             int64
	}{
		{"paid in full, nothing refunded, 100 %", base, 30000, 30000, 0, early, 100, 30000},
		{"paid in full, nothing refunded, 50 %", base, 30000, 30000, 0, late, 50, 15000},
		// Three travellers, one refunded by the operator: the price went down with it.
		{"one traveller of three refunded, 100 %", base, 20000, 30000, 10000, early, 100, 20000},
		{"one traveller of three refunded, 50 %", base, 20000, 30000, 10000, late, 50, 10000},
		{"refunded in full already", base, 0, 30000, 30000, early, 100, 0},
		{"deposit and balance paid, changed to one traveller, 50 %", deposit, 49700, 99400, 49700, late, 50, 24850},
		{"deposit only paid, 50 %", deposit, 99400, 19880, 0, late, 50, 9940},
		{"deposit only paid, 100 %", deposit, 99400, 19880, 0, early, 100, 19880},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := c.b
			b.AmountMinor, b.PaidMinor, b.RefundedMinor = c.amount, c.paid, c.refunded
			q := booking.QuoteCancellation(b, tr, d, c.now)
			if !q.Allowed || q.Percent != c.wantPercent || q.RefundMinor != c.wantRefund {
				t.Errorf("quote: allowed %v, %d %% refunds %d; want %d %% refunding %d",
					q.Allowed, q.Percent, q.RefundMinor, c.wantPercent, c.wantRefund)
			}
		})
	}
}
