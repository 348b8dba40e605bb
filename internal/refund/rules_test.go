package refund_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/httpx"
	"tourbook/internal/payment/refundtest"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// The rules of cancelling and refunding against the real store, on every test engine:
// what may be cancelled or refunded, and a refund made once per key.

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

type fixture struct {
	st       *store.Store
	office   *refund.Service
	bookings *booking.Service
	provider *refundtest.Refunder
	admin    account.User
	tour     tour.Tour
	day      time.Time
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	f := &fixture{st: st, provider: &refundtest.Refunder{GateKey: "k"}, day: time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)}
	f.office = refund.NewService(st, f.provider, nil, refund.Options{Now: func() time.Time { return t0 },
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
	f.bookings = booking.NewService(st, st, nil, booking.Options{
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "admin", account.RoleAdmin)
	f.tour = storetest.AddTour(t, st, "office", 10, f.day)
	return f
}

// hold holds n seats for a new traveller name.
func (f *fixture) hold(t *testing.T, name string, n int) booking.Booking {
	t.Helper()
	return storetest.AddHold(t, f.st, f.tour, f.day, t0, name, n)
}

// paid books and pays n seats for a new traveller name.
func (f *fixture) paid(t *testing.T, name string, n int) booking.Booking {
	t.Helper()
	return storetest.AddPaid(t, f.st, f.bookings, f.tour, f.day, t0, name, n)
}

func (f *fixture) booking(t *testing.T, id string) booking.Booking {
	t.Helper()
	b, err := f.st.BookingByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// One refund asked for again and again at once (the same key) adds its amount once and
// writes one line of history; a second key is refused while the first is pending.
func TestRefundIsMadeOncePerKey(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "ann", 2)

		// Ten requests with one key all find its refund pending and wait at the
		// provider; another key meanwhile is refused. Then all ten finish it at once.
		f.provider.Gate, f.provider.In = make(chan struct{}), make(chan struct{}, 10)
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				if _, err := f.office.Cancel(context.Background(), f.admin, b.ID, 1000, "", "k"); err != nil {
					t.Error(err)
				}
			})
		}
		for range 10 {
			<-f.provider.In
		}
		if _, err := f.office.Cancel(t.Context(), f.admin, b.ID, 1000, "", "other"); !errors.Is(err, backoffice.ErrRefundInProgress) {
			t.Errorf("a second key while a refund is pending: %v", err)
		}
		close(f.provider.Gate)
		wg.Wait()
		got := f.booking(t, b.ID)
		if got.Status != booking.Refunded || got.RefundedMinor != 1000 {
			t.Errorf("after 10 cancellations with one key: %s, %d refunded (paid %d)", got.Status, got.RefundedMinor, b.AmountMinor)
		}
		events, err := st.BookingEvents(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 1 || events[0].Kind != "refunded" {
			t.Errorf("history %+v", events)
		}
		refunds, err := st.BookingRefunds(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(refunds) != 1 || refunds[0].Status != backoffice.RefundSucceeded || refunds[0].ProviderRef != "re_k" {
			t.Errorf("refunds %+v", refunds)
		}
	})
}

// Only a paid (or refund-due) booking is cancelled or refunded, never for more than is
// left; only a refund-due one is resolved.
func TestWhatMayBeCancelled(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		held := f.hold(t, "hal", 1)
		for _, amount := range []int64{0, 100} {
			if _, err := f.office.Cancel(t.Context(), f.admin, held.ID, amount, "", "held"); !errors.Is(err, refund.ErrNotCancellable) {
				t.Errorf("cancelling an unpaid hold, refunding %d: %v", amount, err)
			}
		}
		if got := f.booking(t, held.ID); got.Status != booking.Pending {
			t.Errorf("the hold is %s after the refusals", got.Status)
		}

		paid := f.paid(t, "pat", 1)
		if _, err := f.office.Resolve(t.Context(), f.admin, paid.ID, "settled by phone"); !errors.Is(err, refund.ErrNotCancellable) {
			t.Errorf("resolving a paid booking: %v", err)
		}
		var bad *fault.Error
		if _, err := f.office.Cancel(t.Context(), f.admin, paid.ID, paid.AmountMinor+1, "", "much"); !errors.As(err, &bad) || httpx.StatusOf(bad.Kind) != 400 {
			t.Errorf("refunding more than was paid: %v", err)
		}
		if got := f.booking(t, paid.ID); got.Status != booking.Paid || got.RefundedMinor != 0 {
			t.Errorf("after the refusals: %s, %d refunded", got.Status, got.RefundedMinor)
		}
		if _, err := f.office.Cancel(t.Context(), f.admin, paid.ID, 0, "storm", ""); err != nil {
			t.Fatal(err)
		}
		if got := f.booking(t, paid.ID); got.Status != booking.Cancelled {
			t.Errorf("cancelled without a refund: %s", got.Status)
		}
		if _, err := f.office.Cancel(t.Context(), f.admin, paid.ID, 0, "again", ""); !errors.Is(err, refund.ErrNotCancellable) {
			t.Errorf("cancelling twice: %v", err)
		}
		if events, _ := st.BookingEvents(t.Context(), paid.ID); len(events) != 1 || events[0].Kind != "cancelled" || events[0].Detail != "storm" {
			t.Errorf("history %+v", events)
		}
	})
}
