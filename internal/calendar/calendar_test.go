package calendar

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	ics "github.com/arran4/golang-ical"
)

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func parse(t testing.TB, b []byte) *ics.Calendar {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("parse:\n%s\n%v", b, err)
	}
	return cal
}

func TestICSParsesWithTheDeparturesZone(t *testing.T) {
	zurich := zone(t, "Europe/Zurich")
	e := Event{
		UID: "booking-6b03@tours.example", Sequence: 2,
		Start:       time.Date(2027, 7, 15, 8, 30, 0, 0, zurich),
		End:         time.Date(2027, 7, 20, 8, 30, 0, 0, zurich),
		Summary:     "The Matterhorn Glacier Trek; 2 people, paid",
		Description: "Meet at the station.\nBring boots, a hat\\cap and water.",
		Location:    "Zermatt station, Bahnhofplatz",
		URL:         "https://tours.example/my-tours",
		Stamp:       time.Date(2027, 3, 1, 10, 0, 0, 0, time.UTC),
	}
	b := ICS("-//Tourbook//Bookings//EN", e)
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets: %q", len(line), line)
		}
	}
	cal := parse(t, b)
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	ev := events[0]
	start := ev.GetProperty(ics.ComponentPropertyDtStart)
	if start.Value != "20270715T083000" || start.ICalParameters["TZID"][0] != "Europe/Zurich" {
		t.Errorf("DTSTART %q %v", start.Value, start.ICalParameters)
	}
	got, err := ev.GetStartAt()
	if err != nil || !got.Equal(e.Start) {
		t.Errorf("start %v (%v), want %v", got, err, e.Start)
	}
	for prop, want := range map[ics.ComponentProperty]string{
		ics.ComponentPropertyUniqueId:    e.UID,
		ics.ComponentPropertySummary:     e.Summary,
		ics.ComponentPropertyDescription: e.Description,
		ics.ComponentPropertyLocation:    e.Location,
		ics.ComponentPropertySequence:    "2",
		ics.ComponentPropertyStatus:      "CONFIRMED",
	} {
		if p := ev.GetProperty(prop); p == nil || p.Value != want && unescape(p.Value) != want {
			t.Errorf("%s = %v, want %q", prop, p, want)
		}
	}
	// The zone is defined in the file: summer time in July, its change in March and
	// October around the event.
	tz := cal.Timezones()
	if len(tz) != 1 {
		t.Fatalf("%d VTIMEZONE", len(tz))
	}
	text := string(b)
	for _, want := range []string{"TZID:Europe/Zurich", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
		"DTSTART:20270328T020000", "BEGIN:STANDARD", "DTSTART:20271031T030000", "TZNAME:CEST"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q", want)
		}
	}
}

// unescape undoes RFC 5545 TEXT escaping, for parsers that keep it.
func unescape(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\;`, ";", `\,`, ",", `\n`, "\n", `\N`, "\n").Replace(s)
}

func TestICSForAZoneWithoutSummerTime(t *testing.T) {
	reykjavik := zone(t, "Atlantic/Reykjavik")
	b := ICS("-//T//B//EN", Event{UID: "u1", Start: time.Date(2027, 1, 5, 9, 0, 0, 0, reykjavik),
		End: time.Date(2027, 1, 6, 9, 0, 0, 0, reykjavik), Summary: "Iceland", Stamp: time.Now()})
	parse(t, b)
	text := string(b)
	for _, want := range []string{"DTSTART;TZID=Atlantic/Reykjavik:20270105T090000", "BEGIN:STANDARD",
		"TZOFFSETFROM:+0000", "TZOFFSETTO:+0000", "TZNAME:GMT"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "DAYLIGHT") {
		t.Error("a zone without summer time got a DAYLIGHT part")
	}
}

func TestICSIsStableAndCancellable(t *testing.T) {
	loc := zone(t, "Asia/Kathmandu") // +0545
	e := Event{UID: "same", Start: time.Date(2027, 10, 1, 6, 0, 0, 0, loc), End: time.Date(2027, 10, 9, 6, 0, 0, 0, loc),
		Summary: "Trek", Stamp: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}
	if !bytes.Equal(ICS("p", e), ICS("p", e)) {
		t.Error("the same event written twice differs")
	}
	if !strings.Contains(string(ICS("p", e)), "TZOFFSETTO:+0545") {
		t.Error("Kathmandu's offset")
	}
	e.Cancelled, e.Sequence = true, 1
	ev := parse(t, ICS("p", e)).Events()[0]
	if ev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" || ev.GetProperty(ics.ComponentPropertyUniqueId).Value != "same" {
		t.Error("a cancelled entry keeps its UID and says it is cancelled")
	}
}

// FuzzICSText: whatever a tour's name or meeting point holds, the file parses, every
// line is at most 75 octets of valid UTF-8, and the text comes back as it went in.
func FuzzICSText(f *testing.F) {
	for _, s := range []string{"Plain", "semi;colon, comma\\back", "line\nbreak", strings.Repeat("é", 80), "tab\tand\rcr", "\x00\x1f"} {
		f.Add(s)
	}
	loc := zone(f, "Europe/Oslo")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		b := ICS("p", Event{UID: "u", Start: time.Date(2027, 6, 1, 9, 0, 0, 0, loc), End: time.Date(2027, 6, 2, 9, 0, 0, 0, loc),
			Summary: s, Location: s, Stamp: time.Unix(0, 0)})
		for _, line := range strings.Split(string(b), "\r\n") {
			if len(line) > 75 || !utf8.ValidString(line) {
				t.Fatalf("line %q", line)
			}
		}
		cal, err := ics.ParseCalendar(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("parse: %v\n%s", err, b)
		}
		// Line breaks are kept (escaped); other control characters are dropped.
		keepBreaks := func(r rune) rune {
			if r == '\n' {
				return r
			}
			return noControl(r)
		}
		want := strings.Map(keepBreaks, strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s))
		// The parser unescapes TEXT values itself or leaves them escaped, by version.
		if raw := cal.Events()[0].GetProperty(ics.ComponentPropertySummary).Value; raw != want && unescape(raw) != want {
			t.Fatalf("summary %q came back as %q", want, raw)
		}
	})
}

// TestICSOrganizer: the business organises the event, by a quoted name that may hold
// the characters that end a parameter, and its email; no email, no ORGANIZER.
func TestICSOrganizer(t *testing.T) {
	loc := zone(t, "Europe/Oslo")
	e := Event{UID: "u", Start: time.Date(2027, 6, 1, 9, 0, 0, 0, loc), End: time.Date(2027, 6, 2, 9, 0, 0, 0, loc),
		Summary: "Fjord", Stamp: time.Unix(0, 0),
		Organizer: Organizer{Name: `Fjord & Fell: "Tours"; Bergen, Norway`, Email: "hello@fjordfell.example"}}
	b := ICS("-//Fjord & Fell//Bookings//EN", e)
	unfolded := strings.ReplaceAll(string(b), "\r\n ", "")
	if want := "ORGANIZER;CN=\"Fjord & Fell: 'Tours'; Bergen, Norway\":mailto:hello@fjordfell.example\r\n"; !strings.Contains(unfolded, want) {
		t.Errorf("the file lacks %q:\n%s", want, b)
	}
	p := parse(t, b).Events()[0].GetProperty(ics.ComponentPropertyOrganizer)
	if p == nil || p.Value != "mailto:hello@fjordfell.example" || len(p.ICalParameters["CN"]) != 1 ||
		strings.Trim(p.ICalParameters["CN"][0], `"`) != `Fjord & Fell: 'Tours'; Bergen, Norway` {
		t.Errorf("ORGANIZER parsed as %+v", p)
	}
	e.Organizer.Email = ""
	if strings.Contains(string(ICS("p", e)), "ORGANIZER") {
		t.Error("an organiser without an email is written")
	}
}
