package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/view"
	"tourbook/internal/waitlist"
)

// WaitlistPlaces lists a traveller's waiting list entries (waitlist.Service).
type WaitlistPlaces interface {
	Places(ctx context.Context, user account.User) ([]waitlist.Place, error)
}

// waitlistPlaces is the signed-in user's entries, those of one tour when tourID is set,
// and the bookings that hold their offers' seats; empty for a visitor. A failure only
// loses the list: the page matters more.
func (h *Handler) waitlistPlaces(r *http.Request, tourID string) ([]view.WaitlistPlace, map[string]bool) {
	out, offers := []view.WaitlistPlace{}, map[string]bool{}
	u, ok := httpx.User(r.Context())
	if !ok || h.Waitlist == nil {
		return out, offers
	}
	list, err := h.Waitlist.Places(r.Context(), u)
	if err != nil {
		httpx.LogError(r, h.Log, http.StatusInternalServerError, err)
		return out, offers
	}
	for _, p := range list {
		if tourID == "" || p.TourID == tourID {
			out = append(out, view.NewWaitlistPlace(p))
		}
		if p.BookingID != "" {
			offers[p.BookingID] = true
		}
	}
	return out, offers
}
