package store

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"tourbook/internal/payment"
)

// A checkout whose hold was released is closed on every instance: its page says so, its
// form pays nothing (even one read before the release), and a paid checkout cannot be
// closed.
func TestSandboxCheckoutExpiredOnRelease(t *testing.T) {
	t.Parallel()
	eachSandboxWorld(t, func(t *testing.T, w *sandboxWorld) {
		ctx := context.Background()
		a, _ := w.start(t)
		b, _ := w.start(t)
		co, err := a.sb.CreateCheckout(ctx, sandboxRequest(t0.Add(30*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		_, page := b.page(t, co.ID)
		token := sandboxToken.FindStringSubmatch(page)[1]
		if err := a.sb.ExpireCheckout(ctx, co.ID); err != nil {
			t.Fatal(err)
		}
		if err := b.sb.ExpireCheckout(ctx, co.ID); err != nil {
			t.Fatalf("expired again: %v", err)
		}
		status, page := b.page(t, co.ID)
		if status != http.StatusGone || !strings.Contains(page, "This checkout was closed: its seats were released.") {
			t.Fatalf("page of a released checkout: %d\n%s", status, page)
		}
		if status := b.pay(t, co.ID, token); status != http.StatusGone {
			t.Fatalf("paying a released checkout: %d, want 410", status)
		}
		if _, first, err := b.st.PaySandboxCheckout(ctx, co.ID, "pi_late", t0); err != nil || first {
			t.Fatalf("PaySandboxCheckout of an expired checkout: %v, %v", first, err)
		}
		if ev, err := a.sb.Checkout(ctx, co.ID); err != nil || ev.Paid || w.hooks.count(co.ID) != 0 {
			t.Fatalf("a released checkout was paid: %+v, %v, %d webhooks", ev, err, w.hooks.count(co.ID))
		}

		paid, err := a.sb.CreateCheckout(ctx, sandboxRequest(t0.Add(30*time.Minute)))
		if err != nil {
			t.Fatal(err)
		}
		_, page = a.page(t, paid.ID)
		if status := a.pay(t, paid.ID, sandboxToken.FindStringSubmatch(page)[1]); status != http.StatusSeeOther {
			t.Fatalf("pay: %d", status)
		}
		if err := b.sb.ExpireCheckout(ctx, paid.ID); !errors.Is(err, payment.ErrCheckoutPaid) {
			t.Fatalf("expiring a paid checkout: %v, want ErrCheckoutPaid", err)
		}
		if err := a.sb.ExpireCheckout(ctx, "cs_test_nope"); !errors.Is(err, payment.ErrNotFound) {
			t.Fatalf("expiring an unknown checkout: %v, want ErrNotFound", err)
		}
	})
}
