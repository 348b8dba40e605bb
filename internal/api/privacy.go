package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/privacy"
	"tourbook/internal/view"
)

// Privacy exports and deletes accounts, and keeps sent emails to their retention period
// (privacy.Service).
type Privacy interface {
	ExportOwn(ctx context.Context, user account.User) (privacy.Export, error)
	ExportFor(ctx context.Context, actor account.User, id string) (privacy.Export, error)
	DeleteOwn(ctx context.Context, user account.User, password string) error
	DeleteFor(ctx context.Context, actor account.User, id string) (account.User, error)
	SetRetention(ctx context.Context, actor account.User, days string) (int, error)
}

// MyData is GET /api/v1/users/me/data: the signed-in user's data as a JSON file to save.
func (h *Handler) MyData(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	x, err := h.Privacy.ExportOwn(r.Context(), u)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	download(w, x, "my-data")
}

// UserData is GET /api/v1/admin/users/{id}/data (admins, audited): a user's data as a
// JSON file to save.
func (h *Handler) UserData(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	x, err := h.Privacy.ExportFor(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	download(w, x, "user-"+x.Account.ID+"-data")
}

// download sends x as an attachment named after what it is and the day it was made.
func download(w http.ResponseWriter, x privacy.Export, name string) {
	day := x.ExportedAt
	if len(day) >= 10 {
		day = day[:10]
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s.json"`, name, day))
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(x)
}

// DeleteMe is POST /api/v1/users/deleteMe {passwordCurrent}: the signed-in user's
// account is deleted, every session of it ends and the cookie is cleared.
func (h *Handler) DeleteMe(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		PasswordCurrent string `json:"passwordCurrent"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.Privacy.DeleteOwn(r.Context(), u, in.PasswordCurrent); err != nil {
		h.failRetry(w, r, err)
		return
	}
	h.Cookies.Clear(w)
	httpx.OK(w, nil)
}

// DeleteUser is DELETE /api/v1/admin/users/{id} (admins, audited): the account is
// deleted as its owner would delete it, without the password.
func (h *Handler) DeleteUser(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	deleted, err := h.Privacy.DeleteFor(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"user": view.NewAdminUserRow(deleted)})
}

// SetEmailRetention is PUT /api/v1/admin/settings/email-retention {days} (admins): how
// many days sent emails keep their bodies.
func (h *Handler) SetEmailRetention(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		Days any `json:"days"` // a number, or the field's text as typed
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	typed := ""
	if in.Days != nil {
		typed = fmt.Sprint(in.Days)
	}
	days, err := h.Privacy.SetRetention(r.Context(), u, typed)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"days": days})
}
