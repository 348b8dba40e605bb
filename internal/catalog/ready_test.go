package catalog

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// A tour is published only with a cover, a departure still to come and on sale, a
// price and a stop; the refusal names everything missing, each under its part of the page.
func TestReadyToPublish(t *testing.T) {
	now := time.Date(2031, 3, 10, 12, 0, 0, 0, time.UTC)
	day := func(d int) time.Time { return time.Date(2031, 3, d, 0, 0, 0, 0, time.UTC) }
	good := func() tour.Tour {
		return tour.Tour{TimeZone: "Europe/Lisbon", CoverImage: "c.jpg", PriceMinor: 129000,
			StartDates: []tour.StartDate{{Date: day(20), StartTime: "09:00"}},
			Locations:  []tour.Location{{Day: 1, Description: "Lisbon"}}}
	}
	if err := ready(good(), now); err != nil {
		t.Fatalf("a ready tour refused: %v", err)
	}
	for name, c := range map[string]struct {
		change func(*tour.Tour)
		fields []string
		says   string
	}{
		"no cover": {func(t *tour.Tour) { t.CoverImage = "" }, []string{"cover"}, "It still needs a cover picture."},
		"departure today, started": {func(t *tour.Tour) { t.StartDates = []tour.StartDate{{Date: day(10), StartTime: "11:00"}} },
			[]string{"departures"}, "a departure in the future that is open for sale"},
		"only a closed departure": {func(t *tour.Tour) { t.StartDates[0].Closed = true }, []string{"departures"}, "open for sale"},
		"free":                    {func(t *tour.Tour) { t.PriceMinor = 0 }, []string{"price"}, "It still needs a price."},
		"nothing": {func(t *tour.Tour) { *t = tour.Tour{TimeZone: "UTC"} }, []string{"cover", "departures", "price", "locations"},
			"It still needs a cover picture, a departure in the future that is open for sale, a price and at least one stop."},
	} {
		tr := good()
		c.change(&tr)
		err := ready(tr, now)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Conflict || !strings.Contains(fe.Message, c.says) {
			t.Errorf("%s: %v, want a conflict saying %q", name, err, c.says)
			continue
		}
		got := fe.FieldMessages()
		if len(got) != len(c.fields) {
			t.Errorf("%s: fields %v, want %v", name, got, c.fields)
		}
		for _, k := range c.fields {
			if got[k] == "" {
				t.Errorf("%s: nothing said under %s: %v", name, k, got)
			}
		}
	}
}
