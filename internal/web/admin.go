package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Catalog is what the back office's pages read (catalog.Service).
type Catalog interface {
	Tours(ctx context.Context, actor account.User, f catalog.Filter) ([]tour.Tour, error)
	Tour(ctx context.Context, actor account.User, id string) (tour.Tour, error)
	Guides(ctx context.Context) ([]account.User, error)
	TourNames(ctx context.Context, actor account.User) ([]tour.Tour, error)
}

// backOffice lets in the people who may use the back office. A signed-out visitor goes
// to the login page; anyone else gets the site's 404 page, as if there were nothing here.
func (h *Handler) backOffice(w http.ResponseWriter, r *http.Request) (account.User, bool) {
	u, ok := requireUser(w, r)
	if !ok {
		return u, false
	}
	if !catalog.CanView(u) {
		h.NotFound(w, r)
		return u, false
	}
	return u, true
}

// AdminTours is /admin/tours?q=&status=: the tours, searched by name and filtered by status.
func (h *Handler) AdminTours(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	f := catalog.Filter{Query: q.Get("q"), Status: tour.Status(q.Get("status"))}
	if !f.Status.Valid() {
		f.Status = ""
	}
	tours, err := h.Catalog.Tours(r.Context(), u, f)
	if err != nil {
		h.Error(w, r, err)
		return
	}
	now := h.Now()
	rows := make([]view.AdminTourRow, 0, len(tours))
	for _, t := range tours {
		rows = append(rows, view.NewAdminTourRow(t, now))
	}
	h.render(w, r, page{name: "adminTours", title: "Tours · Back office",
		props: view.AdminToursProps{Tours: rows, Query: f.Query, Status: string(f.Status), CanEdit: catalog.CanEdit(u)}})
}

// AdminNewTour is /admin/tours/new.
func (h *Handler) AdminNewTour(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	if !catalog.CanEdit(u) {
		h.NotFound(w, r)
		return
	}
	h.adminTour(w, r, u, nil)
}

// AdminTour is /admin/tours/{id}: the tour's editor, read-only for its guides.
func (h *Handler) AdminTour(w http.ResponseWriter, r *http.Request) {
	u, ok := h.backOffice(w, r)
	if !ok {
		return
	}
	t, err := h.Catalog.Tour(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.Error(w, r, err)
		return
	}
	at := view.NewAdminTour(t, h.Now())
	h.adminTour(w, r, u, &at)
}

func (h *Handler) adminTour(w http.ResponseWriter, r *http.Request, u account.User, t *view.AdminTour) {
	guides, err := h.Catalog.Guides(r.Context())
	if err != nil {
		h.Error(w, r, err)
		return
	}
	title := "New tour"
	if t != nil {
		title = t.Name
	}
	h.render(w, r, page{name: "adminTour", title: title + " · Back office", props: view.AdminTourProps{
		Tour: t, Guides: view.NewGuideOptions(guides), TimeZones: catalog.TimeZones,
		Currencies: catalog.Currencies, CanEdit: catalog.CanEdit(u),
	}})
}
