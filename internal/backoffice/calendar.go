package backoffice

import (
	"context"
	"slices"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

// CalendarQuery is what the calendar's address asks for, as typed: Month "2031-06",
// Day "2031-06-02" (the day view; its month is then the day's), a tour's id and a
// guide's id (both optional).
type CalendarQuery struct {
	Month, Day, Tour, Guide string
}

// Calendar is a month or a day of departures, with the choices of its filters.
type Calendar struct {
	Month      time.Time // the month's first day
	Day        time.Time // the day of the day view; zero for the month view
	Today      time.Time
	TourID     string
	GuideID    string
	Departures []DepartureStats
	Tours      []tour.Tour    // the tours the filter offers: every tour, or a guide's own
	Guides     []account.User // the guides the filter offers; none for guides
}

// maxCalendarDepartures bounds a month: at more departures than this the operator
// filters by tour.
const maxCalendarDepartures = 3000

// Calendar is the departures of a month or a day for those who may see manifests:
// guides see the tours they guide only (whatever guide they ask for).
func (s *Service) Calendar(ctx context.Context, actor account.User, q CalendarQuery) (Calendar, error) {
	if !account.CanSeeManifests(actor) {
		return Calendar{}, ErrForbidden
	}
	now := s.now()
	c := Calendar{Today: tour.Day(now)}
	c.Month = time.Date(c.Today.Year(), c.Today.Month(), 1, 0, 0, 0, 0, time.UTC)
	if m := strings.TrimSpace(q.Month); m != "" {
		t, err := time.Parse("2006-01", m)
		if err != nil || t.Year() < 2000 || t.Year() > 2200 {
			return Calendar{}, invalid("The month %q cannot be read: please give it as year and month, like 2031-06.", m)
		}
		c.Month = t
	}
	if d := strings.TrimSpace(q.Day); d != "" {
		t, err := time.Parse(time.DateOnly, d)
		if err != nil || t.Year() < 2000 || t.Year() > 2200 {
			return Calendar{}, invalid("The day %q cannot be read: please give it as year, month and day, like 2031-06-02.", d)
		}
		c.Day = t
		c.Month = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	manager := account.CanManageBookings(actor)
	var err error
	if manager {
		if c.Tours, err = s.store.TourNames(ctx); err != nil {
			return Calendar{}, err
		}
		if c.Guides, err = s.store.GuideUsers(ctx); err != nil {
			return Calendar{}, err
		}
	} else if c.Tours, err = s.store.AdminTours(ctx, catalog.Filter{GuideID: actor.ID}, now); err != nil {
		return Calendar{}, err
	}
	f := CalendarFilter{From: c.Month, To: c.Month.AddDate(0, 1, -1), Limit: maxCalendarDepartures}
	if !c.Day.IsZero() {
		f.From, f.To = c.Day, c.Day
	}
	if id := strings.TrimSpace(q.Tour); id != "" {
		if !slices.ContainsFunc(c.Tours, func(t tour.Tour) bool { return t.ID == id }) {
			return Calendar{}, invalid("There is no tour %q to show. Please choose a tour from the list.", id)
		}
		c.TourID, f.TourID = id, id
	}
	if id := strings.TrimSpace(q.Guide); id != "" && manager {
		if !slices.ContainsFunc(c.Guides, func(u account.User) bool { return u.ID == id }) {
			return Calendar{}, invalid("There is no guide %q to show. Please choose a guide from the list.", id)
		}
		c.GuideID, f.GuideID = id, id
	}
	if !manager {
		f.GuideID = actor.ID
	}
	if c.Departures, err = s.store.Departures(ctx, f, now); err != nil {
		return Calendar{}, err
	}
	return c, nil
}

// MyDaysAhead is how far ahead a guide's own screen lists their departures.
const MyDaysAhead = 30

// MyDepartures are the departures of the tours actor guides, from today (in each
// tour's zone: a departure of today stays while its travellers are checked in) to
// MyDaysAhead days on, soonest first: a guide's first screen.
func (s *Service) MyDepartures(ctx context.Context, actor account.User) ([]DepartureStats, error) {
	if !account.CanSeeManifests(actor) {
		return nil, ErrForbidden
	}
	now := s.now()
	deps, err := s.store.Departures(ctx, CalendarFilter{From: now.AddDate(0, 0, -1), To: now.AddDate(0, 0, MyDaysAhead),
		GuideID: actor.ID, Limit: 200}, now)
	if err != nil {
		return nil, err
	}
	list := deps[:0]
	for _, d := range deps {
		y, m, day := now.In(tour.Tour{TimeZone: d.TimeZone}.Zone()).Date()
		today := time.Date(y, m, day, 0, 0, 0, 0, time.UTC)
		if !d.Date.Before(today) {
			list = append(list, d)
		}
	}
	return list, nil
}
