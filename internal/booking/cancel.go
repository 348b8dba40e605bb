package booking

import (
	"time"

	"tourbook/internal/tour"
)

// Quote is what a traveller cancelling their own booking at some moment gets back,
// under the copy of the cancellation policy the booking was made with.
type Quote struct {
	// Allowed says whether the traveller may cancel it themselves; Refusal says why not.
	Allowed bool
	Refusal string
	// DaysBefore counts the days to the departure's day where the tour runs.
	DaysBefore int
	// Tier is the index of the policy's tier that applies, -1 when none does.
	Tier        int
	Percent     int
	RefundMinor int64
	// Until is the last local day (midnight UTC, like start dates) on which this refund
	// still applies; the departure's day when it applies until the tour starts; zero
	// when nothing is refunded anyway.
	Until time.Time
}

// QuoteCancellation is b's quote at now, b being on departure d of tour t (t gives the
// zone the days are counted in, d the start time after which nothing can be cancelled).
func QuoteCancellation(b Booking, t tour.Tour, d tour.StartDate, now time.Time) Quote {
	q := Quote{Tier: -1, DaysBefore: tour.DaysBefore(b.StartDate, now, t.Zone())}
	switch {
	case b.Status == Pending:
		q.Refusal = "This booking is not paid, so there is nothing to cancel."
	case b.Status == RefundDue:
		q.Refusal = "A refund of this booking is already due: we will be in touch about it."
	case b.Status == Cancelled || b.Status == Refunded:
		q.Refusal = "This booking is already cancelled."
	case b.Source != Online && b.Source != "":
		q.Refusal = "This booking was paid outside the site, so it cannot be cancelled here. Please contact us to cancel it."
	case b.Policy == nil:
		q.Refusal = "This booking was made before cancellation policies were recorded with bookings, so it cannot be cancelled here. Please contact us to cancel it."
	case t.Started(d, now):
		q.Refusal = "Your tour has already started, so it can no longer be cancelled."
	default:
		q.Allowed = true
	}
	if b.Policy == nil {
		return q
	}
	q.Tier = b.Policy.Tier(q.DaysBefore)
	if q.Tier < 0 {
		return q
	}
	q.Percent = b.Policy[q.Tier].Percent
	// The policy refunds a share of what the booking keeps of what was paid: a booking
	// sold with a deposit may have received only that, and what was given back already
	// (a change to fewer travellers, one traveller's refund, a deposit refunded) is not
	// refunded a share of again. Its price is no measure: a refund that keeps the
	// booking lowers the price and the refunded amount together.
	kept := max(0, b.PaidMinor-b.RefundedMinor)
	q.RefundMinor = min(tour.RefundOf(kept, q.Percent), kept)
	if q.Percent > 0 {
		// The refund lasts as long as the tiers after this one keep its percentage.
		last := q.Tier
		for last+1 < len(b.Policy) && b.Policy[last+1].Percent == q.Percent {
			last++
		}
		q.Until = tour.Day(b.StartDate).AddDate(0, 0, -b.Policy[last].DaysBefore)
	}
	return q
}
