package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/collect"
	"tourbook/internal/httpx"
	"tourbook/internal/view"
)

// Collector records the money bookings receive and give back outside the site, and
// sends payment links (collect.Service); docs/admin.md describes the calls below.
type Collector interface {
	RecordPayment(ctx context.Context, actor account.User, id string, in collect.Receipt) (collect.Detail, error)
	SendLink(ctx context.Context, actor account.User, id, key string) (collect.Detail, error)
	SettleRefund(ctx context.Context, actor account.User, bookingID, refundID string, in collect.Settlement) (collect.Detail, error)
}

func (h *Handler) collectAnswer(w http.ResponseWriter, r *http.Request, d collect.Detail, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, view.NewAdminBookingAnswer(d, h.Now(), h.Zone))
}

// RecordPayment is POST /api/v1/admin/bookings/{id}/payments: money received by cash or
// bank transfer, once per key.
func (h *Handler) RecordPayment(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in collect.Receipt
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Collect.RecordPayment(r.Context(), u, r.PathValue("id"), in)
	h.collectAnswer(w, r, d, err)
}

// SendPaymentLink is POST /api/v1/admin/bookings/{id}/payment-links: a link to pay what
// is due, emailed to the customer, once per key.
func (h *Handler) SendPaymentLink(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	key, ok := h.keyOf(w, r)
	if !ok {
		return
	}
	d, err := h.Collect.SendLink(r.Context(), u, r.PathValue("id"), key)
	h.collectAnswer(w, r, d, err)
}

// RefundPaidBack is POST /api/v1/admin/bookings/{id}/refunds/{refundId}/paid-back: a
// refund owed outside the site recorded as paid back.
func (h *Handler) RefundPaidBack(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in collect.Settlement
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Collect.SettleRefund(r.Context(), u, r.PathValue("id"), r.PathValue("refundId"), in)
	h.collectAnswer(w, r, d, err)
}

// keyOf reads the body of a call that sends only its idempotency key ({"key": …});
// false when it could not be read (the answer is written).
func (h *Handler) keyOf(w http.ResponseWriter, r *http.Request) (string, bool) {
	var in struct {
		Key string `json:"key"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return "", false
	}
	return in.Key, true
}
