package store

import (
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
)

// The price categories a tour's bookings hold: those of a live hold and of a booking paid
// once, not those of a hold that lapsed unpaid; a booking from before categories holds
// the default one. On both engines.
func TestSoldCategories(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		jun1 := date(2031, 6, 1)
		tr := addTour(t, s, "sold", 10, []time.Time{jun1})
		buyer := addUser(t, s, "buyer", account.RoleUser)
		sold := func(at time.Time) string {
			t.Helper()
			m, err := s.SoldCategories(ctx, tr.ID, at)
			must(t, err)
			return strings.Join(slices.Sorted(maps.Keys(m)), ",")
		}
		if got := sold(t0); got != "" {
			t.Errorf("no bookings yet, sold %q", got)
		}
		held := newBooking(tr, buyer, jun1, 2, t0)
		held.Units = []booking.Unit{{CategoryID: "senior", Count: 1, TakesSeat: true}, {CategoryID: "child", Count: 1, TakesSeat: true}}
		must(t, s.CreateHold(ctx, &held, t0))
		if got := sold(t0); got != "child,senior" {
			t.Errorf("while held: %q", got)
		}
		if got := sold(t0.Add(time.Hour)); got != "" {
			t.Errorf("after the hold lapsed unpaid: %q", got)
		}
		old := newBooking(tr, buyer, jun1, 1, t0)
		must(t, s.CreateHold(ctx, &old, t0))
		old.Status, old.PaidAt = booking.Paid, t0
		must(t, s.RecordPayment(ctx, old))
		if got := sold(t0.Add(time.Hour)); got != "adult" {
			t.Errorf("a paid booking without units: %q", got)
		}
	})
}
