package app

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
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
	t.Parallel()
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
	if released, err := s.Store.ReleaseHolds(context.Background(), u.ID, tr.ID); err != nil || len(released) != 1 {
		t.Fatalf("release the hold in the database: %d, %v", len(released), err)
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
	t.Parallel()
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

// The public catalogue's API answers (the tours, a tour, a tour's reviews) come from the
// page cache for visitors who are not signed in, on every engine: the same bytes as an
// answer made for the request, in every coding, with its headers; a change on this
// instance shows at once; a signed-in visitor's answer is made for them; and an address
// with junk in its query string is answered by the handler and adds no entry. The TTL is
// an hour, so only an invalidation can explain a fresh answer.
func TestPublicAPIComesFromMemoryUntilSomethingChanges(t *testing.T) {
	t.Parallel()
	eachEngineEnv(t, nil, []string{"-page-cache-ttl", "1h"}, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 0)
		list, one, reviews := "/api/v1/tours", "/api/v1/tours/"+tr.ID, "/api/v1/tours/"+tr.ID+"/reviews"
		member := s.client(t)
		s.login(t, member, "sophie@example.com")
		// seats lists the seats left of tr's departures in the answer at path (list or one).
		seats := func(c *http.Client, path string) []int {
			t.Helper()
			r := s.get(t, c, path)
			var out struct {
				Data struct {
					Tour  tourDetail
					Tours []tourDetail
				}
			}
			if err := json.Unmarshal([]byte(r.body), &out); r.status != http.StatusOK || err != nil {
				t.Fatalf("GET %s: %d %v", path, r.status, err)
			}
			for _, d := range append(out.Data.Tours, out.Data.Tour) {
				if d.ID == tr.ID {
					var n []int
					for _, sd := range d.StartDates {
						n = append(n, sd.SeatsLeft)
					}
					return n
				}
			}
			t.Fatalf("GET %s: no tour %s in it", path, tr.ID)
			return nil
		}

		// Kept answers are the handler's: a signed-in visitor's answer is made for the
		// request and holds nothing of theirs in these addresses.
		for _, p := range []string{list, one, reviews + "?page=1"} {
			fresh := s.get(t, member, p)
			plain := s.getEncoded(t, p, "")
			if fresh.status != http.StatusOK || plain.status != http.StatusOK || plain.body != fresh.body {
				t.Fatalf("GET %s: anonymous %d, signed in %d, same bytes %v", p, plain.status, fresh.status, plain.body == fresh.body)
			}
			for _, h := range []string{"Content-Type", "Cache-Control"} {
				if plain.header.Get(h) != fresh.header.Get(h) {
					t.Errorf("GET %s: %s %q from memory, %q made", p, h, plain.header.Get(h), fresh.header.Get(h))
				}
			}
			if plain.header.Get("ETag") == "" || plain.header.Get("Set-Cookie") != "" {
				t.Errorf("GET %s anonymous: ETag %q, Set-Cookie %q", p, plain.header.Get("ETag"), plain.header.Get("Set-Cookie"))
			}
			for _, coding := range []string{"gzip", "zstd"} {
				r := s.getEncoded(t, p, coding)
				if r.header.Get("Content-Encoding") != coding || !strings.Contains(strings.Join(r.header.Values("Vary"), ","), "Accept-Encoding") ||
					r.header.Get("Content-Type") != fresh.header.Get("Content-Type") {
					t.Errorf("GET %s in %s: headers %v", p, coding, r.header)
				}
				if decompress(t, coding, r.body) != fresh.body {
					t.Errorf("GET %s in %s does not decompress to the answer made for the request", p, coding)
				}
				again := s.do(t, rawClient, http.MethodGet, p, "", nil, "Accept-Encoding", coding, "If-None-Match", r.header.Get("ETag"))
				if again.status != http.StatusNotModified || again.body != "" {
					t.Errorf("GET %s in %s revalidated: %d", p, coding, again.status)
				}
			}
		}

		// Seats held on this instance show at once.
		first := seats(http.DefaultClient, one)
		traveller := s.client(t)
		s.login(t, traveller, "hannah@example.com")
		if r := s.checkout(t, traveller, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=2"); r.status != http.StatusOK {
			t.Fatalf("checkout: %d %s", r.status, r.body)
		}
		held := seats(http.DefaultClient, one)
		if held[0] != first[0]-2 || !slices.Equal(seats(http.DefaultClient, list), held) {
			t.Fatalf("seats after a hold of 2: %v (the tour), %v (the list); before %v", held, seats(http.DefaultClient, list), first)
		}
		s.get(t, http.DefaultClient, reviews)

		// Released behind the cache's back (as on another instance): visitors get the kept
		// answers; the signed-in visitor, and junk in the address, get answers made now.
		u, err := s.Store.UserByEmail(context.Background(), "hannah@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if released, err := s.Store.ReleaseHolds(context.Background(), u.ID, tr.ID); err != nil || len(released) != 1 {
			t.Fatalf("release the hold in the database: %d, %v", len(released), err)
		}
		for _, p := range []string{one, list} {
			if got := seats(http.DefaultClient, p); !slices.Equal(got, held) {
				t.Errorf("GET %s anonymous right after a change the cache was not told of: %v; want the kept %v", p, got, held)
			}
			if got := seats(member, p); !slices.Equal(got, first) {
				t.Errorf("GET %s signed in: %v; want the seats now, %v", p, got, first)
			}
		}
		entries := s.Pages.Len()
		for _, p := range []string{one + "?utm_source=mail", list + "?a=1&b=2", list + "?page=1"} {
			if got := seats(http.DefaultClient, p); !slices.Equal(got, first) {
				t.Errorf("GET %s: %v; want the seats now, %v (not kept)", p, got, first)
			}
		}
		page1 := s.get(t, http.DefaultClient, reviews+"?page=1").body
		for _, p := range []string{"?page=01", "?page=1&sort=x", "?junk"} {
			if r := s.get(t, http.DefaultClient, reviews+p); r.status != http.StatusOK || r.body != page1 {
				t.Errorf("GET reviews%s: %d, not page 1: %.200s", p, r.status, r.body)
			}
		}
		for _, p := range []string{"?page=2", "?page=99999"} {
			if r := s.get(t, http.DefaultClient, reviews+p); r.status != http.StatusOK {
				t.Errorf("GET reviews%s: %d %.200s", p, r.status, r.body)
			}
		}
		if r := s.get(t, http.DefaultClient, "/api/v1/tours/no-such-tour"); r.status != http.StatusNotFound {
			t.Errorf("an unknown tour: %d", r.status)
		}
		// Page 2 is a page a visitor may ask for: one entry; the rest none.
		if got := s.Pages.Len(); got != entries+1 {
			t.Errorf("%d kept answers after the junk addresses; want %d (%d before, and reviews page 2)", got, entries+1, entries)
		}

		// A tour's change through the back office shows at once, in the list and the tour.
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		renamed := "The Renamed Hiker"
		if r := s.send(t, admin, "PATCH", one, map[string]any{"version": s.tourVersion(t, tr.ID), "name": renamed}); r.status != http.StatusOK {
			t.Fatalf("rename: %d %s", r.status, r.body)
		}
		for _, p := range []string{one, list} {
			if r := s.get(t, http.DefaultClient, p); !strings.Contains(r.body, `"name":"`+renamed+`"`) {
				t.Errorf("GET %s after the rename: the old name", p)
			}
			if got := seats(http.DefaultClient, p); !slices.Equal(got, first) {
				t.Errorf("GET %s after the rename: seats %v; want %v", p, got, first)
			}
		}
	})
}
