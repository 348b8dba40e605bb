package web

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/business"
	"tourbook/internal/ssr"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

var now = time.Date(2027, 3, 10, 15, 0, 0, 0, time.UTC)

type fakeStore struct{ tours []tour.Tour }

func (f fakeStore) ListTours(context.Context, time.Time) ([]tour.Tour, error) { return f.tours, nil }
func (f fakeStore) TourBySlug(_ context.Context, slug string, _ time.Time) (tour.Tour, error) {
	for _, t := range f.tours {
		if t.Slug == slug {
			return t, nil
		}
	}
	return tour.Tour{}, tour.ErrNotFound
}
func (f fakeStore) UserBookings(context.Context, string) ([]booking.Booking, error) { return nil, nil }
func (f fakeStore) BookedTours(context.Context, string, time.Time) ([]tour.Tour, error) {
	return nil, nil
}
func (f fakeStore) SlugRedirect(context.Context, string) (string, error) {
	return "", tour.ErrNotFound
}

// fakeRenderer records the props it was given, or fails.
type fakeRenderer struct {
	fail  bool
	props []byte
}

func (f *fakeRenderer) Write(_ context.Context, w io.Writer, doc ssr.Document) error {
	if f.fail {
		return errors.New("the JS engine is broken")
	}
	f.props = doc.PropsJSON
	_, err := io.WriteString(w, "<!doctype html><title>"+doc.Title+"</title>"+doc.Page)
	return err
}

func newHandler(r *fakeRenderer, tours ...tour.Tour) *Handler {
	return &Handler{Store: fakeStore{tours}, Renderer: r, Site: view.SiteConfig{Name: "Tourbook"},
		Log: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }}
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func sampleTour() tour.Tour {
	return tour.Tour{
		ID: "t1", Slug: "alps", Name: "Alps", Difficulty: tour.Medium, DurationDays: 5,
		MaxGroupSize: 4, PriceMinor: 49900, DiscountMinor: 5000, Currency: "usd",
		StartLocation: tour.Location{Description: "Zermatt"},
		Locations:     []tour.Location{{Point: tour.Point{Lng: 7.7491, Lat: 46.0207}, Day: 1, Description: "Zermatt"}},
		TimeZone:      "Europe/Zurich", // UTC+1 in March: now (15:00 UTC) is 16:00 there
		StartDates: []tour.StartDate{
			{Date: day(2027, 3, 1), Taken: 0},                                  // ended on 6 March: not listed
			{Date: day(2027, 3, 9), StartTime: "20:00", Taken: 0},              // yesterday evening
			{Date: day(2027, 3, 10), StartTime: "15:30", Taken: 0},             // today, started 30 minutes ago
			{Date: day(2027, 3, 10+1), StartTime: "07:15", Taken: 4},           // full
			{Date: day(2027, 3, 12), Taken: 0, Closed: true},                   // closed for sale
			{Date: day(2027, 4, 2), Taken: 1, MeetingPoint: "Zermatt station"}, // bookable
		},
	}
}

func TestTourProps(t *testing.T) {
	r := &fakeRenderer{}
	h := newHandler(r, sampleTour())
	req := httptest.NewRequest(http.MethodGet, "/tour/alps", nil)
	req.SetPathValue("slug", "alps")
	rec := httptest.NewRecorder()
	h.Tour(rec, req)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("%d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var data struct {
		Page  string
		User  *view.SessionUser
		Props struct{ Tour view.TourDetail }
	}
	if err := json.Unmarshal(r.props, &data); err != nil {
		t.Fatal(err)
	}
	d := data.Props.Tour
	if data.Page != "tour" || data.User != nil || d.Price != "$449" || d.NextDate == nil || *d.NextDate != "April 2027" {
		t.Errorf("page %q user %v price %q next %v", data.Page, data.User, d.Price, d.NextDate)
	}
	if got := d.Locations[0].Coordinates; got != [2]float64{7.7491, 46.0207} {
		t.Errorf("coordinates %v, want [lng, lat]", got)
	}
	// One price category (the tour's price per person) on every date.
	one := []int64{44900}
	want := []view.StartDateOption{
		{Date: "2027-03-09", Label: "Tue 9 March 2027", StartTime: "20:00 CET (Europe/Zurich)", SeatsLeft: 4, Prices: one},
		{Date: "2027-03-10", Label: "Wed 10 March 2027", StartTime: "15:30 CET (Europe/Zurich)", SeatsLeft: 4, Prices: one},
		{Date: "2027-03-11", Label: "Thu 11 March 2027", StartTime: "07:15 CET (Europe/Zurich)", SeatsLeft: 0, Prices: one},
		{Date: "2027-03-12", Label: "Fri 12 March 2027", StartTime: "09:00 CET (Europe/Zurich)", SeatsLeft: 4, Prices: one},
		// After the switch to summer time on 28 March: CEST.
		{Date: "2027-04-02", Label: "Fri 2 April 2027", StartTime: "09:00 CEST (Europe/Zurich)", MeetingPoint: "Zermatt station", SeatsLeft: 3, Bookable: true, Prices: one},
	}
	if len(d.StartDates) != len(want) {
		t.Fatalf("%d start dates, want %d", len(d.StartDates), len(want))
	}
	for i, w := range want {
		if !reflect.DeepEqual(d.StartDates[i], w) {
			t.Errorf("start date %d = %+v, want %+v", i, d.StartDates[i], w)
		}
	}
}

func TestRenderFailureShowsAnErrorPage(t *testing.T) {
	h := newHandler(&fakeRenderer{fail: true}, sampleTour())
	rec := httptest.NewRecorder()
	h.Overview(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "Something went wrong") {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
	if strings.Contains(rec.Body.String(), "JS engine") {
		t.Error("the error page shows the internal error")
	}
}

func TestNotFoundKeepsTheStatus(t *testing.T) {
	r := &fakeRenderer{}
	h := newHandler(r)
	req := httptest.NewRequest(http.MethodGet, "/tour/nope", nil)
	req.SetPathValue("slug", "nope")
	rec := httptest.NewRecorder()
	h.Tour(rec, req)
	if rec.Code != http.StatusNotFound || !strings.HasSuffix(rec.Body.String(), "error") {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
}

func TestSessionUserPhotoFallsBack(t *testing.T) {
	u := view.NewSessionUser(account.User{ID: "u", Name: "Ann", Role: account.RoleUser})
	if u.Photo != "/img/users/default.jpg" {
		t.Errorf("photo %q", u.Photo)
	}
}

func TestUserPhotoSrcSet(t *testing.T) {
	for file, want := range map[string]string{
		"": "/img/users/default-64.jpg 64w, /img/users/default-160.jpg 160w, /img/users/default.jpg 500w",
		"user-0123456789abcdef0123456789abcdef.jpg": "/img/users/user-0123456789abcdef0123456789abcdef-64.jpg 64w, " +
			"/img/users/user-0123456789abcdef0123456789abcdef-160.jpg 160w, /img/users/user-0123456789abcdef0123456789abcdef.jpg 500w",
		// Stored as one file: an upload from before the copies, an import.
		"user-0123456789abcdef.jpg":              "",
		"user-5c8a1d5b0190b214360dc057-1554.jpg": "",
	} {
		if got := view.UserPhotoSrcSet(file); got != want {
			t.Errorf("UserPhotoSrcSet(%q) = %q, want %q", file, got, want)
		}
	}
}

// A rating average is shown to one decimal rounded as people round: halves up.
func TestRatingLabelRoundsHalvesUp(t *testing.T) {
	for avg, want := range map[float64]string{4.25: "4.3", 87.0 / 20: "4.4", 43.0 / 10: "4.3", 13.0 / 3: "4.3", 4.75: "4.8", 4.24: "4.2", 5: "5.0", 0: "0.0", 3.95: "4.0"} {
		if got := view.RatingLabel(avg); got != want {
			t.Errorf("RatingLabel(%v) = %q, want %q", avg, got, want)
		}
	}
}

// A line or paragraph separator is valid raw in JSON but ends a line in a script: the
// JSON-LD escapes them, whatever texts older data holds.
func TestStructuredDataEscapesLineSeparators(t *testing.T) {
	tr := tour.Tour{ID: "t-1", Slug: "lava", Name: "Lava\u2029fields", Summary: "Lava\u2028fields </script>"}
	b, err := TourStructuredData(tr, business.Profile{Name: "Lava </script> Tours\u2028"}, "https://tours.example", "/tour/lava", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"\u2028", "\u2029", "</"} {
		if strings.Contains(string(b), bad) {
			t.Errorf("JSON-LD carries %q raw: %s", bad, b)
		}
	}
	var got struct {
		Name, Description string
		Provider          struct{ Name string }
	}
	if err := json.Unmarshal(b, &got); err != nil || got.Name != tr.Name || got.Description != tr.Summary || got.Provider.Name != "Lava </script> Tours\u2028" {
		t.Errorf("JSON-LD reads back as %+v, %v", got, err)
	}
}

// The home page's Organization is the business with its logo (absolute), address and
// contact; what it does not give is left out, never written empty.
func TestOrganizationData(t *testing.T) {
	p := business.Profile{Name: "Fjord & Fell Tours", LegalName: "Fjord & Fell Tours AS", Logo: "logo-7f3a",
		ContactEmail: "hello@fjordfell.example", ContactPhone: "+47 55 12 34 56", Address: "Strandkaien 3\n5013 Bergen\nNorway"}
	b, err := OrganizationData(p, "https://fjordfell.example")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]string
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"@context": "https://schema.org", "@type": "Organization", "name": "Fjord & Fell Tours",
		"legalName": "Fjord & Fell Tours AS", "url": "https://fjordfell.example/", "logo": "https://fjordfell.example/img/brand/logo-7f3a-header.png",
		"email": "hello@fjordfell.example", "telephone": "+47 55 12 34 56", "address": "Strandkaien 3, 5013 Bergen, Norway"}
	if len(got) != len(want) {
		t.Errorf("Organization %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("Organization %s = %q, want %q", k, got[k], v)
		}
	}
	b, _ = OrganizationData(business.Profile{Name: "Tourbook"}, "https://tours.example")
	if s := string(b); s != `{"@context":"https://schema.org","@type":"Organization","name":"Tourbook","url":"https://tours.example/"}` {
		t.Errorf("a bare profile's Organization: %s", s)
	}
}

// A page sent with props other than view.PageProps names for it would reach the UI
// under types that do not describe it: it gets the error page instead.
func TestRenderRefusesPropsThePageDoesNotTake(t *testing.T) {
	r := &fakeRenderer{}
	h := newHandler(r)
	rec := httptest.NewRecorder()
	h.render(rec, httptest.NewRequest(http.MethodGet, "/", nil), page{name: "overview", props: view.TourProps{}})
	if rec.Code != http.StatusInternalServerError || !strings.HasSuffix(rec.Body.String(), "error") {
		t.Fatalf("%d %q", rec.Code, rec.Body.String())
	}
}
