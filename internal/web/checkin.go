package web

import (
	"context"
	"errors"
	"net/http"

	"tourbook/internal/booking"
	"tourbook/internal/ticket"
	"tourbook/internal/view"
)

// Tickets is what the travellers' ticket views read (*store.Store has it).
type Tickets interface {
	BookingTicket(ctx context.Context, bookingID string) (ticket.Ticket, error)
	UserTickets(ctx context.Context, userID string) (map[string]ticket.Ticket, error)
}

// AdminCheckIn is /admin/tours/{id}/departures/{date}/check-in: the guide's page at the
// meeting point, made for a phone: type or scan a ticket, record who came.
func (h *Handler) AdminCheckIn(w http.ResponseWriter, r *http.Request) {
	_, m, ok := h.manifest(w, r)
	if !ok {
		return
	}
	p := view.NewAdminCheckInProps(m, h.Now())
	h.render(w, r, page{name: "adminCheckIn", title: m.Tour.Name + ", " + p.Departure.Label + " · Check-in", props: p})
}

// TicketQR is /my-tours/{id}/ticket.svg: the QR code of a paid booking's ticket, for
// the booking's traveller only; anyone else, and a booking no longer paid, gets 404.
func (h *Handler) TicketQR(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	k, err := h.Tickets.BookingTicket(r.Context(), r.PathValue("id"))
	if errors.Is(err, ticket.ErrNotFound) || (err == nil && (k.UserID != u.ID || k.Status != booking.Paid)) {
		h.NotFound(w, r)
		return
	}
	if err != nil {
		h.Error(w, r, err)
		return
	}
	svg, err := ticket.QRSVG(k.Code)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	// The code admits its holder: kept out of shared caches and of the disk cache.
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	_, _ = w.Write([]byte(svg))
}
