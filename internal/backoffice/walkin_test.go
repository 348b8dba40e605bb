package backoffice_test

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

type walkInFixture struct {
	st       *store.Store
	office   *backoffice.Service
	bookings *booking.Service
	admin    account.User
	tour     tour.Tour
	day      time.Time
}

func newWalkInFixture(t *testing.T, st *store.Store) *walkInFixture {
	f := &walkInFixture{st: st, day: time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)}
	f.office = backoffice.NewService(st, backoffice.Options{Now: func() time.Time { return t0 },
		HashPassword: func(string) (string, error) { return "$argon2id$test", nil },
		Tx:           storetest.InTx(st, func(tx *store.Store) backoffice.Tx { return tx })})
	f.bookings = booking.NewService(st, st, nil, booking.Options{
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "admin", account.RoleAdmin)
	f.tour = storetest.AddTour(t, st, "office", 10, f.day)
	return f
}

// paid books and pays n seats for a new traveller name.
func (f *walkInFixture) paid(t *testing.T, name string, n int) {
	t.Helper()
	storetest.AddPaid(t, f.st, f.bookings, f.tour, f.day, t0, name, n)
}

// A walk-in refused for want of seats writes nothing, not even the new customer's
// account, and says so in a sentence; one that fits makes the account with the booking.
func TestRefusedWalkInWritesNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		f.paid(t, "early", 9) // 1 seat of 10 left
		day := f.day.Format("2006-01-02")
		for n, want := range map[int]string{
			2: "There are fewer than 2 seats left on this departure.",
		} {
			_, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day,
				backoffice.WalkIn{Email: "new@example.com", Name: "New Customer", Participants: n, PaymentMethod: "cash"})
			if !errors.Is(err, booking.ErrNoSeats) || messageOf(err) != want {
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
		if messageOf(err) != "There are no seats left on this departure." {
			t.Fatalf("walk-in of 1 on a full departure: %v", err)
		}
		if _, err := st.UserByEmail(ctx, "other@example.com"); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("a refused walk-in made an account: %v", err)
		}
	})
}
