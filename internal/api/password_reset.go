package api

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/useradmin"
)

// Resets is the password reset service (account.Resets).
type Resets interface {
	Request(ctx context.Context, email, clientAddr string) error
	Reset(ctx context.Context, token, password, confirm string) (account.User, error)
}

// FirstStart makes a new site's first administrator (useradmin.Setup).
type FirstStart interface {
	Complete(ctx context.Context, in useradmin.FirstAdmin) (account.User, error)
}

// Setup is POST /api/v1/setup {token, name, email, password, passwordConfirm}: the first
// administrator, through the setup address. Nobody is signed in: the person logs in
// next, as after a password reset.
func (h *Handler) Setup(w http.ResponseWriter, r *http.Request) {
	var in useradmin.FirstAdmin
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	u, err := h.FirstStart.Complete(r.Context(), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.Log.Info("first administrator made through the setup address", "user_id", u.ID)
	httpx.JSON(w, http.StatusCreated, httpx.Response{Status: "success",
		Message: "Your administrator account is ready. Log in to open the back office."})
}

// ForgotPassword is POST /api/v1/users/forgotPassword {email}: it answers the same
// whether or not the email has an account.
func (h *Handler) ForgotPassword(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if err := h.Resets.Request(r.Context(), in.Email, h.ClientIP.Of(r)); err != nil {
		h.failRetry(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, httpx.Response{Status: "success", Message: account.ResetSentMessage})
}

// ResetPassword is POST /api/v1/users/resetPassword {token, password, passwordConfirm}:
// a new password through a reset link. Every session of the user ends, this browser's
// too: the person signs in with the new password.
func (h *Handler) ResetPassword(w http.ResponseWriter, r *http.Request) {
	var in struct{ Token, Password, PasswordConfirm string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if _, err := h.Resets.Reset(r.Context(), in.Token, in.Password, in.PasswordConfirm); err != nil {
		h.fail(w, r, err)
		return
	}
	h.Cookies.Clear(w)
	httpx.OK(w, nil)
}
