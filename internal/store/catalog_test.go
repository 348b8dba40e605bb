package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

// Lowering a departure's capacity while people check out never leaves more seats taken
// than the capacity: both lock the departure's row.
func TestCapacityChangeRacesCheckouts(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "race", 20, []time.Time{d})
		users := make([]account.User, 12)
		for i := range users {
			users[i] = addUser(t, s, fmt.Sprintf("u%d", i), account.RoleUser)
		}
		var wg sync.WaitGroup
		var lowered error
		for i, u := range users {
			wg.Go(func() {
				if _, err := hold(t, s, tr, u, d, 1, t0); err != nil && !errors.Is(err, booking.ErrNoSeats) {
					t.Error(err)
				}
			})
			if i == 5 {
				wg.Go(func() {
					six := 6
					_, _, lowered = s.UpdateDeparture(context.Background(), tr.ID, d, catalog.DepartureChange{Capacity: &six}, t0,
						audit.Entry{ActorID: "a", Action: "departure.update", ObjectType: "tour"})
				})
			}
		}
		wg.Wait()
		got, err := s.TourByIDAnyStatus(t.Context(), tr.ID, t0)
		must(t, err)
		dep := got.StartDates[0]
		var capErr *tour.CapacityError
		switch {
		case lowered == nil && (dep.Capacity != 6 || dep.Taken > 6):
			t.Errorf("capacity lowered to 6, yet %d of %d seats taken", dep.Taken, dep.Capacity)
		case lowered != nil && !errors.As(lowered, &capErr):
			t.Errorf("lowering the capacity: %v", lowered)
		case lowered != nil && (dep.Capacity != 20 || capErr.Taken <= 6):
			t.Errorf("refused with %d taken, capacity now %d", capErr.Taken, dep.Capacity)
		}
		if dep.Taken > dep.Capacity {
			t.Errorf("%d seats taken of %d", dep.Taken, dep.Capacity)
		}
	})
}

func TestAdminToursFilter(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		g := addUser(t, s, "gus", account.RoleGuide)
		addTour(t, s, "alpine-50%-off", 5, nil, g)
		draft := addTour(t, s, "desert_nights", 5, nil)
		e := audit.Entry{ActorID: "a", Action: "tour.status", ObjectType: "tour"}
		must(t, s.SetTourStatus(t.Context(), draft.ID, tour.Draft, t0, e))
		for _, c := range []struct {
			f    catalog.Filter
			want []string
		}{
			{catalog.Filter{}, []string{"alpine-50%-off", "desert_nights"}},
			{catalog.Filter{Query: "THE ALP"}, []string{"alpine-50%-off"}},
			{catalog.Filter{Query: "50%"}, []string{"alpine-50%-off"}},
			{catalog.Filter{Query: "_"}, []string{"desert_nights"}}, // LIKE's wildcards match themselves
			{catalog.Filter{Status: tour.Draft}, []string{"desert_nights"}},
			{catalog.Filter{GuideID: g.ID}, []string{"alpine-50%-off"}},
		} {
			tours, err := s.AdminTours(t.Context(), c.f, t0)
			must(t, err)
			var got []string
			for _, tr := range tours {
				got = append(got, tr.Slug)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%+v: %v, want %v", c.f, got, c.want)
			}
		}
		// Only published tours reach the public side.
		public, err := s.ListTours(t.Context(), t0)
		must(t, err)
		if len(public) != 1 || public[0].Slug != "alpine-50%-off" {
			t.Errorf("public tours: %d", len(public))
		}
		if _, err := s.TourBySlug(t.Context(), "desert_nights", t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("a draft by slug: %v", err)
		}
	})
}
