package view

import (
	"net/url"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/tour"
)

// The calendar of departures (/admin/calendar) and the guides' first screen.

// CalendarDay is one day of the month grid.
type CalendarDay struct {
	// Yyyy-mm-dd.
	Date string `json:"date"`
	// "2".
	Number int `json:"number"`
	// "Mon 2 June 2031".
	Label string `json:"label"`
	// False for the days of the months before and after that fill the first and last weeks.
	InMonth bool `json:"inMonth"`
	Today   bool `json:"today"`
	// The day view of this day, with the filters.
	URL        string               `json:"url"`
	Departures []DashboardDeparture `json:"departures"`
}

// CalendarFilters are the calendar's filters as the address gave them.
type CalendarFilters struct {
	Tour  string `json:"tour"`
	Guide string `json:"guide"`
}

// AdminCalendarProps are the props of /admin/calendar?month=&day=&tour=&guide=.
type AdminCalendarProps struct {
	// "month" or "day".
	View string `json:"view" tstype:"'month' | 'day'"`
	// "2031-06".
	Month string `json:"month"`
	// "June 2031".
	MonthLabel string `json:"monthLabel"`
	// The day view's day (yyyy-mm-dd), "" in the month view.
	Day string `json:"day"`
	// "Mon 2 June 2031", "" in the month view.
	DayLabel string `json:"dayLabel"`
	// Links that move the view (with the filters): the month or day before and after,
	// the day view's month, and today.
	PrevURL  string `json:"prevUrl"`
	NextURL  string `json:"nextUrl"`
	MonthURL string `json:"monthUrl"`
	TodayURL string `json:"todayUrl"`
	// The month view's weeks, Monday first; empty in the day view.
	Weeks [][]CalendarDay `json:"weeks"`
	// The departures shown, soonest first.
	Departures []DashboardDeparture `json:"departures"`
	Filters    CalendarFilters      `json:"filters"`
	Tours      []IDName             `json:"tours"`
	// Empty for guides, who see their own tours only.
	Guides []IDName `json:"guides"`
}

// calendarURL is the calendar's address for a month or a day, with the filters.
func calendarURL(month, day string, f CalendarFilters) string {
	q := url.Values{}
	if day != "" {
		q.Set("day", day)
	} else if month != "" {
		q.Set("month", month)
	}
	if f.Tour != "" {
		q.Set("tour", f.Tour)
	}
	if f.Guide != "" {
		q.Set("guide", f.Guide)
	}
	if len(q) == 0 {
		return "/admin/calendar"
	}
	return "/admin/calendar?" + q.Encode()
}

// NewAdminCalendarProps lays out a month (Monday first) or a day of departures.
func NewAdminCalendarProps(c backoffice.Calendar) AdminCalendarProps {
	f := CalendarFilters{Tour: c.TourID, Guide: c.GuideID}
	const monthLayout = "2006-01"
	p := AdminCalendarProps{View: "month", Month: c.Month.Format(monthLayout), MonthLabel: c.Month.Format("January 2006"),
		Weeks: [][]CalendarDay{}, Departures: make([]DashboardDeparture, 0, len(c.Departures)), Filters: f,
		Tours: make([]IDName, 0, len(c.Tours)), Guides: make([]IDName, 0, len(c.Guides)),
		MonthURL: calendarURL(c.Month.Format(monthLayout), "", f), TodayURL: calendarURL("", "", f)}
	for _, t := range c.Tours {
		p.Tours = append(p.Tours, IDName{ID: t.ID, Name: t.Name})
	}
	for _, g := range c.Guides {
		p.Guides = append(p.Guides, IDName{ID: g.ID, Name: g.Name})
	}
	byDay := map[string][]DashboardDeparture{}
	for _, d := range c.Departures {
		dd := NewDashboardDeparture(d)
		p.Departures = append(p.Departures, dd)
		byDay[dd.Date] = append(byDay[dd.Date], dd)
	}
	if !c.Day.IsZero() {
		p.View, p.Day, p.DayLabel = "day", c.Day.Format(time.DateOnly), FormatDate(c.Day)
		p.PrevURL = calendarURL("", c.Day.AddDate(0, 0, -1).Format(time.DateOnly), f)
		p.NextURL = calendarURL("", c.Day.AddDate(0, 0, 1).Format(time.DateOnly), f)
		return p
	}
	p.PrevURL = calendarURL(c.Month.AddDate(0, -1, 0).Format(monthLayout), "", f)
	p.NextURL = calendarURL(c.Month.AddDate(0, 1, 0).Format(monthLayout), "", f)
	// From the Monday on or before the first to the Sunday on or after the last.
	start := c.Month.AddDate(0, 0, -((int(c.Month.Weekday()) + 6) % 7))
	end := c.Month.AddDate(0, 1, -1)
	end = end.AddDate(0, 0, (7-int(end.Weekday()))%7)
	var week []CalendarDay
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		key := d.Format(time.DateOnly)
		deps := byDay[key]
		if deps == nil {
			deps = []DashboardDeparture{}
		}
		week = append(week, CalendarDay{Date: key, Number: d.Day(), Label: FormatDate(d), InMonth: d.Month() == c.Month.Month(),
			Today: d.Equal(c.Today), URL: calendarURL("", key, f), Departures: deps})
		if len(week) == 7 {
			p.Weeks = append(p.Weeks, week)
			week = nil
		}
	}
	return p
}

// MyDeparturesProps are the props of a guide's first screen (/admin for guides and lead
// guides): their departures today and next, made for a phone.
type MyDeparturesProps struct {
	Departures []MyDeparture `json:"departures"`
	// "/admin/dashboard" for lead guides, "" for guides.
	DashboardURL string `json:"dashboardUrl"`
	// "/admin/calendar".
	CalendarURL string `json:"calendarUrl"`
}

// MyDeparture is one of a guide's departures.
type MyDeparture struct {
	DashboardDeparture
	// True for a departure of today, in the tour's zone: it can be checked in.
	Today bool `json:"today"`
}

// NewMyDepartures lists a guide's departures, today's marked (today in each tour's zone).
func NewMyDepartures(deps []backoffice.DepartureStats, now time.Time) []MyDeparture {
	out := make([]MyDeparture, 0, len(deps))
	for _, d := range deps {
		zone := tour.Tour{TimeZone: d.TimeZone}.Zone()
		out = append(out, MyDeparture{DashboardDeparture: NewDashboardDeparture(d),
			Today: now.In(zone).Format(time.DateOnly) == d.Date.Format(time.DateOnly)})
	}
	return out
}
