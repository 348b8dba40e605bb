package format

import (
	"fmt"
	"testing"

	"tourbook/internal/tour"
)

func TestPolicy(t *testing.T) {
	for _, c := range []struct {
		p    tour.CancellationPolicy
		want string
	}{
		{tour.DefaultPolicy(), "[{30 days or more before departure Full refund} {7 to 29 days before departure 50% refund} {Less than 7 days before departure No refund}]"},
		{tour.CancellationPolicy{{DaysBefore: 14, Percent: 80}, {DaysBefore: 13, Percent: 40}, {DaysBefore: 1, Percent: 10}},
			"[{14 days or more before departure 80% refund} {13 days before departure 40% refund} {1 to 12 days before departure 10% refund} {Less than 1 day before departure No refund}]"},
		{tour.CancellationPolicy{{DaysBefore: 0, Percent: 100}}, "[{Any time before departure Full refund}]"},
		{tour.CancellationPolicy{{DaysBefore: 1, Percent: 100}}, "[{1 day or more before departure Full refund} {Less than 1 day before departure No refund}]"},
	} {
		if got := fmt.Sprint(Policy(c.p)); got != c.want {
			t.Errorf("Policy(%v) = %s\nwant %s", c.p, got, c.want)
		}
	}
	if got, want := PolicyText(tour.DefaultPolicy()), "Cancellation policy: 30 days or more before departure: full refund; 7 to 29 days before departure: 50% refund; Less than 7 days before departure: no refund."; got != want {
		t.Errorf("PolicyText = %q", got)
	}
}
