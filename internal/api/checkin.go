package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/ticket"
	"tourbook/internal/view"
)

// CheckIns is the departure check-in of the back office (checkin.Service).
type CheckIns interface {
	LookUpTicket(ctx context.Context, actor account.User, tourID, date, code string) (ticket.Ticket, error)
	CheckIn(ctx context.Context, actor account.User, tourID, date, bookingID string, arrived int) (ticket.Ticket, error)
	UndoCheckIn(ctx context.Context, actor account.User, tourID, date, bookingID string) (ticket.Ticket, error)
}

func ticketAnswer(w http.ResponseWriter, status int, k ticket.Ticket) {
	httpx.JSON(w, status, httpx.Response{Status: "success", Data: map[string]any{"ticket": view.NewCheckInTicket(k)}})
}

// LookUpTicket is POST /api/v1/tours/{id}/departures/{date}/tickets/lookup {code}: who
// the ticket is for, and whether they were checked in. POST keeps the code out of
// logs and browser history.
func (h *Handler) LookUpTicket(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Code string `json:"code"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	k, err := h.CheckIns.LookUpTicket(r.Context(), u, r.PathValue("id"), r.PathValue("date"), in.Code)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ticketAnswer(w, http.StatusOK, k)
}

// CheckIn is POST /api/v1/tours/{id}/departures/{date}/check-ins {bookingId, arrived}.
func (h *Handler) CheckIn(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		BookingID string `json:"bookingId"`
		Arrived   *int   `json:"arrived"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.Arrived == nil {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Say how many of the booking's participants arrived (0 for a no-show)."))
		return
	}
	k, err := h.CheckIns.CheckIn(r.Context(), u, r.PathValue("id"), r.PathValue("date"), in.BookingID, *in.Arrived)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ticketAnswer(w, http.StatusCreated, k)
}

// UndoCheckIn is DELETE /api/v1/tours/{id}/departures/{date}/check-ins/{bookingId}.
func (h *Handler) UndoCheckIn(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	k, err := h.CheckIns.UndoCheckIn(r.Context(), u, r.PathValue("id"), r.PathValue("date"), r.PathValue("bookingId"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	ticketAnswer(w, http.StatusOK, k)
}
