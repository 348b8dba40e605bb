package collect_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// Clicks at once on the one-step cancel of an overdue balance, with the policy giving
// nothing back or half the deposit: every click answers the booking cancelled, and it
// is cancelled once (refunded once, with one credit note).
func TestCancelOverdueClickedTogether(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		_, half := f.depositPaid(t, tr, "ada", 2)
		_, none := f.depositPaid(t, tr, "bo", 2)
		for _, c := range []struct {
			b        booking.Booking
			at       time.Time
			refunded int64
			docs     []int64
		}{
			{half, time.Date(2031, 5, 6, 10, 0, 0, 0, time.UTC), 9940, []int64{19880, -9940}},
			{none, time.Date(2031, 5, 25, 10, 0, 0, 0, time.UTC), 0, []int64{19880}},
		} {
			f.later.Store(int64(c.at.Sub(now)))
			var wg sync.WaitGroup
			for range 4 {
				wg.Go(func() {
					d, err := f.refunds.CancelOverdue(ctx, f.admin, c.b.ID, "k-"+c.b.ID)
					if err != nil {
						t.Errorf("a click: %v", err)
						return
					}
					if d.Status != booking.Refunded && d.Status != booking.Cancelled {
						t.Errorf("a click answers %s", d.Status)
					}
				})
			}
			wg.Wait()
			got := f.booking(t, c.b.ID)
			if got.RefundedMinor != c.refunded || (got.Status != booking.Refunded && got.Status != booking.Cancelled) {
				t.Errorf("after the clicks: %s, refunded %d; want %d", got.Status, got.RefundedMinor, c.refunded)
			}
			if docs := f.receiptAmounts(t, c.b.ID); !slices.Equal(docs, c.docs) {
				t.Errorf("documents %v, want %v", docs, c.docs)
			}
		}
	})
}
