package api

import (
	"net/http"
	"time"

	"tourbook/internal/httpx"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// TourJSON is a tour as the API shows it: GeoJSON points ([lng, lat]), money in minor
// units with its currency, image URLs.
type TourJSON struct {
	ID              string          `json:"id"`
	Slug            string          `json:"slug"`
	Name            string          `json:"name"`
	Summary         string          `json:"summary"`
	Description     string          `json:"description"`
	Duration        int             `json:"duration"`
	MaxGroupSize    int             `json:"maxGroupSize"`
	Difficulty      string          `json:"difficulty"`
	Price           int64           `json:"price"`
	PriceDiscount   int64           `json:"priceDiscount"`
	Currency        string          `json:"currency"`
	RatingsAverage  float64         `json:"ratingsAverage"`
	RatingsQuantity int             `json:"ratingsQuantity"`
	ImageCover      string          `json:"imageCover"`
	Images          []string        `json:"images"`
	StartLocation   PointJSON       `json:"startLocation"`
	Locations       []PointJSON     `json:"locations"`
	TimeZone        string          `json:"timeZone"`
	StartDates      []StartDateJSON `json:"startDates"`
	Guides          []GuideJSON     `json:"guides"`
	// PriceCategories are what a traveller may be booked as, in the tour's order; the
	// first one's price is price less priceDiscount.
	PriceCategories []view.CategoryView `json:"priceCategories"`
	Extras          []view.ExtraView    `json:"extras"`
}

type PointJSON struct {
	Type        string     `json:"type"`
	Coordinates [2]float64 `json:"coordinates"`
	Description string     `json:"description"`
	Day         int        `json:"day,omitempty"`
}

// StartDateJSON is one departure: its local date and start time in the tour's zone.
type StartDateJSON struct {
	Date         string `json:"date"`
	StartTime    string `json:"startTime"`
	MeetingPoint string `json:"meetingPoint"`
	SeatsLeft    int    `json:"seatsLeft"`
	Bookable     bool   `json:"bookable"`
	// Prices is what one traveller of each price category pays on this departure, by
	// category id: the departure's own price where it has one, else the category's.
	Prices map[string]int64 `json:"prices"`
}

type GuideJSON struct {
	Name  string `json:"name"`
	Role  string `json:"role"`
	Photo string `json:"photo"`
}

func newTourJSON(t tour.Tour, now time.Time) TourJSON {
	point := func(l tour.Location) PointJSON {
		return PointJSON{Type: "Point", Coordinates: [2]float64{l.Point.Lng, l.Point.Lat}, Description: l.Description, Day: l.Day}
	}
	j := TourJSON{
		ID: t.ID, Slug: t.Slug, Name: t.Name, Summary: t.Summary, Description: t.Description,
		Duration: t.DurationDays, MaxGroupSize: t.MaxGroupSize, Difficulty: string(t.Difficulty),
		Price: t.PriceMinor, PriceDiscount: t.DiscountMinor, Currency: t.Currency,
		RatingsAverage: t.RatingsAverage, RatingsQuantity: t.RatingsCount,
		ImageCover: view.TourImageURL(t.CoverImage), Images: []string{},
		StartLocation: point(t.StartLocation), Locations: []PointJSON{},
		TimeZone: t.Zone().String(), StartDates: []StartDateJSON{}, Guides: []GuideJSON{},
		PriceCategories: view.NewCategoryViews(t), Extras: view.NewExtraViews(t),
	}
	cats := t.PriceCategoriesOf()
	for _, p := range t.Pictures {
		j.Images = append(j.Images, view.TourImageURL(p))
	}
	for _, l := range t.Locations {
		j.Locations = append(j.Locations, point(l))
	}
	for _, d := range t.NotEnded(now) {
		j.StartDates = append(j.StartDates, StartDateJSON{Date: d.Date.Format(time.DateOnly),
			StartTime: t.StartsAt(d).Format("15:04"), MeetingPoint: d.MeetingPoint,
			SeatsLeft: t.SeatsLeft(d), Bookable: t.Bookable(d, now), Prices: pricesOn(t, cats, d)})
	}
	for _, g := range t.Guides {
		j.Guides = append(j.Guides, GuideJSON{Name: g.Name, Role: g.Role, Photo: view.UserPhotoURL(g.Photo)})
	}
	return j
}

// pricesOn is each category's price on departure d, by id.
func pricesOn(t tour.Tour, cats []tour.PriceCategory, d tour.StartDate) map[string]int64 {
	out := make(map[string]int64, len(cats))
	for _, c := range cats {
		out[c.ID] = t.PriceOn(d, c)
	}
	return out
}

// ListTours is GET /api/v1/tours.
func (h *Handler) ListTours(w http.ResponseWriter, r *http.Request) {
	now := h.Now()
	tours, err := h.Tours.ListTours(r.Context(), now)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	out := make([]TourJSON, 0, len(tours))
	for _, t := range tours {
		out = append(out, newTourJSON(t, now))
	}
	httpx.JSON(w, http.StatusOK, struct {
		httpx.Response
		Results int `json:"results"`
	}{httpx.Response{Status: "success", Data: map[string]any{"tours": out}}, len(out)})
}

// GetTour is GET /api/v1/tours/{id}.
func (h *Handler) GetTour(w http.ResponseWriter, r *http.Request) {
	now := h.Now()
	t, err := h.Tours.TourByID(r.Context(), r.PathValue("id"), now)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, map[string]any{"tour": newTourJSON(t, now)})
}
