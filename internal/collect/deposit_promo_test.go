package collect_test

import (
	"slices"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/emails"
	"tourbook/internal/promotion"
	"tourbook/internal/receipt"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A promo code and a deposit together: the deposit is a share of the discounted
// price, the balance the rest of it, and the two receipts add up to what the traveller
// pays in all (the price after the discount).
func TestDepositWithPromoCode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		promos := promotion.NewService(st, promotion.Options{Now: f.clock, Zone: time.UTC})
		f.bookings = booking.NewService(st, st, f.sandbox, booking.Options{Now: f.clock, BaseURL: f.base, Links: f.collect,
			Receipts: receipt.NewService(st, receipt.Options{}), Mailer: emails.NewBookings(emailWriter(t), st, f.clock), Promotions: promos,
			Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
		p := promotion.Promotion{Code: "SAVE10", Percent: 10, Active: true}
		if err := st.CreatePromotion(ctx, &p, nil); err != nil {
			t.Fatal(err)
		}
		u := storetest.AddUser(t, st, "pia", account.RoleUser)
		to, err := f.bookings.Open(ctx, u, "", booking.Checkout{TourID: tr.ID, Date: farDay.Format(time.DateOnly), Participants: 2, PromoCode: "save10"})
		if err != nil {
			t.Fatal(err)
		}
		if code, _ := pay(t, to); code != 303 {
			t.Fatalf("paying the deposit: %d", code)
		}
		list, err := st.UserBookings(ctx, u.ID)
		if err != nil || len(list) != 1 {
			t.Fatalf("bookings %v %v", list, err)
		}
		b := f.booking(t, list[0].ID)
		// 2 × 497.00 = 994.00, less 10 % = 894.60; 20 % of it is 178.92.
		if b.AmountMinor != 89460 || b.DepositMinor != 17892 || b.PaidMinor != 17892 || b.DueMinor() != 71568 {
			t.Fatalf("deposit with a promo code: price %d, deposit %d, paid %d, due %d", b.AmountMinor, b.DepositMinor, b.PaidMinor, b.DueMinor())
		}
		if ev := paidEvent(t, f, b.CheckoutID); ev.AmountTotal != 17892 {
			t.Fatalf("the provider charged %d", ev.AmountTotal)
		}
		balance, err := f.collect.PayBalance(ctx, u, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if code, _ := pay(t, balance); code != 303 {
			t.Fatalf("paying the balance: %d", code)
		}
		b = f.booking(t, b.ID)
		got := f.receiptAmounts(t, b.ID)
		var sum int64
		for _, a := range got {
			sum += a
		}
		if !slices.Equal(got, []int64{17892, 71568}) || sum != b.AmountMinor || b.PaidMinor != b.AmountMinor {
			t.Fatalf("receipts %v (sum %d) for a price of %d, paid %d", got, sum, b.AmountMinor, b.PaidMinor)
		}
	})
}
