package booking

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/receipt"
)

// Gift cards at checkout (issue #24 §2): a card pays from the part due now and the
// provider is charged the rest, or nothing when the card covers it all. The spend is
// taken right after the seats are held, with the booking's id as its key, and given back
// when the hold ends unpaid (GiftCards.ReleaseLapsed, run with ExpireHolds).

// GiftCards spends gift cards (giftcard.Service).
type GiftCards interface {
	// Check refuses a code that cannot pay in currency (a typo, unknown, spent, expired,
	// voided), with the reason as a person reads it.
	Check(ctx context.Context, code, currency string) error
	// Spend takes up to dueMinor for the booking and says how much; once per booking.
	Spend(ctx context.Context, code, bookingID, currency string, dueMinor int64) (int64, error)
	// Release gives back the spend of a booking cancelled unpaid; ReleaseLapsed does so
	// for every such booking.
	Release(ctx context.Context, bookingID string) (int64, error)
	ReleaseLapsed(ctx context.Context) (int, error)
}

// checkGiftCard refuses, before any seat is held, a gift card that cannot pay.
func (s *Service) checkGiftCard(ctx context.Context, c Checkout, currency string) error {
	if strings.TrimSpace(c.GiftCard) == "" {
		return nil
	}
	if s.giftCards == nil {
		return badRequest("Gift cards cannot be used on this site.")
	}
	return s.giftCards.Check(ctx, c.GiftCard, strings.ToLower(currency))
}

// spendGiftCard takes what the checkout's gift card pays of the held booking b, and
// says how much (0 without a card). A refusal (the card spent meanwhile by another
// checkout) releases the hold; so does a checkout that cannot be opened (Open), which
// gives the spend back with it (cancelHold).
func (s *Service) spendGiftCard(ctx context.Context, c Checkout, b *Booking) (int64, error) {
	if strings.TrimSpace(c.GiftCard) == "" || s.giftCards == nil {
		return 0, nil
	}
	paid, err := s.giftCards.Spend(ctx, c.GiftCard, b.ID, b.Currency, b.ChargeMinor())
	if err != nil {
		s.release(ctx, b.ID)
		return 0, err
	}
	return paid, nil
}

// releaseGiftCard gives back the gift card spend of a hold just cancelled (cancelHold,
// releaseHolds): at once, so that booking again with the same card finds its balance;
// the sweep of lapsed holds catches any it missed.
func (s *Service) releaseGiftCard(ctx context.Context, bookingID string) {
	if s.giftCards == nil {
		return
	}
	if _, err := s.giftCards.Release(context.WithoutCancel(ctx), bookingID); err != nil {
		s.log.Error("give back a gift card spend", "booking_id", bookingID, "err", err)
	}
}

// giftCardCheckout is the provider checkout of what is left to pay once a gift card
// paid cardMinor of req's booking: one line of the rest (a provider takes no negative
// line), named after what was bought (the promo code's line, or the tour's) and the
// card's part: "The Alps (2 × Adult, gift card -$100.00)".
func giftCardCheckout(req payment.CheckoutRequest, cardMinor int64) payment.CheckoutRequest {
	if cardMinor <= 0 {
		return req
	}
	lines := req.LineItems()
	rest := req.TotalMinor() - cardMinor
	paid := "gift card " + money.Format(-cardMinor, req.Currency)
	name := req.TourName + " (" + paid + ")"
	switch {
	case len(lines) == 1 && strings.HasSuffix(lines[0].Name, ")"):
		name = strings.TrimSuffix(lines[0].Name, ")") + ", " + paid + ")"
	case len(lines) > 0:
		parts := make([]string, 0, len(lines)+1)
		for _, l := range lines {
			parts = append(parts, fmt.Sprintf("%d × %s", l.Quantity, l.Name))
		}
		name = req.TourName + " (" + strings.Join(append(parts, paid), ", ") + ")"
	}
	req.Description += " · gift card paid " + money.Format(cardMinor, req.Currency)
	req.Lines = []payment.LineItem{{Name: name, UnitAmountMinor: rest, Quantity: 1}}
	return req
}

// payAllByGiftCard confirms at once a booking its gift card paid in full: no provider
// payment, its ticket, receipt and confirmation as for any paid booking. Its checkout
// id names the card's payment, so the success page finds it as any other.
func (s *Service) payAllByGiftCard(ctx context.Context, b Booking, now time.Time) (string, error) {
	checkoutID := "giftcard_" + b.ID
	if err := s.store.SetCheckout(ctx, b.ID, s.provider.Name(), checkoutID); err != nil {
		return "", fmt.Errorf("record gift card payment of booking %s: %w", b.ID, err)
	}
	b.CheckoutID = checkoutID
	if _, err := s.fulfil(ctx, b, payment.Event{CheckoutID: checkoutID, PaymentRef: "giftcard", Currency: b.Currency, Paid: true}); err != nil {
		return "", err
	}
	s.counter.HoldPlaced()
	s.log.Info("booking paid by gift card", "booking_id", b.ID, "amount", b.AmountMinor, "currency", b.Currency)
	return s.baseURL + "/bookings/success?session_id=" + checkoutID, nil
}

// paidBy is how a booking paid online was paid, for its receipt: by the provider, by a
// gift card, or both.
func paidBy(providerMinor, cardMinor int64) receipt.Method {
	switch {
	case cardMinor <= 0:
		return receipt.Card
	case providerMinor <= 0:
		return receipt.GiftCard
	}
	return receipt.CardAndGiftCard
}
