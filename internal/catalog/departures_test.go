package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

func newService(st *store.Store) *catalog.Service {
	return catalog.NewService(st, nil, catalog.Options{Now: func() time.Time { return t0 },
		Tx: storetest.InTx(st, func(tx *store.Store) catalog.Tx { return tx })})
}

// hold holds n seats for u on d at t0, as a checkout does.
func hold(st *store.Store, tr tour.Tour, u account.User, d time.Time, n int) error {
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: d, Participants: n, AmountMinor: tr.UnitPriceMinor() * int64(n),
		Currency: "usd", Provider: "sandbox", HoldUntil: t0.Add(30 * time.Minute)}
	return booking.NewService(st, st, nil, booking.Options{
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })}).Hold(context.Background(), &b, t0)
}

// Lowering a departure's capacity while people check out never leaves more seats taken
// than the capacity: the service counts the seats under the departure's lock, which
// every hold takes too.
func TestCapacityChangeRacesCheckouts(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := newService(st)
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "race", 20, d)
		users := make([]account.User, 12)
		for i := range users {
			users[i] = storetest.AddUser(t, st, fmt.Sprintf("u%d", i), account.RoleUser)
		}
		var wg sync.WaitGroup
		var lowered error
		for i, u := range users {
			wg.Go(func() {
				if err := hold(st, tr, u, d, 1); err != nil && !errors.Is(err, booking.ErrNoSeats) {
					t.Error(err)
				}
			})
			if i == 5 {
				wg.Go(func() {
					six := 6
					_, lowered = svc.UpdateDeparture(context.Background(), admin, tr.ID, "2031-06-01", catalog.DepartureChange{Capacity: &six})
				})
			}
		}
		wg.Wait()
		got, err := st.TourByIDAnyStatus(t.Context(), tr.ID, t0)
		if err != nil {
			t.Fatal(err)
		}
		dep := got.StartDates[0]
		var capErr *tour.CapacityError
		switch {
		case lowered == nil && (dep.Capacity != 6 || dep.Taken > 6):
			t.Errorf("capacity lowered to 6, yet %d of %d seats taken", dep.Taken, dep.Capacity)
		case lowered != nil && !errors.As(lowered, &capErr):
			t.Errorf("lowering the capacity: %v", lowered)
		case lowered != nil && (dep.Capacity != 20 || capErr.Taken <= 6):
			t.Errorf("refused with %d taken, capacity now %d", capErr.Taken, dep.Capacity)
		}
		if dep.Taken > dep.Capacity {
			t.Errorf("%d seats taken of %d", dep.Taken, dep.Capacity)
		}
	})
}

// The capacity is never lowered below the seats taken: the change is refused with the
// count, and the departure keeps its capacity.
func TestCapacityNotBelowSeatsTaken(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		svc := newService(st)
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "full", 5, d)
		if err := hold(st, tr, ann, d, 3); err != nil {
			t.Fatal(err)
		}
		two, three := 2, 3
		_, err := svc.UpdateDeparture(t.Context(), admin, tr.ID, "2031-06-01", catalog.DepartureChange{Capacity: &two})
		var capErr *tour.CapacityError
		if !errors.As(err, &capErr) || capErr.Taken != 3 {
			t.Errorf("lowering to 2 with 3 seats held: %v", err)
		}
		if got, _ := st.TourByIDAnyStatus(t.Context(), tr.ID, t0); got.StartDates[0].Capacity != 5 {
			t.Errorf("capacity after the refusal: %d, want 5", got.StartDates[0].Capacity)
		}
		got, err := svc.UpdateDeparture(t.Context(), admin, tr.ID, "2031-06-01", catalog.DepartureChange{Capacity: &three})
		if err != nil || got.StartDates[0].Capacity != 3 {
			t.Errorf("lowering to the 3 seats held: %v, capacity %d", err, got.StartDates[0].Capacity)
		}
	})
}
