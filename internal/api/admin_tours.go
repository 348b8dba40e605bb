package api

import (
	"context"
	"errors"
	"io"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/catalog"
	"tourbook/internal/httpx"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Catalog is the back office's catalogue service (catalog.Service); docs/admin.md
// describes the calls below.
type Catalog interface {
	Tour(ctx context.Context, actor account.User, id string) (tour.Tour, error)
	Create(ctx context.Context, actor account.User, in catalog.TourInput) (tour.Tour, error)
	Update(ctx context.Context, actor account.User, id string, version int, in catalog.TourInput) (tour.Tour, error)
	SetStatus(ctx context.Context, actor account.User, id string, status tour.Status) (tour.Tour, error)
	Delete(ctx context.Context, actor account.User, id string) error
	AddPicture(ctx context.Context, actor account.User, id string, cover bool, r io.Reader) (tour.Tour, error)
	RemovePicture(ctx context.Context, actor account.User, id, file string) (tour.Tour, error)
	ReorderPictures(ctx context.Context, actor account.User, id string, files []string) (tour.Tour, error)
	AddDepartures(ctx context.Context, actor account.User, id string, in catalog.DepartureInput) (tour.Tour, catalog.Added, error)
	UpdateDeparture(ctx context.Context, actor account.User, id, date string, c catalog.DepartureChange) (tour.Tour, error)
	UpdateSeries(ctx context.Context, actor account.User, id string, in catalog.SeriesChange) (tour.Tour, catalog.Updated, error)
	DeleteDeparture(ctx context.Context, actor account.User, id, date string) (tour.Tour, error)
}

// tourAnswer writes the tour as the back office edits it.
func (h *Handler) tourAnswer(w http.ResponseWriter, status int, t tour.Tour, extra map[string]any) {
	data := map[string]any{"tour": view.NewAdminTour(t, h.Now())}
	for k, v := range extra {
		data[k] = v
	}
	httpx.JSON(w, status, httpx.Response{Status: "success", Data: data})
}

// answer writes the outcome of a catalogue call that returns the tour.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, t tour.Tour, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.tourAnswer(w, http.StatusOK, t, nil)
}

// CreateTour is POST /api/v1/tours.
func (h *Handler) CreateTour(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in catalog.TourInput
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, err := h.Catalog.Create(r.Context(), u, in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.tourAnswer(w, http.StatusCreated, t, nil)
}

// UpdateTour is PATCH /api/v1/tours/{id}: the fields given, if version is current.
func (h *Handler) UpdateTour(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct {
		catalog.TourInput
		Version *int `json:"version"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	if in.Version == nil {
		h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "The version of the tour you edited is missing. Please reload the page and try again."))
		return
	}
	t, err := h.Catalog.Update(r.Context(), u, r.PathValue("id"), *in.Version, in.TourInput)
	h.answer(w, r, t, err)
}

// SetTourStatus is PUT /api/v1/tours/{id}/status.
func (h *Handler) SetTourStatus(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct{ Status string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, err := h.Catalog.SetStatus(r.Context(), u, r.PathValue("id"), tour.Status(in.Status))
	h.answer(w, r, t, err)
}

// DeleteTour is DELETE /api/v1/tours/{id}.
func (h *Handler) DeleteTour(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	if err := h.Catalog.Delete(r.Context(), u, r.PathValue("id")); err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, nil)
}

// maxPictureBody bounds a picture upload: the 10 MB picture, the kind and the framing.
const maxPictureBody = 10<<20 + 64<<10

// AddTourPicture is POST /api/v1/tours/{id}/pictures: multipart picture and kind. The
// picture is streamed to the image processor; the kind must come first, as the page
// sends it, or it defaults to the gallery.
func (h *Handler) AddTourPicture(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	if !catalog.CanEdit(u) {
		// Before reading a byte of the upload.
		h.fail(w, r, catalog.ErrForbidden)
		return
	}
	mr, err := multipartForm(w, r, maxPictureBody)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	cover := false
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "Please choose a picture to upload."))
			return
		}
		if err != nil {
			h.fail(w, r, pictureFormError(err))
			return
		}
		switch part.FormName() {
		case "kind":
			v, err := io.ReadAll(io.LimitReader(part, 16))
			if err != nil {
				h.fail(w, r, pictureFormError(err))
				return
			}
			switch string(v) {
			case "cover":
				cover = true
			case "gallery":
				cover = false
			default:
				h.fail(w, r, httpx.Errorf(http.StatusBadRequest, "The picture's kind must be cover or gallery."))
				return
			}
		case "picture":
			if part.FileName() == "" {
				continue
			}
			if err := h.Accounts.CountUpload(r.Context(), u.ID); err != nil {
				h.failRetry(w, r, err)
				return
			}
			t, err := h.Catalog.AddPicture(r.Context(), u, r.PathValue("id"), cover, part)
			if tooLarge(err) {
				err = pictureFormError(err)
			}
			h.answer(w, r, t, err)
			return
		}
		_ = part.Close()
	}
}

func pictureFormError(err error) error {
	return fileFormError(err, "The picture must be 10 MB or smaller.")
}

// ReorderTourPictures is PUT /api/v1/tours/{id}/pictures.
func (h *Handler) ReorderTourPictures(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in struct{ Pictures []string }
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, err := h.Catalog.ReorderPictures(r.Context(), u, r.PathValue("id"), in.Pictures)
	h.answer(w, r, t, err)
}

// RemoveTourPicture is DELETE /api/v1/tours/{id}/pictures/{file}.
func (h *Handler) RemoveTourPicture(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	t, err := h.Catalog.RemovePicture(r.Context(), u, r.PathValue("id"), r.PathValue("file"))
	h.answer(w, r, t, err)
}

// ListDepartures is GET /api/v1/tours/{id}/departures.
func (h *Handler) ListDepartures(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	t, err := h.Catalog.Tour(r.Context(), u, r.PathValue("id"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"departures": view.NewAdminTour(t, h.Now()).Departures})
}

// AddDepartures is POST /api/v1/tours/{id}/departures: one date or a weekly series.
func (h *Handler) AddDepartures(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in catalog.DepartureInput
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, added, err := h.Catalog.AddDepartures(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.tourAnswer(w, http.StatusCreated, t, map[string]any{"added": added.Added, "skipped": added.Skipped})
}

// UpdateDeparture is PATCH /api/v1/tours/{id}/departures/{date}.
func (h *Handler) UpdateDeparture(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in catalog.DepartureChange
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, err := h.Catalog.UpdateDeparture(r.Context(), u, r.PathValue("id"), r.PathValue("date"), in)
	h.answer(w, r, t, err)
}

// UpdateSeries is PATCH /api/v1/tours/{id}/departures: a series of departures (a date
// range and weekdays) changed, closed or reopened at once.
func (h *Handler) UpdateSeries(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in catalog.SeriesChange
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	t, n, err := h.Catalog.UpdateSeries(r.Context(), u, r.PathValue("id"), in)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.tourAnswer(w, http.StatusOK, t, map[string]any{"updated": n.Updated, "skipped": n.Skipped})
}

// DeleteDeparture is DELETE /api/v1/tours/{id}/departures/{date}.
func (h *Handler) DeleteDeparture(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	t, err := h.Catalog.DeleteDeparture(r.Context(), u, r.PathValue("id"), r.PathValue("date"))
	h.answer(w, r, t, err)
}
