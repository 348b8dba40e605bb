// Package calendar writes iCalendar files (RFC 5545) for bookings: one event with its
// start in the departure's own time zone (TZID, with the VTIMEZONE that defines it) and
// a stable UID, so that a file sent again updates the same entry in a calendar rather
// than adding a second one.
package calendar

import (
	"bytes"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Event is one calendar entry.
type Event struct {
	// UID names the entry for good: the same booking always has the same UID.
	UID string
	// Sequence is raised each time the entry is sent again with changes.
	Sequence int
	// Start and End are in the event's zone (their Location); End after Start.
	Start, End  time.Time
	Summary     string
	Description string
	Location    string
	URL         string
	// Stamp is when this version of the entry was made (DTSTAMP).
	Stamp time.Time
	// Cancelled marks the entry as cancelled (STATUS:CANCELLED), for a booking that is.
	Cancelled bool
	// Organizer is who runs the event: the business, by name and email (ORGANIZER;CN=…:
	// mailto:…); left out without an email, which the property needs.
	Organizer Organizer
}

// Organizer is an event's organiser.
type Organizer struct {
	Name, Email string
}

// ICS is the calendar file of e, with the product id prodID ("-//Tourbook//Bookings//EN").
func ICS(prodID string, e Event) []byte {
	var w writer
	w.line("BEGIN:VCALENDAR")
	w.line("VERSION:2.0")
	w.prop("PRODID", prodID)
	w.line("CALSCALE:GREGORIAN")
	w.line("METHOD:PUBLISH")
	loc := e.Start.Location()
	utc := loc == time.UTC || loc.String() == "UTC"
	if !utc {
		writeZone(&w, loc, e.Start.AddDate(-1, 0, 0), e.End.AddDate(1, 0, 0))
	}
	w.line("BEGIN:VEVENT")
	w.prop("UID", e.UID)
	w.line("SEQUENCE:" + fmt.Sprint(e.Sequence))
	w.line("DTSTAMP:" + e.Stamp.UTC().Format("20060102T150405Z"))
	if utc {
		w.line("DTSTART:" + e.Start.UTC().Format("20060102T150405Z"))
		w.line("DTEND:" + e.End.UTC().Format("20060102T150405Z"))
	} else {
		w.line("DTSTART;TZID=" + loc.String() + ":" + e.Start.In(loc).Format("20060102T150405"))
		w.line("DTEND;TZID=" + loc.String() + ":" + e.End.In(loc).Format("20060102T150405"))
	}
	w.text("SUMMARY", e.Summary)
	if e.Description != "" {
		w.text("DESCRIPTION", e.Description)
	}
	if e.Location != "" {
		w.text("LOCATION", e.Location)
	}
	if e.URL != "" {
		w.prop("URL", e.URL)
	}
	if o := e.Organizer; o.Email != "" {
		name := ""
		if o.Name != "" {
			name = ";CN=" + paramValue(o.Name)
		}
		w.prop("ORGANIZER"+name, "mailto:"+o.Email)
	}
	if e.Cancelled {
		w.line("STATUS:CANCELLED")
	} else {
		w.line("STATUS:CONFIRMED")
	}
	w.line("END:VEVENT")
	w.line("END:VCALENDAR")
	return w.Bytes()
}

// writeZone writes the VTIMEZONE of loc for the span from..to: one STANDARD or DAYLIGHT
// part per change of offset in it (found from Go's zone data), or one part for a zone
// that keeps its offset.
func writeZone(w *writer, loc *time.Location, from, to time.Time) {
	w.line("BEGIN:VTIMEZONE")
	w.prop("TZID", loc.String())
	changes := transitions(loc, from, to)
	if len(changes) == 0 {
		name, offset := from.In(loc).Zone()
		part(w, "STANDARD", time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), offset, offset, name)
	}
	for _, c := range changes {
		_, offsetFrom := c.Add(-time.Second).In(loc).Zone()
		name, offsetTo := c.In(loc).Zone()
		kind := "STANDARD"
		if c.In(loc).IsDST() {
			kind = "DAYLIGHT"
		}
		// DTSTART of a part is the local time of the change in the offset it leaves.
		part(w, kind, c.Add(time.Duration(offsetFrom)*time.Second).UTC(), offsetFrom, offsetTo, name)
	}
	w.line("END:VTIMEZONE")
}

func part(w *writer, kind string, start time.Time, from, to int, name string) {
	w.line("BEGIN:" + kind)
	w.line("DTSTART:" + start.Format("20060102T150405"))
	w.line("TZOFFSETFROM:" + offset(from))
	w.line("TZOFFSETTO:" + offset(to))
	w.text("TZNAME", name)
	w.line("END:" + kind)
}

// transitions lists the moments in from..to at which loc changes its offset.
func transitions(loc *time.Location, from, to time.Time) []time.Time {
	var out []time.Time
	_, prev := from.In(loc).Zone()
	for t := from; t.Before(to); {
		next := t.Add(24 * time.Hour)
		if _, off := next.In(loc).Zone(); off != prev {
			// Narrow the day down to the second.
			lo, hi := t, next
			for hi.Sub(lo) > time.Second {
				mid := lo.Add(hi.Sub(lo) / 2)
				if _, o := mid.In(loc).Zone(); o == prev {
					lo = mid
				} else {
					hi = mid
				}
			}
			out = append(out, hi.Truncate(time.Second))
			prev = off
		}
		t = next
	}
	return out
}

// offset writes seconds east of UTC as RFC 5545 wants it: "+0130", "-0300".
func offset(sec int) string {
	sign := "+"
	if sec < 0 {
		sign, sec = "-", -sec
	}
	s := fmt.Sprintf("%s%02d%02d", sign, sec/3600, sec%3600/60)
	if r := sec % 60; r != 0 {
		s += fmt.Sprintf("%02d", r)
	}
	return s
}

// writer writes content lines: CRLF ends, folded at 75 octets without splitting a
// character.
type writer struct{ bytes.Buffer }

func (w *writer) line(s string) {
	limit := 75
	for len(s) > limit {
		cut := limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		w.WriteString(s[:cut])
		w.WriteString("\r\n ")
		s = s[cut:]
		limit = 74 // the space that starts a continuation line is one of its 75 octets
	}
	w.WriteString(s)
	w.WriteString("\r\n")
}

// prop writes a property whose value is not text (a URI, an id): control characters
// are dropped so they cannot end the line early.
func (w *writer) prop(name, value string) {
	w.line(name + ":" + strings.Map(noControl, value))
}

// text writes a TEXT property, escaped (RFC 5545 §3.3.11).
func (w *writer) text(name, value string) {
	value = strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`, "\r", `\n`).Replace(value)
	w.line(name + ":" + strings.Map(noControl, value))
}

// paramValue is a parameter's value (RFC 5545 §3.2): quoted, since a name may hold
// ":", ";" or ","; a double quote, which cannot be in one, becomes a single one.
func paramValue(s string) string {
	return `"` + strings.ReplaceAll(strings.Map(noControl, s), `"`, "'") + `"`
}

func noControl(r rune) rune {
	if r < 0x20 && r != '\t' || r == 0x7f {
		return -1
	}
	return r
}
