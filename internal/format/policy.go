package format

import (
	"fmt"
	"strings"

	"tourbook/internal/tour"
)

// PolicyTier is one line of a cancellation policy as people read it.
type PolicyTier struct {
	When   string // "7 to 29 days before departure"
	Refund string // "50% refund"
}

// Policy writes a cancellation policy's tiers, the furthest from departure first, with
// the last line saying what is left when the closest tier is not the departure's day:
// {30: 100%, 7: 50%} reads "30 days or more before departure: full refund", "7 to 29
// days before departure: 50% refund", "Less than 7 days before departure: no refund".
func Policy(p tour.CancellationPolicy) []PolicyTier {
	out := make([]PolicyTier, 0, len(p)+1)
	for i, t := range p {
		var when string
		switch {
		case i == 0 && t.DaysBefore == 0:
			when = "Any time before departure"
		case i == 0:
			when = days(t.DaysBefore) + " or more before departure"
		case t.DaysBefore == 0:
			when = "Less than " + days(p[i-1].DaysBefore) + " before departure"
		case t.DaysBefore == p[i-1].DaysBefore-1:
			when = days(t.DaysBefore) + " before departure"
		default:
			when = fmt.Sprintf("%d to %s before departure", t.DaysBefore, days(p[i-1].DaysBefore-1))
		}
		out = append(out, PolicyTier{When: when, Refund: RefundPercent(t.Percent)})
	}
	if n := len(p); n > 0 && p[n-1].DaysBefore > 0 {
		out = append(out, PolicyTier{When: "Less than " + days(p[n-1].DaysBefore) + " before departure", Refund: RefundPercent(0)})
	}
	return out
}

// PolicyText is the policy in one sentence, for places with room for one line only (the
// payment provider's checkout page).
func PolicyText(p tour.CancellationPolicy) string {
	if len(p) == 0 {
		return ""
	}
	parts := make([]string, 0, len(p)+1)
	for _, t := range Policy(p) {
		parts = append(parts, t.When+": "+strings.ToLower(t.Refund[:1])+t.Refund[1:])
	}
	return "Cancellation policy: " + strings.Join(parts, "; ") + "."
}

// RefundPercent: "Full refund", "50% refund", "No refund".
func RefundPercent(percent int) string {
	switch percent {
	case 100:
		return "Full refund"
	case 0:
		return "No refund"
	}
	return fmt.Sprintf("%d%% refund", percent)
}

func days(n int) string {
	if n == 1 {
		return "1 day"
	}
	return fmt.Sprintf("%d days", n)
}
