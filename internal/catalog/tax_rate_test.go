package catalog

import (
	"encoding/json"
	"strings"
	"testing"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// TestTaxRate: the tour form's tax rate, typed in percent, is kept in basis points, and a
// rate that is no percentage is refused under its label.
func TestTaxRate(t *testing.T) {
	for typed, want := range map[string]int{`"25"`: 2500, `"12.5"`: 1250, `7.75`: 775, `"0"`: 0, `100`: 10000} {
		var in TourInput
		if err := json.Unmarshal([]byte(`{"taxRate":`+typed+`}`), &in); err != nil {
			t.Fatal(err)
		}
		var tr tour.Tour
		var f fault.Fields
		in.apply(&tr, &f)
		if err := f.Err(); err != nil || tr.TaxRate != want {
			t.Errorf("tax rate %s: %d (%v), want %d", typed, tr.TaxRate, err, want)
		}
	}
	for typed, want := range map[string]string{`"abc"`: "Tax rate (%) must be a percentage", `"101"`: "between 0 and 100",
		`"-1"`: "between 0 and 100", `"12.345"`: "at most two decimals", `""`: "Tax rate (%) cannot be empty"} {
		var in TourInput
		if err := json.Unmarshal([]byte(`{"taxRate":`+typed+`}`), &in); err != nil {
			t.Fatal(err)
		}
		tr := tour.Tour{TaxRate: 2500}
		var f fault.Fields
		in.apply(&tr, &f)
		if err := f.Err(); err == nil || !strings.Contains(err.Error(), want) || tr.TaxRate != 2500 {
			t.Errorf("tax rate %s: %v (rate %d), want %q and the rate kept", typed, err, tr.TaxRate, want)
		}
	}
}
