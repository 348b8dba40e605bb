package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"tourbook/internal/payment/paymenttest"
)

// fakeStripe answers the two Checkout Session calls the provider makes, the way
// Stripe's API does, and records what it was sent.
type fakeStripe struct {
	mu            sync.Mutex
	form          url.Values
	header        http.Header
	creates       int
	failStatus    int    // answer every call with this status when set
	paymentStatus string // of retrieved sessions
}

func (f *fakeStripe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Request-Id", "req_test")
	if f.failStatus != 0 {
		// Tell the library not to retry, so the test does not wait out its backoff.
		w.Header().Set("Stripe-Should-Retry", "false")
		w.WriteHeader(f.failStatus)
		fmt.Fprintf(w, `{"error":{"type":"api_error","message":"Something went wrong on Stripe's end."}}`)
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/checkout/sessions":
		r.ParseForm()
		f.form, f.header = r.PostForm, r.Header.Clone()
		f.creates++
		fmt.Fprintf(w, `{"id":"cs_test_a1","object":"checkout.session","url":"https://checkout.stripe.com/c/pay/cs_test_a1","payment_status":"unpaid","status":"open"}`)
	case r.Method == http.MethodGet && r.URL.Path == "/v1/checkout/sessions/cs_test_a1":
		fmt.Fprintf(w, `{"id":"cs_test_a1","object":"checkout.session","client_reference_id":"b1","amount_total":149100,"currency":"usd","payment_status":%q,"payment_intent":"pi_123","metadata":{"booking_id":"b1"}}`, f.paymentStatus)
	case r.Method == http.MethodPost && r.URL.Path == "/v1/refunds":
		r.ParseForm()
		f.form, f.header = r.PostForm, r.Header.Clone()
		switch r.PostForm.Get("payment_intent") {
		case "pi_refunded":
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error":{"type":"invalid_request_error","code":"charge_already_refunded","message":"Charge ch_1 has already been refunded."}}`)
		case "pi_closed_card":
			fmt.Fprintf(w, `{"id":"re_2","object":"refund","status":"failed","failure_reason":"expired_or_canceled_card","amount":%s}`, r.PostForm.Get("amount"))
		default:
			fmt.Fprintf(w, `{"id":"re_1","object":"refund","status":"succeeded","amount":%s}`, r.PostForm.Get("amount"))
		}
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/checkout/sessions/"):
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"error":{"type":"invalid_request_error","code":"resource_missing","message":"No such checkout.session"}}`)
	default:
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"type":"invalid_request_error","message":"unexpected %s %s"}}`, r.Method, r.URL.Path)
	}
}

func newStripeFixture(t *testing.T) (*Stripe, *fakeStripe) {
	t.Helper()
	fake := &fakeStripe{paymentStatus: "paid"}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	s, err := NewStripe(StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	s.now = func() time.Time { return testNow }
	return s, fake
}

func TestStripeCreateCheckoutSendsTheSession(t *testing.T) {
	s, fake := newStripeFixture(t)
	req := testRequest()
	req.ImageURL = "https://tours.example/img/tours/forest.jpg"
	req.Terms = "Cancellation policy: Any time before departure: full refund."
	co, err := s.CreateCheckout(context.Background(), req)
	if err != nil {
		t.Fatalf("CreateCheckout: %v", err)
	}
	if co.ID != "cs_test_a1" || co.URL != "https://checkout.stripe.com/c/pay/cs_test_a1" {
		t.Fatalf("checkout %+v", co)
	}
	// The form must carry exactly what the server decided; the price comes from nowhere else.
	want := map[string]string{
		"mode":                                   "payment",
		"client_reference_id":                    req.BookingID,
		"customer_email":                         "ann@example.com",
		"success_url":                            req.SuccessURL,
		"cancel_url":                             req.CancelURL,
		"expires_at":                             strconv.FormatInt(testNow.Add(minStripeExpiry).Unix(), 10),
		"line_items[0][quantity]":                "3",
		"line_items[0][price_data][currency]":    "usd",
		"line_items[0][price_data][unit_amount]": "49700",
		"line_items[0][price_data][product_data][name]":        "The Forest <Hiker>",
		"line_items[0][price_data][product_data][description]": "15 June 2027 · 3 participants",
		"line_items[0][price_data][product_data][images][0]":   req.ImageURL,
		"metadata[booking_id]":                                 req.BookingID,
		"metadata[tour_id]":                                    "t1",
		"metadata[user_id]":                                    "u1",
		"metadata[start_date]":                                 "2027-06-15",
		"custom_text[submit][message]":                         req.Terms,
	}
	for k, v := range want {
		if got := fake.form.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if !strings.Contains(fake.form.Get("success_url"), "{CHECKOUT_SESSION_ID}") {
		t.Error("the success URL must keep Stripe's placeholder")
	}
	if got := fake.header.Get("Authorization"); got != "Bearer sk_test_123" {
		t.Errorf("Authorization = %q", got)
	}
	if got := fake.header.Get("Idempotency-Key"); got != "tourbook-checkout-"+req.BookingID {
		t.Errorf("Idempotency-Key = %q", got)
	}
}

func TestStripeExpiryKeepsALaterHold(t *testing.T) {
	s, fake := newStripeFixture(t)
	req := testRequest()
	req.ExpiresAt = testNow.Add(2 * time.Hour)
	if _, err := s.CreateCheckout(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if got, want := fake.form.Get("expires_at"), strconv.FormatInt(req.ExpiresAt.Unix(), 10); got != want {
		t.Fatalf("expires_at = %s, want %s", got, want)
	}
}

func TestStripeFailuresAreUnavailable(t *testing.T) {
	for _, status := range []int{http.StatusInternalServerError, http.StatusServiceUnavailable, http.StatusTooManyRequests, http.StatusUnauthorized} {
		t.Run(strconv.Itoa(status), func(t *testing.T) {
			s, fake := newStripeFixture(t)
			fake.failStatus = status
			if _, err := s.CreateCheckout(context.Background(), testRequest()); !errors.Is(err, ErrUnavailable) {
				t.Fatalf("CreateCheckout: %v, want ErrUnavailable", err)
			}
			if _, err := s.Checkout(context.Background(), "cs_test_a1"); !errors.Is(err, ErrUnavailable) {
				t.Fatalf("Checkout: %v, want ErrUnavailable", err)
			}
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close() // nothing listens there now
		s, err := NewStripe(StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateCheckout(context.Background(), testRequest()); !errors.Is(err, ErrUnavailable) {
			t.Fatalf("CreateCheckout: %v, want ErrUnavailable", err)
		}
	})
}

func TestStripeCheckoutLookup(t *testing.T) {
	s, fake := newStripeFixture(t)
	ev, err := s.Checkout(context.Background(), "cs_test_a1")
	if err != nil {
		t.Fatal(err)
	}
	want := Event{Type: EventCheckoutLookup, CheckoutID: "cs_test_a1", BookingID: "b1", PaymentRef: "pi_123", AmountTotal: 149100, Currency: "usd", Paid: true}
	if ev != want {
		t.Fatalf("event %+v, want %+v", ev, want)
	}
	fake.paymentStatus = "unpaid"
	if ev, _ := s.Checkout(context.Background(), "cs_test_a1"); ev.Paid {
		t.Fatal("an unpaid session reported paid")
	}
	if _, err := s.Checkout(context.Background(), "cs_test_missing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown session: %v, want ErrNotFound", err)
	}
}

func TestNewStripeNeedsSecrets(t *testing.T) {
	if _, err := NewStripe(StripeOptions{WebhookSecret: "whsec"}); err == nil {
		t.Error("no secret key accepted")
	}
	if _, err := NewStripe(StripeOptions{SecretKey: "sk_test"}); err == nil {
		t.Error("no webhook secret accepted")
	}
}

func stripeEvent(t *testing.T, typ, paymentStatus string, paymentIntent any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"id": "evt_1", "object": "event", "api_version": stripe.APIVersion, "created": testNow.Unix(), "type": typ,
		"data": map[string]any{"object": map[string]any{
			"id": "cs_test_a1", "object": "checkout.session", "client_reference_id": "b1",
			"amount_total": 149100, "currency": "usd", "payment_status": paymentStatus,
			"payment_intent": paymentIntent, "metadata": map[string]string{"booking_id": "b1"},
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func signed(payload []byte, secret string, at time.Time) http.Header {
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: at})
	return http.Header{"Stripe-Signature": {sp.Header}}
}

func TestStripeParseWebhook(t *testing.T) {
	s, _ := newStripeFixture(t)
	paid := Event{Type: EventCheckoutCompleted, CheckoutID: "cs_test_a1", BookingID: "b1", PaymentRef: "pi_123", AmountTotal: 149100, Currency: "usd", Paid: true}
	tests := []struct {
		name    string
		payload []byte
		want    Event
	}{
		{"completed and paid", stripeEvent(t, "checkout.session.completed", "paid", "pi_123"), paid},
		{"expanded payment intent", stripeEvent(t, "checkout.session.completed", "paid", map[string]string{"id": "pi_123", "object": "payment_intent"}), paid},
		{"async payment succeeded", stripeEvent(t, "checkout.session.async_payment_succeeded", "paid", "pi_123"),
			Event{Type: EventAsyncPaymentSucceeded, CheckoutID: "cs_test_a1", BookingID: "b1", PaymentRef: "pi_123", AmountTotal: 149100, Currency: "usd", Paid: true}},
		{"completed, payment pending", stripeEvent(t, "checkout.session.completed", "unpaid", nil),
			Event{Type: EventCheckoutCompleted, CheckoutID: "cs_test_a1", BookingID: "b1", PaymentRef: "cs_test_a1", AmountTotal: 149100, Currency: "usd"}},
		{"other event type", stripeEvent(t, "checkout.session.expired", "unpaid", nil), Event{Type: "checkout.session.expired"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev, err := s.ParseWebhook(tc.payload, signed(tc.payload, "whsec_test", time.Now()))
			if err != nil {
				t.Fatal(err)
			}
			if ev != tc.want {
				t.Fatalf("event %+v, want %+v", ev, tc.want)
			}
		})
	}
}

func TestStripeParseWebhookRejects(t *testing.T) {
	s, _ := newStripeFixture(t)
	payload := stripeEvent(t, "checkout.session.completed", "paid", "pi_123")
	tampered := []byte(strings.Replace(string(payload), `"amount_total":149100`, `"amount_total":100`, 1))
	tests := map[string]struct {
		payload []byte
		h       http.Header
	}{
		"tampered":       {tampered, signed(payload, "whsec_test", time.Now())},
		"wrong secret":   {payload, signed(payload, "whsec_other", time.Now())},
		"too old":        {payload, signed(payload, "whsec_test", time.Now().Add(-6*time.Minute))},
		"missing header": {payload, http.Header{}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := s.ParseWebhook(tc.payload, tc.h); !errors.Is(err, ErrBadSignature) {
				t.Fatalf("err = %v, want ErrBadSignature", err)
			}
		})
	}
}

// TestStripeMock runs the provider's calls against stripe-mock, Stripe's own fake that
// checks requests against the real API's OpenAPI spec.
func TestStripeMock(t *testing.T) {
	base := paymenttest.StripeMock(t)
	s, err := NewStripe(StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	req := testRequest()
	req.ExpiresAt = time.Now().Add(time.Hour)
	co, err := s.CreateCheckout(context.Background(), req)
	if err != nil {
		t.Fatalf("CreateCheckout against stripe-mock: %v", err)
	}
	if co.ID == "" || co.URL == "" {
		t.Fatalf("checkout %+v", co)
	}
	if _, err := s.Checkout(context.Background(), co.ID); err != nil {
		t.Fatalf("Checkout against stripe-mock: %v", err)
	}
	if err := s.ExpireCheckout(context.Background(), co.ID); err != nil {
		t.Fatalf("ExpireCheckout against stripe-mock: %v", err)
	}
	id, err := s.Refund(context.Background(), RefundRequest{PaymentRef: "pi_123", AmountMinor: 5000, Currency: "usd", Key: "k1"})
	if err != nil || id == "" {
		t.Fatalf("Refund against stripe-mock: %q, %v", id, err)
	}
}

func TestStripeRefund(t *testing.T) {
	s, fake := newStripeFixture(t)
	id, err := s.Refund(context.Background(), RefundRequest{PaymentRef: "pi_123", AmountMinor: 2500, Currency: "usd", Key: "bk_1"})
	if err != nil || id != "re_1" {
		t.Fatalf("Refund = %q, %v", id, err)
	}
	if got := fake.form; got.Get("payment_intent") != "pi_123" || got.Get("amount") != "2500" || got.Get("reason") != "requested_by_customer" {
		t.Errorf("sent %v", got)
	}
	if k := fake.header.Get("Idempotency-Key"); k != "tourbook-refund-bk_1" {
		t.Errorf("idempotency key %q", k)
	}
	var refused *RefundError
	for _, ref := range []string{"pi_refunded", "pi_closed_card"} {
		if _, err := s.Refund(context.Background(), RefundRequest{PaymentRef: ref, AmountMinor: 1, Key: "k"}); !errors.As(err, &refused) || refused.Message == "" {
			t.Errorf("refund of %s: %v, want a RefundError with Stripe's reason", ref, err)
		}
	}
	fake.failStatus = http.StatusServiceUnavailable
	if _, err := s.Refund(context.Background(), RefundRequest{PaymentRef: "pi_123", AmountMinor: 1, Key: "k"}); !errors.Is(err, ErrUnavailable) {
		t.Errorf("Stripe down: %v, want ErrUnavailable", err)
	}
	if _, err := s.Refund(context.Background(), RefundRequest{PaymentRef: "pi_123", AmountMinor: 0, Key: "k"}); err == nil {
		t.Error("a refund of nothing was sent")
	}
}
