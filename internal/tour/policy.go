package tour

import "time"

// RefundTier is one step of a cancellation policy: a booking cancelled at least
// DaysBefore days before its departure's day gets Percent of what was paid back.
type RefundTier struct {
	DaysBefore int // 0 is the departure's own day, until it starts
	Percent    int // 0..100
}

// CancellationPolicy is a tour's refund tiers, the furthest from departure first, each
// refunding no more than the one before it. Cancelling closer to departure than the last
// tier's DaysBefore refunds nothing; a departure that has started cannot be cancelled.
// A booking keeps a copy of the policy it was made under: nil there means none was
// recorded (bookings made before policies existed).
type CancellationPolicy []RefundTier

// DefaultPolicy is what a tour has until an operator sets its own: the common
// 30/7-day steps.
func DefaultPolicy() CancellationPolicy {
	return CancellationPolicy{{DaysBefore: 30, Percent: 100}, {DaysBefore: 7, Percent: 50}, {DaysBefore: 0, Percent: 0}}
}

// Tier is the index of the tier that applies daysBefore days before departure, and -1
// when none does (closer than every tier: nothing is refunded).
func (p CancellationPolicy) Tier(daysBefore int) int {
	for i, t := range p {
		if daysBefore >= t.DaysBefore {
			return i
		}
	}
	return -1
}

// Percent is the share refunded daysBefore days before departure.
func (p CancellationPolicy) Percent(daysBefore int) int {
	if i := p.Tier(daysBefore); i >= 0 {
		return p[i].Percent
	}
	return 0
}

// DaysBefore counts the calendar days from now to a departure's day as they are where
// the tour runs (loc), not where the server is: a tier ends at local midnight. The
// departure's own day is 0; a day already past is negative.
func DaysBefore(departureDay, now time.Time, loc *time.Location) int {
	y, m, d := now.In(loc).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	return int(Day(departureDay).Sub(today).Hours() / 24)
}

// RefundOf is percent of amountMinor, rounded down to the minor unit: never more than
// was agreed.
func RefundOf(amountMinor int64, percent int) int64 {
	return amountMinor * int64(percent) / 100
}
