package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/catalog"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
)

// The back office's catalogue through the real router, on every test engine.

// eachEngine runs test on a fresh sample site on SQLite and, when its URL is set,
// PostgreSQL.
func eachEngine(t *testing.T, test func(t *testing.T, s *testSite)) {
	t.Helper()
	eachEngineEnv(t, nil, nil, test)
}

// send makes a JSON request (v nil: no body) and returns the answer.
func (s *testSite) send(t *testing.T, c *http.Client, method, path string, v any) result {
	t.Helper()
	if v == nil {
		return s.do(t, c, method, path, "", nil)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return s.do(t, c, method, path, "application/json", bytes.NewReader(b))
}

// adminTour is what the tests read of the back office's AdminTour.
type adminTour struct {
	ID, Slug, Name, Status, TimeZone string
	Version, TaxRate                 int
	Price                            int64
	Cover                            *struct{ File, URL string }
	Pictures                         []struct{ File, URL string }
	Locations                        []struct {
		Coordinates [2]float64
		Day         int
		Description string
	}
	Departures []struct {
		Date, StartTime, StartTimeLabel, MeetingPoint string
		Capacity, Taken, SeatsLeft                    int
		Closed, Past, HasBookings                     bool
	}
}

// tourOf reads the tour of a successful back-office answer.
func tourOf(t *testing.T, r result, want int) adminTour {
	t.Helper()
	if r.status != want {
		t.Fatalf("status %d, want %d: %s", r.status, want, r.body)
	}
	var out struct {
		Status string
		Data   struct{ Tour adminTour }
	}
	if err := json.Unmarshal([]byte(r.body), &out); err != nil || out.Status != "success" {
		t.Fatalf("answer %s (%v)", r.body, err)
	}
	return out.Data.Tour
}

// refused asserts a failed call: its status, and a message containing want.
func refused(t *testing.T, what string, r result, status int, want string) {
	t.Helper()
	if r.status != status {
		t.Errorf("%s: status %d, want %d: %s", what, r.status, status, r.body)
		return
	}
	m := decode(t, r)
	msg, _ := m["message"].(string)
	if m["status"] != "fail" || !strings.Contains(msg, want) {
		t.Errorf("%s: message %q, want it to contain %q", what, msg, want)
	}
}

// newTourInput is a valid tour to create.
func newTourInput(name string) map[string]any {
	return map[string]any{
		"name": name, "slug": "", "summary": "Glaciers, geysers and black-sand beaches.",
		"description": "Day one.\nDay two.", "difficulty": "medium", "durationDays": 5,
		"maxGroupSize": 8, "price": 129900, "priceDiscount": 10000, "currency": "eur",
		"timeZone":      "Atlantic/Reykjavik",
		"startLocation": map[string]any{"coordinates": []float64{-21.9426, 64.1466}, "description": "Reykjavík"},
		"locations": []any{
			map[string]any{"coordinates": []float64{-20.1199, 64.3271}, "day": 1, "description": "Geysir <b>&</b> Gullfoss"},
		},
		"guides": []string{},
	}
}

// pictureBody is a multipart upload of a picture, its kind first as the page sends it.
func pictureBody(t *testing.T, kind, name string, picture []byte) (string, io.Reader) {
	t.Helper()
	return formWithFile(t, map[string]string{"kind": kind}, "picture", name, bytes.NewReader(picture))
}

func (s *testSite) auditOf(t *testing.T, tourID string) []audit.Entry {
	t.Helper()
	list, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectType: "tour", ObjectID: tourID})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestAdminTourLifecycle(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, visitor := s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")

		created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Westfjords Wilderness")), 201)
		if created.Slug != "westfjords-wilderness" || created.Status != "draft" || created.Version != 1 {
			t.Fatalf("created %+v", created)
		}
		// A draft is nowhere on the public site.
		if r := s.get(t, visitor, "/tour/westfjords-wilderness"); r.status != 404 {
			t.Errorf("draft tour page: %d", r.status)
		}
		if r := s.get(t, visitor, "/api/v1/tours/"+created.ID); r.status != 404 {
			t.Errorf("draft in the API: %d", r.status)
		}

		// Three stops, then a weekly series on Mondays and Thursdays in the tour's zone.
		stops := []any{
			map[string]any{"coordinates": []float64{-23.1, 65.9}, "day": 1, "description": "Ísafjörður"},
			map[string]any{"coordinates": []float64{-22.4, 65.6}, "day": 2, "description": "Dynjandi"},
			map[string]any{"coordinates": []float64{-24.5, 65.5}, "day": 4, "description": "Látrabjarg"},
		}
		edited := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": 1, "locations": stops}), 200)
		if edited.Version != 2 || len(edited.Locations) != 3 || edited.Locations[2].Day != 4 || edited.Locations[0].Coordinates != [2]float64{-23.1, 65.9} {
			t.Fatalf("after saving stops: %+v", edited)
		}
		from := time.Now().AddDate(0, 1, 0)
		to := from.AddDate(0, 0, 13)
		r := s.send(t, admin, "POST", "/api/v1/tours/"+created.ID+"/departures", map[string]any{
			"from": from.Format(time.DateOnly), "to": to.Format(time.DateOnly), "weekdays": []int{1, 4},
			"startTime": "08:30", "meetingPoint": "BSÍ bus terminal",
		})
		scheduled := tourOf(t, r, 201)
		if n := len(scheduled.Departures); n != 4 || decode(t, r)["data"].(map[string]any)["added"] != 4.0 {
			t.Fatalf("a two-week series on two weekdays made %d departures: %s", n, r.body)
		}
		for _, d := range scheduled.Departures {
			day, _ := time.Parse(time.DateOnly, d.Date)
			if wd := day.Weekday(); (wd != time.Monday && wd != time.Thursday) || d.StartTimeLabel != "08:30 GMT (Atlantic/Reykjavik)" ||
				d.Capacity != 8 || d.MeetingPoint != "BSÍ bus terminal" {
				t.Errorf("departure %+v", d)
			}
		}
		// The same series again adds nothing.
		again := s.send(t, admin, "POST", "/api/v1/tours/"+created.ID+"/departures", map[string]any{
			"from": from.Format(time.DateOnly), "to": to.Format(time.DateOnly), "weekdays": []int{1, 4}, "startTime": "08:30",
		})
		if data := decode(t, again)["data"].(map[string]any); again.status != 201 || data["added"] != 0.0 || data["skipped"] != 4.0 {
			t.Errorf("series again: %d %s", again.status, again.body)
		}

		// A cover: re-encoded into three widths, served with a srcset later.
		ct, body := pictureBody(t, "cover", "cover.png", smallPNG(t, 1800, 1200))
		withCover := tourOf(t, s.do(t, admin, "POST", "/api/v1/tours/"+created.ID+"/pictures", ct, body), 200)
		if withCover.Cover == nil || !strings.HasSuffix(withCover.Cover.File, ".jpg") {
			t.Fatalf("cover %+v", withCover.Cover)
		}
		if img := s.get(t, visitor, withCover.Cover.URL); img.status != 200 || img.header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("cover image: %d %s", img.status, img.header.Get("Content-Type"))
		}

		published := tourOf(t, s.send(t, admin, "PUT", "/api/v1/tours/"+created.ID+"/status", map[string]string{"status": "published"}), 200)
		if published.Status != "published" {
			t.Fatalf("status %s", published.Status)
		}
		page := s.get(t, visitor, "/tour/westfjords-wilderness")
		if page.status != 200 || !strings.Contains(page.body, "Westfjords Wilderness") ||
			!strings.Contains(page.body, "08:30 GMT (Atlantic/Reykjavik)") || !strings.Contains(page.body, "Látrabjarg") {
			t.Errorf("published tour page: %d", page.status)
		}
		var api struct {
			Data struct {
				Tour struct {
					TimeZone   string
					StartDates []struct {
						Date, StartTime, MeetingPoint string
						Bookable                      bool
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(s.get(t, visitor, "/api/v1/tours/"+created.ID).body), &api); err != nil {
			t.Fatal(err)
		}
		if tr := api.Data.Tour; tr.TimeZone != "Atlantic/Reykjavik" || len(tr.StartDates) != 4 ||
			tr.StartDates[0].StartTime != "08:30" || tr.StartDates[0].MeetingPoint != "BSÍ bus terminal" || !tr.StartDates[0].Bookable {
			t.Errorf("the published tour in the API: %+v", tr)
		}
		// The cover goes out in every width it is stored in.
		base := "/img/tours/" + strings.TrimSuffix(withCover.Cover.File, ".jpg")
		if want := `srcSet="` + base + "-480.jpg 480w, " + base + "-960.jpg 960w, " + base + `.jpg 1600w"`; !strings.Contains(strings.ReplaceAll(page.body, "srcset=", "srcSet="), want) {
			t.Errorf("the tour page has no %s", want)
		}
		for _, w := range []string{"-480.jpg", "-960.jpg", ".jpg"} {
			if img := s.get(t, visitor, base+w); img.status != 200 {
				t.Errorf("%s%s: %d", base, w, img.status)
			}
		}
		// Stop descriptions are text: escaped in the page, never markup.
		if strings.Contains(page.body, "Geysir <b>") {
			t.Error("a stop description reached the page as HTML")
		}

		// Renamed: the old address redirects for good.
		renamed := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID,
			map[string]any{"version": 2, "slug": "westfjords"}), 200)
		if renamed.Slug != "westfjords" || renamed.Version != 3 {
			t.Fatalf("renamed %+v", renamed)
		}
		old := s.get(t, visitor, "/tour/westfjords-wilderness")
		if old.status != http.StatusMovedPermanently || old.header.Get("Location") != "/tour/westfjords" {
			t.Errorf("old slug: %d %q", old.status, old.header.Get("Location"))
		}

		// A second operator saving over the newer version is refused; nothing changes.
		lead := s.client(t)
		s.login(t, lead, "miyu@example.com")
		stale := s.send(t, lead, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": 2, "name": "Stale edit"})
		refused(t, "stale version", stale, 409, "Someone else saved this tour")
		if got := tourOf(t, s.send(t, lead, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": 3, "summary": "Fresh edit."}), 200); got.Name != "Westfjords Wilderness" || got.Version != 4 {
			t.Errorf("after the refused save: %+v", got)
		}

		// Booked seats bind the capacity and keep the departure and the tour.
		buyer := s.client(t)
		s.login(t, buyer, "sophie@example.com")
		first := scheduled.Departures[0].Date
		co := s.checkout(t, buyer, created.ID, "?date="+first+"&participants=3")
		if co.status != 200 {
			t.Fatalf("checkout: %d %s", co.status, co.body)
		}
		refused(t, "capacity below seats taken",
			s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID+"/departures/"+first, map[string]any{"capacity": 2}),
			409, "3 seats are already sold or held")
		lowered := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID+"/departures/"+first, map[string]any{"capacity": 3}), 200)
		if d := lowered.Departures[0]; d.Capacity != 3 || d.SeatsLeft != 0 || d.Taken != 3 || !d.HasBookings {
			t.Errorf("after lowering the capacity to the seats taken: %+v", d)
		}
		refused(t, "delete a booked departure", s.send(t, admin, "DELETE", "/api/v1/tours/"+created.ID+"/departures/"+first, nil),
			409, "has bookings")
		refused(t, "delete a booked tour", s.send(t, admin, "DELETE", "/api/v1/tours/"+created.ID, nil), 409, "Archive it instead")
		// A departure without bookings can go; a closed one cannot be booked.
		second := scheduled.Departures[1].Date
		closed := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID+"/departures/"+second, map[string]any{"closed": true}), 200)
		if !closed.Departures[1].Closed {
			t.Errorf("closed: %+v", closed.Departures[1])
		}
		refused(t, "book a closed departure", s.checkout(t, buyer, created.ID, "?date="+second+"&participants=1"), 409, "closed for booking")
		left := tourOf(t, s.send(t, admin, "DELETE", "/api/v1/tours/"+created.ID+"/departures/"+second, nil), 200)
		if len(left.Departures) != 3 {
			t.Errorf("after deleting one of 4 departures: %d", len(left.Departures))
		}

		// Archived: gone from the public site, bookings kept.
		tourOf(t, s.send(t, admin, "PUT", "/api/v1/tours/"+created.ID+"/status", map[string]string{"status": "archived"}), 200)
		if r := s.get(t, visitor, "/tour/westfjords"); r.status != 404 {
			t.Errorf("archived tour page: %d", r.status)
		}
		if bs := s.bookings(t, "sophie@example.com"); len(bs) != 1 || bs[0].TourID != created.ID {
			t.Errorf("bookings after archiving: %+v", bs)
		}

		// Every change is in the audit log, newest first, with who made it.
		var actions []string
		for _, e := range s.auditOf(t, created.ID) {
			actions = append([]string{e.Action + " by " + e.ActorName}, actions...)
		}
		want := []string{
			"tour.create by Laura Bennett", "tour.update by Laura Bennett", "departure.add by Laura Bennett",
			"picture.add by Laura Bennett", "tour.status by Laura Bennett", "tour.update by Laura Bennett",
			"tour.update by Miyu Tanaka", "departure.update by Laura Bennett", "departure.update by Laura Bennett",
			"departure.delete by Laura Bennett", "tour.status by Laura Bennett",
		}
		if strings.Join(actions, "\n") != strings.Join(want, "\n") {
			t.Errorf("audit log:\n%s\nwant\n%s", strings.Join(actions, "\n"), strings.Join(want, "\n"))
		}
		renameEntry := s.auditOf(t, created.ID)[5] // the sixth newest: the rename
		if c := renameEntry.Changes["slug"]; c.Old != "westfjords-wilderness" || c.New != "westfjords" {
			t.Errorf("rename recorded as %+v", renameEntry.Changes)
		}
	})
}

func TestAdminRefusesBadInput(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		_, takenSlug, _ := s.firstTour(t)
		base := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Base Camp")), 201)

		with := func(field string, v any) map[string]any {
			in := newTourInput("Some Tour")
			in[field] = v
			return in
		}
		for _, c := range []struct {
			name   string
			body   any
			status int
			msg    string
		}{
			{"empty name", with("name", "  "), 400, "Name cannot be empty."},
			{"slug taken", with("slug", takenSlug), 409, "Another tour already uses this slug"},
			{"bad slug", with("slug", "Not A Slug"), 400, "only lower-case letters"},
			{"negative price", with("price", -100), 400, "Price per person cannot be negative."},
			{"price not whole", with("price", 12.5), 400, "Price per person must be a number, e.g. 1290 or 1290.50."},
			{"discount above price", with("priceDiscount", 200000), 400, "Discount per person cannot be more than the price."},
			{"unknown zone", with("timeZone", "Mars/Olympus_Mons"), 400, `Time zone: "Mars/Olympus_Mons" is not one we know`},
			{"server's own zone", with("timeZone", "Local"), 400, "is not one we know"},
			{"latitude out of range", with("locations", []any{map[string]any{"coordinates": []float64{10, 91}, "day": 1, "description": "x"}}), 400, "Stop 1's latitude must be between -90 and 90."},
			{"longitude out of range", with("startLocation", map[string]any{"coordinates": []float64{-181, 0}, "description": "x"}), 400, "Start location's longitude must be between -180 and 180."},
			{"stop after the last day", with("locations", []any{map[string]any{"coordinates": []float64{1, 1}, "day": 9, "description": "x"}}), 400, "Stop 1's day must be between 1 and the tour's 5 days"},
			{"unknown currency", with("currency", "xyz"), 400, "Currency must be one of"},
			{"not a guide", with("guides", []string{"000000000000000000000000"}), 400, "only guides and lead guides"},
			{"zero group", with("maxGroupSize", 0), 400, "Maximum group size must be between 1 and 500 people."},
		} {
			refused(t, c.name, s.send(t, admin, "POST", "/api/v1/tours", c.body), c.status, c.msg)
		}

		deps := "/api/v1/tours/" + base.ID + "/departures"
		past := time.Now().AddDate(0, 0, -1).Format(time.DateOnly)
		soon := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
		for _, c := range []struct {
			name   string
			body   any
			status int
			msg    string
		}{
			{"date in the past", map[string]any{"date": past}, 400, "has already passed"},
			{"not a date", map[string]any{"date": "next tuesday"}, 400, "Date must be a date (YYYY-MM-DD)."},
			{"bad start time", map[string]any{"date": soon, "startTime": "25:00"}, 400, "like 09:30"},
			{"capacity zero", map[string]any{"date": soon, "capacity": -1}, 400, "Capacity must be between 1 and 1000 seats."},
			{"series backwards", map[string]any{"from": soon, "to": past, "weekdays": []int{1}}, 400, "The series ends before it starts."},
			{"series without weekdays", map[string]any{"from": past, "to": soon, "weekdays": []int{}}, 400, "at least one weekday"},
			{"series too long", map[string]any{"from": soon, "to": time.Now().AddDate(3, 0, 0).Format(time.DateOnly), "weekdays": []int{1}}, 400, "at most 366 days"},
		} {
			refused(t, c.name, s.send(t, admin, "POST", deps, c.body), c.status, c.msg)
		}

		pics := "/api/v1/tours/" + base.ID + "/pictures"
		ct, body := pictureBody(t, "cover", "photo.jpg", []byte("just some text, not a picture"))
		refused(t, "text file named .jpg", s.do(t, admin, "POST", pics, ct, body), 415, "Please upload a JPEG, PNG or WebP image.")
		ct, body = pictureBody(t, "gallery", "huge.png", bytes.Repeat([]byte{0}, 50<<20))
		refused(t, "50 MB upload", s.do(t, admin, "POST", pics, ct, body), 413, "10 MB")
		ct, body = pictureBody(t, "gallery", "small.png", smallPNG(t, 800, 600))
		refused(t, "too narrow", s.do(t, admin, "POST", pics, ct, body), 400, "1600 pixels wide")
		refused(t, "reorder with a stranger", s.send(t, admin, "PUT", pics, map[string]any{"pictures": []string{"x.jpg"}}), 409, "changed since the page was loaded")
		refused(t, "remove a missing picture", s.send(t, admin, "DELETE", pics+"/nope.jpg", nil), 404, "no such picture")
		refused(t, "version missing", s.send(t, admin, "PATCH", "/api/v1/tours/"+base.ID, map[string]any{"name": "x"}), 400, "version")
		refused(t, "unknown status", s.send(t, admin, "PUT", "/api/v1/tours/"+base.ID+"/status", map[string]any{"status": "gone"}), 400, "draft, published or archived")

		// Nothing refused left a trace: the tour is as created, with no audit beyond it.
		if entries := s.auditOf(t, base.ID); len(entries) != 1 || entries[0].Action != "tour.create" {
			t.Errorf("audit after refusals: %+v", entries)
		}
	})
}

// TestAdminRoutesByRole asks every back-office address as every role.
func TestAdminRoutesByRole(t *testing.T) {
	t.Parallel()
	eachEngine(t, testAdminRoutesByRole)
}

func testAdminRoutesByRole(t *testing.T, s *testSite) {
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	// Kwame guides the Sahara tour (and two others), not the Matterhorn one.
	var guided, other adminTour
	for _, row := range s.tourRows(t) {
		switch row.Name {
		case "Sahara and the High Atlas":
			guided = row
		case "The Matterhorn Glacier Trek":
			other = row
		}
	}
	mine := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Role Matrix")), 201)
	soon := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
	tourOf(t, s.send(t, admin, "POST", "/api/v1/tours/"+mine.ID+"/departures", map[string]any{"date": soon}), 201)

	// A booking and a guided departure to look at.
	guidedDate := s.tourByIDAny(t, guided.ID).StartDates[0].Date.Format(time.DateOnly)
	otherDate := s.tourByIDAny(t, other.ID).StartDates[0].Date.Format(time.DateOnly)
	walkIn := s.send(t, admin, "POST", "/api/v1/tours/"+guided.ID+"/departures/"+guidedDate+"/bookings",
		map[string]any{"email": "walkin@example.com", "name": "Walk In", "participants": 1, "paymentMethod": "cash"})
	if walkIn.status != 201 {
		t.Fatalf("walk-in: %d %s", walkIn.status, walkIn.body)
	}
	bookingID := decode(t, walkIn)["data"].(map[string]any)["bookingId"].(string)
	walkInTicket, err := s.Store.BookingTicket(t.Context(), bookingID)
	if err != nil {
		t.Fatalf("the walk-in has no ticket: %v", err)
	}
	walkInCode := walkInTicket.Code
	// The walk-in was paid in cash: it has its receipt.
	walkInReceipts, err := s.Store.BookingReceipts(t.Context(), bookingID)
	if err != nil || len(walkInReceipts) != 1 {
		t.Fatalf("the walk-in's receipts: %v, %v", walkInReceipts, err)
	}
	walkInReceipt := "/receipts/" + walkInReceipts[0].ID

	type call struct {
		method, path string
		body         any
		// the status for an admin, a lead guide, a guide of the tour, a user, a
		// signed-out visitor
		admin, lead, guide, user, visitor int
	}
	id := mine.ID
	manifest := func(tourID, date string) string { return "/admin/tours/" + tourID + "/departures/" + date }
	calls := []call{
		{"GET", "/admin", nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/dashboard", nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/calendar", nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/calendar?day=" + guidedDate + "&tour=" + guided.ID, nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/calendar?tour=" + other.ID, nil, 200, 200, 400, 404, 303},
		{"GET", "/admin/calendar?month=2031-13", nil, 400, 400, 400, 404, 303},
		{"GET", "/admin/calendar?day=tomorrow", nil, 400, 400, 400, 404, 303},
		{"PATCH", "/api/v1/tours/" + id + "/departures", map[string]any{"from": soon, "to": soon, "weekdays": []int{0, 1, 2, 3, 4, 5, 6}, "closed": false}, 200, 200, 403, 403, 401},
		{"PATCH", "/api/v1/tours/" + id + "/departures", map[string]any{"from": soon, "to": soon, "weekdays": []int{}}, 400, 400, 403, 403, 401},
		{"GET", "/admin/tours", nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/tours/new", nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/tours/" + guided.ID, nil, 200, 200, 200, 404, 303},
		{"GET", "/admin/tours/" + other.ID, nil, 200, 200, 404, 404, 303},
		{"GET", manifest(guided.ID, guidedDate), nil, 200, 200, 200, 404, 303},
		{"GET", manifest(guided.ID, guidedDate) + "/manifest.csv", nil, 200, 200, 200, 404, 303},
		{"GET", manifest(other.ID, otherDate), nil, 200, 200, 404, 404, 303},
		{"GET", manifest(other.ID, otherDate) + "/manifest.csv", nil, 200, 200, 404, 404, 303},
		{"GET", manifest(guided.ID, "2000-01-01"), nil, 404, 404, 404, 404, 303},
		{"GET", "/admin/bookings", nil, 200, 200, 404, 404, 303},
		// The search (issue #21 §4): those who manage bookings; a search with nothing to
		// look for is the page saying what to type, a 400.
		{"GET", "/admin/bookings?q=walk+in", nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/bookings?q=" + url.QueryEscape(ticket.Format(walkInCode)), nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/bookings?q=--", nil, 400, 400, 404, 404, 303},
		{"GET", "/admin/bookings/" + bookingID, nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/bookings/nosuchbooking", nil, 404, 404, 404, 404, 303},
		// New booking: those who manage bookings.
		{"GET", "/admin/bookings/new", nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/bookings/new?tour=" + guided.ID + "&date=" + guidedDate, nil, 200, 200, 404, 404, 303},
		{"POST", "/api/v1/admin/bookings", map[string]any{"tourId": guided.ID, "date": guidedDate}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings", map[string]any{"tourId": guided.ID, "date": guidedDate, "email": "x@example.com",
			"name": "X", "participants": 1, "payment": "link", "key": "role-matrix"}, 201, 201, 403, 403, 401},
		{"GET", "/admin/users", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/reviews", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/audit", nil, 200, 404, 404, 404, 303},
		// Receipts (issue #22 §4): the accountant's list for admins; a booking's PDFs for
		// those who manage bookings, on the booking's own address only; the traveller's
		// address for its traveller alone (the walk-in's is none of these).
		{"GET", "/admin/receipts", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/receipts?year=2027&month=3", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/receipts?year=2027&month=13", nil, 400, 404, 404, 404, 303},
		{"GET", "/admin/receipts.csv?year=2027", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/bookings/" + bookingID + walkInReceipt, nil, 200, 200, 404, 404, 303},
		{"GET", "/admin/bookings/nosuchbooking" + walkInReceipt, nil, 404, 404, 404, 404, 303},
		{"GET", "/admin/bookings/" + bookingID + "/receipts/nosuchreceipt", nil, 404, 404, 404, 404, 303},
		{"GET", "/my-tours/" + bookingID + walkInReceipt, nil, 404, 404, 404, 404, 303},
		// The legal pages (internal/legal): admins only.
		{"GET", "/admin/legal", nil, 200, 404, 404, 404, 303},
		{"PUT", "/api/v1/admin/legal/imprint", map[string]any{"markdown": ""}, 400, 403, 403, 403, 401},
		{"PUT", "/api/v1/admin/legal/nosuchpage", map[string]any{"markdown": "x"}, 404, 403, 403, 403, 401},
		{"POST", "/api/v1/admin/legal/terms/preview", map[string]any{"markdown": "# Terms"}, 200, 403, 403, 403, 401},
		// Promo codes (internal/promotion): admins write them; anyone may check one.
		{"GET", "/admin/promotions", nil, 200, 404, 404, 404, 303},
		{"POST", "/api/v1/admin/promotions", map[string]any{"code": ""}, 400, 403, 403, 403, 401},
		{"PUT", "/api/v1/admin/promotions/nosuch", map[string]any{"code": "X", "kind": "percent", "percent": 5}, 404, 403, 403, 403, 401},
		{"PUT", "/api/v1/admin/promotions/nosuch/active", map[string]any{"active": true}, 404, 403, 403, 403, 401},
		// Gift cards (issue #24 §2): admins only.
		{"GET", "/admin/gift-cards", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/gift-cards?q=nobody", nil, 200, 404, 404, 404, 303},
		{"GET", "/admin/gift-cards/nosuch", nil, 404, 404, 404, 404, 303},
		{"POST", "/api/v1/admin/gift-cards/nosuch/adjust", map[string]any{"amount": "5", "reason": "Goodwill", "key": "k"}, 404, 403, 403, 403, 401},
		{"POST", "/api/v1/admin/gift-cards/nosuch/void", map[string]any{"reason": "Stolen", "key": "k"}, 404, 403, 403, 403, 401},
		{"PUT", "/api/v1/admin/settings/gift-cards", map[string]any{"amounts": ""}, 400, 403, 403, 403, 401},
		{"GET", "/api/v1/bookings/promo/" + guided.ID + "?promo=NOSUCH", nil, 404, 404, 404, 404, 404},
		{"POST", "/api/v1/tours", map[string]any{"name": ""}, 400, 400, 403, 403, 401},
		{"PATCH", "/api/v1/tours/" + id, map[string]any{"version": 0}, 409, 409, 403, 403, 401},
		{"DELETE", "/api/v1/tours/nosuchtour", nil, 404, 404, 403, 403, 401},
		{"PUT", "/api/v1/tours/" + id + "/status", map[string]any{"status": "draft"}, 200, 200, 403, 403, 401},
		{"POST", "/api/v1/tours/" + id + "/pictures", nil, 415, 415, 403, 403, 401},
		{"PUT", "/api/v1/tours/" + id + "/pictures", map[string]any{"pictures": []string{}}, 200, 200, 403, 403, 401},
		{"DELETE", "/api/v1/tours/" + id + "/pictures/none.jpg", nil, 404, 404, 403, 403, 401},
		{"GET", "/api/v1/tours/" + guided.ID + "/departures", nil, 200, 200, 200, 403, 401},
		{"GET", "/api/v1/tours/" + other.ID + "/departures", nil, 200, 200, 404, 403, 401},
		{"POST", "/api/v1/tours/" + id + "/departures", map[string]any{"date": "x"}, 400, 400, 403, 403, 401},
		{"PATCH", "/api/v1/tours/" + id + "/departures/" + soon, map[string]any{"closed": false}, 200, 200, 403, 403, 401},
		{"DELETE", "/api/v1/tours/" + id + "/departures/2000-01-01", nil, 404, 404, 403, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/cancel", map[string]any{"reason": ""}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/bookings", map[string]any{"paymentMethod": "card"}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/cancel", map[string]any{"refundMinor": -1}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/resolve", map[string]any{"reason": ""}, 400, 400, 403, 403, 401},
		// Collecting what a booking owes (internal/collect).
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/payments", map[string]any{"key": "k", "method": "card"}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/payment-links", map[string]any{}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/refunds/nosuchrefund/paid-back", map[string]any{"paidOn": "x"}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/refunds/nosuchrefund/paid-back", map[string]any{}, 404, 404, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/refund", map[string]any{"amountMinor": 0, "key": "k"}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/nosuchbooking/refund", map[string]any{"amountMinor": 100, "key": "k"}, 404, 404, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/change/preview", map[string]any{"participants": 1}, 409, 409, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/change/preview", map[string]any{"participants": 99}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/change", map[string]any{"participants": 1, "key": "k"}, 409, 409, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/change", map[string]any{"participants": 2}, 400, 400, 403, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/cancel/preview", map[string]any{"message": "Storm"}, 200, 200, 403, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/2000-01-01/cancel/preview", map[string]any{"message": "Storm"}, 409, 409, 403, 403, 401},
		{"PATCH", "/api/v1/admin/users/" + mine.ID, map[string]any{"role": "owner"}, 400, 403, 403, 403, 401},
		{"PATCH", "/api/v1/admin/reviews/nosuchreview", map[string]any{"hidden": true}, 404, 403, 403, 403, 401},
		// How booking news reach the staff: admins only.
		{"PUT", "/api/v1/admin/settings/booking-notices", map[string]any{"mode": "sometimes"}, 400, 403, 403, 403, 401},
		// Personal data (internal/privacy): a user's data and deleting accounts are the
		// admins'; a traveller's own data and deletion are every signed-in person's.
		{"GET", "/api/v1/admin/users/nosuchuser/data", nil, 404, 403, 403, 403, 401},
		{"DELETE", "/api/v1/admin/users/nosuchuser", nil, 404, 403, 403, 403, 401},
		{"PUT", "/api/v1/admin/settings/email-retention", map[string]any{"days": "soon"}, 400, 403, 403, 403, 401},
		{"GET", "/api/v1/users/me/data", nil, 200, 200, 200, 200, 401},
		{"POST", "/api/v1/users/deleteMe", map[string]any{}, 400, 400, 400, 400, 401},
		// The business's settings (/admin/settings): admins only. The logo's upload is
		// refused by role before its body is read (an admin's empty one is a 415).
		{"GET", "/admin/settings", nil, 200, 404, 404, 404, 303},
		{"PUT", "/api/v1/admin/settings/business", map[string]any{"name": ""}, 400, 403, 403, 403, 401},
		{"POST", "/api/v1/admin/settings/business/logo", nil, 415, 403, 403, 403, 401},
		{"DELETE", "/api/v1/admin/settings/business/logo", nil, 200, 403, 403, 403, 401},
		// Tickets and check-in: the guide of the tour, lead guides and admins. The walk-in's
		// departure is not today, so checking in is refused by date, not by role.
		{"GET", manifest(guided.ID, guidedDate) + "/check-in", nil, 200, 200, 200, 404, 303},
		{"GET", manifest(other.ID, otherDate) + "/check-in", nil, 200, 200, 404, 404, 303},
		{"GET", manifest(guided.ID, "2000-01-01") + "/check-in", nil, 404, 404, 404, 404, 303},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/tickets/lookup", map[string]any{"code": walkInCode}, 200, 200, 200, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/tickets/lookup", map[string]any{"code": "x"}, 400, 400, 400, 403, 401},
		{"POST", "/api/v1/tours/" + other.ID + "/departures/" + otherDate + "/tickets/lookup", map[string]any{"code": walkInCode}, 409, 409, 404, 403, 401},
		{"POST", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/check-ins", map[string]any{"bookingId": bookingID, "arrived": 1}, 409, 409, 409, 403, 401},
		{"POST", "/api/v1/tours/" + other.ID + "/departures/" + otherDate + "/check-ins", map[string]any{"bookingId": bookingID, "arrived": 1}, 409, 409, 404, 403, 401},
		{"DELETE", "/api/v1/tours/" + guided.ID + "/departures/" + guidedDate + "/check-ins/" + bookingID, nil, 409, 409, 409, 403, 401},
		{"DELETE", "/api/v1/tours/" + other.ID + "/departures/" + otherDate + "/check-ins/" + bookingID, nil, 409, 409, 404, 403, 401},
		{"GET", "/my-tours/" + bookingID + "/ticket.svg", nil, 404, 404, 404, 404, 303},
		// Deposits (issue #24 §3): the one-step cancel of an overdue balance is for those
		// who manage bookings (the walk-in's balance is not overdue); paying a balance is
		// the booking's own traveller's.
		{"POST", "/api/v1/admin/bookings/" + bookingID + "/cancel-overdue", map[string]any{"key": "k"}, 409, 409, 403, 403, 401},
		{"POST", "/api/v1/admin/bookings/nosuchbooking/cancel-overdue", map[string]any{"key": "k"}, 404, 404, 403, 403, 401},
		{"POST", "/my-tours/" + bookingID + "/balance", nil, 404, 404, 404, 404, 303},
	}
	lead, guide, user := s.client(t), s.client(t), s.client(t)
	s.login(t, lead, "miyu@example.com")
	s.login(t, guide, "kwame@example.com")
	s.login(t, user, "sophie@example.com")
	for _, c := range calls {
		for _, who := range []struct {
			role   string
			client *http.Client
			want   int
		}{
			{"admin", admin, c.admin}, {"lead-guide", lead, c.lead}, {"guide", guide, c.guide},
			{"user", user, c.user}, {"signed out", s.client(t), c.visitor},
		} {
			r := s.send(t, who.client, c.method, c.path, c.body)
			if r.status != who.want {
				t.Errorf("%s %s as %s: %d, want %d: %.200s", c.method, c.path, who.role, r.status, who.want, r.body)
				continue
			}
			switch {
			case strings.HasPrefix(c.path, "/api/") && r.status >= 400:
				if m := decode(t, r); m["status"] != "fail" || m["message"] == "" {
					t.Errorf("%s %s as %s: %s", c.method, c.path, who.role, r.body)
				}
			case r.status == 303 && r.header.Get("Location") != "/login":
				t.Errorf("%s %s as %s: redirected to %q", c.method, c.path, who.role, r.header.Get("Location"))
			case r.status == 404 && !strings.HasPrefix(c.path, "/api/") && !strings.Contains(r.body, "Page not found"):
				t.Errorf("%s %s as %s: not the site's 404 page", c.method, c.path, who.role)
			}
		}
	}

	// The guide's list holds only the tours they guide; the header offers the back office
	// to those who may use it.
	list := s.get(t, guide, "/admin/tours")
	if !strings.Contains(list.body, "Sahara and the High Atlas") || strings.Contains(list.body, other.Name) {
		t.Errorf("the guide's tour list shows other tours, or not theirs")
	}
	for who, c := range map[string]*http.Client{"admin": admin, "guide": guide, "user": user} {
		has := strings.Contains(s.get(t, c, "/").body, `href="/admin"`)
		if has != (who != "user") {
			t.Errorf("Admin link in the header for %s: %v", who, has)
		}
	}
}

// tourByIDAny is a tour whatever its status, from the store.
func (s *testSite) tourByIDAny(t *testing.T, id string) tour.Tour {
	t.Helper()
	tr, err := s.Store.TourByIDAnyStatus(t.Context(), id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// tourRows lists every tour through the admin's tour list page props.
func (s *testSite) tourRows(t *testing.T) []adminTour {
	t.Helper()
	var out []adminTour
	tours, err := s.Store.AdminTours(t.Context(), catalog.Filter{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range tours {
		out = append(out, adminTour{ID: tr.ID, Slug: tr.Slug, Name: tr.Name})
	}
	return out
}

func TestConcurrentPictureUploadsKeepEveryPicture(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Gallery Race")), 201)
		picture := smallPNG(t, 1600, 1067)
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				ct, body := pictureBody(t, "gallery", fmt.Sprintf("p%d.png", i), picture)
				if r := s.do(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/pictures", ct, body); r.status != 200 {
					t.Errorf("upload %d: %d %s", i, r.status, r.body)
				}
			})
		}
		wg.Wait()
		got, err := s.Store.TourByIDAnyStatus(t.Context(), tr.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Pictures) != 4 {
			t.Errorf("gallery after 4 parallel uploads: %v", got.Pictures)
		}
	})
}
