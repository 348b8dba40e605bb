package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/giftcard"
	"tourbook/internal/httpx"
	"tourbook/internal/money"
	"tourbook/internal/view"
)

// GiftCards sells gift cards and lets admins adjust and void them (giftcard.Service).
type GiftCards interface {
	Buy(ctx context.Context, buyer account.User, o giftcard.Order) (string, error)
	AdjustTyped(ctx context.Context, actor account.User, id string, amount money.Amount, reason, key string) (giftcard.Card, error)
	VoidCard(ctx context.Context, actor account.User, id, reason, key string) (giftcard.Card, error)
	Card(ctx context.Context, actor account.User, id string) (giftcard.Card, []giftcard.Entry, error)
	SaveSettings(ctx context.Context, actor account.User, in giftcard.SettingsForm) (giftcard.Settings, error)
	CurrencyOf(ctx context.Context) string
}

// SaveGiftCardSettings is PUT /api/v1/admin/settings/gift-cards {amounts, min, max,
// expiryMonths} (admins), as typed: the answer is {settings} as now kept.
func (h *Handler) SaveGiftCardSettings(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in giftcard.SettingsForm
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	st, err := h.GiftCards.SaveSettings(r.Context(), u, in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"settings": view.NewGiftCardSettings(st, h.GiftCards.CurrencyOf(r.Context()))})
}

// BuyGiftCard is POST /api/v1/gift-cards {amountMinor, recipientName, recipientEmail,
// message, deliverOn, buyerName, buyerEmail}: a checkout at the provider for the card,
// answered as the booking checkout is, {status, session: {url}}. A visitor need not be
// signed in (buyerName and buyerEmail then say who pays).
func (h *Handler) BuyGiftCard(w http.ResponseWriter, r *http.Request) {
	u, _ := httpx.User(r.Context())
	var in giftcard.Order
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	url, err := h.GiftCards.Buy(r.Context(), u, in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"status": "success", "session": map[string]string{"url": url}})
}

// giftCardInput is an admin's change of a card: an amount as typed (adjust), a reason,
// and the form's idempotency key.
type giftCardInput struct {
	Amount money.Amount `json:"amount"`
	Reason string       `json:"reason"`
	Key    string       `json:"key"`
}

// AdjustGiftCard is POST /api/v1/admin/gift-cards/{id}/adjust {amount, reason, key}
// (admins): the balance changed by amount (negative takes off), once per key; the answer
// is the card and its history, as on its page.
func (h *Handler) AdjustGiftCard(w http.ResponseWriter, r *http.Request) {
	h.changeGiftCard(w, r, func(u account.User, in giftCardInput) error {
		_, err := h.GiftCards.AdjustTyped(r.Context(), u, r.PathValue("id"), in.Amount, in.Reason, in.Key)
		return err
	})
}

// VoidGiftCard is POST /api/v1/admin/gift-cards/{id}/void {reason, key} (admins).
func (h *Handler) VoidGiftCard(w http.ResponseWriter, r *http.Request) {
	h.changeGiftCard(w, r, func(u account.User, in giftCardInput) error {
		_, err := h.GiftCards.VoidCard(r.Context(), u, r.PathValue("id"), in.Reason, in.Key)
		return err
	})
}

func (h *Handler) changeGiftCard(w http.ResponseWriter, r *http.Request, change func(account.User, giftCardInput) error) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in giftCardInput
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := change(u, in); err != nil {
		h.fail(w, r, err)
		return
	}
	c, entries, err := h.GiftCards.Card(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, view.NewAdminGiftCardProps(c, entries, h.Now(), h.Zone))
}
