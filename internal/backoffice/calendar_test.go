package backoffice_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// zonedTour is a published tour in zone, guided by guide, departing on days.
func zonedTour(t *testing.T, st *store.Store, slug, zone string, guide account.User, days ...time.Time) tour.Tour {
	t.Helper()
	tr := tour.Tour{Slug: slug, Name: "The " + slug, Summary: "A summary.", Description: "A tour.", DurationDays: 1,
		MaxGroupSize: 10, Difficulty: tour.Easy, PriceMinor: 10000, Currency: "eur", TimeZone: zone,
		StartLocation: tour.Location{Point: tour.Point{Lng: 1, Lat: 1}, Description: "Here"},
		Guides:        []tour.Guide{{UserID: guide.ID}}}
	for _, d := range days {
		tr.StartDates = append(tr.StartDates, tour.StartDate{Date: d})
	}
	if err := st.CreateTour(t.Context(), &tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

func days(list []backoffice.DepartureStats) []string {
	var out []string
	for _, d := range list {
		out = append(out, d.TourName+" "+d.Date.Format("01-02"))
	}
	return out
}

// A guide's first screen starts at today in each tour's own zone; the calendar shows a
// guide their tours only and refuses, in words, what it cannot read.
func TestCalendarAndMyDepartures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		// Noon UTC on 2 June 2031: already 3 June in Kiritimati (UTC+14), still 2 June in
		// Pago Pago (UTC-11).
		now := time.Date(2031, 6, 2, 12, 0, 0, 0, time.UTC)
		day := func(d int) time.Time { return time.Date(2031, 6, d, 0, 0, 0, 0, time.UTC) }
		office := backoffice.NewService(st, backoffice.Options{Now: func() time.Time { return now }})
		gus := storetest.AddUser(t, st, "gus", account.RoleGuide)
		ann := storetest.AddUser(t, st, "ann", account.RoleGuide)
		admin := storetest.AddUser(t, st, "admin", account.RoleAdmin)
		zonedTour(t, st, "east", "Pacific/Kiritimati", gus, day(2), day(3), day(20))
		zonedTour(t, st, "west", "Pacific/Pago_Pago", gus, day(1), day(2))
		other := zonedTour(t, st, "elsewhere", "Europe/Oslo", ann, day(2))

		mine, err := office.MyDepartures(t.Context(), gus)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := days(mine), []string{"The west 06-02", "The east 06-03", "The east 06-20"}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("gus's departures: %q, want %q", got, want)
		}

		c, err := office.Calendar(t.Context(), gus, backoffice.CalendarQuery{Month: "2031-06", Guide: ann.ID})
		if err != nil {
			t.Fatal(err)
		}
		if got := days(c.Departures); len(got) != 5 || strings.Contains(fmt.Sprint(got), "elsewhere") || len(c.Guides) != 0 || len(c.Tours) != 2 {
			t.Errorf("gus's month: %q, %d guides and %d tours offered", got, len(c.Guides), len(c.Tours))
		}
		c, err = office.Calendar(t.Context(), admin, backoffice.CalendarQuery{Day: "2031-06-02", Guide: ann.ID})
		if err != nil || fmt.Sprint(days(c.Departures)) != "[The elsewhere 06-02]" || c.Month != day(1) {
			t.Errorf("the admin's day by Ann: %v %q", err, days(c.Departures))
		}
		for _, bad := range []struct {
			who  account.User
			q    backoffice.CalendarQuery
			want string
		}{
			{gus, backoffice.CalendarQuery{Month: "June"}, `The month "June" cannot be read`},
			{gus, backoffice.CalendarQuery{Month: "1999-12"}, `The month "1999-12" cannot be read`},
			{gus, backoffice.CalendarQuery{Day: "2031-02-30"}, `The day "2031-02-30" cannot be read`},
			{gus, backoffice.CalendarQuery{Tour: other.ID}, "There is no tour"},
			{admin, backoffice.CalendarQuery{Guide: admin.ID}, "There is no guide"},
		} {
			_, err := office.Calendar(t.Context(), bad.who, bad.q)
			var p interface{ PublicMessage() string }
			if !errors.As(err, &p) || !strings.HasPrefix(p.PublicMessage(), bad.want) {
				t.Errorf("%+v: %v, want %q", bad.q, err, bad.want)
			}
		}
		traveller := storetest.AddUser(t, st, "tom", account.RoleUser)
		if _, err := office.Calendar(t.Context(), traveller, backoffice.CalendarQuery{}); !errors.Is(err, backoffice.ErrForbidden) {
			t.Errorf("a traveller's calendar: %v", err)
		}
		if _, err := office.MyDepartures(t.Context(), traveller); !errors.Is(err, backoffice.ErrForbidden) {
			t.Errorf("a traveller's departures: %v", err)
		}
	})
}
