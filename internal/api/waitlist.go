package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/waitlist"
)

// Waitlist is the waiting list service the waiting list endpoints call.
type Waitlist interface {
	Join(ctx context.Context, user account.User, tourID, date string, participants int) (waitlist.Entry, error)
	Leave(ctx context.Context, user account.User, entryID string) error
}

// OfferPayer opens the checkout of a waiting list offer (booking.Service).
type OfferPayer interface {
	PayOffer(ctx context.Context, user account.User, entryID string, terms int) (string, error)
}

// JoinWaitlist is POST /api/v1/waitlist {tourId, date, participants}: the signed-in user
// joins the waiting list of a full departure.
func (h *Handler) JoinWaitlist(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		TourID       string `json:"tourId"`
		Date         string `json:"date"`
		Participants int    `json:"participants"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	e, err := h.Waitlist.Join(r.Context(), u, in.TourID, in.Date, in.Participants)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, httpx.Response{Status: "success",
		Message: "You are on the waiting list. We will email you when seats free up.",
		Data:    map[string]any{"entry": map[string]any{"id": e.ID, "participants": e.Participants, "status": e.Status}}})
}

// LeaveWaitlist is DELETE /api/v1/waitlist/{id}: the user leaves, declining any offer.
func (h *Handler) LeaveWaitlist(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	if err := h.Waitlist.Leave(r.Context(), u, r.PathValue("id")); err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, httpx.Response{Status: "success", Message: "You have left the waiting list."})
}

// PayOffer is POST /api/v1/waitlist/{id}/checkout?terms=N: opens the checkout of the
// seats held for the user, accepting the terms of booking as a booking's checkout does;
// the browser then goes to session.url, as for a booking.
func (h *Handler) PayOffer(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	terms, err := acceptedTerms(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	url, err := h.Offers.PayOffer(r.Context(), u, r.PathValue("id"), terms)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"status": "success", "session": map[string]string{"url": url}})
}
