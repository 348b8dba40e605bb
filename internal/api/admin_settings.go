package api

import (
	"context"
	"errors"
	"io"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/business"
	"tourbook/internal/httpx"
	"tourbook/internal/view"
)

// Business saves the business's settings (business.Service): admins only.
type Business interface {
	Save(ctx context.Context, actor account.User, in business.Form) (business.Profile, error)
	SetLogo(ctx context.Context, actor account.User, r io.Reader) (business.Profile, error)
	RemoveLogo(ctx context.Context, actor account.User) (business.Profile, error)
}

// maxLogoBody is the logo (5 MB, media.NewLogos) and the form around it.
const maxLogoBody = 5<<20 + 64<<10

// SaveBusinessSettings is PUT /api/v1/admin/settings/business (admins): the settings
// form; every field's message at once when some are wrong.
func (h *Handler) SaveBusinessSettings(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in business.Form
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.Business.Save(r.Context(), u, in)
	h.settingsAnswer(w, r, p, err)
}

// SetBusinessLogo is POST /api/v1/admin/settings/business/logo (admins): multipart
// "logo", a PNG, JPEG or WebP picture.
func (h *Handler) SetBusinessLogo(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	if !account.CanAdminister(u) {
		// Before reading a byte of the upload.
		h.fail(w, r, business.ErrNotAllowed)
		return
	}
	mr, err := multipartForm(w, r, maxLogoBody)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Please choose a logo to upload."))
			return
		}
		if err != nil {
			h.fail(w, r, logoFormError(err))
			return
		}
		if part.FormName() != "logo" || part.FileName() == "" {
			_ = part.Close()
			continue
		}
		if err := h.Accounts.CountUpload(r.Context(), u.ID); err != nil {
			h.failRetry(w, r, err)
			return
		}
		p, err := h.Business.SetLogo(r.Context(), u, part)
		if tooLarge(err) {
			err = logoFormError(err)
		}
		h.settingsAnswer(w, r, p, err)
		return
	}
}

func logoFormError(err error) error { return fileFormError(err, "The logo must be 5 MB or smaller.") }

// RemoveBusinessLogo is DELETE /api/v1/admin/settings/business/logo (admins).
func (h *Handler) RemoveBusinessLogo(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	p, err := h.Business.RemoveLogo(r.Context(), u)
	h.settingsAnswer(w, r, p, err)
}

// settingsAnswer answers with the settings as saved: {settings}.
func (h *Handler) settingsAnswer(w http.ResponseWriter, r *http.Request, p business.Profile, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"settings": view.NewBusinessSettings(p)})
}
