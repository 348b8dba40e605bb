package importer

import (
	"os"
	"path/filepath"
	"testing"
	"tourbook/internal/media"
)

// FuzzParseTours feeds arbitrary bytes to the tours parser: it must never panic, and any
// tour it accepts must have a known difficulty, coordinates in range and sane numbers.
func FuzzParseTours(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*/tours*.json")
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"_id":"a","name":"n","duration":1,"maxGroupSize":1,"difficulty":"easy","price":1,"summary":"s","startLocation":{"coordinates":[180,-90]}}`))
	f.Add([]byte(`[{"startLocation":{"coordinates":[{"$numberDouble":"NaN"},1]}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var probs Problems
		tours, _ := parseRecords("tours.json", data, &probs, parseTour)
		for _, p := range tours {
			if !p.ok {
				continue
			}
			tr := p.value.tour
			if !tr.Difficulty.Valid() {
				t.Errorf("record %d: accepted difficulty %q", p.rec.n, tr.Difficulty)
			}
			if tr.Name == "" || tr.DurationDays < 1 || tr.MaxGroupSize < 1 || tr.PriceMinor <= 0 ||
				tr.DiscountMinor < 0 || tr.DiscountMinor >= tr.PriceMinor {
				t.Errorf("record %d: accepted %+v", p.rec.n, tr)
			}
			checkFuzzPoint(t, p.rec.n, tr.StartLocation.Point.Lng, tr.StartLocation.Point.Lat)
			for _, l := range tr.Locations {
				checkFuzzPoint(t, p.rec.n, l.Point.Lng, l.Point.Lat)
				if l.Day < 1 || l.Day > tr.DurationDays {
					t.Errorf("record %d: accepted day %d of %d", p.rec.n, l.Day, tr.DurationDays)
				}
			}
			for _, name := range append([]string{tr.CoverImage}, tr.Pictures...) {
				if name != "" && !media.ValidName(name) {
					t.Errorf("record %d: accepted file name %q", p.rec.n, name)
				}
			}
		}
	})
}

func checkFuzzPoint(t *testing.T, n int, lng, lat float64) {
	t.Helper()
	// Written so that NaN fails too.
	if !(lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90) {
		t.Errorf("record %d: accepted point [%v, %v]", n, lng, lat)
	}
}
