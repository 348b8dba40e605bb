package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"

	stripe "github.com/stripe/stripe-go/v85"
)

// RefundRequest asks the provider to return money of a paid checkout.
type RefundRequest struct {
	PaymentRef  string // the provider's reference of the payment (Event.PaymentRef)
	AmountMinor int64  // more than 0, at most what is left of the payment
	Currency    string
	// Key makes the refund idempotent at the provider: the same key never refunds twice,
	// however often the request is retried.
	Key string
}

// RefundError: the provider refused or failed the refund itself (not a network or
// availability failure). Message is the provider's reason, safe to show an operator.
type RefundError struct{ Message string }

func (e *RefundError) Error() string { return "refund refused: " + e.Message }

// Refunder is a provider that can return money. Both providers are.
type Refunder interface {
	// Refund returns req.AmountMinor of a payment and gives the provider's refund id.
	// Errors: ErrUnavailable (not reachable, may be retried with the same key),
	// *RefundError (refused).
	Refund(ctx context.Context, req RefundRequest) (string, error)
}

func validateRefund(req RefundRequest) error {
	switch {
	case req.PaymentRef == "":
		return errors.New("refund: no payment reference")
	case req.AmountMinor <= 0:
		return fmt.Errorf("refund: amount %d must be positive", req.AmountMinor)
	case req.Key == "":
		return errors.New("refund: no idempotency key")
	}
	return nil
}

// Refund implements Refunder with Stripe's Refunds API, on the payment intent.
func (s *Stripe) Refund(ctx context.Context, req RefundRequest) (string, error) {
	if err := validateRefund(req); err != nil {
		return "", err
	}
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(req.PaymentRef),
		Amount:        stripe.Int64(req.AmountMinor),
		Reason:        stripe.String(string(stripe.RefundReasonRequestedByCustomer)),
	}
	params.SetIdempotencyKey("tourbook-refund-" + req.Key)
	r, err := s.client.V1Refunds.Create(ctx, params)
	if err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode >= 400 && se.HTTPStatusCode < 500 &&
			se.HTTPStatusCode != 401 && se.HTTPStatusCode != 403 && se.HTTPStatusCode != 429 {
			// Stripe refused this refund (already refunded, amount too large, …).
			return "", &RefundError{Message: se.Msg}
		}
		return "", stripeError("create refund", err)
	}
	if r.Status == stripe.RefundStatusFailed || r.Status == stripe.RefundStatusCanceled {
		return r.ID, &RefundError{Message: "the refund failed (" + string(r.FailureReason) + ")"}
	}
	return r.ID, nil
}

// refundFailsRef marks the payment of Stripe's test card 4000 0000 0000 5126, whose
// refunds fail, in the sandbox's payment reference: it outlives the checkout.
const refundFailsRef = "pi_test_rf_"

// Refund implements Refunder for the sandbox: it records the refund in its store, keyed
// by the idempotency key, so a retry on any instance returns the same refund. A payment made with 4000 0000 0000 5126 cannot be refunded,
// as in Stripe's test mode.
func (s *Sandbox) Refund(ctx context.Context, req RefundRequest) (string, error) {
	if err := validateRefund(req); err != nil {
		return "", err
	}
	if strings.HasPrefix(req.PaymentRef, refundFailsRef) {
		return "", &RefundError{Message: "the card was closed, so the refund could not be made (test card 4000 0000 0000 5126)"}
	}
	newID := "re_test_" + randomHex(12)
	id, err := s.store.SandboxRefund(ctx, req, newID, s.now())
	if err != nil {
		return "", fmt.Errorf("sandbox refund: %w", unavailable(err))
	}
	if id != newID {
		return id, nil // a retry: refunded before
	}
	s.log.Info("sandbox refund", "refund_id", id, "payment_ref", req.PaymentRef, "amount", req.AmountMinor, "currency", req.Currency)
	return id, nil
}
