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
	// WebhookSecret signs webhooks. Empty: a random secret for this process, which is
	// enough because the sandbox only talks to its own binary.
	WebhookSecret string
	// HTTPClient delivers webhooks; default: a client with a 5 s timeout.
	HTTPClient *http.Client
	Now        func() time.Time
	Logger     *slog.Logger
}

// Sandbox is an in-process, test-mode stand-in for a hosted card checkout: it serves
// its own checkout page (Handler), decides payments with Stripe's test card numbers
// and delivers signed webhooks, so the whole booking flow works offline.
//
// Its checkout sessions live in memory only: a restart forgets open sandbox checkouts
// (their page then says the checkout does not exist; the booking's hold simply expires).
// Paid sessions are fulfilled by the booking service, which does persist, so nothing
// paid is lost.
type Sandbox struct {
	baseURL    string
	webhookURL string
	secret     string
	client     *http.Client
	now        func() time.Time
	log        *slog.Logger

	mu       sync.Mutex
	sessions map[string]*sandboxSession
	refunds  map[string]string // idempotency key → refund id
	pruned   time.Time         // when expired sessions were last dropped
}

type sandboxSession struct {
	id         string
	req        CheckoutRequest
	formToken  string
	created    time.Time
	paid       bool
	paymentRef string
}

func (s *sandboxSession) amount() int64 { return s.req.UnitAmountMinor * int64(s.req.Quantity) }

// sessionRetention is how long sessions are kept after they expire, so a late return to
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
		log:        o.Logger,
		sessions:   map[string]*sandboxSession{},
		refunds:    map[string]string{},
	}
	if s.secret == "" {
		s.secret = "whsec_" + randomHex(24)
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

// Name implements Provider.
func (s *Sandbox) Name() string { return "sandbox" }

// CreateCheckout implements Provider.
func (s *Sandbox) CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error) {
	if err := validateRequest(req); err != nil {
		return Checkout{}, err
	}
	req.Currency = strings.ToLower(req.Currency)
	now := s.now()
	sess := &sandboxSession{
		id:        "cs_test_" + randomHex(24),
		req:       req,
		formToken: randomHex(32),
		created:   now,
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// Prune here rather than in a goroutine: the sandbox stays free of background work.
	// At most once a minute: a scan of every session on every checkout grows with them.
	if now.Sub(s.pruned) >= time.Minute {
		s.pruned = now
		for id, old := range s.sessions {
			if now.Sub(old.req.ExpiresAt) > sessionRetention {
				delete(s.sessions, id)
			}
		}
	}
	s.sessions[sess.id] = sess
	return Checkout{ID: sess.id, URL: s.baseURL + SandboxPath + sess.id}, nil
}

// Checkout implements Provider.
func (s *Sandbox) Checkout(ctx context.Context, id string) (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess, ok := s.sessions[id]
	if !ok {
		return Event{}, fmt.Errorf("sandbox checkout %q: %w", id, ErrNotFound)
	}
	ev := sessionEvent(sess)
	ev.Type = EventCheckoutLookup
	return ev, nil
}

func sessionEvent(sess *sandboxSession) Event {
	return Event{
		Type:        EventCheckoutCompleted,
		CheckoutID:  sess.id,
		BookingID:   sess.req.BookingID,
		PaymentRef:  sess.paymentRef,
		AmountTotal: sess.amount(),
		Currency:    sess.req.Currency,
		Paid:        sess.paid,
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
func (s *Sandbox) markPaid(id string, refundFails bool) (Event, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sess := s.sessions[id]
	if sess == nil {
		return Event{}, false
	}
	if sess.paid {
		return sessionEvent(sess), false
	}
	sess.paid = true
	sess.paymentRef = "pi_test_" + randomHex(12)
	if refundFails {
		sess.paymentRef = refundFailsRef + randomHex(12)
	}
	return sessionEvent(sess), true
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

func validateRequest(req CheckoutRequest) error {
	var problems []string
	if req.BookingID == "" {
		problems = append(problems, "booking id")
	}
	if req.UnitAmountMinor <= 0 {
		problems = append(problems, "unit amount")
	}
	if req.Quantity < 1 {
		problems = append(problems, "quantity")
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
