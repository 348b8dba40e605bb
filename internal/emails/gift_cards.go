package emails

import (
	"context"
	"fmt"

	"tourbook/internal/account"
	"tourbook/internal/giftcard"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/money"
)

// GiftCards writes the emails of gift cards (giftcard.Mailer): the buyer's receipt and
// the recipient's card with its printable PDF.
type GiftCards struct{ w *Writer }

// NewGiftCards returns the gift cards' emails, written by w.
func NewGiftCards(w *Writer) *GiftCards { return &GiftCards{w: w} }

// GiftCardReceipt is the buyer's receipt, once the card is paid.
func (e *GiftCards) GiftCardReceipt(ctx context.Context, c giftcard.Card) (*tbmail.Message, error) {
	site := e.w.Site(ctx)
	m, err := e.w.Render(ctx, "giftCardReceipt", account.User{Name: c.BuyerName, Email: c.BuyerEmail}, map[string]any{
		"name": nameOr(c.BuyerName, c.BuyerEmail), "recipientName": c.RecipientName, "recipientEmail": c.RecipientEmail,
		"amount": money.Format(c.AmountMinor, c.Currency), "deliverOn": c.DeliverOn.Format("2 January 2006"),
		"expires": c.ExpiresAt.Format("2 January 2006"), "paymentRef": c.PaymentRef, "giftCardsUrl": site.URL + "/gift-cards",
	})
	if err != nil {
		return nil, fmt.Errorf("gift card %s receipt: %w", c.ID, err)
	}
	m.IdemKey = "gift-card-receipt:" + c.ID
	return &m, nil
}

// GiftCardDelivery is the recipient's card with its code and printable PDF; the caller
// sets when it goes (the delivery day).
func (e *GiftCards) GiftCardDelivery(ctx context.Context, c giftcard.Card) (*tbmail.Message, error) {
	site := e.w.Site(ctx)
	m, err := e.w.Render(ctx, "giftCard", account.User{Name: c.RecipientName, Email: c.RecipientEmail}, map[string]any{
		"name": c.RecipientName, "from": c.BuyerName, "message": c.Message, "code": giftcard.Format(c.Code),
		"amount": money.Format(c.AmountMinor, c.Currency), "expires": c.ExpiresAt.Format("2 January 2006"),
		"toursUrl": site.URL + "/",
	})
	if err != nil {
		return nil, fmt.Errorf("gift card %s: %w", c.ID, err)
	}
	pdf, err := giftcard.PDF(c, site.Name)
	if err != nil {
		return nil, err
	}
	m.IdemKey = "gift-card:" + c.ID
	m.Attachments = []tbmail.Attachment{{Name: "gift-card.pdf", ContentType: "application/pdf", Data: pdf}}
	return &m, nil
}

func nameOr(name, email string) string {
	if name != "" {
		return name
	}
	return email
}
