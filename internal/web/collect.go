package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/collect"
	"tourbook/internal/httpx"
)

// Collector is what the pages read of the money bookings owe (collect.Service).
type Collector interface {
	Booking(ctx context.Context, actor account.User, id string) (collect.Detail, error)
	Dashboard(ctx context.Context, actor account.User) (collect.Outstanding, error)
	ConfirmLink(ctx context.Context, checkoutID string) (string, error)
	PayBalance(ctx context.Context, customer account.User, id string) (string, error)
}

// PaymentLinkReturn is where the payment provider sends a customer back after paying a
// payment link (collect.LinkReturnPath): the payment is settled (the webhook may not
// have arrived yet) and the home page says what became of it. The customer may not be
// signed in: a phone booking's account has no password they know.
func (h *Handler) PaymentLinkReturn(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("session_id")
	if id == "" {
		h.Error(w, r, httpx.Errorf(http.StatusBadRequest, "This payment link's return address is incomplete: it names no payment."))
		return
	}
	msg, err := h.Collect.ConfirmLink(r.Context(), id)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	h.overview(w, r, msg)
}
