package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/httpx"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/refund"
	"tourbook/internal/review"
	"tourbook/internal/view"
)

// Office is the bookings back office's service (backoffice.Service); docs/admin.md
// describes the calls below.
type Office interface {
	RecordWalkIn(ctx context.Context, actor account.User, tourID, date string, in backoffice.WalkIn) (booking.Booking, error)
}

// Refunds cancels and refunds bookings, the operators' and the travellers' own
// (refund.Service); docs/admin.md describes the calls below.
type Refunds interface {
	CancelTyped(ctx context.Context, actor account.User, id string, refund money.Amount, reason, key string) (backoffice.Detail, error)
	Resolve(ctx context.Context, actor account.User, id, reason string) (backoffice.Detail, error)
	Refund(ctx context.Context, actor account.User, id string, amount money.Amount, reason, key string) (backoffice.Detail, error)
	CancelDeparture(ctx context.Context, actor account.User, tourID, date string, in refund.DepartureCancel) ([]refund.CancelResult, error)
	PreviewCancellation(ctx context.Context, actor account.User, tourID, date string, message booking.CustomerText) (*mail.Message, error)
	OwnBooking(ctx context.Context, customer account.User, id string) (refund.Own, error)
	CancelOwn(ctx context.Context, customer account.User, id string, expectRefundMinor *int64) (refund.Own, error)
	CancelOverdue(ctx context.Context, actor account.User, id, key string) (backoffice.Detail, error)
}

func (h *Handler) bookingAnswer(w http.ResponseWriter, r *http.Request, d backoffice.Detail, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"booking": view.NewAdminBookingDetail(d, h.Zone)})
}

// CancelBooking is POST /api/v1/admin/bookings/{id}/cancel: cancel, refunding refundMinor.
func (h *Handler) CancelBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		// Minor units as a number, or the amount as typed ("1.290,00").
		RefundMinor money.Amount `json:"refundMinor"`
		Reason      string       `json:"reason"`
		Key         string       `json:"key"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Refunds.CancelTyped(r.Context(), u, r.PathValue("id"), in.RefundMinor, in.Reason, in.Key)
	h.bookingAnswer(w, r, d, err)
}

// CancelOverdueBooking is POST /api/v1/admin/bookings/{id}/cancel-overdue: cancel a
// booking whose balance is overdue, refunding by its policy on what was paid.
func (h *Handler) CancelOverdueBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	key, ok := h.keyOf(w, r)
	if !ok {
		return
	}
	d, err := h.Refunds.CancelOverdue(r.Context(), u, r.PathValue("id"), key)
	h.bookingAnswer(w, r, d, err)
}

// ResolveBooking is POST /api/v1/admin/bookings/{id}/resolve.
func (h *Handler) ResolveBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	d, err := h.Refunds.Resolve(r.Context(), u, r.PathValue("id"), in.Reason)
	h.bookingAnswer(w, r, d, err)
}

// CancelDeparture is POST /api/v1/tours/{id}/departures/{date}/cancel: every booking
// cancelled and refunded, or moved to another departure (moves: booking id → date), each
// one's outcome in the answer. note is internal (kept in each booking's history; reason
// is its older name); message alone is emailed to the customers.
func (h *Handler) CancelDeparture(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Note    string            `json:"note"`
		Reason  string            `json:"reason"`
		Message string            `json:"message"`
		Moves   map[string]string `json:"moves"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.Note == "" {
		in.Note = in.Reason
	}
	results, err := h.Refunds.CancelDeparture(r.Context(), u, r.PathValue("id"), r.PathValue("date"),
		refund.DepartureCancel{Note: in.Note, Message: booking.CustomerText(in.Message), Moves: in.Moves})
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := view.NewCancelResults(results, func(err error) string {
		httpx.LogError(r, h.Log, http.StatusBadGateway, err)
		_, msg := httpx.Classify(err)
		return msg
	})
	httpx.OK(w, map[string]any{"results": out})
}

// RecordWalkIn is POST /api/v1/tours/{id}/departures/{date}/bookings: a booking paid
// outside the site.
func (h *Handler) RecordWalkIn(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in backoffice.WalkIn
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	b, err := h.Office.RecordWalkIn(r.Context(), u, r.PathValue("id"), r.PathValue("date"), in)
	if err != nil {
		h.failFields(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, httpx.Response{Status: "success", Data: map[string]any{"bookingId": b.ID}})
}

// NewBooking is POST /api/v1/admin/bookings: the back office's New booking, a walk-in
// (RecordWalkIn) whose tour and departure come in the body, from any page. A refused
// form answers each field's message by its key in "fields".
func (h *Handler) NewBooking(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		TourID string `json:"tourId"`
		Date   string `json:"date"`
		backoffice.WalkIn
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	b, err := h.Office.RecordWalkIn(r.Context(), u, in.TourID, in.Date, in.WalkIn)
	if err != nil {
		h.failFields(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, httpx.Response{Status: "success",
		Data: map[string]any{"bookingId": b.ID, "url": "/admin/bookings/" + url.PathEscape(b.ID)}})
}

// failFields is fail with each field's message by key ("fields") when err is about a
// form's fields (backoffice.FieldErrors).
func (h *Handler) failFields(w http.ResponseWriter, r *http.Request, err error) {
	var fe interface{ FieldMessages() map[string]string }
	if !errors.As(err, &fe) {
		h.fail(w, r, err)
		return
	}
	status, msg := httpx.Classify(err)
	httpx.LogError(r, h.Log, status, err)
	httpx.JSON(w, status, struct {
		httpx.Response
		Fields map[string]string `json:"fields"`
	}{httpx.Response{Status: "fail", Message: msg}, fe.FieldMessages()})
}

// UserAdmin changes users' access for admins (useradmin.Service).
type UserAdmin interface {
	UpdateUser(ctx context.Context, actor account.User, id string, role *account.Role, active *bool) (account.User, error)
}

// UpdateUser is PATCH /api/v1/admin/users/{id}: role and whether they may sign in.
func (h *Handler) UpdateUser(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Role   *account.Role `json:"role"`
		Active *bool         `json:"active"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	updated, err := h.Users.UpdateUser(r.Context(), u, r.PathValue("id"), in.Role, in.Active)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"user": view.NewAdminUserRow(updated)})
}

// Moderation hides and shows reviews for admins (review.Moderation).
type Moderation interface {
	SetReviewHidden(ctx context.Context, actor account.User, id string, hidden bool) (review.Row, error)
}

// UpdateReview is PATCH /api/v1/admin/reviews/{id}: hide or show it.
func (h *Handler) UpdateReview(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Hidden *bool `json:"hidden"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.Hidden == nil {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Say whether the review is to be hidden."))
		return
	}
	rev, err := h.Moderation.SetReviewHidden(r.Context(), u, r.PathValue("id"), *in.Hidden)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"review": view.NewAdminReviewRow(rev, h.Zone)})
}
