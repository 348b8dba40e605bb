package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/refund"
	"tourbook/internal/ticket"
	"tourbook/internal/view"
)

// Calendars writes a booking's departure as a calendar file (emails.Bookings).
type Calendars interface {
	Calendar(ctx context.Context, b booking.Booking) ([]byte, error)
}

// OwnBookings reads a traveller's own booking (refund.Service): booking.ErrNotFound for
// anyone else's.
type OwnBookings interface {
	OwnBooking(ctx context.Context, customer account.User, id string) (refund.Own, error)
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
	offer, err := h.isOffer(r.Context(), own)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	if props.Receipts, err = h.receiptLinks(r.Context(), own.ID, view.MyBookingURL(own.ID)); err != nil {
		h.Error(w, r, err)
		return
	}
	if own.Status == booking.Pending && own.HoldsSeats(h.Now()) && !offer {
		// An unpaid booking whose seats are still held: pay it, or let the seats go. (A
		// waiting list offer is paid or declined from its banner on /my-tours, which also
		// ends the entry.)
		if own.CheckoutID != "" {
			props.Booking.ContinueURL = view.MyBookingURL(own.ID) + "/checkout"
		}
		props.Booking.ReleaseURL = view.MyBookingURL(own.ID) + "/release"
	}
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
// calendar, the same entry as the confirmation email's. Only a paid booking has one: the
// file says CONFIRMED, which a checkout left unpaid, a cancelled or a refunded booking
// is not (their page offers none; the address is the 404 page).
func (h *Handler) MyBookingCalendar(w http.ResponseWriter, r *http.Request) {
	own, ok := h.ownBooking(w, r)
	if !ok {
		return
	}
	if own.Status != booking.Paid {
		h.NotFound(w, r)
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

// MyBookingCheckout is GET /my-tours/{id}/checkout: "Continue to payment" on an unpaid
// booking's page sends the traveller to the checkout still open for it (the same
// provider session, so no second hold), or to the error page saying the hold is over.
func (h *Handler) MyBookingCheckout(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	to, err := h.Bookings.ContinueCheckout(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.Error(w, r, err)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// MyBookingRelease is POST /my-tours/{id}/release, the form of "Release these seats" on
// an unpaid booking's page: its hold ends now, as the checkout's cancel link does, and
// the page shows the booking cancelled. A form, so it works without JavaScript; the
// cross-origin check guards it like every POST.
func (h *Handler) MyBookingRelease(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	own, err := h.Refunds.OwnBooking(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.Error(w, r, err)
		return
	}
	offer, err := h.isOffer(r.Context(), own)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	if offer {
		// Declining an offer ends its waiting list entry too: that is /my-tours' Decline.
		http.Redirect(w, r, "/my-tours", http.StatusSeeOther)
		return
	}
	if err := h.Bookings.CancelReturn(r.Context(), u, own.ID); err != nil {
		h.Error(w, r, err)
		return
	}
	http.Redirect(w, r, view.MyBookingURL(own.ID), http.StatusSeeOther)
}

// MyBookingBalance is POST /my-tours/{id}/balance, the form of "Pay the balance" on a
// booking paid by a deposit: to the provider's checkout for exactly the balance, the
// same one while it is open (collect.Service.PayBalance). A form, so it works without
// JavaScript; the cross-origin check guards it like every POST.
func (h *Handler) MyBookingBalance(w http.ResponseWriter, r *http.Request) {
	u, ok := requireUser(w, r)
	if !ok {
		return
	}
	to, err := h.Collect.PayBalance(r.Context(), u, r.PathValue("id"))
	if errors.Is(err, collect.ErrNotYours) {
		h.NotFound(w, r) // as its page is to anyone else
		return
	}
	if err != nil {
		h.Error(w, r, err)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// isOffer reports whether own is the seat hold of one of its traveller's waiting list
// offers.
func (h *Handler) isOffer(ctx context.Context, own refund.Own) (bool, error) {
	if h.Waitlist == nil || own.Status != booking.Pending {
		return false, nil
	}
	places, err := h.Waitlist.Places(ctx, account.User{ID: own.UserID})
	if err != nil {
		return false, fmt.Errorf("waiting list places of %s: %w", own.UserID, err)
	}
	for _, p := range places {
		if p.BookingID == own.ID {
			return true, nil
		}
	}
	return false, nil
}

// ownBooking loads the signed-in traveller's booking {id}, or answers for them: the
// login page for a visitor, the 404 page for someone else's.
func (h *Handler) ownBooking(w http.ResponseWriter, r *http.Request) (refund.Own, bool) {
	u, ok := requireUser(w, r)
	if !ok {
		return refund.Own{}, false
	}
	own, err := h.Refunds.OwnBooking(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.Error(w, r, err)
		return refund.Own{}, false
	}
	return own, true
}
