package collect_test

import (
	"net/http"
	"testing"

	"tourbook/internal/collect"
	"tourbook/internal/rebook"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A booking paid by a deposit, its balance checkout open, goes down from two travellers
// to one: the open checkout, for the old balance, can no longer be paid (the traveller
// would pay more than is due), and "Pay the balance" opens one for the new balance.
func TestChangedPriceClosesTheBalanceCheckout(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		u, b := f.depositPaid(t, tr, "ada", 2)
		old, err := f.collect.PayBalance(ctx, u, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		changes := rebook.NewService(st, f.refunds, rebook.Options{Now: f.clock, PriceChanged: f.collect.CloseLinks,
			Tx: storetest.InTx(st, func(tx *store.Store) rebook.Tx { return tx })})
		if _, err := changes.Apply(ctx, f.admin, b.ID, rebook.Change{Participants: 1, Key: "down"}); err != nil {
			t.Fatal(err)
		}
		if got := f.booking(t, b.ID); got.AmountMinor != 49700 || got.DueMinor() != 49700-19880 {
			t.Fatalf("after the change: price %d, due %d", got.AmountMinor, got.DueMinor())
		}
		if status, _ := pay(t, old); status != http.StatusGone {
			t.Fatalf("the old balance checkout answers %d", status)
		}
		to, err := f.collect.PayBalance(ctx, u, b.ID)
		if err != nil || to == old {
			t.Fatalf("a new balance checkout: %q, %v", to, err)
		}
		list, err := st.BookingPayments(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			if p.Status == collect.Pending && p.AmountMinor != 49700-19880 {
				t.Fatalf("an open balance link for %d", p.AmountMinor)
			}
		}
	})
}
