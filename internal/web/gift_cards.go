package web

import (
	"context"
	"net/http"
	"strings"

	"tourbook/internal/account"
	"tourbook/internal/giftcard"
	"tourbook/internal/httpx"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// GiftCards sells gift cards and shows them to admins (giftcard.Service).
type GiftCards interface {
	Settings(ctx context.Context) (giftcard.Settings, error)
	ConfirmPurchase(ctx context.Context, checkoutID string) (giftcard.Card, string, error)
	Search(ctx context.Context, actor account.User, q string) ([]giftcard.Card, error)
	Card(ctx context.Context, actor account.User, id string) (giftcard.Card, []giftcard.Entry, error)
	CurrencyOf(ctx context.Context) string
}

// GiftCardsPage is /gift-cards: buy a gift card for someone.
func (h *Handler) GiftCardsPage(w http.ResponseWriter, r *http.Request) {
	h.giftCardsPage(w, r, "")
}

// GiftCardBought is /gift-cards/bought?session_id=, where the provider sends a buyer back:
// the purchase is settled (the webhook may not have come yet) and the page says so.
func (h *Handler) GiftCardBought(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("session_id")
	if id == "" {
		h.Error(w, r, httpx.Errorf(http.StatusBadRequest, "This confirmation link is incomplete: it names no checkout."))
		return
	}
	_, msg, err := h.GiftCards.ConfirmPurchase(r.Context(), id)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.giftCardsPage(w, r, msg)
}

func (h *Handler) giftCardsPage(w http.ResponseWriter, r *http.Request, notice string) {
	st, err := h.GiftCards.Settings(r.Context())
	if err != nil {
		h.Error(w, r, err)
		return
	}
	props := view.NewGiftCardsProps(st, h.GiftCards.CurrencyOf(r.Context()), tour.Day(h.Now()))
	props.Notice = notice
	h.render(w, r, page{name: "giftCards", title: "Gift cards", canonical: "/gift-cards", props: props,
		description: "Give a tour: a gift card for any of our tours, emailed on the day you choose."})
}

// adminGiftCards is the signed-in admin, or false when the answer was written (the 404
// page for everyone else, as for the receipts).
func (h *Handler) adminGiftCards(w http.ResponseWriter, r *http.Request) (account.User, bool) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return u, false
	}
	if !account.CanAdminister(u) {
		h.NotFound(w, r)
		return u, false
	}
	return u, true
}

// AdminGiftCards is /admin/gift-cards?q= (admins): cards found by code or email.
func (h *Handler) AdminGiftCards(w http.ResponseWriter, r *http.Request) {
	u, ok := h.adminGiftCards(w, r)
	if !ok {
		return
	}
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	cards, err := h.GiftCards.Search(r.Context(), u, q)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	st, err := h.GiftCards.Settings(r.Context())
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.render(w, r, page{name: "adminGiftCards", title: "Gift cards · Back office",
		props: view.NewAdminGiftCardsProps(q, cards, st, h.GiftCards.CurrencyOf(r.Context()), h.Now())})
}

// AdminGiftCard is /admin/gift-cards/{id} (admins): a card, its history, adjust and void.
func (h *Handler) AdminGiftCard(w http.ResponseWriter, r *http.Request) {
	u, ok := h.adminGiftCards(w, r)
	if !ok {
		return
	}
	c, entries, err := h.GiftCards.Card(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	h.render(w, r, page{name: "adminGiftCard", title: "Gift card " + giftcard.Format(c.Code) + " · Back office",
		props: view.NewAdminGiftCardProps(c, entries, h.Now(), h.Zone)})
}
