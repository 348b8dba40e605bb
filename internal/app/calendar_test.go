package app

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// The calendar shows a day's departures with their manifests, guides only their own; a
// guide's and a lead guide's first screen is their departures today and next, with the
// check-in; a cancelled departure reads "Cancelled" and cannot be reopened; a series is
// changed at once, never below the seats sold.
func TestCalendarAndTheGuidesScreen(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, lead, guide := s.client(t), s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		s.login(t, guide, "kwame@example.com")
		var guided, other adminTour
		for _, row := range s.tourRows(t) {
			switch row.Name {
			case "Sahara and the High Atlas":
				guided = row
			case "The Matterhorn Glacier Trek":
				other = row
			}
		}
		// Departures tomorrow and the day after for both tours, in their own zones.
		day1 := time.Now().AddDate(0, 0, 2).Format(time.DateOnly)
		day2 := time.Now().AddDate(0, 0, 3).Format(time.DateOnly)
		for _, id := range []string{guided.ID, other.ID} {
			for _, d := range []string{day1, day2} {
				r := s.send(t, admin, "POST", "/api/v1/tours/"+id+"/departures", map[string]any{"date": d, "startTime": "08:15",
					"meetingPoint": "Gate " + d})
				if r.status != 201 {
					t.Fatalf("add departure %s: %d %s", d, r.status, r.body)
				}
			}
		}
		walkIn := s.send(t, admin, "POST", "/api/v1/tours/"+guided.ID+"/departures/"+day1+"/bookings",
			map[string]any{"email": "cal@example.com", "name": "Cal Endar", "participants": 3, "paymentMethod": "cash"})
		if walkIn.status != 201 {
			t.Fatalf("walk-in: %d %s", walkIn.status, walkIn.body)
		}
		manifest := func(id, d string) string { return `"manifestUrl":"/admin/tours/` + id + `/departures/` + d + `"` }

		// The operator's day: both tours, each with its manifest and seats.
		page := s.get(t, admin, "/admin/calendar?day="+day1)
		for _, want := range []string{manifest(guided.ID, day1), manifest(other.ID, day1), `"sold":3`, `"meetingPoint":"Gate ` + day1 + `"`,
			`"view":"day"`} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the admin's day lacks %s", want)
			}
		}
		// The month view holds them too; filtered by tour, only that tour's.
		month := day1[:7]
		page = s.get(t, admin, "/admin/calendar?month="+month+"&tour="+other.ID)
		if !strings.Contains(page.body, manifest(other.ID, day1)) || strings.Contains(page.body, manifest(guided.ID, day1)) {
			t.Errorf("the month filtered by tour shows the wrong departures")
		}
		// The guide's day: their tour's only, whatever guide they ask for.
		page = s.get(t, guide, "/admin/calendar?day="+day1+"&guide=nobody")
		if page.status != 200 || !strings.Contains(page.body, manifest(guided.ID, day1)) || strings.Contains(page.body, manifest(other.ID, day1)) {
			t.Errorf("the guide's day: %d, shows others' departures or not theirs", page.status)
		}
		if r := s.get(t, admin, "/admin/calendar?month=June"); r.status != 400 || !strings.Contains(r.body, "please give it as year and month, like 2031-06") {
			t.Errorf("a month that cannot be read: %d", r.status)
		}

		// The guide's first screen: their departures, with the check-in.
		page = s.get(t, guide, "/admin")
		for _, want := range []string{`"adminMyDepartures"`, manifest(guided.ID, day1), `"checkInUrl":"/admin/tours/` + guided.ID + `/departures/` + day1 + `/check-in"`,
			`"meetingPoint":"Gate ` + day1 + `"`, `"dashboardUrl":""`} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the guide's first screen lacks %s", want)
			}
		}
		if strings.Contains(page.body, manifest(other.ID, day1)) {
			t.Errorf("the guide's first screen shows another tour")
		}
		if page = s.get(t, lead, "/admin"); !strings.Contains(page.body, `"adminMyDepartures"`) || !strings.Contains(page.body, `"dashboardUrl":"/admin/dashboard"`) {
			t.Errorf("the lead guide's first screen is not theirs")
		}
		if page = s.get(t, lead, "/admin/dashboard"); !strings.Contains(page.body, `"adminDashboard"`) || !strings.Contains(page.body, `"calendarUrl":"/admin/calendar"`) {
			t.Errorf("the lead guide's dashboard")
		}
		if page = s.get(t, admin, "/admin"); !strings.Contains(page.body, `"adminDashboard"`) {
			t.Errorf("the admin's first screen is not the dashboard")
		}

		// A series of the other tour (both days): capacity below the seats sold is refused
		// for all; then the meeting point changes on both.
		series := "/api/v1/tours/" + other.ID + "/departures"
		from, to := day1, day2
		otherWalkIn := s.send(t, admin, "POST", "/api/v1/tours/"+other.ID+"/departures/"+day2+"/bookings",
			map[string]any{"email": "cal@example.com", "name": "Cal Endar", "participants": 2, "paymentMethod": "cash"})
		if otherWalkIn.status != 201 {
			t.Fatalf("walk-in: %d %s", otherWalkIn.status, otherWalkIn.body)
		}
		all := []int{0, 1, 2, 3, 4, 5, 6}
		refused(t, "series below the seats sold", s.send(t, admin, "PATCH", series, map[string]any{"from": from, "to": to, "weekdays": all, "capacity": 1}),
			409, "2 seats are already sold or held")
		r := s.send(t, admin, "PATCH", series, map[string]any{"from": from, "to": to, "weekdays": all, "meetingPoint": "Zermatt station"})
		if data := decode(t, r)["data"]; r.status != 200 || data.(map[string]any)["updated"] != float64(2) {
			t.Errorf("series change: %d %s", r.status, r.body)
		}
		for _, d := range s.tourByIDAny(t, other.ID).StartDates {
			if f := d.Date.Format(time.DateOnly); (f == day1 || f == day2) && (d.MeetingPoint != "Zermatt station" || d.Capacity == 1) {
				t.Errorf("departure %s after the series change: %+v", f, d)
			}
		}

		// Cancelled: "Cancelled" on the calendar and the tour, never reopened.
		cancel := s.send(t, admin, "POST", "/api/v1/tours/"+guided.ID+"/departures/"+day2+"/cancel", map[string]any{"reason": "Sandstorm"})
		if cancel.status != 200 {
			t.Fatalf("cancel the departure: %d %s", cancel.status, cancel.body)
		}
		if page = s.get(t, admin, "/admin/calendar?day="+day2+"&tour="+guided.ID); !strings.Contains(page.body, `"statusLabel":"Cancelled"`) {
			t.Errorf("the calendar does not say Cancelled")
		}
		refused(t, "reopen a cancelled departure", s.send(t, admin, "PATCH", "/api/v1/tours/"+guided.ID+"/departures/"+day2, map[string]any{"closed": false}),
			409, "was cancelled, so it cannot be reopened or changed")
		list := s.send(t, admin, "GET", "/api/v1/tours/"+guided.ID+"/departures", nil)
		if list.status != http.StatusOK || !strings.Contains(list.body, `"date":"`+day2+`"`) || !strings.Contains(list.body, `"cancelled":true`) {
			t.Errorf("the tour's departures do not say cancelled: %.300s", list.body)
		}
	})
}
