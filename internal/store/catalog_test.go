package store

import (
	"errors"
	"fmt"
	"testing"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

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
