package payment

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"tourbook/internal/payment/paymenttest"
)

// familyRequest is a checkout of 2 adults, 1 child, 1 infant and two rented wetsuits.
func familyRequest() CheckoutRequest {
	req := testRequest()
	req.UnitAmountMinor, req.Quantity = 0, 0
	req.Description = "15 June 2027 · 2 Adults, 1 Child, 1 Infant"
	req.Lines = []LineItem{
		{Name: "Adult", UnitAmountMinor: 49700, Quantity: 2},
		{Name: "Child <4–11>", UnitAmountMinor: 24900, Quantity: 1},
		{Name: "Infant", UnitAmountMinor: 0, Quantity: 1},
		{Name: "Wetsuit", UnitAmountMinor: 1500, Quantity: 2},
	}
	return req
}

func TestCheckoutRequestTotalIsTheSumOfItsLines(t *testing.T) {
	if got := familyRequest().TotalMinor(); got != 2*49700+24900+2*1500 {
		t.Fatalf("total %d", got)
	}
	if got := testRequest().TotalMinor(); got != 3*49700 {
		t.Fatalf("a request without lines totals %d, want 3 × 49700", got)
	}
}

// The sandbox's page lists each line (count, name, price each, amount) and charges
// their total.
func TestSandboxPageShowsEachLine(t *testing.T) {
	f := newSandboxFixture(t)
	co, err := f.sb.CreateCheckout(context.Background(), familyRequest())
	if err != nil {
		t.Fatal(err)
	}
	status, body, _ := f.get(t, co.ID)
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	text := regexp.MustCompile(`\s+`).ReplaceAllString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(body, " "), " ")
	for _, want := range []string{
		"2 × Adult $497.00 each $994.00",
		"1 × Child &lt;4–11&gt; $249.00 each $249.00",
		"1 × Infant $0.00 each $0.00",
		"2 × Wetsuit $15.00 each $30.00",
		"Total $1,273.00",
		"Pay $1,273.00",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("page lacks %q in\n%s", want, text)
		}
	}
	ev, err := f.sb.Checkout(context.Background(), co.ID)
	if err != nil || ev.AmountTotal != 127300 {
		t.Fatalf("checkout %+v, %v; want a total of 127300", ev, err)
	}
}

// A line with a negative price, no quantity or no name is refused, and so is a total
// of nothing: the server never opens a checkout it did not price.
func TestCheckoutRefusesBadLines(t *testing.T) {
	f := newSandboxFixture(t)
	for name, lines := range map[string][]LineItem{
		"negative":    {{Name: "Adult", UnitAmountMinor: -1, Quantity: 1}},
		"no quantity": {{Name: "Adult", UnitAmountMinor: 100, Quantity: 0}},
		"no name":     {{UnitAmountMinor: 100, Quantity: 1}},
		"free":        {{Name: "Infant", UnitAmountMinor: 0, Quantity: 1}},
		"overflow":    {{Name: "A", UnitAmountMinor: 1 << 62, Quantity: 2}, {Name: "B", UnitAmountMinor: 1 << 62, Quantity: 2}},
	} {
		req := familyRequest()
		req.Lines = lines
		if _, err := f.sb.CreateCheckout(context.Background(), req); err == nil {
			t.Errorf("%s: a checkout was opened", name)
		}
	}
}

// Stripe gets one line_items entry per line, each named with the tour.
func TestStripeSendsOneLineItemPerLine(t *testing.T) {
	s, fake := newStripeFixture(t)
	if _, err := s.CreateCheckout(context.Background(), familyRequest()); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"line_items[0][quantity]":                              "2",
		"line_items[0][price_data][unit_amount]":               "49700",
		"line_items[0][price_data][product_data][name]":        "The Forest <Hiker> · Adult",
		"line_items[1][quantity]":                              "1",
		"line_items[1][price_data][unit_amount]":               "24900",
		"line_items[1][price_data][product_data][name]":        "The Forest <Hiker> · Child <4–11>",
		"line_items[2][price_data][unit_amount]":               "0",
		"line_items[2][price_data][product_data][name]":        "The Forest <Hiker> · Infant",
		"line_items[3][quantity]":                              "2",
		"line_items[3][price_data][unit_amount]":               "1500",
		"line_items[3][price_data][currency]":                  "usd",
		"line_items[3][price_data][product_data][name]":        "The Forest <Hiker> · Wetsuit",
		"line_items[3][price_data][product_data][description]": "15 June 2027 · 2 Adults, 1 Child, 1 Infant",
	}
	for k, v := range want {
		if got := fake.form.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if fake.form.Has("line_items[4][quantity]") {
		t.Error("more line items than lines")
	}
}

// stripe-mock checks the lines against the real API's OpenAPI spec.
func TestStripeMockTakesLineItems(t *testing.T) {
	base := paymenttest.StripeMock(t)
	s, err := NewStripe(StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	req := familyRequest()
	req.ExpiresAt = time.Now().Add(time.Hour)
	co, err := s.CreateCheckout(context.Background(), req)
	if err != nil || co.ID == "" {
		t.Fatalf("CreateCheckout with four lines against stripe-mock: %+v, %v", co, err)
	}
}
