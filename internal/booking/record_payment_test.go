package booking_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// RecordPayment's rules against the real store, on every test engine.

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newService(st *store.Store) *booking.Service {
	return booking.NewService(st, st, nil, booking.Options{
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
}

// hold holds n seats for u at now for 30 minutes.
func hold(t *testing.T, st *store.Store, tr tour.Tour, u account.User, d time.Time, n int, now time.Time) string {
	t.Helper()
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: d, Participants: n, AmountMinor: tr.UnitPriceMinor() * int64(n),
		Currency: tr.Currency, Provider: "sandbox", HoldUntil: now.Add(30 * time.Minute)}
	must(t, st.CreateHold(t.Context(), &b, now))
	return b.ID
}

func TestRecordPayment(t *testing.T) {
	t.Parallel()
	d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
	const seats = 4
	hour := time.Hour
	cases := []struct {
		name string
		// setup returns the booking to pay, made at t0 with a 30-minute hold.
		setup      func(t *testing.T, st *store.Store, tr tour.Tour, ann, bob account.User) string
		at         time.Time
		amountDiff int64
		currency   string
		want       booking.Status
	}{
		{
			name: "hold running",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, _ account.User) string {
				return hold(t, st, tr, ann, d, 2, t0)
			},
			at: t0.Add(29 * time.Minute), want: booking.Paid,
		},
		{
			name: "amount differs",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, _ account.User) string {
				return hold(t, st, tr, ann, d, 2, t0)
			},
			at:         t0.Add(time.Minute),
			amountDiff: -100, want: booking.RefundDue,
		},
		{
			name: "currency differs",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, _ account.User) string {
				return hold(t, st, tr, ann, d, 2, t0)
			},
			at:       t0.Add(time.Minute),
			currency: "eur", want: booking.RefundDue,
		},
		{
			name: "hold expired, seats free",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, _ account.User) string {
				return hold(t, st, tr, ann, d, 2, t0)
			},
			at: t0.Add(hour), want: booking.Paid,
		},
		{
			name: "hold expired and cancelled, seats free",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, bob account.User) string {
				id := hold(t, st, tr, ann, d, 2, t0)
				hold(t, st, tr, bob, d, 2, t0.Add(45*time.Minute))
				if _, err := st.ExpireHolds(t.Context(), t0.Add(hour)); err != nil {
					t.Fatal(err)
				}
				return id
			},
			at: t0.Add(hour), want: booking.Paid,
		},
		{
			name: "hold expired, date full",
			setup: func(t *testing.T, st *store.Store, tr tour.Tour, ann, bob account.User) string {
				id := hold(t, st, tr, ann, d, 2, t0)
				hold(t, st, tr, bob, d, 3, t0.Add(45*time.Minute))
				return id
			},
			at: t0.Add(hour), want: booking.RefundDue,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				ctx := t.Context()
				svc := newService(st)
				tr := storetest.AddTour(t, st, "fulfil", seats, d)
				ann := storetest.AddUser(t, st, "ann", account.RoleUser)
				bob := storetest.AddUser(t, st, "bob", account.RoleUser)
				id := c.setup(t, st, tr, ann, bob)
				before, err := st.BookingByID(ctx, id)
				must(t, err)
				amount := before.AmountMinor + c.amountDiff
				currency := before.Currency
				if c.currency != "" {
					currency = c.currency
				}

				b, changed, err := svc.RecordPayment(ctx, id, booking.Payment{Ref: "pi_123", AmountMinor: amount, Currency: currency}, c.at, nil)
				must(t, err)
				if !changed || b.Status != c.want || b.PaymentRef != "pi_123" || !b.PaidAt.Equal(c.at) ||
					b.AmountMinor != amount || b.Currency != currency {
					t.Errorf("RecordPayment = %+v, changed %v; want status %s", b, changed, c.want)
				}
				stored, err := st.BookingByID(ctx, id)
				must(t, err)
				if !reflect.DeepEqual(stored, b) {
					t.Errorf("stored\n%+v\nreturned\n%+v", stored, b)
				}
				if _, err := st.BookingTicket(ctx, id); err != nil {
					t.Errorf("no ticket after the payment: %v", err)
				}

				// The provider retries: nothing changes.
				again, changed, err := svc.RecordPayment(ctx, id, booking.Payment{Ref: "pi_999", AmountMinor: amount, Currency: currency},
					c.at.Add(hour), nil)
				must(t, err)
				if changed || !reflect.DeepEqual(again, b) {
					t.Errorf("second RecordPayment = %+v, changed %v; want the first result unchanged", again, changed)
				}
			})
		})
	}
	t.Run("unknown booking", func(t *testing.T) {
		t.Parallel()
		storetest.Each(t, func(t *testing.T, st *store.Store) {
			_, _, err := newService(st).RecordPayment(t.Context(), "000000000000000000000000",
				booking.Payment{Ref: "pi", AmountMinor: 1, Currency: "usd"}, t0, nil)
			if !errors.Is(err, booking.ErrNotFound) {
				t.Errorf("RecordPayment of an unknown booking: %v, want ErrNotFound", err)
			}
		})
	})
	t.Run("concurrent payments record once", func(t *testing.T) {
		t.Parallel()
		storetest.Each(t, func(t *testing.T, st *store.Store) {
			svc := newService(st)
			tr := storetest.AddTour(t, st, "race", seats, d)
			id := hold(t, st, tr, storetest.AddUser(t, st, "ann", account.RoleUser), d, 2, t0)
			var wg sync.WaitGroup
			changes := make([]bool, 10)
			for i := range changes {
				wg.Go(func() {
					var err error
					_, changes[i], err = svc.RecordPayment(context.Background(), id,
						booking.Payment{Ref: "pi", AmountMinor: tr.UnitPriceMinor() * 2, Currency: "usd"}, t0, nil)
					if err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			n := 0
			for _, c := range changes {
				if c {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d of 10 concurrent payments reported a change, want 1", n)
			}
		})
	})
}
