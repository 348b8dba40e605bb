package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/httpx"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/rebook"
	"tourbook/internal/view"
)

// Rebook changes bookings without cancelling them (rebook.Service); docs/admin.md
// describes the calls below.
type Rebook interface {
	Preview(ctx context.Context, actor account.User, id string, c rebook.Change) (rebook.Plan, error)
	Apply(ctx context.Context, actor account.User, id string, c rebook.Change) (backoffice.Detail, error)
}

// PreviewChange is POST /api/v1/admin/bookings/{id}/change/preview: the change worked out
// (what changes, the money back or due), nothing written.
func (h *Handler) PreviewChange(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in rebook.Change
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.Rebook.Preview(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"preview": view.NewChangePreview(p)})
}

// ChangeBooking is POST /api/v1/admin/bookings/{id}/change: the change made, its refund
// once per key.
func (h *Handler) ChangeBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in rebook.Change
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Rebook.Apply(r.Context(), u, r.PathValue("id"), in)
	h.bookingAnswer(w, r, d, err)
}

// RefundBooking is POST /api/v1/admin/bookings/{id}/refund: money back, the booking kept.
func (h *Handler) RefundBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		// Minor units, or the amount as typed ("1.290,00"), read by the service.
		AmountMinor money.Amount `json:"amountMinor"`
		Reason      string       `json:"reason"`
		Key         string       `json:"key"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Refunds.Refund(r.Context(), u, r.PathValue("id"), in.AmountMinor, in.Reason, in.Key)
	h.bookingAnswer(w, r, d, err)
}

// PreviewDepartureCancel is POST /api/v1/tours/{id}/departures/{date}/cancel/preview: the
// email a customer would get with the operator's message, as it would read.
func (h *Handler) PreviewDepartureCancel(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Message string `json:"message"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	m, err := h.Refunds.PreviewCancellation(r.Context(), u, r.PathValue("id"), r.PathValue("date"), booking.CustomerText(in.Message))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"email": emailPreview(m)})
}

func emailPreview(m *mail.Message) view.EmailPreview {
	return view.EmailPreview{Subject: m.Subject, Text: m.Text}
}
