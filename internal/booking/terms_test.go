package booking_test

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/legal"
	"tourbook/internal/payment"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// TestCheckoutAcceptsTheCurrentTerms, on both databases: with no terms written a
// checkout asks none and keeps none; once they are, a checkout without them or with an
// older version is refused (400) holding nothing, and one with the current version keeps
// it and the time on the booking.
func TestCheckoutAcceptsTheCurrentTerms(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		clk := &simClock{t: t0}
		terms := legal.NewService(st, legal.Options{Now: clk.Now})
		sb := payment.NewSandbox(payment.SandboxOptions{BaseURL: "http://tourbook.test", Now: clk.Now, Store: st})
		svc := booking.NewService(st, st, sb, booking.Options{Now: clk.Now, BaseURL: "http://tourbook.test", Terms: terms,
			Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
		d := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "terms", 20, d)
		admin := storetest.AddUser(t, st, "Ada", account.RoleAdmin)
		ann := storetest.AddUser(t, st, "Ann", account.RoleUser)
		bob := storetest.AddUser(t, st, "Bob", account.RoleUser)
		open := func(u account.User, accepted int) error {
			_, err := svc.Open(ctx, u, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01", Participants: 1, Terms: accepted})
			return err
		}
		latest := func(u account.User) booking.Booking {
			t.Helper()
			list, err := st.UserBookings(ctx, u.ID)
			must(t, err)
			if len(list) == 0 {
				t.Fatalf("%s has no booking", u.Name)
			}
			return list[0]
		}

		// No terms: nothing asked, nothing kept, whatever was sent.
		must(t, open(ann, 3))
		if b := latest(ann); b.TermsVersion != 0 || !b.TermsAcceptedAt.IsZero() {
			t.Errorf("no terms written, the booking keeps %d at %v", b.TermsVersion, b.TermsAcceptedAt)
		}

		for _, text := range []string{"# Terms\n\nPay first.", "# Terms\n\nPay when you book."} {
			if _, err := terms.Save(ctx, admin, legal.Terms, text); err != nil {
				t.Fatal(err)
			}
		}
		left := seatsLeft(t, st, tr, clk.Now())
		for accepted, want := range map[int]string{
			0: "Please accept the terms of booking to book this tour: tick the box above the button.",
			1: "The terms of booking have changed since this page was opened. Please reload the page, read them and accept them again.",
		} {
			var e *booking.Error
			if err := open(bob, accepted); !errors.As(err, &e) || e.Kind != fault.Invalid || e.Message != want {
				t.Errorf("terms %d: %v, want %q", accepted, err, want)
			}
		}
		if got := seatsLeft(t, st, tr, clk.Now()); got != left {
			t.Errorf("refused checkouts held seats: %d left, was %d", got, left)
		}

		clk.Add(time.Minute)
		must(t, open(bob, 2))
		b := latest(bob)
		if b.TermsVersion != 2 || !b.TermsAcceptedAt.Equal(clk.Now().UTC().Truncate(time.Microsecond)) {
			t.Errorf("the booking keeps terms %d at %v, want 2 at %v", b.TermsVersion, b.TermsAcceptedAt, clk.Now())
		}
		if got, err := st.BookingByID(ctx, b.ID); err != nil || got.TermsVersion != 2 || !got.TermsAcceptedAt.Equal(b.TermsAcceptedAt) {
			t.Errorf("read again: %+v %v", got, err)
		}
	})
}
