// Package format writes dates and times for people, once for every place that shows
// them (pages, emails): in Go, so the server render and the browser never disagree.
package format

import (
	"time"

	"tourbook/internal/tour"
)

// Date writes a departure's day: "Tue 15 June 2027".
func Date(t time.Time) string { return t.UTC().Format("Mon 2 January 2006") }

// DayIn writes the day an instant falls on in a zone, as Date writes days: a review
// written at 20:00 UTC on a Tokyo tour is dated the next day, as its travellers live it.
func DayIn(at time.Time, loc *time.Location) string {
	return at.In(loc).Format("Mon 2 January 2006")
}

// StartTime writes a departure's local start time with its zone, as people read it:
// "09:00 GMT (Atlantic/Reykjavik)", or "09:00 UTC".
func StartTime(t tour.Tour, d tour.StartDate) string {
	at := t.StartsAt(d)
	return Clock(at, at.Location())
}

// Clock writes an instant's time of day in a zone, with the zone:
// "07:00 WET (Europe/Lisbon)", or "07:00 UTC".
func Clock(at time.Time, loc *time.Location) string {
	at = at.In(loc)
	label := at.Format("15:04 MST")
	if name := loc.String(); name != at.Format("MST") {
		label += " (" + name + ")"
	}
	return label
}

// Moment writes an instant in a zone, as people read a deadline:
// "Mon 14 June 2027, 09:00 CEST (Europe/Oslo)".
func Moment(at time.Time, loc *time.Location) string {
	at = at.In(loc)
	label := at.Format("Mon 2 January 2006, 15:04 MST")
	if name := loc.String(); name != at.Format("MST") {
		label += " (" + name + ")"
	}
	return label
}
