package booking

import (
	"testing"

	"tourbook/internal/payment"
)

// The checkout of what a gift card leaves to pay is one line of the rest (a provider
// takes no negative line), named after what was bought and the card's part.
func TestGiftCardCheckout(t *testing.T) {
	base := payment.CheckoutRequest{TourName: "The Alps", Currency: "usd", Description: "15 June 2027 · 3 participants"}
	for _, tc := range []struct {
		name  string
		lines []payment.LineItem
		card  int64
		want  payment.LineItem
	}{
		{"categories and an extra", []payment.LineItem{{Name: "Adult", UnitAmountMinor: 49700, Quantity: 2}, {Name: "Wetsuit", UnitAmountMinor: 1500, Quantity: 1}},
			10000, payment.LineItem{Name: "The Alps (2 × Adult, 1 × Wetsuit, gift card -$100.00)", UnitAmountMinor: 90900, Quantity: 1}},
		{"a promo code's line", []payment.LineItem{{Name: "Booking with promo code SPRING (2 × Adult, -$99.40)", UnitAmountMinor: 89460, Quantity: 1}},
			89459, payment.LineItem{Name: "Booking with promo code SPRING (2 × Adult, -$99.40, gift card -$894.59)", UnitAmountMinor: 1, Quantity: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := base
			req.Lines = tc.lines
			got := giftCardCheckout(req, tc.card)
			if len(got.Lines) != 1 || got.Lines[0] != tc.want || got.TotalMinor() != req.TotalMinor()-tc.card {
				t.Fatalf("lines %+v, want %+v", got.Lines, tc.want)
			}
		})
	}
	if got := giftCardCheckout(base, 0); got.Description != base.Description || got.Lines != nil {
		t.Fatalf("no card changed the checkout: %+v", got)
	}
}
