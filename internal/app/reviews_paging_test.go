package app

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/format"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

var reviewIDOnPage = regexp.MustCompile(`data-review-id="([^"]+)"`)

// reviewIDs lists the reviews a tour page shows, in order.
func reviewIDs(body string) []string {
	var ids []string
	for _, m := range reviewIDOnPage.FindAllStringSubmatch(body, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// apiReviews is page n of a tour's reviews as the API lists them.
func (s *testSite) apiReviews(t *testing.T, tourID string, n int) (ids, dates []string) {
	t.Helper()
	data := decode(t, s.get(t, http.DefaultClient, fmt.Sprintf("/api/v1/tours/%s/reviews?page=%d", tourID, n)))["data"].(map[string]any)
	for _, r := range data["reviews"].([]any) {
		ids = append(ids, r.(map[string]any)["id"].(string))
		dates = append(dates, r.(map[string]any)["date"].(string))
	}
	return ids, dates
}

// reviewBehindTheCache writes a review straight to the database, as another instance
// would: this process's caches are not told.
func (s *testSite) reviewBehindTheCache(t *testing.T, tourID, email string, at time.Time) string {
	t.Helper()
	u := account.User{Name: "Late Reviewer", Email: email, Active: true}
	if err := s.Store.CreateUser(t.Context(), &u); err != nil {
		t.Fatal(err)
	}
	r := tour.Review{TourID: tourID, UserID: u.ID, Rating: 4, Text: "Written at the end of a long day.", CreatedAt: at}
	if err := s.Store.CreateReview(t.Context(), &r); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

// The tour page's second page of reviews is an address the server renders (what the
// "More reviews" link opens without JavaScript), under the tour's canonical address; an
// address naming no page the tour has is sent to the first; the page cache keeps each
// page apart and no other query.
func TestTourReviewsPagesAreAddresses(t *testing.T) {
	t.Parallel()
	eachEngineEnv(t, nil, []string{"-page-cache-ttl", "1h"}, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 0)
		path := "/tour/" + tr.Slug
		visitor := s.client(t) // no cookies yet, follows no redirect
		first, _ := s.apiReviews(t, tr.ID, 1)
		second, _ := s.apiReviews(t, tr.ID, 2)
		if len(first) != review.PageSize || len(second) == 0 {
			t.Fatalf("the sample tour's reviews: %d then %d; want a full first page and a second", len(first), len(second))
		}

		page1 := s.get(t, visitor, path)
		if got := reviewIDs(page1.body); page1.status != http.StatusOK || !slices.Equal(got, first) {
			t.Fatalf("GET %s: %d, reviews %v; want %v", path, page1.status, got, first)
		}
		if !strings.Contains(page1.body, `href="`+path+`?reviews=2#reviews" rel="next"`) {
			t.Error("the first page has no link to the second")
		}
		page2 := s.get(t, visitor, path+"?reviews=2")
		if got := reviewIDs(page2.body); page2.status != http.StatusOK || !slices.Equal(got, second) {
			t.Fatalf("GET %s?reviews=2: %d, reviews %v; want the second page %v", path, page2.status, got, second)
		}
		if canonical := parseHead(t, page2.body).links["canonical"]["href"]; canonical != s.URL+path {
			t.Errorf("page 2's canonical address %q, want the tour's %q", canonical, s.URL+path)
		}
		if !strings.Contains(page2.body, `href="`+path+`#reviews" rel="prev"`) || !strings.Contains(page2.body, `"reviewPage":2`) {
			t.Error("page 2 does not link back to the newer reviews, or its props do not say which page it is")
		}

		// Addresses naming no page of the tour's reviews land on the first, and add no
		// copy to the page cache.
		entries := s.Pages.Len()
		for _, q := range []string{"0", "1", "-1", "02", "2.0", "two", "", "99", "2&reviews=2", "99999999999999999999"} {
			r := s.get(t, visitor, path+"?reviews="+q)
			if r.status != http.StatusFound || r.header.Get("Location") != path+"#reviews" {
				t.Errorf("?reviews=%s: %d to %q; want %d to %s#reviews", q, r.status, r.header.Get("Location"), http.StatusFound, path)
			}
		}

		// A review written on another instance: each page's copy is kept for the TTL (an
		// hour here), under its own key; any other query is rendered anew.
		s.reviewBehindTheCache(t, tr.ID, "late@example.org", time.Now().UTC().Truncate(time.Second))
		if got := reviewIDs(s.get(t, visitor, path+"?reviews=2").body); !slices.Equal(got, second) {
			t.Errorf("page 2 right after a change the cache was not told of: %v; want the kept copy %v", got, second)
		}
		if got := reviewIDs(s.get(t, visitor, path).body); !slices.Equal(got, first) {
			t.Errorf("page 1 right after a change the cache was not told of: %v; want the kept copy %v", got, first)
		}
		shifted := append([]string{first[len(first)-1]}, second...)[:min(len(second)+1, review.PageSize)]
		if got := reviewIDs(s.get(t, visitor, path+"?reviews=2&utm_source=mail").body); !slices.Equal(got, shifted) {
			t.Errorf("page 2 with another query: %v; want it rendered now, shifted by the new review: %v", got, shifted)
		}
		if got := s.Pages.Len(); got != entries {
			t.Errorf("%d kept answers after the redirected and other addresses; want the %d before", got, entries)
		}
	})
}

// A review is dated by the day it was written where the tour runs: 20:00 UTC is the next
// morning in Tokyo, on the page and in the API.
func TestReviewDatesAreTheTourZonesDay(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		// From the database, so no cache of this process has read the tour before the review.
		tours, err := s.Store.ListTours(t.Context(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(tours, func(t tour.Tour) bool { return t.TimeZone == "Asia/Tokyo" })
		if i < 0 {
			t.Fatal("no sample tour in Tokyo")
		}
		tokyo, loc := tours[i], tours[i].Zone()
		// Yesterday at 20:00 UTC: the newest review, written at 05:00 today in Tokyo.
		at := time.Now().UTC().Truncate(24 * time.Hour).Add(-4 * time.Hour)
		id := s.reviewBehindTheCache(t, tokyo.ID, "tokyo@example.org", at)
		want, utcDay := format.DayIn(at, loc), format.Date(at)
		if want == utcDay {
			t.Fatalf("%s is %s in Tokyo too: no day boundary crossed", at, want)
		}

		ids, dates := s.apiReviews(t, tokyo.ID, 1)
		if len(ids) == 0 || ids[0] != id || dates[0] != want {
			t.Errorf("the API's newest review %v dated %v; want %s dated %s (not the UTC day %s)", ids, dates, id, want, utcDay)
		}
		body := s.get(t, http.DefaultClient, "/tour/"+tokyo.Slug).body
		item := body[strings.Index(body, `data-review-id="`+id+`"`):]
		item = item[:strings.Index(item, "</li>")]
		if !strings.Contains(item, `<p class="review__date">`+want+`</p>`) {
			t.Errorf("the tour page dates the review: %s; want %s", item, want)
		}
	})
}
