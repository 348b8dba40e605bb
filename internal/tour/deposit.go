package tour

import (
	"math/bits"
	"time"
)

// DepositKind says how a tour's deposit is worked out.
type DepositKind string

const (
	// NoDeposit: every booking pays in full at checkout.
	NoDeposit DepositKind = ""
	// DepositPercent: Percent of the booking's price.
	DepositPercent DepositKind = "percent"
	// DepositAmount: AmountMinor per traveller who takes a seat.
	DepositAmount DepositKind = "amount"
)

// Limits of a deposit's settings.
const (
	MaxBalanceDays = 365
	MinBalanceDays = 1
)

// Deposit is what a tour asks at checkout when its departure is further away than the
// balance window: a part of the price now, the balance due BalanceDays before the
// local start day. A departure nearer than that is paid in full.
type Deposit struct {
	Kind        DepositKind `json:"kind,omitempty"`
	Percent     int         `json:"percent,omitempty"`     // 1..99, for DepositPercent
	AmountMinor int64       `json:"amountMinor,omitempty"` // per seat, for DepositAmount
	BalanceDays int         `json:"balanceDays,omitempty"`
}

// On reports whether the tour takes deposits.
func (d Deposit) On() bool { return d.Kind == DepositPercent || d.Kind == DepositAmount }

// BalanceDue is the day the balance of a booking departing on day is due: BalanceDays
// before it (both calendar days where the tour runs, kept as midnight UTC).
func (d Deposit) BalanceDue(day time.Time) time.Time {
	return Day(day).AddDate(0, 0, -d.BalanceDays)
}

// BalanceDueFor is the day the balance of a booking departing on day is due when t
// asks a deposit for it at now: the balance falls due after today where the tour runs.
// Zero when the booking pays in full.
func (t Tour) BalanceDueFor(day, now time.Time) time.Time {
	if !t.Deposit.On() {
		return time.Time{}
	}
	due := t.Deposit.BalanceDue(day)
	if !due.After(Today(now, t.Zone())) {
		return time.Time{}
	}
	return due
}

// Split is what a booking of seats at totalMinor departing on day pays at checkout
// (nowMinor) and the day the balance is due: a deposit when the tour takes them and the
// balance would fall due after today where the tour runs, else the whole price and a
// zero day. A deposit that would be the whole price (or more) is no deposit.
func (t Tour) Split(totalMinor int64, seats int, day time.Time, now time.Time) (nowMinor int64, due time.Time) {
	d := t.Deposit
	if due = t.BalanceDueFor(day, now); due.IsZero() || totalMinor <= 0 {
		return totalMinor, time.Time{}
	}
	var deposit int64
	switch d.Kind {
	case DepositPercent:
		// totalMinor × Percent / 100 rounded up, without overflowing.
		hi, lo := bits.Mul64(uint64(totalMinor), uint64(d.Percent))
		q, r := bits.Div64(hi, lo, 100)
		if r > 0 {
			q++
		}
		deposit = int64(q)
	case DepositAmount:
		hi, lo := bits.Mul64(uint64(d.AmountMinor), uint64(max(seats, 1)))
		if hi != 0 || lo > uint64(totalMinor) {
			return totalMinor, time.Time{}
		}
		deposit = int64(lo)
	}
	if deposit <= 0 || deposit >= totalMinor {
		return totalMinor, time.Time{}
	}
	return deposit, due
}

// Today is now's calendar day where loc is, kept as midnight UTC (as departures' days).
func Today(now time.Time, loc *time.Location) time.Time {
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
