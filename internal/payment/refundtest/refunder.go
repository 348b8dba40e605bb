// Package refundtest is a payment provider for the services' tests of refunds.
package refundtest

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"

	"tourbook/internal/payment"
)

// Refunder is a payment provider named "sandbox" for the services' tests of refunds
// (whose bookings were paid with made-up references no real provider knows): it
// refunds everything asked, as "re_" + the key, and counts the calls. While Gate is set,
// every refund with the key GateKey tells In and waits for Gate to close, so a test can
// hold requests at the provider. While Refuse is above 0, each refund asked lowers it
// by one and is refused ("the card has expired").
type Refunder struct {
	Asked   atomic.Int32
	Refuse  atomic.Int32
	GateKey string
	Gate    chan struct{}
	In      chan struct{}
}

func (p *Refunder) Name() string { return "sandbox" }

func (p *Refunder) CreateCheckout(context.Context, payment.CheckoutRequest) (payment.Checkout, error) {
	return payment.Checkout{}, errors.New("refundtest.Refunder: no checkouts")
}

func (p *Refunder) ParseWebhook([]byte, http.Header) (payment.Event, error) {
	return payment.Event{}, errors.New("refundtest.Refunder: no webhooks")
}

func (p *Refunder) Checkout(context.Context, string) (payment.Event, error) {
	return payment.Event{}, errors.New("refundtest.Refunder: no checkouts")
}

func (p *Refunder) Refund(_ context.Context, req payment.RefundRequest) (string, error) {
	p.Asked.Add(1)
	if p.Gate != nil && req.Key == p.GateKey {
		p.In <- struct{}{}
		<-p.Gate
	}
	for n := p.Refuse.Load(); n > 0; n = p.Refuse.Load() {
		if p.Refuse.CompareAndSwap(n, n-1) {
			return "", &payment.RefundError{Message: "the card has expired"}
		}
	}
	return "re_" + req.Key, nil
}
