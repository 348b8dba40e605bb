package app

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

var seatsOnPage = regexp.MustCompile(`(\d+) seats? left`)

// seatsShown lists the seats left the tour page shows, date by date.
func seatsShown(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	for _, m := range seatsOnPage.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	if len(out) == 0 {
		t.Fatal("the tour page shows no seats left")
	}
	return out
}

var versionInProps = regexp.MustCompile(`"version":(\d+)`)

// The TTL is an hour here, so only an invalidation can explain a fresh page.
func TestPublicPagesComeFromMemoryUntilSomethingChanges(t *testing.T) {
	s := newTestSite(t, "-page-cache-ttl", "1h")
	tr := s.tourByIndex(t, 0)
	path := "/tour/" + tr.Slug
	anonymous := func(p string) result {
		t.Helper()
		r := s.get(t, http.DefaultClient, p)
		if r.status != http.StatusOK || r.header.Get("Set-Cookie") != "" {
			t.Fatalf("GET %s: %d, Set-Cookie %q", p, r.status, r.header.Get("Set-Cookie"))
		}
		return r
	}
	first := seatsShown(t, anonymous(path).body)

	// Seats taken behind the cache's back (as on another instance) are not seen within
	// the TTL: the page comes from memory.
	traveller := s.client(t)
	s.login(t, traveller, "hannah@example.com")
	if r := s.checkout(t, traveller, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=2"); r.status != http.StatusOK {
		t.Fatalf("checkout: %d %s", r.status, r.body)
	}
	held := seatsShown(t, anonymous(path).body)
	if slices.Equal(held, first) {
		t.Fatalf("seats shown after a hold on this instance: %v, unchanged", held)
	}
	u, err := s.Store.UserByEmail(context.Background(), "hannah@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.Store.ReleaseHolds(context.Background(), u.ID, tr.ID, time.Now()); err != nil || n != 1 {
		t.Fatalf("release the hold in the database: %d, %v", n, err)
	}
	if got := seatsShown(t, anonymous(path).body); !slices.Equal(got, held) {
		t.Fatalf("seats shown %v right after a change the cache was not told of; want the kept page %v", got, held)
	}

	// A change through the back office shows at once, on the tour page and the overview.
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	m := versionInProps.FindStringSubmatch(s.get(t, admin, "/admin/tours/"+tr.ID).body)
	if m == nil {
		t.Fatal("no version in the admin tour page")
	}
	renamed := "The Renamed Hiker"
	r := s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID, map[string]any{"version": mustAtoi(t, m[1]), "name": renamed})
	if r.status != http.StatusOK {
		t.Fatalf("rename: %d %s", r.status, r.body)
	}
	if page := anonymous(path).body; !strings.Contains(page, renamed) || !slices.Equal(seatsShown(t, page), first) {
		t.Errorf("tour page after the rename: name shown %v, seats %v (want %v)", strings.Contains(page, renamed), seatsShown(t, page), first)
	}
	if !strings.Contains(anonymous("/").body, renamed) {
		t.Error("the overview does not show the renamed tour")
	}

	// A departure's capacity, likewise.
	r = s.send(t, admin, "PATCH", "/api/v1/tours/"+tr.ID+"/departures/"+tr.StartDates[0].Date, map[string]any{"capacity": 1})
	if r.status != http.StatusOK {
		t.Fatalf("capacity: %d %s", r.status, r.body)
	}
	if got := seatsShown(t, anonymous(path).body); got[0] != "1" {
		t.Errorf("seats shown after the capacity became 1: %v", got)
	}
}

// A signed-in visitor's pages are theirs: rendered per request, never shared.
func TestSignedInPagesAreNeverShared(t *testing.T) {
	s := newTestSite(t, "-page-cache-ttl", "1h")
	tr := s.tourByIndex(t, 0)
	member := s.client(t)
	s.login(t, member, "sophie@example.com")
	for _, path := range []string{"/", "/tour/" + tr.Slug} {
		// Signed in first, then anonymous, then signed in again.
		if r := s.get(t, member, path); !strings.Contains(r.body, `"email":"sophie@example.com"`) {
			t.Fatalf("GET %s signed in: not Sophie's page", path)
		}
		anon := s.get(t, http.DefaultClient, path)
		if strings.Contains(anon.body, "sophie@example.com") || anon.header.Get("Set-Cookie") != "" {
			t.Fatalf("GET %s anonymous after Sophie: her data or a cookie in it", path)
		}
		if r := s.get(t, member, path); !strings.Contains(r.body, `"email":"sophie@example.com"`) {
			t.Fatalf("GET %s signed in after an anonymous visit: not Sophie's page", path)
		}
		// A stale session cookie is cleared for its holder only.
		stale := s.do(t, http.DefaultClient, http.MethodGet, path, "", nil, "Cookie", "tourbook_session=gone")
		if !strings.Contains(stale.header.Get("Set-Cookie"), "tourbook_session=") {
			t.Errorf("GET %s with a stale session: Set-Cookie %q", path, stale.header.Get("Set-Cookie"))
		}
		if r := s.get(t, http.DefaultClient, path); r.header.Get("Set-Cookie") != "" {
			t.Errorf("GET %s anonymous after a stale session: Set-Cookie %q", path, r.header.Get("Set-Cookie"))
		}
	}
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
