package store

import (
	"reflect"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// The cache must answer exactly what the store answers, seats included, at every moment:
// only texts may lag, and only until ttl or a write through the cache.
func TestTourCache(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		d1, d2 := date(2031, 6, 1), date(2031, 7, 1)
		guide := addUser(t, s, "gina", account.RoleGuide)
		ann := addUser(t, s, "ann", account.RoleUser)
		tr := addTour(t, s, "coast", 8, []time.Time{d1, d2}, guide)
		other := addTour(t, s, "hills", 8, []time.Time{d1})
		c := NewTourCache(s, time.Minute)

		same := func(when string, now time.Time) {
			t.Helper()
			wantOne, err := s.TourBySlug(ctx, tr.Slug, now)
			must(t, err)
			gotOne, err := c.TourBySlug(ctx, tr.Slug, now)
			must(t, err)
			if !reflect.DeepEqual(gotOne, wantOne) {
				t.Errorf("%s: TourBySlug from the cache\n%+v\nwant\n%+v", when, gotOne, wantOne)
			}
			byID, err := c.TourByID(ctx, tr.ID, now)
			must(t, err)
			wantByID, err := s.TourByID(ctx, tr.ID, now)
			must(t, err)
			if !reflect.DeepEqual(byID, wantByID) {
				t.Errorf("%s: TourByID from the cache differs from the store", when)
			}
			wantList, err := s.ListTours(ctx, now)
			must(t, err)
			gotList, err := c.ListTours(ctx, now)
			must(t, err)
			if !reflect.DeepEqual(gotList, wantList) {
				t.Errorf("%s: ListTours from the cache\n%+v\nwant\n%+v", when, gotList, wantList)
			}
		}
		same("first read", t0)
		same("second read", t0)

		// Seats are live: a hold shows at once, and is gone once it expires.
		mustHold(t, s, tr, ann, d1, 3, t0)
		same("after a hold", t0.Add(time.Second))
		got, _ := c.TourBySlug(ctx, tr.Slug, t0.Add(time.Second))
		if got.StartDates[0].Taken != 3 {
			t.Fatalf("seats taken from the cache %d, want 3", got.StartDates[0].Taken)
		}
		same("after the hold expired", t0.Add(31*time.Minute))
		mustHold(t, s, other, ann, d1, 2, t0.Add(40*time.Second))
		same("after a hold on another tour", t0.Add(50*time.Second))

		// A review through the cache shows at once.
		must(t, c.CreateReview(ctx, &tour.Review{TourID: tr.ID, UserID: ann.ID, Rating: 4, Text: "Good", CreatedAt: t0}))
		same("after a review", t0.Add(52*time.Second))
		// A renamed guide too.
		must(t, c.UpdateUserProfile(ctx, guide.ID, account.Profile{Name: "Gina G", Email: guide.Email, Photo: "gina.jpg"}))
		same("after a profile change", t0.Add(53*time.Second))

		// A write the cache does not see (another instance, an import) shows after ttl.
		must(t, s.UpdateUserProfile(ctx, guide.ID, account.Profile{Name: "Gina Guide", Email: guide.Email, Photo: "gina.jpg"}))
		stale, _ := c.TourBySlug(ctx, tr.Slug, t0.Add(54*time.Second))
		if stale.Guides[0].Name != "Gina G" {
			t.Errorf("within ttl the cache shows %q, want the cached name", stale.Guides[0].Name)
		}
		same("after ttl", t0.Add(54*time.Second+time.Minute))

		// Callers may change what they get without changing the cache.
		got, _ = c.TourBySlug(ctx, tr.Slug, t0.Add(2*time.Minute))
		got.StartDates[0].Taken = 99
		again, _ := c.TourBySlug(ctx, tr.Slug, t0.Add(2*time.Minute))
		if again.StartDates[0].Taken == 99 {
			t.Error("a caller's change reached the cache")
		}
		if _, err := c.TourBySlug(ctx, "no-such-tour", t0); err == nil {
			t.Error("unknown slug: no error")
		}
	})
}
