package tour

import (
	"math"
	"testing"
	"time"
)

// What a checkout charges now: a deposit for a departure whose balance falls due after
// today where the tour runs, else the whole price; a percentage rounds up, an amount
// is per seat; a deposit that would be the whole price (or overflow) is none.
func TestSplit(t *testing.T) {
	day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
	auckland := "Pacific/Auckland"
	percent := Deposit{Kind: DepositPercent, Percent: 20, BalanceDays: 30} // due 2 May
	amount := Deposit{Kind: DepositAmount, AmountMinor: 15000, BalanceDays: 30}
	march := time.Date(2031, 3, 14, 15, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name      string
		deposit   Deposit
		zone      string
		total     int64
		seats     int
		now       time.Time
		wantNow   int64
		wantDueOn string
	}{
		{"no deposit", Deposit{}, "", 99400, 2, march, 99400, ""},
		{"percent, far", percent, "", 99400, 2, march, 19880, "2031-05-02"},
		{"percent rounds up", percent, "", 99401, 2, march, 19881, "2031-05-02"},
		{"amount per seat", amount, "", 99400, 3, march, 45000, "2031-05-02"},
		{"amount the whole price", amount, "", 30000, 2, march, 30000, ""},
		{"amount over the price", amount, "", 20000, 2, march, 20000, ""},
		{"amount overflowing", Deposit{Kind: DepositAmount, AmountMinor: math.MaxInt64, BalanceDays: 30}, "", 99400, 3, march, 99400, ""},
		{"percent of a huge price", percent, "", math.MaxInt64, 1, march, math.MaxInt64/5 + 1, "2031-05-02"},
		{"the day before it is due", percent, "", 99400, 2, time.Date(2031, 5, 1, 23, 0, 0, 0, time.UTC), 19880, "2031-05-02"},
		{"on the day it is due", percent, "", 99400, 2, time.Date(2031, 5, 2, 0, 30, 0, 0, time.UTC), 99400, ""},
		// 1 May, 13:00 UTC is 2 May in Auckland: due today there, so in full.
		{"due today where the tour runs", percent, auckland, 99400, 2, time.Date(2031, 5, 1, 13, 0, 0, 0, time.UTC), 99400, ""},
		{"free", percent, "", 0, 2, march, 0, ""},
	} {
		tr := Tour{Deposit: c.deposit, TimeZone: c.zone}
		gotNow, due := tr.Split(c.total, c.seats, day, c.now)
		gotDue := ""
		if !due.IsZero() {
			gotDue = due.Format(time.DateOnly)
		}
		if gotNow != c.wantNow || gotDue != c.wantDueOn {
			t.Errorf("%s: %d now, balance due %q; want %d, %q", c.name, gotNow, gotDue, c.wantNow, c.wantDueOn)
		}
	}
}
