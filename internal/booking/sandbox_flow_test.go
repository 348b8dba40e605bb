package booking

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"tourbook/internal/payment"
)

// TestSandboxFlow books through the real sandbox provider over HTTP: checkout page,
// card form, signed webhook into HandleWebhook, then the customer's return.
func TestSandboxFlow(t *testing.T) {
	store := newFakeStore(forest())
	clk := &clock{t: testNow}
	var svc *Service

	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	var webhooks atomic.Int32
	mux.HandleFunc("POST /webhook-checkout", func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		webhooks.Add(1)
		if err := svc.HandleWebhook(r.Context(), body, r.Header); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
		}
	})
	sb := payment.NewSandbox(payment.SandboxOptions{
		BaseURL: srv.URL, WebhookURL: srv.URL + "/webhook-checkout", WebhookSecret: "whsec_flow", Now: clk.Now,
	})
	mux.Handle(payment.SandboxPath, sb.Handler())
	svc = NewService(store, store, sb, Options{Now: clk.Now, BaseURL: srv.URL, Logger: slog.New(slog.DiscardHandler),
		Tx: store.inTx})

	checkoutURL, err := svc.StartCheckout(context.Background(), ann, "", "t-forest", "2027-06-15", 2)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(checkoutURL)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{"TEST MODE", "The Forest Hiker", "15 June 2027 · 2 participants", "$940.00"} {
		if !strings.Contains(string(page), want) {
			t.Fatalf("checkout page lacks %q", want)
		}
	}
	token := regexp.MustCompile(`name="token" value="([0-9a-f]+)"`).FindSubmatch(page)[1]
	resp, err = client.PostForm(checkoutURL+"/pay", url.Values{
		"token": {string(token)}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/30"}, "cvc": {"123"}, "name": {"Ann Lee"},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || loc.Path != "/bookings/success" {
		t.Fatalf("pay: %d to %q", resp.StatusCode, loc)
	}
	if webhooks.Load() != 1 || store.fulfils != 1 {
		t.Fatalf("%d webhooks, %d fulfils; want 1 and 1", webhooks.Load(), store.fulfils)
	}
	b, msg, err := svc.ConfirmReturn(context.Background(), ann, loc.Query().Get("session_id"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != Paid || b.AmountMinor != 94000 || store.fulfils != 1 ||
		msg != "Your booking of The Forest Hiker on 15 June 2027 for 2 participants is confirmed. Thank you!" {
		t.Fatalf("return: %+v %q (%d fulfils)", b, msg, store.fulfils)
	}
}
