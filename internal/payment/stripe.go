package payment

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	stripe "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// StripeOptions configures NewStripe.
type StripeOptions struct {
	// SecretKey is the account's secret API key (sk_live_… or sk_test_…).
	SecretKey string
	// WebhookSecret is the signing secret (whsec_…) of the webhook endpoint that
	// receives checkout.session.completed and checkout.session.async_payment_succeeded.
	WebhookSecret string
	// APIBaseURL: empty for Stripe's API; a local fake or stripe-mock in tests.
	APIBaseURL string
	// HTTPClient: default a client with a 20 s timeout.
	HTTPClient *http.Client
	Logger     *slog.Logger
}

// Stripe is a Provider backed by Stripe Checkout.
type Stripe struct {
	client        *stripe.Client
	webhookSecret string
	log           *slog.Logger
	now           func() time.Time
}

// minStripeExpiry: Stripe refuses an expires_at less than 30 minutes after the
// session's creation by its own clock, so a minute of slack is added for the request's
// travel and clock skew. A checkout may then outlive its seat hold by a little; the
// booking service's fulfilment handles a payment after the hold expired.
const minStripeExpiry = 31 * time.Minute

// NewStripe returns a Stripe provider. Both secrets are required.
func NewStripe(o StripeOptions) (*Stripe, error) {
	if o.SecretKey == "" {
		return nil, errors.New("stripe: a secret key is required")
	}
	if o.WebhookSecret == "" {
		return nil, errors.New("stripe: a webhook signing secret is required")
	}
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{Timeout: 20 * time.Second}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	cfg := &stripe.BackendConfig{
		HTTPClient:    o.HTTPClient,
		LeveledLogger: stripeLogger{o.Logger},
		// Retries are safe: creation carries an idempotency key.
		MaxNetworkRetries: stripe.Int64(2),
	}
	if o.APIBaseURL != "" {
		cfg.URL = stripe.String(strings.TrimRight(o.APIBaseURL, "/"))
	}
	return &Stripe{
		client:        stripe.NewClient(o.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg))),
		webhookSecret: o.WebhookSecret,
		log:           o.Logger,
		now:           time.Now,
	}, nil
}

// Name implements Provider.
func (s *Stripe) Name() string { return "stripe" }

// CreateCheckout implements Provider: a Checkout Session in payment mode with one
// price_data line item per line of the request (each price category with a count, each
// extra).
func (s *Stripe) CreateCheckout(ctx context.Context, req CheckoutRequest) (Checkout, error) {
	if err := validateRequest(req); err != nil {
		return Checkout{}, err
	}
	expires := req.ExpiresAt
	if min := s.now().Add(minStripeExpiry); expires.Before(min) {
		expires = min
	}
	var lines []*stripe.CheckoutSessionCreateLineItemParams
	for _, l := range req.LineItems() {
		// One price_data line per category and extra, named with the tour, so no Stripe
		// product catalogue has to be kept in sync.
		name := l.Name
		if len(req.Lines) > 0 {
			name = req.TourName + " · " + l.Name
		}
		product := &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(name)}
		if req.Description != "" {
			product.Description = stripe.String(req.Description)
		}
		if req.ImageURL != "" {
			product.Images = []*string{stripe.String(req.ImageURL)}
		}
		lines = append(lines, &stripe.CheckoutSessionCreateLineItemParams{
			Quantity: stripe.Int64(int64(l.Quantity)),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(req.Currency)),
				UnitAmount:  stripe.Int64(l.UnitAmountMinor),
				ProductData: product,
			},
		})
	}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(req.BookingID),
		SuccessURL:        stripe.String(req.SuccessURL),
		CancelURL:         stripe.String(req.CancelURL),
		ExpiresAt:         stripe.Int64(expires.Unix()),
		LineItems:         lines,
		Metadata: map[string]string{
			"booking_id": req.BookingID,
			"tour_id":    req.TourID,
			"user_id":    req.UserID,
			"start_date": req.StartDate,
		},
	}
	if req.CustomerEmail != "" {
		params.CustomerEmail = stripe.String(req.CustomerEmail)
	}
	if terms := req.Terms; terms != "" {
		// Shown above the pay button; Stripe takes at most 1200 characters.
		if r := []rune(terms); len(r) > 1200 {
			terms = string(r[:1199]) + "…"
		}
		params.CustomText = &stripe.CheckoutSessionCreateCustomTextParams{
			Submit: &stripe.CheckoutSessionCreateCustomTextSubmitParams{Message: stripe.String(terms)},
		}
	}
	// One booking is one checkout: a retried request must not open a second session.
	params.SetIdempotencyKey("tourbook-checkout-" + req.BookingID)
	sess, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return Checkout{}, stripeError("create checkout session", err)
	}
	return Checkout{ID: sess.ID, URL: sess.URL}, nil
}

// Checkout implements Provider: it retrieves the session.
func (s *Stripe) Checkout(ctx context.Context, id string) (Event, error) {
	sess, err := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return Event{}, stripeError(fmt.Sprintf("retrieve checkout session %q", id), err)
	}
	ref := ""
	if sess.PaymentIntent != nil {
		ref = sess.PaymentIntent.ID
	}
	ev := sessionToEvent(EventCheckoutLookup, stripeSession{
		ID: sess.ID, ClientReferenceID: sess.ClientReferenceID, Metadata: sess.Metadata,
		AmountTotal: sess.AmountTotal, Currency: string(sess.Currency),
		PaymentStatus: string(sess.PaymentStatus), paymentIntentID: ref,
	})
	if sess.Status == stripe.CheckoutSessionStatusOpen {
		ev.URL = sess.URL // Stripe gives the URL of an open session only
	}
	return ev, nil
}

// ExpireCheckout implements Expirer with Stripe's "expire a session". Stripe refuses to
// expire a session that is not open: it is then looked up, and one already expired is no
// error, one complete is ErrCheckoutPaid.
func (s *Stripe) ExpireCheckout(ctx context.Context, id string) error {
	_, err := s.client.V1CheckoutSessions.Expire(ctx, id, nil)
	if err == nil {
		return nil
	}
	var se *stripe.Error
	if !errors.As(err, &se) || se.HTTPStatusCode != http.StatusBadRequest {
		return stripeError(fmt.Sprintf("expire checkout session %q", id), err)
	}
	sess, gerr := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if gerr != nil {
		return stripeError(fmt.Sprintf("retrieve checkout session %q", id), gerr)
	}
	switch {
	case sess.Status == stripe.CheckoutSessionStatusExpired:
		return nil
	case sess.Status == stripe.CheckoutSessionStatusComplete:
		return fmt.Errorf("stripe: expire checkout session %q: %w", id, ErrCheckoutPaid)
	}
	return stripeError(fmt.Sprintf("expire checkout session %q", id), err)
}

// stripeSession holds the few Checkout Session fields a webhook needs. Decoding them
// ourselves, rather than into stripe.CheckoutSession, keeps webhooks readable when the
// endpoint's API version differs from the library's.
type stripeSession struct {
	ID                string            `json:"id"`
	ClientReferenceID string            `json:"client_reference_id"`
	Metadata          map[string]string `json:"metadata"`
	AmountTotal       int64             `json:"amount_total"`
	Currency          string            `json:"currency"`
	PaymentStatus     string            `json:"payment_status"`
	PaymentIntent     json.RawMessage   `json:"payment_intent"` // an id, or an expanded object
	paymentIntentID   string
}

// ParseWebhook implements Provider with the library's signature check (Stripe-Signature
// header, 5 minutes' tolerance).
//
// The event's API version is not required to match the library's (webhook.ConstructEvent
// would refuse it): an endpoint created on another version would otherwise have every
// payment refused as a bad signature, and only the stable fields above are read.
func (s *Stripe) ParseWebhook(payload []byte, h http.Header) (Event, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, h.Get("Stripe-Signature"), s.webhookSecret,
		webhook.ConstructEventOptions{Tolerance: SignatureTolerance, IgnoreAPIVersionMismatch: true})
	if err != nil {
		if errors.Is(err, webhook.ErrNotSigned) || errors.Is(err, webhook.ErrInvalidHeader) ||
			errors.Is(err, webhook.ErrNoValidSignature) || errors.Is(err, webhook.ErrTooOld) {
			return Event{}, fmt.Errorf("%w: %v", ErrBadSignature, err)
		}
		return Event{}, fmt.Errorf("stripe webhook: %w", err)
	}
	typ := string(ev.Type)
	if typ != EventCheckoutCompleted && typ != EventAsyncPaymentSucceeded {
		return Event{Type: typ}, nil
	}
	if ev.Data == nil {
		return Event{}, fmt.Errorf("stripe webhook %s: no data", ev.ID)
	}
	var sess stripeSession
	if err := json.Unmarshal(ev.Data.Raw, &sess); err != nil {
		return Event{}, fmt.Errorf("stripe webhook %s: %w", ev.ID, err)
	}
	var pi struct {
		ID string `json:"id"`
	}
	if json.Unmarshal(sess.PaymentIntent, &sess.paymentIntentID) != nil && json.Unmarshal(sess.PaymentIntent, &pi) == nil {
		sess.paymentIntentID = pi.ID
	}
	return sessionToEvent(typ, sess), nil
}

func sessionToEvent(typ string, sess stripeSession) Event {
	bookingID := sess.ClientReferenceID
	if bookingID == "" {
		bookingID = sess.Metadata["booking_id"]
	}
	ref := sess.paymentIntentID
	if ref == "" {
		// Sessions for a zero amount have no payment intent; the session id still
		// identifies the payment for an operator.
		ref = sess.ID
	}
	return Event{
		Type:        typ,
		CheckoutID:  sess.ID,
		BookingID:   bookingID,
		PaymentRef:  ref,
		AmountTotal: sess.AmountTotal,
		Currency:    strings.ToLower(sess.Currency),
		Paid:        sess.PaymentStatus == string(stripe.CheckoutSessionPaymentStatusPaid),
	}
}

// stripeError sorts Stripe failures: the network, Stripe's own errors, rate limits
// and a rejected key are ErrUnavailable (the customer can only wait; the log tells the
// operator which); an unknown session is ErrNotFound; anything else is our bug.
func stripeError(op string, err error) error {
	var se *stripe.Error
	if !errors.As(err, &se) {
		return fmt.Errorf("stripe: %s: %w: %v", op, ErrUnavailable, err)
	}
	switch {
	case se.HTTPStatusCode == http.StatusNotFound:
		return fmt.Errorf("stripe: %s: %w: %s", op, ErrNotFound, se.Msg)
	case se.HTTPStatusCode >= 500, se.HTTPStatusCode == http.StatusTooManyRequests,
		se.HTTPStatusCode == http.StatusUnauthorized, se.HTTPStatusCode == http.StatusForbidden,
		se.HTTPStatusCode == 0:
		return fmt.Errorf("stripe: %s: %w: status %d: %s (request %s)", op, ErrUnavailable, se.HTTPStatusCode, se.Msg, se.RequestID)
	}
	return fmt.Errorf("stripe: %s: status %d: %s %s (request %s)", op, se.HTTPStatusCode, se.Type, se.Msg, se.RequestID)
}

// stripeLogger sends the library's own logging to slog, at debug level except errors
// (which we also report ourselves, so they are kept at warn).
type stripeLogger struct{ l *slog.Logger }

func (s stripeLogger) Debugf(format string, v ...any) {
	s.l.Debug("stripe: " + fmt.Sprintf(format, v...))
}
func (s stripeLogger) Infof(format string, v ...any) {
	s.l.Debug("stripe: " + fmt.Sprintf(format, v...))
}
func (s stripeLogger) Warnf(format string, v ...any) {
	s.l.Warn("stripe: " + fmt.Sprintf(format, v...))
}
func (s stripeLogger) Errorf(format string, v ...any) {
	s.l.Warn("stripe: " + fmt.Sprintf(format, v...))
}
