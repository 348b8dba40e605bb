package booking_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/payment"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// simClock is the services' clock, moved by the test.
type simClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *simClock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *simClock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// checkoutService is the booking service with the sandbox provider (its checkouts kept
// in st), on clk.
func checkoutService(st *store.Store, clk *simClock) *booking.Service {
	sb := payment.NewSandbox(payment.SandboxOptions{BaseURL: "http://tourbook.test", Now: clk.Now, Store: st})
	return booking.NewService(st, st, sb, booking.Options{Now: clk.Now, BaseURL: "http://tourbook.test",
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
}

// seatsLeft is what the tour's page shows of a departure at now.
func seatsLeft(t *testing.T, st *store.Store, tr tour.Tour, now time.Time) int {
	t.Helper()
	got, err := st.TourByID(t.Context(), tr.ID, now)
	must(t, err)
	return got.SeatsLeft(got.StartDates[0])
}

// Three accounts try to keep a departure of 24 seats blocked for two hours: every
// minute each asks again for as many seats as it may take (the whole group, or what is
// left), from one client address, and the expiry sweep runs. A fourth traveller, asking
// every minute after them, still gets seats, soon: the hoarders' holds end 30 minutes
// after they first took them whatever they ask, then they must wait.
func TestHoardingLeavesTheDepartureBookable(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		clk := &simClock{t: t0}
		svc := checkoutService(st, clk)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "hoarded", 24, d)
		var hoarders []account.User
		for i := range 3 {
			hoarders = append(hoarders, storetest.AddUser(t, st, fmt.Sprintf("hoarder%d", i), account.RoleUser))
		}
		fourth := storetest.AddUser(t, st, "fourth", account.RoleUser)
		held := map[string]int{} // each hoarder's seats held, as far as it knows

		booked := time.Duration(-1)
		bookable := 0
		for minute := range 120 {
			now := clk.Now()
			if _, err := svc.ExpireHolds(ctx); err != nil {
				t.Fatal(err)
			}
			for _, h := range hoarders {
				// Its own hold is replaced, so its seats count as free for it.
				want := min(tr.MaxGroupSize, seatsLeft(t, st, tr, now)+held[h.ID])
				if want == 0 {
					continue
				}
				_, err := svc.StartCheckout(ctx, h, "203.0.113.7", tr.ID, "2031-06-01", want)
				var limited *booking.LimitError
				switch {
				case err == nil:
					held[h.ID] = want
				case errors.As(err, &limited), errors.Is(err, booking.ErrNoSeats):
					if limited != nil && limited.RetryAfterSeconds() <= 0 {
						t.Errorf("a limit without a wait: %v", err)
					}
					held[h.ID] = 0 // its hold was released or ran out
				default:
					t.Fatalf("minute %d: %v", minute, err)
				}
			}
			if seatsLeft(t, st, tr, now) >= 2 {
				bookable++
			}
			if booked < 0 {
				if _, err := svc.StartCheckout(ctx, fourth, "198.51.100.4", tr.ID, "2031-06-01", 2); err == nil {
					booked = time.Duration(minute) * time.Minute
				} else if !errors.Is(err, booking.ErrNoSeats) {
					t.Fatalf("the fourth traveller at minute %d: %v", minute, err)
				}
			}
			clk.Add(time.Minute)
		}
		if booked < 0 || booked > 31*time.Minute {
			t.Fatalf("the fourth traveller got seats after %v (-1: never), want within 31 minutes", booked)
		}
		if bookable < 60 {
			t.Errorf("the departure had 2 seats for sale in %d minutes of 120, want at least half", bookable)
		}
	})
}

// A hold released (its checkout cancelled, replaced by asking again, or run out) closes
// its checkout at the provider: nobody pays for seats no longer held.
func TestReleasedHoldClosesItsCheckout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		clk := &simClock{t: t0}
		svc := checkoutService(st, clk)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "released", 10, d)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		checkoutOf := func() payment.SandboxCheckout {
			t.Helper()
			url, err := svc.StartCheckout(ctx, ann, "", tr.ID, "2031-06-01", 2)
			must(t, err)
			c, err := st.SandboxCheckout(ctx, url[strings.LastIndex(url, "/")+1:])
			must(t, err)
			return c
		}
		first := checkoutOf()
		second := checkoutOf() // replaces the first
		must(t, svc.CancelReturn(ctx, ann, second.Request.BookingID))
		third := checkoutOf() // runs out: the sweep closes it
		clk.Add(30 * time.Minute)
		if _, err := svc.ExpireHolds(ctx); err != nil {
			t.Fatal(err)
		}
		for _, c := range []payment.SandboxCheckout{first, second, third} {
			got, err := st.SandboxCheckout(ctx, c.ID)
			must(t, err)
			if !got.Expired() {
				t.Errorf("the checkout of released booking %s is still open", c.Request.BookingID)
			}
			if _, paid, err := st.PaySandboxCheckout(ctx, c.ID, "pi_x", clk.Now()); err != nil || paid {
				t.Errorf("the checkout of a released hold was paid: %v, %v", paid, err)
			}
		}
	})
}

// The dashboard's departures count seats held by open checkouts apart from seats sold,
// and a hold that ran out in neither.
func TestDashboardShowsHeldApartFromSold(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		svc := newService(st)
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "dashboard", 10, d)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		bob := storetest.AddUser(t, st, "bob", account.RoleUser)
		cy := storetest.AddUser(t, st, "cy", account.RoleUser)
		paid := hold(t, st, tr, ann, d, 3, t0)
		if _, _, err := svc.RecordPayment(ctx, paid, booking.Payment{Ref: "pi_1", AmountMinor: 3 * tr.UnitPriceMinor(), Currency: "usd"}, t0, nil); err != nil {
			t.Fatal(err)
		}
		hold(t, st, tr, bob, d, 2, t0.Add(10*time.Minute))
		hold(t, st, tr, cy, d, 4, t0.Add(-time.Hour)) // ran out
		deps, err := st.UpcomingDepartures(ctx, t0.Add(15*time.Minute), "", 10)
		must(t, err)
		if len(deps) != 1 || deps[0].Sold != 3 || deps[0].Held != 2 || deps[0].Capacity != 10 {
			t.Fatalf("dashboard departures %+v, want 3 sold and 2 held of 10", deps)
		}
	})
}
