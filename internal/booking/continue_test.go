package booking

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/httpx"
)

func TestContinueCheckoutReturnsTheOpenSession(t *testing.T) {
	status := func(err error) int {
		var fe *fault.Error
		if errors.As(err, &fe) {
			return httpx.StatusOf(fe.Kind)
		}
		return 0
	}
	ctx := context.Background()

	t.Run("open: the same session", func(t *testing.T) {
		f := newFixture(t)
		id := f.start(t, "2027-06-15", 2)
		got, err := f.svc.ContinueCheckout(ctx, ann, f.only(t).ID)
		if err != nil || got != "https://pay.example/"+id {
			t.Fatalf("ContinueCheckout = %q, %v; want the open checkout %s", got, err, id)
		}
		if n := len(f.store.all()); n != 1 {
			t.Errorf("%d bookings, want the one", n)
		}
	})
	t.Run("someone else's: not found", func(t *testing.T) {
		f := newFixture(t)
		f.start(t, "2027-06-15", 2)
		if _, err := f.svc.ContinueCheckout(ctx, bob, f.only(t).ID); status(err) != http.StatusNotFound {
			t.Fatalf("bob continuing ann's checkout: %v", err)
		}
	})
	t.Run("the hold ran out: a conflict", func(t *testing.T) {
		f := newFixture(t)
		f.start(t, "2027-06-15", 2)
		f.clock.Add(31 * time.Minute)
		if _, err := f.svc.ContinueCheckout(ctx, ann, f.only(t).ID); status(err) != http.StatusConflict {
			t.Fatalf("continuing after the hold: %v", err)
		}
	})
	t.Run("released: a conflict", func(t *testing.T) {
		f := newFixture(t)
		f.start(t, "2027-06-15", 2)
		id := f.only(t).ID
		if err := f.svc.CancelReturn(ctx, ann, id); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ContinueCheckout(ctx, ann, id); status(err) != http.StatusConflict {
			t.Fatalf("continuing a released checkout: %v", err)
		}
	})
	t.Run("paid meanwhile: the success page", func(t *testing.T) {
		f := newFixture(t)
		co := f.start(t, "2027-06-15", 2)
		f.provider.pay(co)
		got, err := f.svc.ContinueCheckout(ctx, ann, f.only(t).ID)
		if err != nil || got != "https://tours.example/bookings/success?session_id="+co {
			t.Fatalf("ContinueCheckout of a paid checkout = %q, %v", got, err)
		}
	})
}
