package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/mail/outbox"
	"tourbook/internal/notify"

	"tourbook/internal/httpx"
	"tourbook/internal/view"
)

// Outbox is the email outbox's service (outbox.Service).
type Outbox interface {
	ResendEmail(ctx context.Context, actor account.User, id string) (outbox.EmailDetail, error)
}

// ResendEmail is POST /api/v1/admin/emails/{id}/resend (admins): the email is due again
// now, and the sender is woken to send it (or hold it, without SMTP).
func (h *Handler) ResendEmail(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	d, err := h.Outbox.ResendEmail(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.MailQueued != nil {
		h.MailQueued()
	}
	httpx.OK(w, map[string]any{"email": view.NewAdminEmailDetail(d, h.Zone)})
}

// News is the setting of how booking news reach the operator and the guides
// (notify.Service).
type News interface {
	SetMode(ctx context.Context, actor account.User, mode string) (notify.Mode, error)
}

// SetBookingNotices is PUT /api/v1/admin/settings/booking-notices (admins):
// {"mode": "immediate"} or {"mode": "daily"}.
func (h *Handler) SetBookingNotices(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Mode string `json:"mode"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	m, err := h.News.SetMode(r.Context(), u, in.Mode)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"mode": m})
}
