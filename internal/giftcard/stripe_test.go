package giftcard_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/giftcard"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/payment/paymenttest"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A purchase through Stripe (stripe-mock): the checkout is created at Stripe for the
// card, and Stripe's signed webhook, sent twice, makes it active once; a webhook for
// another amount leaves it unpaid.
func TestBuyThroughStripe(t *testing.T) {
	t.Parallel()
	mock := paymenttest.StripeMock(t)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		const secret = "whsec_gift"
		stripe, err := payment.NewStripe(payment.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: secret, APIBaseURL: mock})
		if err != nil {
			t.Fatal(err)
		}
		now := func() time.Time { return start }
		recorder := &recordingProvider{Stripe: stripe}
		cards := giftcard.NewService(st, giftcard.Options{Now: now, Provider: recorder, BaseURL: "https://tours.example",
			Tx: storetest.InTx(st, func(tx *store.Store) giftcard.Tx { return tx })})
		bookings := booking.NewService(st, st, stripe, booking.Options{Now: now, Links: cards.Links(nil),
			Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
		if _, err := cards.Buy(ctx, account.User{}, giftcard.Order{Amount: money.MinorAmount(20000), RecipientName: "Rita",
			RecipientEmail: "rita@example.com", BuyerEmail: "bea@example.com"}); err != nil {
			t.Fatalf("buy through stripe-mock: %v", err)
		}
		found, err := st.SearchGiftCards(ctx, "", 10)
		if err != nil || len(found) != 0 {
			t.Fatalf("an unpaid card is listed: %+v %v", found, err)
		}
		// The checkout's id, as Stripe (stripe-mock) made it, finds the card.
		c, err := st.GiftCardByCheckout(ctx, stripe.Name(), recorder.last)
		if err != nil || c.Status != giftcard.Pending || c.AmountMinor != 20000 {
			t.Fatalf("the card bought: %+v %v", c, err)
		}
		send := func(amount int64) {
			event := fmt.Sprintf(`{"id":"evt_%d","object":"event","type":"checkout.session.completed","api_version":"2024-06-20",
				"data":{"object":{"id":%q,"object":"checkout.session","client_reference_id":"giftcard:%s","amount_total":%d,
				"currency":"usd","payment_status":"paid","payment_intent":"pi_gift"}}}`, amount, c.CheckoutID, c.ID, amount)
			signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(event), Secret: secret, Timestamp: time.Now()})
			if err := bookings.HandleWebhook(ctx, []byte(event), payment.Header{"Stripe-Signature": {signed.Header}}); err != nil {
				t.Fatalf("webhook: %v", err)
			}
		}
		send(19999)
		if got, _ := st.GiftCardByID(ctx, c.ID); got.Status != giftcard.Pending {
			t.Fatalf("a payment of another amount made the card %s", got.Status)
		}
		send(20000)
		send(20000)
		got, err := st.GiftCardByID(ctx, c.ID)
		if err != nil || got.Status != giftcard.Active || got.BalanceMinor != 20000 || got.PaymentRef != "pi_gift" {
			t.Fatalf("after the webhooks: %+v %v", got, err)
		}
		if entries, err := st.GiftCardEntries(ctx, c.ID); err != nil || len(entries) != 1 {
			t.Fatalf("ledger %+v %v", entries, err)
		}
	})
}

// recordingProvider is Stripe that remembers the last checkout it created.
type recordingProvider struct {
	*payment.Stripe
	last string
}

func (p *recordingProvider) CreateCheckout(ctx context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	co, err := p.Stripe.CreateCheckout(ctx, req)
	p.last = co.ID
	return co, err
}
