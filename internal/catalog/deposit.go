package catalog

import (
	"strings"

	"tourbook/internal/fault"
	"tourbook/internal/input"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// DepositInput is the tour form's deposit: none (kind ""), a percentage of the price
// ("percent") or an amount per traveller ("amount"), and the balance due a number of
// days before the departure.
type DepositInput struct {
	Kind        string       `json:"kind"`
	Percent     input.Number `json:"percent"`
	Amount      money.Amount `json:"amount"`
	BalanceDays input.Number `json:"balanceDays"`
}

// apply sets the deposit given on t, in currency cur, noting what cannot be read in f.
func (in DepositInput) apply(t *tour.Tour, cur string, f *fault.Fields) {
	d := tour.Deposit{Kind: tour.DepositKind(strings.TrimSpace(in.Kind))}
	switch d.Kind {
	case tour.NoDeposit:
		t.Deposit = tour.Deposit{}
		return
	case tour.DepositPercent:
		optionalWhole(f, "deposit.percent", labels["deposit.percent"], in.Percent, &d.Percent)
	case tour.DepositAmount:
		labelledAmount(f, "deposit.amount", labels["deposit.amount"], in.Amount, cur, true, &d.AmountMinor)
	}
	optionalWhole(f, "deposit.balanceDays", labels["deposit.balanceDays"], in.BalanceDays, &d.BalanceDays)
	t.Deposit = d
}

// checkDeposit checks t's deposit settings, noting every problem in f.
func checkDeposit(t *tour.Tour, f *fault.Fields) {
	d := t.Deposit
	switch d.Kind {
	case tour.NoDeposit:
		return
	case tour.DepositPercent:
		if !f.Has("deposit.percent") && (d.Percent < 1 || d.Percent > 99) {
			f.Add("deposit.percent", "The deposit must be between 1 and 99 %% of the price.")
		}
	case tour.DepositAmount:
		if !f.Has("deposit.amount") && d.AmountMinor <= 0 {
			f.Add("deposit.amount", "%s must be more than 0.", labels["deposit.amount"])
		}
	default:
		f.Add("deposit.kind", "The deposit must be none (\"\"), a percentage of the price (\"percent\") or an amount per traveller (\"amount\").")
		return
	}
	if !f.Has("deposit.balanceDays") && (d.BalanceDays < tour.MinBalanceDays || d.BalanceDays > tour.MaxBalanceDays) {
		f.Add("deposit.balanceDays", "The balance must be due between %d and %d days before departure.", tour.MinBalanceDays, tour.MaxBalanceDays)
	}
}
