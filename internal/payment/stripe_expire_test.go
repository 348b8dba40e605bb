package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Expiring a Stripe session: an open one is expired; one Stripe will not expire is
// looked up, and is no error when already expired, ErrCheckoutPaid when complete.
func TestStripeExpireCheckout(t *testing.T) {
	tests := []struct {
		name         string
		expireStatus int
		status       string // of the session looked up after a refusal
		want         error
	}{
		{"open", http.StatusOK, "", nil},
		{"already expired", http.StatusBadRequest, "expired", nil},
		{"paid first", http.StatusBadRequest, "complete", ErrCheckoutPaid},
		{"unknown", http.StatusNotFound, "", ErrNotFound},
		{"Stripe down", http.StatusServiceUnavailable, "", ErrUnavailable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var expired int
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Stripe-Should-Retry", "false")
				switch {
				case r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions/cs_test_a1/expire":
					expired++
					w.WriteHeader(tc.expireStatus)
					if tc.expireStatus == http.StatusOK {
						fmt.Fprint(w, `{"id":"cs_test_a1","object":"checkout.session","status":"expired"}`)
						return
					}
					fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"Only Checkout Sessions with a status of open can be expired."}}`)
				case r.Method == http.MethodGet && r.URL.Path == "/v1/checkout/sessions/cs_test_a1":
					fmt.Fprintf(w, `{"id":"cs_test_a1","object":"checkout.session","status":%q}`, tc.status)
				default:
					w.WriteHeader(http.StatusBadRequest)
					fmt.Fprintf(w, `{"error":{"type":"invalid_request_error","message":"unexpected %s %s"}}`, r.Method, r.URL.Path)
				}
			}))
			t.Cleanup(srv.Close)
			s, err := NewStripe(StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: srv.URL})
			if err != nil {
				t.Fatal(err)
			}
			err = s.ExpireCheckout(context.Background(), "cs_test_a1")
			if (tc.want == nil && err != nil) || (tc.want != nil && !errors.Is(err, tc.want)) || expired != 1 {
				t.Fatalf("ExpireCheckout: %v after %d calls, want %v after 1", err, expired, tc.want)
			}
		})
	}
}

// The sandbox closes a checkout once: its page then refuses payment, and a checkout
// paid first is ErrCheckoutPaid.
func TestSandboxExpireCheckout(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	token := f.token(t, co.ID)
	if err := f.sb.ExpireCheckout(context.Background(), co.ID); err != nil {
		t.Fatal(err)
	}
	resp, body := f.pay(t, co.ID, card(token, "4242424242424242"))
	if resp.StatusCode != http.StatusGone || !contains(body, "This checkout was closed: its seats were released.", "nothing was charged") {
		t.Fatalf("paying a released checkout: %d\n%s", resp.StatusCode, body)
	}
	if ev, _ := f.sb.Checkout(context.Background(), co.ID); ev.Paid || f.sink.count() != 0 {
		t.Fatal("a released checkout was paid")
	}
	paid := f.open(t)
	if resp, _ := f.pay(t, paid.ID, card(f.token(t, paid.ID), "4242424242424242")); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("pay: %d", resp.StatusCode)
	}
	if err := f.sb.ExpireCheckout(context.Background(), paid.ID); !errors.Is(err, ErrCheckoutPaid) {
		t.Fatalf("expiring a paid checkout: %v, want ErrCheckoutPaid", err)
	}
}

func contains(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
