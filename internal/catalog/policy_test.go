package catalog

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// policyErr is checkPolicy's verdict on p as the API would answer it.
func policyErr(p tour.CancellationPolicy) error {
	var f fault.Fields
	checkPolicy(&f, p)
	return f.Err()
}

func TestCheckPolicy(t *testing.T) {
	p := tour.CancellationPolicy{{DaysBefore: 0, Percent: 0}, {DaysBefore: 30, Percent: 100}, {DaysBefore: 7, Percent: 50}}
	if err := policyErr(p); err != nil {
		t.Fatal(err)
	}
	if want := tour.DefaultPolicy(); len(p) != len(want) || p[0] != want[0] || p[1] != want[1] || p[2] != want[2] {
		t.Errorf("sorted to %v, want %v", p, want)
	}
	for name, c := range map[string]struct {
		p    tour.CancellationPolicy
		want string
	}{
		"no tier":            {tour.CancellationPolicy{}, "at least one tier"},
		"percent over 100":   {tour.CancellationPolicy{{DaysBefore: 3, Percent: 101}}, "between 0 and 100%"},
		"negative percent":   {tour.CancellationPolicy{{DaysBefore: 3, Percent: -1}}, "between 0 and 100%"},
		"negative days":      {tour.CancellationPolicy{{DaysBefore: -1, Percent: 10}}, "between 0 and 365"},
		"days past a year":   {tour.CancellationPolicy{{DaysBefore: 366, Percent: 10}}, "between 0 and 365"},
		"the same days":      {tour.CancellationPolicy{{DaysBefore: 7, Percent: 50}, {DaysBefore: 7, Percent: 10}}, "its own number of days"},
		"more back later on": {tour.CancellationPolicy{{DaysBefore: 30, Percent: 20}, {DaysBefore: 7, Percent: 50}}, "cannot refund more"},
		"too many tiers":     {make(tour.CancellationPolicy, maxPolicyTiers+1), "at most"},
	} {
		err := policyErr(c.p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// FuzzPolicy: whatever tiers an operator sends, the policy is refused with a readable
// message or kept sorted and sensible, and the share it refunds never grows as the
// departure comes closer and is never more than was paid.
func FuzzPolicy(f *testing.F) {
	for _, s := range []string{
		`[{"daysBefore":30,"percent":100},{"daysBefore":7,"percent":50},{"daysBefore":0,"percent":0}]`,
		`[{"daysBefore":0,"percent":20},{"daysBefore":60,"percent":100}]`,
		`[]`, `[{"daysBefore":-1,"percent":101}]`, `[{"daysBefore":1,"percent":1},{"daysBefore":1,"percent":1}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var in []TierInput
		if json.Unmarshal(raw, &in) != nil {
			return
		}
		var tr tour.Tour
		var f fault.Fields
		TourInput{CancellationPolicy: &in}.apply(&tr, &f)
		p := tr.Policy
		checkPolicy(&f, p)
		if err := f.Err(); err != nil {
			if msg := err.Error(); msg == "" || !utf8.ValidString(msg) {
				t.Fatalf("refused without a readable message: %q", msg)
			}
			return
		}
		for i, tier := range p {
			if tier.Percent < 0 || tier.Percent > 100 || tier.DaysBefore < 0 || tier.DaysBefore > maxPolicyDays ||
				(i > 0 && (tier.DaysBefore >= p[i-1].DaysBefore || tier.Percent > p[i-1].Percent)) {
				t.Fatalf("accepted %v", p)
			}
		}
		const paid = 99_999
		last := int64(paid)
		for days := maxPolicyDays + 1; days >= -1; days-- {
			refund := tour.RefundOf(paid, p.Percent(days))
			if refund < 0 || refund > last {
				t.Fatalf("%v: %d days before refunds %d after %d", p, days, refund, last)
			}
			last = refund
		}
	})
}
