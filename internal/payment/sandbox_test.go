package payment

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

var testNow = time.Date(2027, 6, 1, 12, 0, 0, 0, time.UTC)

// clock is a settable time source shared by a test and the sandbox.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// webhookSink records the webhooks the sandbox delivers.
type webhookSink struct {
	mu       sync.Mutex
	payloads [][]byte
	headers  []http.Header
	status   int
}

func (k *webhookSink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	k.mu.Lock()
	k.payloads = append(k.payloads, body)
	k.headers = append(k.headers, r.Header.Clone())
	status := k.status
	k.mu.Unlock()
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
}

func (k *webhookSink) count() int { k.mu.Lock(); defer k.mu.Unlock(); return len(k.payloads) }

type sandboxFixture struct {
	sb    *Sandbox
	clock *clock
	sink  *webhookSink
	srv   *httptest.Server // serves the sandbox handler
}

func newSandboxFixture(t *testing.T) *sandboxFixture {
	t.Helper()
	f := &sandboxFixture{clock: &clock{t: testNow}, sink: &webhookSink{}}
	hook := httptest.NewServer(f.sink)
	t.Cleanup(hook.Close)
	f.sb = NewSandbox(SandboxOptions{
		BaseURL:       "https://tours.example",
		WebhookURL:    hook.URL + "/webhook-checkout",
		WebhookSecret: "whsec_test",
		Now:           f.clock.Now,
	})
	f.srv = httptest.NewServer(f.sb.Handler())
	t.Cleanup(f.srv.Close)
	return f
}

func testRequest() CheckoutRequest {
	return CheckoutRequest{
		BookingID:       "b0000000000000000000001",
		TourID:          "t1",
		UserID:          "u1",
		CustomerEmail:   "ann@example.com",
		TourName:        "The Forest <Hiker>",
		Description:     "15 June 2027 · 3 participants",
		StartDate:       "2027-06-15",
		UnitAmountMinor: 49700,
		Quantity:        3,
		Currency:        "usd",
		Terms:           "Cancellation policy: 30 days or more before departure: full refund; less than 30 days <before> departure: no refund.",
		SuccessURL:      "https://tours.example/bookings/success?session_id={CHECKOUT_SESSION_ID}",
		CancelURL:       "https://tours.example/tour/the-forest-hiker?checkout=cancelled",
		ExpiresAt:       testNow.Add(30 * time.Minute),
	}
}

func (f *sandboxFixture) open(t *testing.T) Checkout {
	t.Helper()
	co, err := f.sb.CreateCheckout(context.Background(), testRequest())
	if err != nil {
		t.Fatalf("CreateCheckout: %v", err)
	}
	return co
}

// noRedirect keeps the 303 visible to the test.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func (f *sandboxFixture) get(t *testing.T, id string) (int, string, http.Header) {
	t.Helper()
	resp, err := noRedirect.Get(f.srv.URL + SandboxPath + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

var tokenRe = regexp.MustCompile(`name="token" value="([0-9a-f]+)"`)

func (f *sandboxFixture) token(t *testing.T, id string) string {
	t.Helper()
	_, body, _ := f.get(t, id)
	m := tokenRe.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no form token on the page:\n%s", body)
	}
	return m[1]
}

func (f *sandboxFixture) pay(t *testing.T, id string, form url.Values) (*http.Response, string) {
	t.Helper()
	resp, err := noRedirect.PostForm(f.srv.URL+SandboxPath+id+"/pay", form)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func card(token, number string) url.Values {
	return url.Values{"token": {token}, "number": {number}, "expiry": {"12/34"}, "cvc": {"123"}, "name": {"Ann Lee"}}
}

func TestSandboxPageShowsTestModeAndAmount(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	if want := "https://tours.example/sandbox/checkout/" + strings.TrimPrefix(co.URL, "https://tours.example/sandbox/checkout/"); co.URL != want || !strings.HasPrefix(co.ID, "cs_test_") {
		t.Fatalf("checkout = %+v", co)
	}
	status, body, h := f.get(t, co.ID)
	if status != http.StatusOK {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{
		"TEST MODE — no real money",
		"$1,491.00", // 3 × $497.00
		"3 × The Forest &lt;Hiker&gt;", "$497.00 each",
		"15 June 2027 · 3 participants",
		"The Forest &lt;Hiker&gt;", // escaped
		`href="https://tours.example/tour/the-forest-hiker?checkout=cancelled">Cancel and return`,
		`name="number"`, `name="expiry"`, `name="cvc"`, `name="name"`,
		// The policy the customer agrees to, just above the pay button, escaped.
		`<p class="terms" id="terms">Cancellation policy: 30 days or more before departure: full refund; less than 30 days &lt;before&gt; departure: no refund.</p>
    <button type="submit" class="button">Pay $1,491.00</button>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(body, "<Hiker>") || strings.Contains(body, "<before>") {
		t.Error("tour name not escaped")
	}
	if strings.Contains(body, "http://") || strings.Contains(body, "src=") {
		t.Error("page must not load anything from elsewhere")
	}
	// The CSP's style hash must match the inline style exactly, or the page is unstyled.
	sum := sha256.Sum256([]byte(sandboxCSS))
	if !strings.Contains(body, "<style>"+sandboxCSS+"</style>") ||
		!strings.Contains(h.Get("Content-Security-Policy"), base64.StdEncoding.EncodeToString(sum[:])) {
		t.Error("inline style and its CSP hash disagree")
	}
}

func TestSandboxCards(t *testing.T) {
	tests := []struct {
		name, number string
		form         func(url.Values)
		status       int
		message      string
	}{
		{"visa pays", "4242 4242 4242 4242", nil, http.StatusSeeOther, ""},
		{"visa debit pays", "4000056655665556", nil, http.StatusSeeOther, ""},
		{"mastercard pays", "5555-5555-5555-4444", nil, http.StatusSeeOther, ""},
		{"declined", "4000000000000002", nil, http.StatusPaymentRequired, "Your card was declined."},
		{"insufficient funds", "4000000000009995", nil, http.StatusPaymentRequired, "Your card has insufficient funds."},
		{"expired card", "4000000000000069", nil, http.StatusPaymentRequired, "Your card has expired."},
		{"incorrect cvc", "4000000000000127", nil, http.StatusPaymentRequired, "Your card&#39;s security code is incorrect."},
		{"fails luhn", "4242424242424241", nil, http.StatusBadRequest, "Your card number is invalid."},
		{"letters", "4242abcd42424242", nil, http.StatusBadRequest, "Your card number is invalid."},
		{"too short", "4242", nil, http.StatusBadRequest, "Your card number is invalid."},
		{"real-looking card declined", "4111111111111111", nil, http.StatusPaymentRequired, "This is test mode"},
		{"past expiry", "4242424242424242", func(v url.Values) { v.Set("expiry", "05/27") }, http.StatusPaymentRequired, "Your card has expired."},
		{"this month still valid", "4242424242424242", func(v url.Values) { v.Set("expiry", "06 / 27") }, http.StatusSeeOther, ""},
		{"bad expiry", "4242424242424242", func(v url.Values) { v.Set("expiry", "13/30") }, http.StatusBadRequest, "Please enter the expiry date as MM/YY."},
		{"bad cvc", "4242424242424242", func(v url.Values) { v.Set("cvc", "12") }, http.StatusBadRequest, "Please enter the 3- or 4-digit security code."},
		{"no name", "4242424242424242", func(v url.Values) { v.Set("name", " ") }, http.StatusBadRequest, "Please enter the name on the card."},
		{"no number", "", nil, http.StatusBadRequest, "Please enter your card number."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSandboxFixture(t)
			co := f.open(t)
			form := card(f.token(t, co.ID), tc.number)
			if tc.form != nil {
				tc.form(form)
			}
			resp, body := f.pay(t, co.ID, form)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d\n%s", resp.StatusCode, tc.status, body)
			}
			ev, err := f.sb.Checkout(context.Background(), co.ID)
			if err != nil {
				t.Fatal(err)
			}
			if tc.status == http.StatusSeeOther {
				if want := "https://tours.example/bookings/success?session_id=" + co.ID; resp.Header.Get("Location") != want {
					t.Errorf("Location %q, want %q", resp.Header.Get("Location"), want)
				}
				if !ev.Paid || f.sink.count() != 1 {
					t.Errorf("paid=%v webhooks=%d, want paid and one webhook", ev.Paid, f.sink.count())
				}
				return
			}
			if !strings.Contains(body, tc.message) {
				t.Errorf("page lacks %q:\n%s", tc.message, body)
			}
			if !strings.Contains(body, "TEST MODE") || !strings.Contains(body, `name="number"`) {
				t.Error("a failure must show the form again")
			}
			if strings.Contains(body, `value="123"`) {
				t.Error("the CVC must not be echoed")
			}
			if ev.Paid || f.sink.count() != 0 {
				t.Errorf("a failed attempt paid=%v webhooks=%d", ev.Paid, f.sink.count())
			}
		})
	}
}

func TestLuhn(t *testing.T) {
	for number, want := range map[string]bool{
		"4242424242424242": true, "378282246310005": true, "6011111111111117": true,
		"4242424242424243": false, "1234567812345678": false, "": false, "0": true,
	} {
		if got := luhn(number); got != want {
			t.Errorf("luhn(%q) = %v, want %v", number, got, want)
		}
	}
}

func TestSandboxExpiredCheckout(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	token := f.token(t, co.ID)
	f.clock.Add(31 * time.Minute)
	status, body, _ := f.get(t, co.ID)
	if status != http.StatusGone || !strings.Contains(body, "This checkout has expired.") {
		t.Fatalf("GET: status %d\n%s", status, body)
	}
	resp, body := f.pay(t, co.ID, card(token, "4242424242424242"))
	if resp.StatusCode != http.StatusGone || !strings.Contains(body, "This checkout has expired.") {
		t.Fatalf("POST: status %d\n%s", resp.StatusCode, body)
	}
	if ev, _ := f.sb.Checkout(context.Background(), co.ID); ev.Paid || f.sink.count() != 0 {
		t.Error("an expired checkout must not be paid")
	}
}

func TestSandboxUnknownCheckout(t *testing.T) {
	f := newSandboxFixture(t)
	status, body, _ := f.get(t, "cs_test_nope")
	if status != http.StatusNotFound || !strings.Contains(body, "does not exist") {
		t.Fatalf("status %d\n%s", status, body)
	}
	if _, err := f.sb.Checkout(context.Background(), "cs_test_nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Checkout: %v, want ErrNotFound", err)
	}
}

func TestSandboxFormTokenMismatchRefused(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	other := f.open(t)
	for name, token := range map[string]string{"missing": "", "forged": strings.Repeat("0", 64), "another session's": f.token(t, other.ID)} {
		t.Run(name, func(t *testing.T) {
			resp, body := f.pay(t, co.ID, card(token, "4242424242424242"))
			if resp.StatusCode != http.StatusForbidden || !strings.Contains(body, "no longer valid") {
				t.Fatalf("status %d\n%s", resp.StatusCode, body)
			}
			if ev, _ := f.sb.Checkout(context.Background(), co.ID); ev.Paid || f.sink.count() != 0 {
				t.Error("paid without a valid form token")
			}
		})
	}
}

func TestSandboxBodyLimit(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	form := card(f.token(t, co.ID), "4242424242424242")
	form.Set("name", strings.Repeat("a", maxPayForm))
	resp, _ := f.pay(t, co.ID, form)
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", resp.StatusCode)
	}
}

func TestSandboxSuccessDeliversVerifiableWebhook(t *testing.T) {
	f := newSandboxFixture(t)
	co := f.open(t)
	token := f.token(t, co.ID)
	resp, _ := f.pay(t, co.ID, card(token, "4242424242424242"))
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if f.sink.count() != 1 {
		t.Fatalf("%d webhooks, want 1", f.sink.count())
	}
	ev, err := f.sb.ParseWebhook(f.sink.payloads[0], f.sink.headers[0])
	if err != nil {
		t.Fatalf("ParseWebhook: %v", err)
	}
	want := Event{Type: EventCheckoutCompleted, CheckoutID: co.ID, BookingID: "b0000000000000000000001",
		PaymentRef: ev.PaymentRef, AmountTotal: 149100, Currency: "usd", Paid: true}
	if ev != want || !strings.HasPrefix(ev.PaymentRef, "pi_test_") {
		t.Fatalf("event %+v, want %+v", ev, want)
	}
	looked, _ := f.sb.Checkout(context.Background(), co.ID)
	if !looked.Paid || looked.PaymentRef != ev.PaymentRef || looked.AmountTotal != 149100 {
		t.Fatalf("lookup %+v", looked)
	}

	// Paying again is idempotent: same redirect, no second webhook, same payment.
	resp, _ = f.pay(t, co.ID, card(token, "4242424242424242"))
	if resp.StatusCode != http.StatusSeeOther || f.sink.count() != 1 {
		t.Fatalf("second pay: status %d, %d webhooks", resp.StatusCode, f.sink.count())
	}
	if again, _ := f.sb.Checkout(context.Background(), co.ID); again.PaymentRef != ev.PaymentRef {
		t.Fatal("payment ref changed on a second pay")
	}
	status, body, _ := f.get(t, co.ID)
	if status != http.StatusOK || !strings.Contains(body, "already paid") {
		t.Fatalf("page after paying: %d\n%s", status, body)
	}
}

func TestSandboxWebhookFailureStillRedirects(t *testing.T) {
	f := newSandboxFixture(t)
	f.sink.status = http.StatusInternalServerError
	co := f.open(t)
	resp, _ := f.pay(t, co.ID, card(f.token(t, co.ID), "4242424242424242"))
	if resp.StatusCode != http.StatusSeeOther || !strings.Contains(resp.Header.Get("Location"), co.ID) {
		t.Fatalf("status %d Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	if ev, _ := f.sb.Checkout(context.Background(), co.ID); !ev.Paid {
		t.Fatal("checkout not paid")
	}
}

func TestSandboxParseWebhookRejects(t *testing.T) {
	f := newSandboxFixture(t)
	payload := []byte(`{"id":"evt_1","object":"event","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","client_reference_id":"b1","amount_total":100,"currency":"usd","payment_status":"paid","payment_intent":"pi_1"}}}`)
	header := func(secret string, at time.Time, body []byte) http.Header {
		h := http.Header{}
		h.Set(SandboxSignatureHeader, signatureHeader(secret, at, body))
		return h
	}
	if ev, err := f.sb.ParseWebhook(payload, header("whsec_test", testNow, payload)); err != nil || !ev.Paid || ev.BookingID != "b1" {
		t.Fatalf("valid webhook: %+v, %v", ev, err)
	}
	tampered := []byte(strings.Replace(string(payload), `"amount_total":100`, `"amount_total":1`, 1))
	tests := map[string]struct {
		payload []byte
		h       http.Header
	}{
		"tampered payload": {tampered, header("whsec_test", testNow, payload)},
		"wrong secret":     {payload, header("whsec_other", testNow, payload)},
		"too old":          {payload, header("whsec_test", testNow.Add(-6*time.Minute), payload)},
		"from the future":  {payload, header("whsec_test", testNow.Add(6*time.Minute), payload)},
		"missing header":   {payload, http.Header{}},
		"malformed header": {payload, http.Header{SandboxSignatureHeader: {"garbage"}}},
		"no v1 signature":  {payload, http.Header{SandboxSignatureHeader: {"t=1812196800"}}},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := f.sb.ParseWebhook(tc.payload, tc.h); !errors.Is(err, ErrBadSignature) {
				t.Fatalf("err = %v, want ErrBadSignature", err)
			}
		})
	}
}

func TestSandboxCreateCheckoutValidates(t *testing.T) {
	f := newSandboxFixture(t)
	req := testRequest()
	req.UnitAmountMinor = 0
	if _, err := f.sb.CreateCheckout(context.Background(), req); err == nil {
		t.Fatal("a zero amount must be refused")
	}
}

func TestSandboxRefund(t *testing.T) {
	s := NewSandbox(SandboxOptions{BaseURL: "http://site.test"})
	req := RefundRequest{PaymentRef: "pi_test_abc", AmountMinor: 1000, Currency: "usd", Key: "k1"}
	first, err := s.Refund(context.Background(), req)
	if err != nil || first == "" {
		t.Fatalf("Refund = %q, %v", first, err)
	}
	// The same key is the same refund; another key another one.
	if again, _ := s.Refund(context.Background(), req); again != first {
		t.Errorf("same key refunded again: %q then %q", first, again)
	}
	req.Key = "k2"
	if other, _ := s.Refund(context.Background(), req); other == first || other == "" {
		t.Errorf("another key: %q", other)
	}
	var refused *RefundError
	if _, err := s.Refund(context.Background(), RefundRequest{PaymentRef: refundFailsRef + "x", AmountMinor: 1, Key: "k3"}); !errors.As(err, &refused) {
		t.Errorf("refund of a 5126 payment: %v, want a RefundError", err)
	}
}
