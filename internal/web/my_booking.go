package web

import (
	"context"
	"errors"
	"net/http"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/ticket"
	"tourbook/internal/view"
)

// Calendars writes a booking's departure as a calendar file (emails.Bookings).
type Calendars interface {
	Calendar(ctx context.Context, b booking.Booking) ([]byte, error)
}

// MyBooking is /my-tours/{id}: one booking as its traveller sees it, with its policy and
// what cancelling it now gives back. Anyone else gets the 404 page, as if it were not
// there; a signed-out visitor is sent to log in first.
func (h *Handler) MyBooking(w http.ResponseWriter, r *http.Request) {
	own, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	props := view.MyBookingProps{Booking: view.NewMyBooking(own)}
	if own.Booking.Status == booking.Paid {
		k, err := h.Tickets.BookingTicket(r.Context(), own.Booking.ID)
		switch {
		case err == nil:
			props.Ticket = view.NewTicketView(k)
		case !errors.Is(err, ticket.ErrNotFound):
			h.Error(w, r, err)
			return
		}
	}
	h.render(w, r, page{name: "myBooking", title: own.Tour.Name + " · My booking", props: props})
}

// MyBookingCalendar is /my-tours/{id}/calendar.ics: the departure for the traveller's
// calendar, the same entry as the confirmation email's.
func (h *Handler) MyBookingCalendar(w http.ResponseWriter, r *http.Request) {
	own, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	ics, err := h.Calendars.Calendar(r.Context(), own.Booking)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+own.Tour.Slug+`.ics"`)
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(ics)
}

// ownBooking loads the signed-in traveller's booking {id}, or answers for them: the
// login page for a visitor, the 404 page for someone else's.
func (h *Handler) ownBooking(w http.ResponseWriter, r *http.Request) (backoffice.Own, bool) {
	u, ok := requireUser(w, r)
	if !ok {
		return backoffice.Own{}, false
	}
	own, err := h.Office.OwnBooking(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.Error(w, r, err)
		return backoffice.Own{}, false
	}
	return own, true
}
