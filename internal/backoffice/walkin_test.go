package backoffice_test

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A walk-in refused for want of seats writes nothing, not even the new customer's
// account, and says so in a sentence; one that fits makes the account with the booking.
func TestRefusedWalkInWritesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		f.office = backoffice.NewService(st, f.provider, nil, backoffice.Options{Now: func() time.Time { return t0 },
			HashPassword: func(string) (string, error) { return "$argon2id$test", nil },
			Tx:           storetest.InTx(st, func(tx *store.Store) backoffice.Tx { return tx })})
		f.paid(t, "early", 9) // 1 seat of 10 left
		day := f.day.Format("2006-01-02")
		for n, want := range map[int]string{
			2: "There are fewer than 2 seats left on this departure.",
		} {
			_, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day,
				backoffice.WalkIn{Email: "new@example.com", Name: "New Customer", Participants: n, PaymentMethod: "cash"})
			var fe *fault.Error
			if !errors.Is(err, booking.ErrNoSeats) || !errors.As(err, &fe) || fe.Message != want {
				t.Fatalf("walk-in of %d: %v, want %q", n, err, want)
			}
		}
		if _, err := st.UserByEmail(ctx, "new@example.com"); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("a refused walk-in made an account: %v", err)
		}
		b, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day,
			backoffice.WalkIn{Email: "new@example.com", Name: "New Customer", Participants: 1, PaymentMethod: "cash"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := st.UserByEmail(ctx, "new@example.com")
		if err != nil || u.ID != b.UserID {
			t.Fatalf("the customer of the walk-in: %+v, %v; booking's user %s", u, err, b.UserID)
		}
		_, err = f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day,
			backoffice.WalkIn{Email: "other@example.com", Name: "Other", Participants: 1, PaymentMethod: "cash"})
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Message != "There are no seats left on this departure." {
			t.Fatalf("walk-in of 1 on a full departure: %v", err)
		}
		if _, err := st.UserByEmail(ctx, "other@example.com"); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("a refused walk-in made an account: %v", err)
		}
	})
}
