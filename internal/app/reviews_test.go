package app

import (
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tourbook/internal/review"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Verified reviews through the real router, on every test engine: a traveller with a
// paid booking reviews the tour once its trip has ended (the site's clock moved by
// TOURBOOK_TEST_CLOCK_FILE), not before, once; others cannot touch the review; the
// tour's rating, its reviews' first page and the public page follow every write (the
// page cache keeps visitors' copies for an hour here: only its invalidation can explain
// them following).
func TestVerifiedReviewsThroughTheAPI(t *testing.T) {
	t.Parallel()
	// One clock file per engine, named from it: the engines' subtests run in parallel.
	dir := t.TempDir()
	clock := func(engine string) string { return filepath.Join(dir, engine+"-clock") }
	eachEngineEnv(t, func(engine string) map[string]string {
		return map[string]string{"TOURBOOK_TEST_CLOCK_FILE": clock(engine)}
	}, []string{"-page-cache-ttl", "1h"}, func(t *testing.T, s *testSite) {
		engine := s.Store.Dialect()
		moveClock := func(d time.Duration) {
			t.Helper()
			if err := os.WriteFile(clock(engine), []byte(d.String()), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		tr := s.tourByIndex(t, 0)
		date := tr.StartDates[0].Date
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		// A new traveller (the sample ones have reviewed some tours already), booked at the office.
		rita, sophie := s.client(t), s.client(t)
		signup := map[string]string{"name": "Rita Reviewer", "email": "rita@example.org", "password": "correct horse 1", "passwordConfirm": "correct horse 1"}
		if r := s.postJSON(t, rita, "/api/v1/users/signup", signup); r.status != http.StatusCreated && r.status != http.StatusOK {
			t.Fatalf("signup: %d %s", r.status, r.body)
		}
		bookingID, _ := s.walkIn(t, admin, tr.ID, date, "rita@example.org", 2)
		s.login(t, sophie, "sophie@example.com")
		full := s.Site.Store
		before, err := full.TourByID(t.Context(), tr.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		reviewsPath := "/api/v1/tours/" + tr.ID + "/reviews"
		good := map[string]any{"rating": 5, "text": "  The best week of my year, guides included.  "}

		refused(t, "a visitor", s.send(t, http.DefaultClient, "POST", reviewsPath, good), 401, "log in")
		refused(t, "before the trip", s.send(t, rita, "POST", reviewsPath, good), 403, "You can review this tour once your trip has ended, from ")
		refused(t, "without a booking", s.send(t, s.client(t), "POST", reviewsPath, good), 401, "log in")
		refused(t, "no booking of it", s.send(t, sophie, "POST", reviewsPath, good), 403, "no paid booking of it")
		if page := s.get(t, rita, "/tour/"+tr.Slug).body; !strings.Contains(page, `"waiting":"You can review this tour once your trip has ended`) {
			i := strings.Index(page, `"reviewing"`)
			t.Errorf("the tour page does not tell rita when she can review: %.300s", page[max(i, 0):])
		}
		if page := s.get(t, rita, "/my-tours/"+bookingID).body; !strings.Contains(page, `"reviewUrl":""`) {
			t.Error("her booking's page offers a review before the trip")
		}

		// The day after the trip's last day, where the tour runs.
		start, _ := time.Parse(time.DateOnly, date)
		loc, _ := tour.LoadZone(tr.TimeZone)
		durationDays := s.tourDuration(t, tr.ID)
		ends := time.Date(start.Year(), start.Month(), start.Day()+durationDays, 0, 0, 0, 0, loc)
		moveClock(time.Until(ends) + time.Minute)
		// Months later the sessions have ended: back to sign in.
		if r := s.postJSON(t, rita, "/api/v1/users/login", map[string]string{"email": "rita@example.org", "password": "correct horse 1"}); r.status != http.StatusOK {
			t.Fatalf("login: %d %s", r.status, r.body)
		}
		s.login(t, sophie, "sophie@example.com")

		if page := s.get(t, rita, "/my-tours/"+bookingID).body; !strings.Contains(page, `"reviewUrl":"/tour/`+tr.Slug+`#your-review"`) {
			t.Error("her booking's page does not link to the review form after the trip")
		}
		if page := s.get(t, rita, "/tour/"+tr.Slug).body; !strings.Contains(page, `"reviewing":{"own":null,"canWrite":true,"waiting":""}`) {
			t.Error("the tour page does not offer rita the review form after the trip")
		}
		refused(t, "a rating of 6", s.send(t, rita, "POST", reviewsPath, map[string]any{"rating": 6, "text": "Far too good to be true."}), 400, "from 1 to 5")
		refused(t, "half a star", s.send(t, rita, "POST", reviewsPath, map[string]any{"rating": 4.5, "text": "Nearly perfect trip."}), 400, "must be a whole number")
		refused(t, "a short text", s.send(t, rita, "POST", reviewsPath, map[string]any{"rating": 4, "text": "   Great!   "}), 400,
			fmt.Sprintf("at least %d characters", review.MinText))
		refused(t, "a long text", s.send(t, rita, "POST", reviewsPath, map[string]any{"rating": 4, "text": strings.Repeat("é", review.MaxText+1)}), 400,
			fmt.Sprintf("keep your review to %d characters", review.MaxText))
		refused(t, "not JSON", s.do(t, rita, "POST", reviewsPath, "text/plain", strings.NewReader("5 stars")), 415, "JSON")
		refused(t, "a huge body", s.do(t, rita, "POST", reviewsPath, "application/json",
			strings.NewReader(`{"rating":5,"text":"`+strings.Repeat("a", 70<<10)+`"}`)), 413, "too large")
		cross := s.do(t, rita, "POST", reviewsPath, "application/json", strings.NewReader(`{"rating":5,"text":"From another site."}`), "Sec-Fetch-Site", "cross-site")
		refused(t, "from another site", cross, 403, "another site")

		// What visitors are sent before the review, kept.
		tourPath := "/api/v1/tours/" + tr.ID
		for _, p := range []string{"/tour/" + tr.Slug, reviewsPath + "?page=1", tourPath} {
			if r := s.get(t, http.DefaultClient, p); r.status != http.StatusOK || strings.Contains(r.body, "The best week of my year") {
				t.Fatalf("GET %s before the review: %d", p, r.status)
			}
		}
		created := s.send(t, rita, "POST", reviewsPath, good)
		if created.status != http.StatusCreated {
			t.Fatalf("review: %d %s", created.status, created.body)
		}
		body := decode(t, created)
		data := body["data"].(map[string]any)
		own := data["own"].(map[string]any)
		first := data["first"].(map[string]any)["reviews"].([]any)
		if body["message"] != "Thank you! Your review is published." || own["text"] != "The best week of my year, guides included." ||
			first[0].(map[string]any)["id"] != own["id"] || int(data["ratingsQuantity"].(float64)) != before.RatingsCount+1 {
			t.Errorf("the answer: %s", created.body)
		}
		after, err := full.TourByID(t.Context(), tr.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		wantAvg := (before.RatingsAverage*float64(before.RatingsCount) + 5) / float64(before.RatingsCount+1)
		if after.RatingsCount != before.RatingsCount+1 || math.Abs(after.RatingsAverage-wantAvg) > 1e-9 ||
			data["ratingsAverage"] != strconv.FormatFloat(view.RoundRating(wantAvg), 'f', 1, 64) {
			t.Errorf("rating %v from %d (answer %v), want %.1f from %d", after.RatingsAverage, after.RatingsCount, data["ratingsAverage"], wantAvg, before.RatingsCount+1)
		}
		refused(t, "a second review", s.send(t, rita, "POST", reviewsPath, good), 409, "You have already reviewed this tour.")

		// Everyone reads it first, on the public page (the cached copy was forgotten) and in the list.
		if page := s.get(t, http.DefaultClient, "/tour/"+tr.Slug).body; !strings.Contains(page, "The best week of my year, guides included.") ||
			!strings.Contains(page, fmt.Sprintf("(%d reviews)", after.RatingsCount)) {
			t.Error("the public tour page does not show the review and the new count")
		}
		list := decode(t, s.get(t, http.DefaultClient, reviewsPath+"?page=1"))["data"].(map[string]any)
		if rs := list["reviews"].([]any); len(rs) != review.PageSize || rs[0].(map[string]any)["id"] != own["id"] || int(list["total"].(float64)) != after.RatingsCount {
			t.Errorf("page 1: %v", list)
		}
		if n := decode(t, s.get(t, http.DefaultClient, tourPath))["data"].(map[string]any)["tour"].(map[string]any)["ratingsQuantity"]; n != float64(after.RatingsCount) {
			t.Errorf("the tour in the API: %v ratings, want %d", n, after.RatingsCount)
		}
		refused(t, "page 0", s.get(t, http.DefaultClient, reviewsPath+"?page=0"), 400, "whole number from 1")
		refused(t, "an unknown tour", s.get(t, http.DefaultClient, "/api/v1/tours/000000000000000000000000/reviews"), 404, "no tour")

		// Someone else's review is not found; the author edits and deletes theirs.
		mine := "/api/v1/reviews/" + own["id"].(string)
		refused(t, "editing another's", s.send(t, sophie, "PATCH", mine, map[string]any{"rating": 1, "text": "Someone else's words."}), 404, "no such review of yours")
		refused(t, "deleting another's", s.send(t, sophie, "DELETE", mine, nil), 404, "no such review of yours")
		refused(t, "a visitor editing", s.send(t, http.DefaultClient, "PATCH", mine, map[string]any{"rating": 1, "text": "Someone else's words."}), 401, "log in")
		edited := s.send(t, rita, "PATCH", mine, map[string]any{"rating": 3, "text": "Good, though the last day rained."})
		if edited.status != 200 || decode(t, edited)["data"].(map[string]any)["own"].(map[string]any)["edited"] != true {
			t.Errorf("edit: %d %s", edited.status, edited.body)
		}
		if got, _ := full.TourByID(t.Context(), tr.ID, time.Now()); got.RatingsCount != after.RatingsCount ||
			fmt.Sprintf("%.2f", got.RatingsAverage) != fmt.Sprintf("%.2f", after.RatingsAverage-2/float64(after.RatingsCount)) {
			t.Errorf("after the edit: %v from %d", got.RatingsAverage, got.RatingsCount)
		}
		deleted := s.send(t, rita, "DELETE", mine, nil)
		if deleted.status != 200 || decode(t, deleted)["data"].(map[string]any)["own"] != nil {
			t.Errorf("delete: %d %s", deleted.status, deleted.body)
		}
		if got, _ := full.TourByID(t.Context(), tr.ID, time.Now()); got.RatingsCount != before.RatingsCount || got.RatingsAverage != before.RatingsAverage {
			t.Errorf("after deleting: %v from %d, want %v from %d", got.RatingsAverage, got.RatingsCount, before.RatingsAverage, before.RatingsCount)
		}
		refused(t, "deleting twice", s.send(t, rita, "DELETE", mine, nil), 404, "no such review of yours")
		if list := s.get(t, http.DefaultClient, reviewsPath).body; strings.Contains(list, own["id"].(string)) {
			t.Error("the deleted review is still in the list visitors get")
		}
	})
}

func (s *testSite) tourDuration(t *testing.T, id string) int {
	t.Helper()
	tr, err := s.Store.TourByID(t.Context(), id, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return tr.DurationDays
}
