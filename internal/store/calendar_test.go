package store

import (
	"fmt"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

// The calendar reads departures by day across tours, filtered by tour and guide, with
// their seats sold, held and left, the travellers checked in, and whether each was
// closed for sale or cancelled.
func TestDeparturesCalendar(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		gus := addUser(t, s, "gus", account.RoleGuide)
		ann := addUser(t, s, "ann", account.RoleLeadGuide)
		buyer := addUser(t, s, "buyer", account.RoleUser)
		may1, may2, may31, jun1 := date(2031, 5, 1), date(2031, 5, 2), date(2031, 5, 31), date(2031, 6, 1)
		alpine := addTour(t, s, "alpine", 10, []time.Time{may1, may31, jun1}, gus)
		desert := addTour(t, s, "desert", 8, []time.Time{may1, may2}, ann)
		archived := addTour(t, s, "archived", 8, []time.Time{may2})
		must(t, s.SetTourStatus(ctx, archived.ID, tour.Archived, t0, audit.Entry{ActorID: "a", Action: "tour.status", ObjectType: "tour"}))

		// On alpine's 1 May: 3 paid (2 of whom arrived), 2 held, 4 held by a lapsed checkout.
		paid := mustHold(t, s, alpine, buyer, may1, 3, t0)
		_, _, err := recordPaid(s, ctx, paid, "pi_1", 3*alpine.UnitPriceMinor(), "usd", t0, nil)
		must(t, err)
		_, _, err = s.CheckIn(ctx, paid, 2, t0, audit.Entry{ActorID: gus.ID, Action: "booking.check_in", ObjectType: "booking"})
		must(t, err)
		mustHold(t, s, alpine, buyer, may1, 2, t0)
		mustHold(t, s, alpine, buyer, may1, 4, t0.Add(-time.Hour))
		// desert's 2 May is closed for sale, its 1 May cancelled.
		closed := true
		_, _, err = s.UpdateDeparture(ctx, desert.ID, may2, catalog.DepartureChange{Closed: &closed}, t0, audit.Entry{Action: "departure.update", ObjectType: "tour"})
		must(t, err)
		_, after, err := s.UpdateDeparture(ctx, desert.ID, may1, catalog.DepartureChange{Cancel: true}, t0, audit.Entry{Action: "departure.cancel", ObjectType: "tour"})
		must(t, err)
		if !after.Cancelled() || !after.Closed {
			t.Errorf("a cancelled departure: %+v, want cancelled and closed", after)
		}

		show := func(list []backoffice.DepartureStats) []string {
			var out []string
			for _, d := range list {
				out = append(out, fmt.Sprintf("%s %s sold=%d held=%d in=%d cap=%d closed=%v cancelled=%v",
					d.Date.Format("01-02"), d.TourName, d.Sold, d.Held, d.CheckedIn, d.Capacity, d.Closed, d.Cancelled))
			}
			return out
		}
		for _, c := range []struct {
			name string
			f    backoffice.CalendarFilter
			want []string
		}{
			{"May", backoffice.CalendarFilter{From: may1, To: may31}, []string{
				"05-01 The alpine sold=3 held=2 in=2 cap=10 closed=false cancelled=false",
				"05-01 The desert sold=0 held=0 in=0 cap=8 closed=true cancelled=true",
				"05-02 The desert sold=0 held=0 in=0 cap=8 closed=true cancelled=false",
				"05-31 The alpine sold=0 held=0 in=0 cap=10 closed=false cancelled=false",
			}},
			{"one day", backoffice.CalendarFilter{From: may2, To: may2}, []string{
				"05-02 The desert sold=0 held=0 in=0 cap=8 closed=true cancelled=false",
			}},
			{"one tour", backoffice.CalendarFilter{From: may1, To: jun1, TourID: alpine.ID}, []string{
				"05-01 The alpine sold=3 held=2 in=2 cap=10 closed=false cancelled=false",
				"05-31 The alpine sold=0 held=0 in=0 cap=10 closed=false cancelled=false",
				"06-01 The alpine sold=0 held=0 in=0 cap=10 closed=false cancelled=false",
			}},
			{"one guide", backoffice.CalendarFilter{From: may1, To: may31, GuideID: ann.ID}, []string{
				"05-01 The desert sold=0 held=0 in=0 cap=8 closed=true cancelled=true",
				"05-02 The desert sold=0 held=0 in=0 cap=8 closed=true cancelled=false",
			}},
			{"open end, limited", backoffice.CalendarFilter{From: may31, Limit: 1}, []string{
				"05-31 The alpine sold=0 held=0 in=0 cap=10 closed=false cancelled=false",
			}},
		} {
			list, err := s.Departures(ctx, c.f, t0)
			must(t, err)
			if got := show(list); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
			}
		}

		// The tour's own departures say which is cancelled; cancelling again keeps the
		// first time.
		tr, err := s.TourByIDAnyStatus(ctx, desert.ID, t0)
		must(t, err)
		if !tr.StartDates[0].Cancelled() || tr.StartDates[1].Cancelled() {
			t.Errorf("the tour's departures: %+v", tr.StartDates)
		}
		first := tr.StartDates[0].CancelledAt
		_, again, err := s.UpdateDeparture(ctx, desert.ID, may1, catalog.DepartureChange{Cancel: true}, t0.Add(time.Hour), audit.Entry{Action: "departure.cancel", ObjectType: "tour"})
		must(t, err)
		if !again.CancelledAt.Equal(first) {
			t.Errorf("cancelled again: at %v, first at %v", again.CancelledAt, first)
		}
	})
}
