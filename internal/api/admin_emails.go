package api

import (
	"net/http"

	"tourbook/internal/httpx"
	"tourbook/internal/view"
)

// ResendEmail is POST /api/v1/admin/emails/{id}/resend (admins): the email is due again
// now, and the sender is woken to send it (or hold it, without SMTP).
func (h *Handler) ResendEmail(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	d, err := h.Office.ResendEmail(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	if h.MailQueued != nil {
		h.MailQueued()
	}
	httpx.OK(w, map[string]any{"email": view.NewAdminEmailDetail(d)})
}
