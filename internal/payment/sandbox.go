package payment

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"
)

// SandboxPath is where Sandbox.Handler must be mounted.
const SandboxPath = "/sandbox/checkout/"

// SandboxOptions configures NewSandbox.
type SandboxOptions struct {
	// BaseURL is the site's public address ("https://tours.example"); checkout pages
	// are BaseURL + SandboxPath + id.
	BaseURL string
	// WebhookURL receives the signed checkout.session.completed event.
	WebhookURL string
	// WebhookSecret signs webhooks; every instance behind one address needs the same.
	// Empty: a random secret for this process (the site passes the one its database
	// keeps, see NewWebhookSecret).
	WebhookSecret string
	// HTTPClient delivers webhooks; default: a client with a 5 s timeout.
	HTTPClient *http.Client
	// Store keeps checkouts and refunds. Nil: this process's memory, which a restart
	// forgets and another instance cannot see; the site passes its database.
	Store  SandboxStore
	Now    func() time.Time
	Logger *slog.Logger
	// Merchant is the name of the business the checkout pays ("Pay … for Fjord & Fell
	// Tours"), read at each page; nil: "the shop".
	Merchant func(ctx context.Context) string
}

// Sandbox is an in-process, test-mode stand-in for a hosted card checkout: it serves
// its own checkout page (Handler), decides payments with Stripe's test card numbers
// and delivers signed webhooks, so the whole booking flow works offline.
//
// Its checkouts and refunds live in a SandboxStore: with the site's database, any
// instance serves any checkout's page and a restart forgets nothing.
type Sandbox struct {
	baseURL    string
	webhookURL string
	secret     string
	client     *http.Client
	store      SandboxStore
	now        func() time.Time
	log        *slog.Logger
	merchant   func(ctx context.Context) string

	mu     sync.Mutex
	pruned time.Time // when this process last dropped expired checkouts
}

// sessionRetention is how long checkouts are kept after they expire, so a late return to
// the success page can still be looked up.
const sessionRetention = 24 * time.Hour

// NewSandbox returns a sandbox provider.
func NewSandbox(o SandboxOptions) *Sandbox {
	s := &Sandbox{
		baseURL:    strings.TrimRight(o.BaseURL, "/"),
		webhookURL: o.WebhookURL,
		secret:     o.WebhookSecret,
		client:     o.HTTPClient,
		now:        o.Now,
		merchant:   o.Merchant,
		store:      o.Store,
		log:        o.Logger,
	}
	if s.store == nil {
		s.store = newMemorySandboxStore()
	}
	if s.merchant == nil {
		s.merchant = func(context.Context) string { return "the shop" }
	}
	if s.secret == "" {
		s.secret = NewWebhookSecret()
	}
	if s.client == nil {
		s.client = &http.Client{Timeout: 5 * time.Second}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// NewWebhookSecret makes a random webhook signing secret.
func NewWebhookSecret() string { return "whsec_" + randomHex(24) }

// Name implements Provider.
func (s *Sandbox) Name() string { return "sandbox" }

// CreateCheckout implements Provider.
func (s *Sandbox) CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error) {
	if err := validateRequest(req); err != nil {
		return Checkout{}, err
	}
	req.Currency = strings.ToLower(req.Currency)
	now := s.now()
	s.prune(ctx, now)
	c := SandboxCheckout{
		ID:        "cs_test_" + randomHex(24),
		Request:   req,
		FormToken: randomHex(32),
		CreatedAt: now,
	}
	if err := s.store.CreateSandboxCheckout(ctx, c); err != nil {
		return Checkout{}, fmt.Errorf("sandbox: %w", unavailable(err))
	}
	return Checkout{ID: c.ID, URL: s.baseURL + SandboxPath + c.ID}, nil
}

// prune forgets long-expired checkouts, here rather than in a goroutine so the sandbox
// stays free of background work; at most once a minute per process. A failure only
// delays it: the checkout being opened matters more.
func (s *Sandbox) prune(ctx context.Context, now time.Time) {
	s.mu.Lock()
	due := now.Sub(s.pruned) >= time.Minute
	if due {
		s.pruned = now
	}
	s.mu.Unlock()
	if !due {
		return
	}
	if _, err := s.store.PurgeSandboxCheckouts(ctx, now.Add(-sessionRetention)); err != nil {
		s.log.Warn("sandbox: purge expired checkouts", "err", err)
	}
}

// Checkout implements Provider.
func (s *Sandbox) Checkout(ctx context.Context, id string) (Event, error) {
	c, err := s.store.SandboxCheckout(ctx, id)
	if err != nil {
		return Event{}, fmt.Errorf("sandbox: %w", unavailable(err))
	}
	ev := checkoutEvent(c)
	ev.Type = EventCheckoutLookup
	if !ev.Paid {
		ev.URL = s.baseURL + SandboxPath + c.ID
	}
	return ev, nil
}

// ExpireCheckout implements Expirer: the checkout's page refuses payment from now on.
func (s *Sandbox) ExpireCheckout(ctx context.Context, id string) error {
	c, err := s.store.ExpireSandboxCheckout(ctx, id, s.now())
	if err != nil {
		return fmt.Errorf("sandbox: %w", unavailable(err))
	}
	if c.Paid() {
		return fmt.Errorf("sandbox: expire checkout %s: %w", id, ErrCheckoutPaid)
	}
	return nil
}

func checkoutEvent(c SandboxCheckout) Event {
	return Event{
		Type:        EventCheckoutCompleted,
		CheckoutID:  c.ID,
		BookingID:   c.Request.BookingID,
		PaymentRef:  c.PaymentRef,
		AmountTotal: c.amount(),
		Currency:    c.Request.Currency,
		Paid:        c.Paid(),
	}
}

// sandboxEvent is the webhook body, shaped like a Stripe event so the two providers'
// payloads read alike in logs.
type sandboxEvent struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		Object sandboxSessionJSON `json:"object"`
	} `json:"data"`
}

type sandboxSessionJSON struct {
	ID                string `json:"id"`
	Object            string `json:"object"`
	ClientReferenceID string `json:"client_reference_id"`
	AmountTotal       int64  `json:"amount_total"`
	Currency          string `json:"currency"`
	PaymentStatus     string `json:"payment_status"`
	PaymentIntent     string `json:"payment_intent"`
}

// ParseWebhook implements Provider: it verifies the Tourbook-Signature header.
func (s *Sandbox) ParseWebhook(payload []byte, h http.Header) (Event, error) {
	if err := verifySignature(h.Get(SandboxSignatureHeader), payload, s.secret, s.now(), SignatureTolerance); err != nil {
		return Event{}, err
	}
	var e sandboxEvent
	if err := json.Unmarshal(payload, &e); err != nil {
		return Event{}, fmt.Errorf("sandbox webhook: %w", err)
	}
	o := e.Data.Object
	return Event{
		Type:        e.Type,
		CheckoutID:  o.ID,
		BookingID:   o.ClientReferenceID,
		PaymentRef:  o.PaymentIntent,
		AmountTotal: o.AmountTotal,
		Currency:    strings.ToLower(o.Currency),
		Paid:        o.PaymentStatus == "paid" && (e.Type == EventCheckoutCompleted || e.Type == EventAsyncPaymentSucceeded),
	}, nil
}

// markPaid records a successful payment once and reports whether this call did it; a
// payment whose refunds are to fail says so in its reference.
func (s *Sandbox) markPaid(ctx context.Context, id string, refundFails bool) (Event, bool, error) {
	ref := "pi_test_" + randomHex(12)
	if refundFails {
		ref = refundFailsRef + randomHex(12)
	}
	c, first, err := s.store.PaySandboxCheckout(ctx, id, ref, s.now())
	if err != nil {
		return Event{}, false, err
	}
	return checkoutEvent(c), first, nil
}

// deliver posts the signed webhook for a paid session. Failure is only logged: the
// customer's return to the success URL fulfils the booking as well.
func (s *Sandbox) deliver(ctx context.Context, ev Event) {
	if s.webhookURL == "" {
		return
	}
	now := s.now()
	e := sandboxEvent{ID: "evt_test_" + randomHex(12), Object: "event", Type: ev.Type, Created: now.Unix()}
	e.Data.Object = sandboxSessionJSON{
		ID: ev.CheckoutID, Object: "checkout.session", ClientReferenceID: ev.BookingID,
		AmountTotal: ev.AmountTotal, Currency: ev.Currency, PaymentStatus: "paid", PaymentIntent: ev.PaymentRef,
	}
	payload, err := json.Marshal(e)
	if err != nil {
		s.log.Error("sandbox webhook: encode", "checkout_id", ev.CheckoutID, "err", err)
		return
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.webhookURL, bytes.NewReader(payload))
	if err != nil {
		s.log.Error("sandbox webhook: request", "checkout_id", ev.CheckoutID, "err", err)
		return
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SandboxSignatureHeader, signatureHeader(s.secret, now, payload))
	resp, err := s.client.Do(req)
	if err != nil {
		s.log.Warn("sandbox webhook not delivered; the success return will fulfil", "checkout_id", ev.CheckoutID, "err", err)
		return
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode >= 300 {
		s.log.Warn("sandbox webhook refused; the success return will fulfil", "checkout_id", ev.CheckoutID, "status", resp.StatusCode)
	}
}

// unavailable marks a failure of the sandbox's storage as the provider being
// unavailable, as a network failure at Stripe would be: callers know to try again.
// ErrNotFound stays what it is.
func unavailable(err error) error {
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnavailable) {
		return err
	}
	return fmt.Errorf("%w: %w", ErrUnavailable, err)
}

func validateRequest(req CheckoutRequest) error {
	var problems []string
	if req.BookingID == "" {
		problems = append(problems, "booking id")
	}
	var total int64
	for _, l := range req.LineItems() {
		if l.UnitAmountMinor < 0 || l.Quantity < 1 || l.Name == "" ||
			(l.UnitAmountMinor > 0 && int64(l.Quantity) > (math.MaxInt64-total)/l.UnitAmountMinor) {
			problems = append(problems, "line item")
			break
		}
		total += l.AmountMinor()
	}
	if total <= 0 {
		problems = append(problems, "amount")
	}
	if len(req.Currency) != 3 {
		problems = append(problems, "currency")
	}
	if req.SuccessURL == "" || req.CancelURL == "" {
		problems = append(problems, "return URLs")
	}
	if req.ExpiresAt.IsZero() {
		problems = append(problems, "expiry")
	}
	if len(problems) > 0 {
		return errors.New("payment: invalid checkout request: " + strings.Join(problems, ", "))
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand, Go 1.24+)
	return hex.EncodeToString(b)
}
