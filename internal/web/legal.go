package web

import (
	"context"
	"errors"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/legal"
	"tourbook/internal/view"
)

// Legal is the site's legal pages (legal.Service).
type Legal interface {
	Page(ctx context.Context, kind legal.Kind, n int) (legal.Page, error)
	TermsVersion(ctx context.Context) (int, error)
	Editor(ctx context.Context, actor account.User) (legal.Editor, error)
}

// LegalPage is /terms, /privacy or /imprint: the current version of the page. One not
// written yet says so, as a 404 so that search engines keep it out.
func (h *Handler) LegalPage(kind legal.Kind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := h.Legal.Page(r.Context(), kind, 0)
		if errors.Is(err, legal.ErrNotFound) {
			h.render(w, r, page{name: "legal", title: kind.Title(), status: http.StatusNotFound, props: view.UnwrittenLegalPage(kind)})
			return
		}
		if err != nil {
			h.Error(w, r, err)
			return
		}
		h.render(w, r, page{name: "legal", title: kind.Title(), canonical: kind.Path(),
			description: kind.Title() + " of " + h.Site.Name + ".", props: view.NewLegalPage(p, p.Number)})
	}
}

// LegalVersion is /terms/v/{n} (and the same for the other pages): version n as it was
// saved, which bookings made under it link; the site's 404 page for any other n.
func (h *Handler) LegalVersion(kind legal.Kind) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		n, ok := legal.ParseNumber(r.PathValue("n"))
		if !ok {
			h.NotFound(w, r)
			return
		}
		p, err := h.Legal.Page(r.Context(), kind, n)
		if err != nil {
			h.Error(w, r, err)
			return
		}
		current, err := h.Legal.Page(r.Context(), kind, 0)
		if err != nil {
			h.Error(w, r, err)
			return
		}
		h.render(w, r, page{name: "legal", title: kind.Title() + ", version " + r.PathValue("n"),
			props: view.NewLegalPage(p, current.Number)})
	}
}

// AdminLegal is /admin/legal (admins): the legal pages' editors and the terms' versions.
func (h *Handler) AdminLegal(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	e, err := h.Legal.Editor(r.Context(), u)
	if err != nil {
		h.officeError(w, r, err)
		return
	}
	h.render(w, r, page{name: "adminLegal", title: "Legal pages · Back office", props: view.NewAdminLegal(e, h.Zone)})
}

// termsVersion is the version of the terms the booking panel asks to accept (0: none).
func (h *Handler) termsVersion(r *http.Request) (int, error) {
	if h.Legal == nil {
		return 0, nil
	}
	return h.Legal.TermsVersion(r.Context())
}
