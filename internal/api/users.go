package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/view"
)

// Accounts is the account service the user endpoints call.
type Accounts interface {
	SignUp(ctx context.Context, name, email, password, passwordConfirm, clientAddr string) (account.User, string, error)
	LogIn(ctx context.Context, email, password, clientAddr string) (account.User, string, error)
	LogOut(ctx context.Context, token string) error
	UpdateProfile(ctx context.Context, user account.User, name, email, newPhoto, passwordCurrent string) (account.User, error)
	ChangePassword(ctx context.Context, user account.User, currentToken, passwordCurrent, password, passwordConfirm string) error
	// CountUpload refuses (429) an account's picture upload past its rate.
	CountUpload(ctx context.Context, userID string) error
}

// Photos stores uploaded profile photos.
type Photos interface {
	Process(r io.Reader) (string, error)
	Remove(name string) error
}

func (h *Handler) userData(u account.User) map[string]any {
	return map[string]any{"user": view.NewSessionUser(u)}
}

// Signup is POST /api/v1/users/signup: creates the account and signs it in.
func (h *Handler) Signup(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Name, Email, Password, PasswordConfirm string
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	u, token, err := h.Accounts.SignUp(r.Context(), in.Name, in.Email, in.Password, in.PasswordConfirm, h.ClientIP.Of(r))
	if err != nil {
		h.failRetry(w, r, err)
		return
	}
	h.Cookies.Set(w, token, h.SessionTTL)
	httpx.JSON(w, http.StatusCreated, httpx.Response{Status: "success", Data: h.userData(u)})
}

// Login is POST /api/v1/users/login (SPEC.md §7 #1).
func (h *Handler) Login(w http.ResponseWriter, r *http.Request) {
	var in struct{ Email, Password string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if strings.TrimSpace(in.Email) == "" || in.Password == "" {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Please provide your email and password."))
		return
	}
	u, token, err := h.Accounts.LogIn(r.Context(), in.Email, in.Password, h.ClientIP.Of(r))
	if err != nil {
		h.failRetry(w, r, err)
		return
	}
	h.Cookies.Set(w, token, h.SessionTTL)
	httpx.OK(w, h.userData(u))
}

// Logout is GET /api/v1/users/logout (SPEC.md §7 #2). A GET that changes state, as the
// spec has it: routes.go lets only same-site browser requests reach it.
func (h *Handler) Logout(w http.ResponseWriter, r *http.Request) {
	if token := httpx.SessionToken(r.Context()); token != "" {
		if err := h.Accounts.LogOut(r.Context(), token); err != nil {
			h.fail(w, r, err)
			return
		}
	}
	h.Cookies.Clear(w)
	httpx.OK(w, nil)
}

// maxUpdateMeBody bounds the multipart body: a 5 MB photo plus the text fields and the
// multipart framing. media.Photos refuses a photo over 5 MB with its own message.
const maxUpdateMeBody = 5<<20 + 64<<10

// UpdateMe is PATCH /api/v1/users/updateMe (SPEC.md §7 #3): multipart name, email, photo,
// and passwordCurrent, which a change of the email needs. The form is streamed: the photo goes straight to the image processor, never to a
// temporary file.
func (h *Handler) UpdateMe(w http.ResponseWriter, r *http.Request) {
	user, ok := h.user(w, r)
	if !ok {
		return
	}
	mr, err := multipartForm(w, r, maxUpdateMeBody)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	name, email, photo, passwordCurrent := user.Name, user.Email, "", ""
	var sawName, sawEmail bool
	fail := func(err error) {
		if photo != "" {
			// UpdateProfile owns the photo once called; before that it is ours to remove.
			if rerr := h.Photos.Remove(photo); rerr != nil {
				h.Log.Warn("remove unused photo", "user_id", user.ID, "error", rerr)
			}
		}
		h.failRetry(w, r, err)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			fail(formError(err))
			return
		}
		switch part.FormName() {
		case "name", "email", "passwordCurrent":
			v, err := io.ReadAll(io.LimitReader(part, 1<<10))
			if err != nil {
				fail(formError(err))
				return
			}
			switch part.FormName() {
			case "name":
				name, sawName = string(v), true
			case "email":
				email, sawEmail = string(v), true
			default:
				passwordCurrent = string(v)
			}
		case "photo":
			if part.FileName() == "" || photo != "" {
				continue // no file chosen, or a second one: keep the first
			}
			if err := h.Accounts.CountUpload(r.Context(), user.ID); err != nil {
				fail(err)
				return
			}
			if photo, err = h.Photos.Process(part); err != nil {
				photo = ""
				if tooLarge(err) {
					err = formError(err)
				}
				fail(err)
				return
			}
		}
		_ = part.Close()
	}
	if !sawName && !sawEmail && photo == "" {
		fail(httpx.Errorf(http.StatusBadRequest, "There is nothing to update: please fill in your name, email or photo."))
		return
	}
	updated, err := h.Accounts.UpdateProfile(r.Context(), user, name, email, photo, passwordCurrent)
	if err != nil {
		h.failRetry(w, r, err)
		return
	}
	httpx.OK(w, h.userData(updated))
}

// UpdateMyPassword is PATCH /api/v1/users/updateMyPassword (SPEC.md §7 #4). Every other
// session of the user ends; this one stays signed in.
func (h *Handler) UpdateMyPassword(w http.ResponseWriter, r *http.Request) {
	user, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct{ PasswordCurrent, Password, PasswordConfirm string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.PasswordCurrent == "" {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Please enter your current password."))
		return
	}
	err := h.Accounts.ChangePassword(r.Context(), user, httpx.SessionToken(r.Context()), in.PasswordCurrent, in.Password, in.PasswordConfirm)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, nil)
}

// failRetry is fail that tells a client refused for too many attempts when to come back
// (Retry-After, in seconds).
func (h *Handler) failRetry(w http.ResponseWriter, r *http.Request, err error) {
	var tooMany *account.TooManyAttemptsError
	if errors.As(err, &tooMany) {
		w.Header().Set("Retry-After", fmt.Sprint(int(tooMany.RetryAfter/time.Second)+1))
	}
	h.fail(w, r, err)
}

// user is the signed-in user, or a 401 asking to log in.
func (h *Handler) user(w http.ResponseWriter, r *http.Request) (account.User, bool) {
	u, ok := httpx.User(r.Context())
	if !ok {
		h.fail(w, r, account.ErrNotSignedIn)
	}
	return u, ok
}

// multipartForm opens a multipart body as a stream, at most limit bytes long.
func multipartForm(w http.ResponseWriter, r *http.Request, limit int64) (*multipart.Reader, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		return nil, httpx.Errorf(http.StatusUnsupportedMediaType, "Please send the form as multipart/form-data.")
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, &httpx.Error{Status: http.StatusBadRequest, Message: "The form could not be read. Please try again.", Err: err}
	}
	return mr, nil
}

// fileFormError says why a form with a file could not be read: too large (the body
// limit; the file is what makes it large, so the message names the file's limit), or
// malformed. Only reading the form lands here, so anything else is the client's doing.
func fileFormError(err error, tooLargeMessage string) error {
	if tooLarge(err) {
		return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Message: tooLargeMessage, Err: err}
	}
	return &httpx.Error{Status: http.StatusBadRequest, Message: "The form could not be read. Please try again.", Err: err}
}

// formError is fileFormError for the account form's photo.
func formError(err error) error { return fileFormError(err, "The photo must be 5 MB or smaller.") }

func tooLarge(err error) bool {
	var tooBig *http.MaxBytesError
	return errors.As(err, &tooBig)
}

// NotFound answers any unknown /api/ address.
func (h *Handler) NotFound(w http.ResponseWriter, r *http.Request) {
	h.fail(w, r, httpx.Errorf(http.StatusNotFound, "There is nothing at this address on the API."))
}
