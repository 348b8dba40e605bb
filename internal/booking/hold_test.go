package booking_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// newHold is a hold of n seats for u on d, made at now for 30 minutes.
func newHold(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) *booking.Booking {
	return &booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: d, Participants: n, AmountMinor: tr.UnitPriceMinor() * int64(n),
		Currency: tr.Currency, Provider: "sandbox", HoldUntil: now.Add(30 * time.Minute)}
}

// Fifty checkouts at once for the last five seats: five holds, 45 refusals, never more
// seats taken than the departure has.
func TestHoldNeverOversells(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		svc := newService(st)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "crowded", 10, d)
		early := newHold(tr, storetest.AddUser(t, st, "early", account.RoleUser), d, 5, t0)
		must(t, svc.Hold(ctx, early, t0))
		if _, _, err := svc.RecordPayment(ctx, early.ID, booking.Payment{Ref: "pi_1", AmountMinor: early.AmountMinor, Currency: "usd"}, t0, nil); err != nil {
			t.Fatal(err)
		}

		users := make([]account.User, 50)
		for i := range users {
			users[i] = storetest.AddUser(t, st, fmt.Sprintf("u%02d", i), account.RoleUser)
		}
		var wg sync.WaitGroup
		errs := make([]error, len(users))
		for i, u := range users {
			wg.Go(func() { errs[i] = svc.Hold(ctx, newHold(tr, u, d, 1, t0), t0) })
		}
		wg.Wait()
		ok, full := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, booking.ErrNoSeats):
				full++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if ok != 5 || full != 45 {
			t.Errorf("%d holds succeeded and %d got ErrNoSeats; want 5 and 45", ok, full)
		}
		got, err := st.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if got.StartDates[0].Taken != 10 {
			t.Errorf("Taken = %d, want 10", got.StartDates[0].Taken)
		}
	})
}

// A hold is refused when the departure lacks the seats, is closed, or does not exist;
// another date of the tour is separate, and seats of holds that ran out are free.
func TestHoldRefusals(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		svc := newService(st)
		d1, d2 := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC), time.Date(2031, 7, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "small", 5, d2, d1)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		bob := storetest.AddUser(t, st, "bob", account.RoleUser)

		must(t, svc.Hold(ctx, newHold(tr, ann, d1.Add(13*time.Hour), 4, t0), t0)) // a time of day is dropped
		if err := svc.Hold(ctx, newHold(tr, bob, d1, 2, t0.Add(29*time.Minute)), t0.Add(29*time.Minute)); !errors.Is(err, booking.ErrNoSeats) {
			t.Errorf("2 seats with 1 left: %v, want ErrNoSeats", err)
		}
		must(t, svc.Hold(ctx, newHold(tr, bob, d2, 5, t0), t0)) // the other date is separate
		later := t0.Add(30 * time.Minute)
		must(t, svc.Hold(ctx, newHold(tr, bob, d1, 5, later), later)) // the first hold ran out
		if err := svc.Hold(ctx, newHold(tr, ann, time.Date(2031, 8, 1, 0, 0, 0, 0, time.UTC), 1, t0), t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("hold on a date the tour does not run: %v, want tour.ErrNotFound", err)
		}

		closed := storetest.AddTour(t, st, "closed", 5, d1)
		yes := true
		if _, _, err := st.UpdateDeparture(ctx, closed.ID, d1, catalog.DepartureChange{Closed: &yes}, t0,
			audit.Entry{ActorID: "op", Action: "departure.update", ObjectType: "tour"}); err != nil {
			t.Fatal(err)
		}
		if err := svc.Hold(ctx, newHold(closed, ann, d1, 1, t0), t0); !errors.Is(err, booking.ErrNoSeats) {
			t.Errorf("a hold on a closed departure: %v, want ErrNoSeats", err)
		}
	})
}
