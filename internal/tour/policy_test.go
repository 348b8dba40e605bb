package tour

import (
	"testing"
	"time"
)

// Days are counted where the tour runs: in Los Angeles (8 hours behind UTC in January)
// the evening of the 1st is already the 2nd in UTC, and in Auckland (13 ahead) the
// morning of the 2nd is still the 1st.
func TestDaysBeforeCountsInTheTourZone(t *testing.T) {
	departure := time.Date(2031, 1, 31, 0, 0, 0, 0, time.UTC)
	la, _ := LoadZone("America/Los_Angeles")
	nz, _ := LoadZone("Pacific/Auckland")
	for _, c := range []struct {
		now  time.Time
		loc  *time.Location
		want int
	}{
		{time.Date(2031, 1, 1, 20, 0, 0, 0, la), la, 30},
		{time.Date(2031, 1, 1, 20, 0, 0, 0, la), time.UTC, 29},
		{time.Date(2031, 1, 2, 6, 0, 0, 0, nz), nz, 29},
		{time.Date(2031, 1, 2, 6, 0, 0, 0, nz), time.UTC, 30},
		{time.Date(2031, 1, 31, 23, 0, 0, 0, nz), nz, 0},
		{time.Date(2031, 2, 1, 0, 0, 0, 0, nz), nz, -1},
	} {
		if got := DaysBefore(departure, c.now, c.loc); got != c.want {
			t.Errorf("DaysBefore(%s in %s) = %d, want %d", c.now, c.loc, got, c.want)
		}
	}
	p := DefaultPolicy()
	for days, want := range map[int]int{365: 100, 30: 100, 29: 50, 7: 50, 6: 0, 0: 0, -1: 0} {
		if got := p.Percent(days); got != want {
			t.Errorf("Percent(%d) = %d, want %d", days, got, want)
		}
	}
	if got := RefundOf(12345, 50); got != 6172 {
		t.Errorf("RefundOf(12345, 50) = %d, rounded down is 6172", got)
	}
}
