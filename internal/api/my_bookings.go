package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/details"

	"tourbook/internal/httpx"
	"tourbook/internal/refund"
	"tourbook/internal/view"
)

// The traveller's own bookings. They live under /api/v1/my-bookings/: under
// /api/v1/bookings/ they would overlap SPEC.md's checkout-session call.

func (h *Handler) myBookingAnswer(w http.ResponseWriter, r *http.Request, o refund.Own, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"booking": view.NewMyBooking(o)})
}

// MyBooking is GET /api/v1/my-bookings/{id}: the booking as its page shows it, with what
// cancelling it now gives back (the quote).
func (h *Handler) MyBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	o, err := h.Refunds.OwnBooking(r.Context(), u, r.PathValue("id"))
	h.myBookingAnswer(w, r, o, err)
}

// CancelMyBooking is POST /api/v1/my-bookings/{id}/cancel {expectedRefundMinor}: the
// traveller cancels and is refunded what the booking's policy gives now.
func (h *Handler) CancelMyBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		ExpectedRefundMinor *int64 `json:"expectedRefundMinor"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	o, err := h.Refunds.CancelOwn(r.Context(), u, r.PathValue("id"), in.ExpectedRefundMinor)
	h.myBookingAnswer(w, r, o, err)
}

// Details changes the travellers and answers of a traveller's own booking
// (details.Service).
type Details interface {
	ChangeOwn(ctx context.Context, customer account.User, id string, given details.Given) (booking.Booking, error)
}

// maxDetailsBody bounds a booking's details: every traveller's answers to long
// questions take more than the other calls' few hundred bytes.
const maxDetailsBody = 1 << 20

// ChangeMyBookingDetails is PATCH /api/v1/my-bookings/{id}/details {travellers, answers}
// (details.Given): the traveller changes names and answers until the tour's cut-off.
// The answer is the booking as its page shows it.
func (h *Handler) ChangeMyBookingDetails(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in details.Given
	if err := decodeJSONUpTo(w, r, &in, maxDetailsBody); err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Details.ChangeOwn(r.Context(), u, r.PathValue("id"), in); err != nil {
		h.fail(w, r, err)
		return
	}
	o, err := h.Refunds.OwnBooking(r.Context(), u, r.PathValue("id"))
	h.myBookingAnswer(w, r, o, err)
}
