package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/payment"
)

// limitedFixture is newFixture with limits of its own.
func limitedFixture(t *testing.T, l Limits) *fixture {
	t.Helper()
	f := newFixture(t)
	f.svc = NewService(f.store, f.store, f.provider, Options{Now: f.clock.Now, BaseURL: "https://tours.example/",
		Tx: f.store.inTx, Limits: l})
	for i := range 3 {
		f.store.tours[fmt.Sprintf("t-%d", i)] = withID(f.store.tours["t-forest"], fmt.Sprintf("t-%d", i))
	}
	return f
}

func wantLimited(t *testing.T, err error, wait time.Duration, msg string) {
	t.Helper()
	var l *LimitError
	if !errors.As(err, &l) || l.FaultKind() != fault.TooManyAttempts || l.Wait != wait || !strings.Contains(l.PublicMessage(), msg) {
		t.Fatalf("err %v, want 429 for %v saying %q", err, wait, msg)
	}
}

// Asking again for the same departure (a second click, the back button, a cancelled
// checkout) gives a hold that ends when the first would have; once it has, the same
// departure is held again only after as long again.
func TestAskingAgainDoesNotRestartTheHold(t *testing.T) {
	f := newFixture(t)
	first := f.start(t, "2027-07-20", 2)
	end := f.store.all()[0].HoldUntil
	f.clock.Add(20 * time.Minute)
	f.start(t, "2027-07-20", 3)
	f.clock.Add(5 * time.Minute)
	b, err := f.store.BookingByCheckout(context.Background(), "fake", first)
	must(t, err)
	must(t, f.svc.CancelReturn(context.Background(), ann, b.ID))
	f.start(t, "2027-07-20", 1)
	for _, b := range f.store.all() {
		if !b.HoldUntil.Equal(end) {
			t.Errorf("hold of %d ends %v, want %v as the first", b.Participants, b.HoldUntil, end)
		}
	}
	// Another date of the tour is another departure.
	f.start(t, "2027-06-15", 1)

	f.clock.Add(6 * time.Minute) // the hold ended a minute ago
	_, err = f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-07-20", 1)
	wantLimited(t, err, 29*time.Minute, "Seats on 20 July 2027 were held for you for 30 minutes without being paid. You can hold seats on that date again in 29 minutes.")
	f.clock.Add(29 * time.Minute)
	f.start(t, "2027-07-20", 1)
	all := f.store.all()
	if last := all[len(all)-1]; !last.HoldUntil.Equal(f.clock.Now().Add(30 * time.Minute)) {
		t.Fatalf("a hold after the wait ends %v, want 30 minutes on", last.HoldUntil)
	}
}

// One account opens at most so many checkouts an hour, and so does one client address
// across accounts; others are not affected.
func TestCheckoutsAreRateLimited(t *testing.T) {
	f := limitedFixture(t, Limits{CheckoutsPerAccount: 3, CheckoutsPerClient: 5})
	ctx := context.Background()
	for i := range 3 {
		if _, err := f.svc.StartCheckout(ctx, ann, "192.0.2.1", fmt.Sprintf("t-%d", i), "2027-07-20", 1); err != nil {
			t.Fatal(err)
		}
	}
	_, err := f.svc.StartCheckout(ctx, ann, "192.0.2.9", "t-forest", "2027-07-20", 1)
	wantLimited(t, err, time.Hour, "You have started 3 checkouts in the last hour, the most we allow.")
	for i := range 2 {
		if _, err := f.svc.StartCheckout(ctx, bob, "192.0.2.1", fmt.Sprintf("t-%d", i), "2027-07-20", 1); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.svc.StartCheckout(ctx, bob, "192.0.2.1", "t-2", "2027-07-20", 1)
	wantLimited(t, err, time.Hour, "Too many checkouts were started from your network in the last hour.")
	if _, err := f.svc.StartCheckout(ctx, bob, "192.0.2.2", "t-2", "2027-07-20", 1); err != nil {
		t.Fatalf("another address: %v", err)
	}
	f.clock.Add(time.Hour + time.Second)
	if _, err := f.svc.StartCheckout(ctx, ann, "192.0.2.1", "t-forest", "2027-06-15", 1); err != nil {
		t.Fatalf("an hour later: %v", err)
	}
}

// One account holds at most so many seats at once, across departures.
func TestHeldSeatsAreBounded(t *testing.T) {
	f := limitedFixture(t, Limits{HeldSeats: 5})
	ctx := context.Background()
	if _, err := f.svc.StartCheckout(ctx, ann, "", "t-0", "2027-07-20", 3); err != nil {
		t.Fatal(err)
	}
	_, err := f.svc.StartCheckout(ctx, ann, "", "t-1", "2027-07-20", 3)
	var e *Error
	if !errors.As(err, &e) || e.Kind != fault.Conflict ||
		e.Message != "You already hold 3 seats in open checkouts, and one account may hold at most 5 at once. Please finish or cancel a checkout first." {
		t.Fatalf("err %v, want 409 about the seats held", err)
	}
	if _, err := f.svc.StartCheckout(ctx, ann, "", "t-1", "2027-07-20", 2); err != nil {
		t.Fatal(err)
	}
	// Asking again for the same tour replaces its hold, which then counts for nothing.
	if _, err := f.svc.StartCheckout(ctx, ann, "", "t-0", "2027-07-20", 3); err != nil {
		t.Fatalf("the same tour again: %v", err)
	}
	_, err = f.svc.StartCheckout(ctx, bob, "", "t-2", "2027-07-20", 6)
	if !errors.As(err, &e) || e.Message != "At most 5 seats can be booked online at once. For a larger group, please contact us." {
		t.Fatalf("a group of 6: %v", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// A hold whose checkout the provider could not open does not count as the user's last
// hold: retrying after an outage gets a whole hold.
func TestFailedCheckoutDoesNotShortenTheNextHold(t *testing.T) {
	f := newFixture(t)
	f.provider.createErr = fmt.Errorf("stripe: %w: connection refused", payment.ErrUnavailable)
	if _, err := f.svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-07-20", 1); !errors.Is(err, payment.ErrUnavailable) {
		t.Fatalf("err = %v, want ErrUnavailable", err)
	}
	f.provider.createErr = nil
	f.clock.Add(40 * time.Minute)
	f.start(t, "2027-07-20", 1)
	all := f.store.all()
	if last := all[len(all)-1]; last.Status != Pending || !last.HoldUntil.Equal(f.clock.Now().Add(30*time.Minute)) {
		t.Fatalf("the hold after an outage: %+v, want 30 minutes from now", last)
	}
}
