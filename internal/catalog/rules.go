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

// cleanText trims s and refuses control and invisible direction characters (which
// can make a name read differently from what it is); newlines only where multiline.
func cleanText(field, s string, max int, required, multiline bool) (string, error) {
	s = strings.TrimSpace(s)
	if required && s == "" {
		return "", invalid("Please fill in the %s.", field)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return "", invalid("The %s must be at most %d characters (it has %d).", field, max, n)
	}
	if !utf8.ValidString(s) {
		return "", invalid("The %s contains characters that are not text.", field)
	}
	if plaintext.HasHiddenControl(s, multiline) {
		return "", invalid("The %s contains a control character. Please remove it.", field)
	}
	return s, nil
}

// checkPoint keeps a position on the globe.
func checkPoint(what string, p tour.Point) error {
	if math.IsNaN(p.Lat) || p.Lat < -90 || p.Lat > 90 {
		return invalid("%s: the latitude must be between -90 and 90.", what)
	}
	if math.IsNaN(p.Lng) || p.Lng < -180 || p.Lng > 180 {
		return invalid("%s: the longitude must be between -180 and 180.", what)
	}
	return nil
}

// validate checks every field of t and tidies its texts; guides holds the ids of the
// users who may guide.
func validate(t *tour.Tour, guides map[string]bool) error {
	var err error
	if t.Name, err = cleanText("name", t.Name, maxNameLen, true, false); err != nil {
		return err
	}
	t.Slug = strings.TrimSpace(t.Slug)
	if t.Slug == "" {
		if t.Slug = Slugify(t.Name); t.Slug == "" {
			return invalid("Please choose a slug for the web address: the name has no letters or digits to make one from.")
		}
	}
	if len(t.Slug) > maxSlugLen || !slugRE.MatchString(t.Slug) {
		return invalid("The slug may contain only lower-case letters, digits and single hyphens, at most %d characters, like \"iceland-fire-and-ice\".", maxSlugLen)
	}
	if t.Summary, err = cleanText("summary", t.Summary, maxSummaryLen, true, false); err != nil {
		return err
	}
	if t.Description, err = cleanText("description", t.Description, maxDescriptionLen, false, true); err != nil {
		return err
	}
	if !t.Difficulty.Valid() {
		return invalid("Please choose the difficulty: easy, medium or difficult.")
	}
	if t.DurationDays < 1 || t.DurationDays > maxDuration {
		return invalid("The duration must be between 1 and %d days.", maxDuration)
	}
	if t.MaxGroupSize < 1 || t.MaxGroupSize > maxGroupSize {
		return invalid("The group size must be between 1 and %d people.", maxGroupSize)
	}
	switch {
	case t.PriceMinor < 0:
		return invalid("The price cannot be negative.")
	case t.PriceMinor > maxPriceMinor:
		return invalid("The price is too high: at most %d in minor units.", maxPriceMinor)
	case t.DiscountMinor < 0:
		return invalid("The discount cannot be negative.")
	case t.DiscountMinor > t.PriceMinor:
		return invalid("The discount cannot be more than the price.")
	}
	t.Currency = strings.ToLower(strings.TrimSpace(t.Currency))
	if !slices.Contains(Currencies, t.Currency) {
		return invalid("Please choose one of these currencies: %s.", strings.ToUpper(strings.Join(Currencies, ", ")))
	}
	t.TimeZone = strings.TrimSpace(t.TimeZone)
	if _, err := tour.LoadZone(t.TimeZone); err != nil || t.TimeZone == "" {
		return invalid("%q is not a time zone we know. Please use an IANA name such as Atlantic/Reykjavik or Europe/Paris.", t.TimeZone)
	}
	if err := checkPoint("Start location", t.StartLocation.Point); err != nil {
		return err
	}
	if t.StartLocation.Description, err = cleanText("start location", t.StartLocation.Description, maxPlaceLen, true, false); err != nil {
		return err
	}
	if len(t.Locations) > maxStops {
		return invalid("A tour can have at most %d stops.", maxStops)
	}
	for i := range t.Locations {
		l := &t.Locations[i]
		what := fmt.Sprintf("Stop %d", i+1)
		if err := checkPoint(what, l.Point); err != nil {
			return err
		}
		if l.Day < 1 || l.Day > t.DurationDays {
			return invalid("%s: the day must be between 1 and the tour's %d days.", what, t.DurationDays)
		}
		if l.Description, err = cleanText(fmt.Sprintf("description of stop %d", i+1), l.Description, maxPlaceLen, true, false); err != nil {
			return err
		}
	}
	if err := checkPolicy(t.Policy); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, g := range t.Guides {
		if !guides[g.UserID] {
			return invalid("Only guides and lead guides can guide a tour; one of the chosen people is neither.")
		}
		if seen[g.UserID] {
			return invalid("Each guide can be chosen only once.")
		}
		seen[g.UserID] = true
	}
	return nil
}

// checkPolicy sorts a cancellation policy's tiers, the furthest from departure first,
// and keeps them sensible: at least one, each with its own number of days (0 to a year)
// and a percentage from 0 to 100 that is no higher than that of a tier further out, so
// that cancelling later never gets more back.
func checkPolicy(p tour.CancellationPolicy) error {
	switch {
	case len(p) == 0:
		return invalid("Please give the cancellation policy at least one tier, such as \"0 days before: 0%%\" for no refunds.")
	case len(p) > maxPolicyTiers:
		return invalid("A cancellation policy can have at most %d tiers.", maxPolicyTiers)
	}
	for i, tier := range p {
		switch {
		case tier.DaysBefore < 0 || tier.DaysBefore > maxPolicyDays:
			return invalid("Cancellation tier %d: the days before departure must be between 0 and %d.", i+1, maxPolicyDays)
		case tier.Percent < 0 || tier.Percent > 100:
			return invalid("Cancellation tier %d: the refund must be between 0 and 100%%.", i+1)
		}
	}
	slices.SortStableFunc(p, func(a, b tour.RefundTier) int { return b.DaysBefore - a.DaysBefore })
	for i := 1; i < len(p); i++ {
		if p[i].DaysBefore == p[i-1].DaysBefore {
			return invalid("Two cancellation tiers start %d days before departure: each tier needs its own number of days.", p[i].DaysBefore)
		}
		if p[i].Percent > p[i-1].Percent {
			return invalid("Cancelling %d days before departure would refund more (%d%%) than cancelling %d days before (%d%%): a tier closer to departure cannot refund more.",
				p[i].DaysBefore, p[i].Percent, p[i-1].DaysBefore, p[i-1].Percent)
		}
	}
	return nil
}
