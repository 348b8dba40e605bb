package app

import (
	"encoding/json"
	"net/http"
	"testing"
)

// An account opening checkout after checkout is refused at the eleventh in an hour with
// 429, a Retry-After and a sentence for the page's alert; the metrics count the refusal
// and the holds each new checkout replaced (issue 20).
func TestCheckoutsAreRateLimitedPerAccount(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 2)
	c := s.client(t)
	s.login(t, c, "omar@example.com")
	query := "?date=" + tr.StartDates[0].Date + "&participants=1"
	for i := range 10 {
		if r := s.checkout(t, c, tr.ID, query); r.status != 200 {
			t.Fatalf("checkout %d: %d %s", i+1, r.status, r.body)
		}
	}
	r := s.checkout(t, c, tr.ID, query)
	if r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") != "3600" ||
		decode(t, r)["message"] != "You have started 10 checkouts in the last hour, the most we allow. Please finish one of them, or try again in 60 minutes." {
		t.Fatalf("the 11th checkout: %d, Retry-After %q, %s", r.status, r.header.Get("Retry-After"), r.body)
	}
	m := s.scrape(t)
	if got := m.value("tourbook_seat_holds_total", "outcome", "limited"); got != 1 {
		t.Errorf("holds limited: %v, want 1", got)
	}
	if got := m.value("tourbook_seat_holds_released_total", "reason", "replaced"); got != 9 {
		t.Errorf("holds released unpaid, replaced: %v, want 9", got)
	}
}

// tourWithSeats is the index of the first sample tour whose first departure has from
// least to most seats left: one account holds at most 12 seats at once.
func (s *testSite) tourWithSeats(t *testing.T, least, most int) int {
	t.Helper()
	for {
		var out struct {
			Data struct{ Tours []tourDetail }
		}
		if err := json.Unmarshal([]byte(s.get(t, http.DefaultClient, "/api/v1/tours").body), &out); err != nil {
			t.Fatal(err)
		}
		for i, tr := range out.Data.Tours {
			if len(tr.StartDates) > 0 && tr.StartDates[0].SeatsLeft >= least && tr.StartDates[0].SeatsLeft <= most {
				return i
			}
		}
		t.Fatalf("no sample tour has %d to %d seats left on its first departure", least, most)
	}
}

// -checkouts-per-account 0 lifts the limit (the load benchmark opens thousands).
func TestCheckoutLimitCanBeLifted(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, "-checkouts-per-account", "0")
	tr := s.tourByIndex(t, 2)
	c := s.client(t)
	s.login(t, c, "omar@example.com")
	for i := range 11 {
		if r := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=1"); r.status != 200 {
			t.Fatalf("checkout %d: %d %s", i+1, r.status, r.body)
		}
	}
}
