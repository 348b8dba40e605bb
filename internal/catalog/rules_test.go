package catalog

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

func TestSlugify(t *testing.T) {
	for in, want := range map[string]string{
		"Iceland Fire and Ice":        "iceland-fire-and-ice",
		"  Île de Ré — 3 days!  ":     "ile-de-re-3-days",
		"Japan's Old Post Roads":      "japan-s-old-post-roads",
		"Ærø & Fanø":                  "aero-fano",
		"Þingvellir og Þórsmörk":      "thingvellir-og-thorsmork",
		"東京":                          "",
		"---":                         "",
		strings.Repeat("long ", 40):   strings.TrimRight(strings.Repeat("long-", 16), "-"),
		"Crème brûlée (Paris), 2027!": "creme-brulee-paris-2027",
	} {
		if got := Slugify(in); got != want {
			t.Errorf("Slugify(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzSlugify: whatever an operator types as a name, the slug made of it is empty or
// one the slug rule accepts.
func FuzzSlugify(f *testing.F) {
	for _, s := range []string{"Iceland Fire and Ice", "Île de Ré", "", "-a-", "a--b", "東京 tour", strings.Repeat("x", 200)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s := Slugify(name)
		if s != "" && (!slugRE.MatchString(s) || len(s) > maxSlugLen) {
			t.Errorf("Slugify(%q) = %q: not a valid slug", name, s)
		}
	})
}

// FuzzDepartureSeries: any series input is refused with a message or gives days that
// are the chosen weekdays, in order, inside the range, and not started.
func FuzzDepartureSeries(f *testing.F) {
	f.Add("2031-03-01", "2031-03-31", 1, 4, "08:30")
	f.Add("2031-03-31", "2031-03-01", 0, 6, "")
	f.Add("2030-12-30", "2031-01-05", 7, -1, "25:61")
	now := time.Date(2031, 3, 10, 12, 0, 0, 0, time.UTC)
	loc, _ := tour.LoadZone("Pacific/Auckland")
	f.Fuzz(func(t *testing.T, from, to string, w1, w2 int, startTime string) {
		st, err := checkStartTime(startTime)
		if err != nil {
			return
		}
		var fields fault.Fields
		days, past, err := series(&fields, DepartureInput{From: from, To: to, Weekdays: []int{w1, w2}}, st, loc, now)
		if err == nil {
			err = fields.Err()
		}
		if err != nil {
			if msg := err.Error(); msg == "" || !utf8.ValidString(msg) {
				t.Fatalf("refusal without a readable message: %q", msg)
			}
			return
		}
		first, _ := time.Parse(time.DateOnly, strings.TrimSpace(from))
		last, _ := time.Parse(time.DateOnly, strings.TrimSpace(to))
		if len(days) > maxSeriesDays+1 || past < 0 {
			t.Fatalf("%d days, %d past", len(days), past)
		}
		for i, d := range days {
			if d.Before(first) || d.After(last) || (int(d.Weekday()) != w1 && int(d.Weekday()) != w2) ||
				!tour.StartsAt(d, st, loc).After(now) || (i > 0 && !d.After(days[i-1])) {
				t.Fatalf("day %s of series %s..%s on %d,%d", d.Format(time.DateOnly), from, to, w1, w2)
			}
		}
	})
}

func TestValidateTidiesAndRefuses(t *testing.T) {
	good := func() tour.Tour {
		return tour.Tour{
			Name: "  Fjord Days ", Summary: "Fjords.", Difficulty: tour.Easy, DurationDays: 3,
			MaxGroupSize: 10, PriceMinor: 50000, Currency: "NOK", TimeZone: "Europe/Oslo",
			StartLocation: tour.Location{Point: tour.Point{Lng: 5.32, Lat: 60.39}, Description: "Bergen"},
			Policy:        tour.DefaultPolicy(),
		}
	}
	tr := good()
	if err := validate(&tr, nil, &fault.Fields{}); err != nil {
		t.Fatal(err)
	}
	if tr.Name != "Fjord Days" || tr.Slug != "fjord-days" || tr.Currency != "nok" {
		t.Errorf("tidied to %q %q %q", tr.Name, tr.Slug, tr.Currency)
	}
	for name, change := range map[string]func(*tour.Tour){
		"direction override in the name": func(t *tour.Tour) { t.Name = "Fjord\u202eDays" },
		"tab in the summary":             func(t *tour.Tour) { t.Summary = "a\tb" },
		"name too long":                  func(t *tour.Tour) { t.Name = strings.Repeat("n", 101) },
		"no letters for a slug":          func(t *tour.Tour) { t.Name = "!!!" },
		"duplicate guide":                func(t *tour.Tour) { t.Guides = []tour.Guide{{UserID: "g"}, {UserID: "g"}} },
		"stop without a description":     func(t *tour.Tour) { t.Locations = []tour.Location{{Day: 1}} },
	} {
		tr := good()
		change(&tr)
		err := validate(&tr, map[string]bool{"g": true}, &fault.Fields{})
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// Multiline descriptions keep their line breaks.
	tr = good()
	tr.Description = "One.\nTwo.\r\n\tThree."
	if err := validate(&tr, nil, &fault.Fields{}); err != nil {
		t.Errorf("multiline description: %v", err)
	}
}
