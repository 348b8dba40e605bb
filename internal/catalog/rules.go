package catalog

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/plaintext"
	"tourbook/internal/tour"
)

// The rules a tour must keep, each with the sentence the operator reads.

const (
	maxNameLen        = 100
	maxSlugLen        = 80
	maxSummaryLen     = 300
	maxDescriptionLen = 10000
	maxPlaceLen       = 200
	maxDuration       = 365
	maxGroupSize      = 500
	maxCapacity       = 1000
	maxPriceMinor     = 100_000_000 // a million in a two-decimal currency
	maxStops          = 50
	maxGallery        = 20
	maxSeriesDays     = 366
	maxPolicyTiers    = 10
	maxPolicyDays     = 365
)

// Currencies the back office offers: each with two decimal places, as the back office
// converts prices typed in major units (a zero-decimal currency such as JPY would need
// the page to know its decimals).
var Currencies = []string{"usd", "eur", "gbp", "chf", "cad", "aud", "nzd", "nok", "sek", "dkk", "isk"}

// TimeZones are suggestions for the time-zone field; any IANA name is accepted.
var TimeZones = []string{
	"UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Rome", "Europe/Madrid",
	"Europe/Oslo", "Europe/Zurich", "Europe/Athens", "Atlantic/Reykjavik", "Africa/Nairobi",
	"Africa/Johannesburg", "Asia/Tokyo", "Asia/Kathmandu", "Asia/Bangkok", "Asia/Kolkata",
	"Australia/Sydney", "Pacific/Auckland", "America/New_York", "America/Denver",
	"America/Los_Angeles", "America/Vancouver", "America/Edmonton", "America/Mexico_City",
	"America/Lima", "America/Argentina/Buenos_Aires", "America/Sao_Paulo",
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

var slugRE = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// latinLetters spells the Latin letters that Unicode does not decompose into a base
// letter and an accent (so NFKD leaves them whole) the way they are usually written in
// ASCII: Þingvellir is "thingvellir", Ærø is "aero".
var latinLetters = strings.NewReplacer("æ", "ae", "ø", "o", "œ", "oe", "ß", "ss", "þ", "th", "ð", "d",
	"đ", "d", "ł", "l", "ı", "i", "ħ", "h")

// Slugify makes a slug of a name: "Île de Ré — 3 days!" is "ile-de-re-3-days".
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	// Lower case again after NFKD, which spells some symbols in capitals (㎇ is "GB").
	for _, r := range strings.ToLower(norm.NFKD.String(latinLetters.Replace(strings.ToLower(name)))) {
		switch {
		case unicode.Is(unicode.Mn, r): // the accents NFKD split off
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	s := b.String()
	if len(s) > maxSlugLen {
		s = strings.TrimRight(s[:maxSlugLen], "-")
	}
	return s
}

// checkPoint keeps a position on the globe; prefix is the fields' key and label before
// "lat" or "lng".
func checkPoint(f *fault.Fields, key func(field string) (string, string), p tour.Point) {
	if k, label := key("lat"); math.IsNaN(p.Lat) || p.Lat < -90 || p.Lat > 90 {
		f.Add(k, "%s must be between -90 and 90.", label)
	}
	if k, label := key("lng"); math.IsNaN(p.Lng) || p.Lng < -180 || p.Lng > 180 {
		f.Add(k, "%s must be between -180 and 180.", label)
	}
}

// validate checks every field of t and tidies its texts, noting each field's problem in
// f (which may already hold some, from reading the input) and returning them all at once;
// guides holds the ids of the users who may guide.
func validate(t *tour.Tour, guides map[string]bool, f *fault.Fields) error {
	plaintext.Field(f, "name", labels["name"], &t.Name, maxNameLen, true, false)
	t.Slug = strings.TrimSpace(t.Slug)
	switch {
	case t.Slug == "" && !f.Has("name"):
		if t.Slug = Slugify(t.Name); t.Slug == "" {
			f.Add("slug", "Slug: please choose one for the web address; the name has no letters or digits to make one from.")
		}
	case t.Slug != "" && (len(t.Slug) > maxSlugLen || !slugRE.MatchString(t.Slug)):
		f.Add("slug", "Slug may contain only lower-case letters, digits and single hyphens, at most %d characters, like \"iceland-fire-and-ice\".", maxSlugLen)
	}
	plaintext.Field(f, "summary", labels["summary"], &t.Summary, maxSummaryLen, true, false)
	plaintext.Field(f, "description", labels["description"], &t.Description, maxDescriptionLen, false, true)
	if !t.Difficulty.Valid() {
		f.Add("difficulty", "Difficulty must be easy, medium or difficult.")
	}
	if t.DurationDays < 1 || t.DurationDays > maxDuration {
		f.Add("durationDays", "%s must be between 1 and %d days.", labels["durationDays"], maxDuration)
	}
	if t.MaxGroupSize < 1 || t.MaxGroupSize > maxGroupSize {
		f.Add("maxGroupSize", "%s must be between 1 and %d people.", labels["maxGroupSize"], maxGroupSize)
	}
	t.Currency = strings.ToLower(strings.TrimSpace(t.Currency))
	if !slices.Contains(Currencies, t.Currency) {
		f.Add("currency", "Currency must be one of %s.", strings.ToUpper(strings.Join(Currencies, ", ")))
	}
	switch {
	case t.PriceMinor < 0:
		f.Add("price", "%s cannot be negative.", labels["price"])
	case t.PriceMinor > maxPriceMinor:
		f.Add("price", "%s is too high: at most %s.", labels["price"], money.Format(maxPriceMinor, t.Currency))
	}
	switch {
	case t.DiscountMinor < 0:
		f.Add("priceDiscount", "%s cannot be negative.", labels["priceDiscount"])
	case t.DiscountMinor > t.PriceMinor && !f.Has("price"):
		f.Add("priceDiscount", "%s cannot be more than the price.", labels["priceDiscount"])
	}
	t.TimeZone = strings.TrimSpace(t.TimeZone)
	if _, err := tour.LoadZone(t.TimeZone); err != nil || t.TimeZone == "" {
		f.Add("timeZone", "Time zone: %q is not one we know. Please use an IANA name such as Atlantic/Reykjavik or Europe/Paris.", t.TimeZone)
	}
	checkPoint(f, func(field string) (string, string) {
		return "startLocation." + field, labels["startLocation."+field]
	}, t.StartLocation.Point)
	plaintext.Field(f, "startLocation.description", labels["startLocation.description"], &t.StartLocation.Description, maxPlaceLen, true, false)
	if len(t.Locations) > maxStops {
		f.Add("locations", "A tour can have at most %d stops.", maxStops)
	}
	for i := range t.Locations {
		l := &t.Locations[i]
		checkPoint(f, func(field string) (string, string) { return stopKey(i, field) }, l.Point)
		if key, label := stopKey(i, "day"); l.Day < 1 || l.Day > t.DurationDays {
			f.Add(key, "%s must be between 1 and the tour's %d days.", label, t.DurationDays)
		}
		key, label := stopKey(i, "description")
		plaintext.Field(f, key, label, &l.Description, maxPlaceLen, true, false)
	}
	checkPolicy(f, t.Policy)
	checkForm(t, f)
	seen := map[string]bool{}
	for _, g := range t.Guides {
		if !guides[g.UserID] {
			f.Add("guides", "Guides: only guides and lead guides can guide a tour; one of the chosen people is neither.")
		}
		if seen[g.UserID] {
			f.Add("guides", "Guides: each guide can be chosen only once.")
		}
		seen[g.UserID] = true
	}
	return f.Err()
}

// checkPolicy sorts a cancellation policy's tiers, the furthest from departure first,
// and keeps them sensible: at least one, each with its own number of days (0 to a year)
// and a percentage from 0 to 100 that is no higher than that of a tier further out, so
// that cancelling later never gets more back. What is wrong with one tier is noted by its
// place in the list as given; what is wrong between tiers, on the policy.
func checkPolicy(f *fault.Fields, p tour.CancellationPolicy) {
	switch {
	case len(p) == 0:
		f.Add("cancellationPolicy", "Please give the cancellation policy at least one tier, such as \"0 days before: 0%%\" for no refunds.")
		return
	case len(p) > maxPolicyTiers:
		f.Add("cancellationPolicy", "A cancellation policy can have at most %d tiers.", maxPolicyTiers)
		return
	}
	bad := false
	for i, tier := range p {
		if key, label := tierKey(i, "daysBefore"); f.Has(key) {
			bad = true
		} else if tier.DaysBefore < 0 || tier.DaysBefore > maxPolicyDays {
			f.Add(key, "%s must be between 0 and %d.", label, maxPolicyDays)
			bad = true
		}
		if key, label := tierKey(i, "percent"); f.Has(key) {
			bad = true
		} else if tier.Percent < 0 || tier.Percent > 100 {
			f.Add(key, "%s must be between 0 and 100%%.", label)
			bad = true
		}
	}
	if bad {
		return
	}
	slices.SortStableFunc(p, func(a, b tour.RefundTier) int { return b.DaysBefore - a.DaysBefore })
	for i := 1; i < len(p); i++ {
		if p[i].DaysBefore == p[i-1].DaysBefore {
			f.Add("cancellationPolicy", "Two cancellation tiers start %d days before departure: each tier needs its own number of days.", p[i].DaysBefore)
			return
		}
		if p[i].Percent > p[i-1].Percent {
			f.Add("cancellationPolicy", "Cancelling %d days before departure would refund more (%d%%) than cancelling %d days before (%d%%): a tier closer to departure cannot refund more.",
				p[i].DaysBefore, p[i].Percent, p[i-1].DaysBefore, p[i-1].Percent)
			return
		}
	}
}
