package booking

import (
	"fmt"
	"time"

	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

// Deposits (issue #24 §3): a tour may ask only a deposit at checkout for departures
// further away than its balance window (tour.Tour.Split). The booking's price
// (AmountMinor) stays the whole price; the checkout charges DepositMinor, which is what
// PaidMinor becomes, and the balance (DueMinor) is paid by BalanceDue through
// collect's balance checkout, or recorded by an operator.

// ChargeMinor is what b's own checkout charges: its deposit, or its whole price.
func (b Booking) ChargeMinor() int64 {
	if b.DepositMinor > 0 {
		return b.DepositMinor
	}
	return b.AmountMinor
}

// WithDeposit reports whether b was sold with a deposit and a balance to pay later.
func (b Booking) WithDeposit() bool { return b.DepositMinor > 0 && !b.BalanceDue.IsZero() }

// BalanceOverdue reports whether b, paid, still owes its balance after its due day
// (today is the day where the tour runs, as midnight UTC).
func (b Booking) BalanceOverdue(today time.Time) bool {
	return b.WithDeposit() && b.Status == Paid && b.DueMinor() > 0 && today.After(b.BalanceDue)
}

// applyDeposit sets on b, a new checkout's booking of t, the deposit its checkout
// charges and the day its balance is due, when t asks one for b's departure at now.
func applyDeposit(t tour.Tour, b *Booking, now time.Time) {
	charge, due := t.Split(b.AmountMinor, b.Participants, b.StartDate, now)
	if due.IsZero() {
		return
	}
	b.DepositMinor, b.BalanceDue = charge, due
}

// depositLines is what a checkout of b lists: lines, its items, when it charges the
// whole price; one line of the deposit when it charges a deposit (a provider's lines
// must add up to what it charges).
func depositLines(b Booking, lines []payment.LineItem) []payment.LineItem {
	if !b.WithDeposit() {
		return lines
	}
	return []payment.LineItem{{Name: fmt.Sprintf("Deposit (balance due by %s)", b.BalanceDue.Format(dateLayout)),
		UnitAmountMinor: b.DepositMinor, Quantity: 1}}
}
