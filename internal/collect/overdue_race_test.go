package collect_test

import (
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// The balance of an overdue booking is paid while an operator cancels it for being
// overdue: the cancellation, which quoted on the deposit alone, is refused, and the
// booking stays paid in full, nothing refunded.
func TestCancelOverdueRacesTheBalance(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		_, b := f.depositPaid(t, tr, "ada", 2)
		f.later.Store(int64(time.Date(2031, 5, 6, 10, 0, 0, 0, time.UTC).Sub(now)))
		// The cancellation's clock is read once it has found the booking overdue: the
		// balance comes in just then, in cash at the office.
		var paid atomic.Bool
		clock := func() time.Time {
			if paid.CompareAndSwap(false, true) {
				if _, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "cash", Method: collect.Cash}); err != nil {
					t.Error(err)
				}
			}
			return f.clock()
		}
		refunds := refund.NewService(st, f.sandbox, nil, refund.Options{Now: clock, Receipts: receipt.NewService(st, receipt.Options{}),
			Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
		if _, err := refunds.CancelOverdue(ctx, f.admin, b.ID, "k1"); !errors.Is(err, refund.ErrNotOverdue) {
			t.Errorf("cancelling a booking whose balance came in meanwhile: %v", err)
		}
		if got := f.booking(t, b.ID); got.Status != booking.Paid || got.PaidMinor != 99400 || got.RefundedMinor != 0 {
			t.Fatalf("after the refused cancellation: %s, paid %d, refunded %d", got.Status, got.PaidMinor, got.RefundedMinor)
		}
	})
}
