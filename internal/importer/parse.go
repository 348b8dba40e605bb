package importer

import (
	"encoding/json"
	"fmt"
	"math"
	"net/mail"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tourbook/internal/account"
	"tourbook/internal/media"
	"tourbook/internal/tour"
)

// parsed is one record read from a file: its value, its place and whether it had no
// problems. Records with problems are kept so that references to them are not reported a
// second time as unknown.
type parsed[T any] struct {
	file  string
	rec   record
	id    string // the export's _id, normalised
	ok    bool
	value T
}

// where places a problem found later (against the database or another file) on the record.
func (p parsed[T]) problem(field, reason string) Problem {
	return Problem{File: p.file, Record: p.rec.n, Line: p.rec.line, Field: field, Reason: reason}
}

// parseRecords splits a file into records and parses each with fn, collecting problems.
// complete is false when invalid JSON stopped the file early.
func parseRecords[T any](file string, data []byte, probs *Problems, fn func(o object) (id string, v T)) (out []parsed[T], complete bool) {
	recs, stop := splitRecords(file, data)
	for _, r := range recs {
		p := parsed[T]{file: file, rec: r, ok: true}
		report := func(field, reason string) {
			p.ok = false
			probs.add(p.problem(field, reason))
		}
		if o, isObj := newObject(r.data, "", report); isObj {
			p.id, p.value = fn(o)
		}
		out = append(out, p)
	}
	if stop != nil {
		probs.add(*stop)
	}
	return out, stop == nil
}

// normID lower-cases MongoDB ObjectIDs, whose hex is case-insensitive; other ids are kept
// as written.
func normID(id string) string {
	if l := strings.ToLower(id); isObjectID(l) {
		return l
	}
	return id
}

// isObjectID reports whether id has the store's ID form (24 lower-case hex characters), so
// it can be kept as the row's ID.
func isObjectID(id string) bool {
	if len(id) != 24 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// userIn is a user record: the account to create.
type userIn struct {
	user account.User
}

func parseUser(o object) (string, userIn) {
	var in userIn
	id := normID(o.id("_id", true))
	u := &in.user
	u.Name = o.str("name", true)
	u.Email = o.str("email", true)
	if u.Email != "" {
		if a, err := mail.ParseAddress(u.Email); err != nil || a.Address != u.Email {
			o.fail("email", "%q is not an email address", u.Email)
		}
	}
	u.Role = account.RoleUser
	if r := o.str("role", false); r != "" {
		u.Role = account.Role(r)
		if !u.Role.Valid() {
			o.fail("role", "unknown role %q (want user, guide, lead-guide or admin)", r)
		}
	}
	u.Active = o.boolean("active", true)
	u.Photo = fileName(o, "photo")
	// The hash is kept so people sign in with their old password; the account service
	// upgrades it to argon2id at the next sign-in. Never quote it in a message.
	u.PasswordHash = o.str("password", true)
	if u.PasswordHash != "" && !isBcrypt(u.PasswordHash) {
		o.fail("password", "not a bcrypt hash ($2a$, $2b$ or $2y$); plain-text passwords are not imported")
	}
	u.PasswordChangedAt, _ = o.date("passwordChangedAt")
	u.CreatedAt, _ = o.date("createdAt")
	return id, in
}

func isBcrypt(h string) bool {
	if !strings.HasPrefix(h, "$2a$") && !strings.HasPrefix(h, "$2b$") && !strings.HasPrefix(h, "$2y$") {
		return false
	}
	_, err := bcrypt.Cost([]byte(h))
	return err == nil && len(h) == 60
}

// fileName reads an image file name. Only names the site serves are accepted (the same
// rule as internal/server's image routes): a bare name, so no path reaches outside the
// image folder, of a picture type a browser shows.
func fileName(o object, name string) string {
	s := o.str(name, false)
	if s != "" && !media.ValidName(s) {
		o.fail(name, "%q is not an image file name the site serves (letters, digits, . _ -, ending .jpg, .jpeg, .png or .webp)", s)
		return ""
	}
	return s
}

// tourIn is a tour record: the tour to create, its guides as export ids (resolved against
// the users file and the database later), and whether the export marks it secret.
type tourIn struct {
	tour   tour.Tour
	guides []string
	secret bool
}

func parseTour(o object) (string, tourIn) {
	var in tourIn
	id := normID(o.id("_id", true))
	t := &in.tour
	t.Name = o.str("name", true)
	t.Summary = o.str("summary", true)
	t.Description = o.str("description", false)
	t.DurationDays, _ = o.whole("duration", true, 1)
	t.MaxGroupSize, _ = o.whole("maxGroupSize", true, 1)
	if d := o.str("difficulty", true); d != "" {
		t.Difficulty = tour.Difficulty(strings.ToLower(d))
		if !t.Difficulty.Valid() {
			o.fail("difficulty", "unknown difficulty %q (want easy, medium or difficult)", d)
		}
	}
	if avg, ok := o.number("ratingsAverage", false); ok {
		if avg < 0 || avg > 5 {
			o.fail("ratingsAverage", "%v is outside 0..5", avg)
		}
		t.RatingsAverage = avg
	}
	t.RatingsCount, _ = o.whole("ratingsQuantity", false, 0)

	t.Currency = "usd"
	if c := o.str("currency", false); c != "" {
		t.Currency = strings.ToLower(c)
		if len(c) != 3 || strings.IndexFunc(t.Currency, func(r rune) bool { return r < 'a' || r > 'z' }) >= 0 {
			o.fail("currency", "%q is not an ISO 4217 code like usd", c)
		}
	}
	// Prices are whole currency units in the export and minor units (cents) here.
	if p, ok := o.number("price", true); ok {
		t.PriceMinor, ok = minorUnits(o, "price", p)
		if ok && t.PriceMinor <= 0 {
			o.fail("price", "%v is not above zero", p)
		}
	}
	if d, ok := o.number("priceDiscount", false); ok {
		if t.DiscountMinor, ok = minorUnits(o, "priceDiscount", d); ok {
			if t.DiscountMinor < 0 {
				o.fail("priceDiscount", "%v is negative", d)
			} else if t.PriceMinor > 0 && t.DiscountMinor >= t.PriceMinor {
				o.fail("priceDiscount", "%v is not below the price", d)
			}
		}
	}

	t.CoverImage = fileName(o, "imageCover")
	for i, raw := range o.list("images") {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			o.fail(fmt.Sprintf("images[%d]", i), "want a file name, got %s", kind(raw))
			continue
		}
		if s = strings.TrimSpace(s); !media.ValidName(s) {
			o.fail(fmt.Sprintf("images[%d]", i), "%q is not an image file name the site serves", s)
			continue
		}
		t.Pictures = append(t.Pictures, strings.TrimSpace(s))
	}
	t.StartDates = startDates(o)

	if sl, ok := o.sub("startLocation", true); ok {
		t.StartLocation.Point, _ = point(sl)
		t.StartLocation.Description = sl.str("description", false)
		if t.StartLocation.Description == "" {
			// The address is the next best label when there is no description.
			t.StartLocation.Description = sl.str("address", false)
		}
	}
	for i, raw := range o.list("locations") {
		l, ok := newObject(raw, fmt.Sprintf("%slocations[%d].", o.path, i), o.report)
		if !ok {
			continue
		}
		var loc tour.Location
		loc.Point, _ = point(l)
		loc.Description = l.str("description", false)
		loc.Day, ok = l.whole("day", true, 1)
		if ok && t.DurationDays > 0 && loc.Day > t.DurationDays {
			l.fail("day", "day %d is after the last day of a %d-day tour", loc.Day, t.DurationDays)
		}
		t.Locations = append(t.Locations, loc)
	}
	for i, raw := range o.list("guides") {
		g, err := idValue(raw)
		if err != nil {
			o.fail(fmt.Sprintf("guides[%d]", i), "%v", err)
			continue
		}
		in.guides = append(in.guides, normID(g))
	}
	in.secret = o.boolean("secretTour", false)
	t.CreatedAt, _ = o.date("createdAt")
	return id, in
}

// minorUnits converts whole units to cents, refusing fractions of a cent.
func minorUnits(o object, name string, v float64) (int64, bool) {
	cents := math.Round(v * 100)
	if math.Abs(v*100-cents) > 1e-6 || math.Abs(cents) > 1e15 {
		o.fail(name, "%v has more than two decimals or is too large", v)
		return 0, false
	}
	return int64(cents), true
}

// startDates accepts strings, {"$date": …} and the {"date": …, "participants": …} objects
// some exports keep; each becomes a departure day (midnight UTC), duplicates merged.
func startDates(o object) []tour.StartDate {
	var out []tour.StartDate
	seen := map[time.Time]bool{}
	for i, raw := range o.list("startDates") {
		field := fmt.Sprintf("startDates[%d]", i)
		if _, _, isExt := extended(raw, "$date"); !isExt && kind(raw) == "object" {
			d, ok := newObject(raw, o.path+field+".", o.report)
			if !ok {
				continue
			}
			raw, ok = d.get("date")
			if !ok {
				d.fail("date", "required")
				continue
			}
			field += ".date"
		}
		t, err := dateValue(raw)
		if err != nil {
			o.fail(field, "%v", err)
			continue
		}
		if day := tour.Day(t); !seen[day] {
			seen[day] = true
			out = append(out, tour.StartDate{Date: day})
		}
	}
	return out
}

// point reads a GeoJSON point: coordinates are [longitude, latitude], in that order.
func point(o object) (tour.Point, bool) {
	if typ := o.str("type", false); typ != "" && typ != "Point" {
		o.fail("type", "want \"Point\", got %q", typ)
	}
	raw, ok := o.get("coordinates")
	if !ok {
		o.fail("coordinates", "required ([longitude, latitude])")
		return tour.Point{}, false
	}
	var items []json.RawMessage
	if kind(raw) != "array" || json.Unmarshal(raw, &items) != nil || len(items) != 2 {
		o.fail("coordinates", "want [longitude, latitude], got %s", describe(raw, items))
		return tour.Point{}, false
	}
	lng, err1 := numberValue(items[0])
	lat, err2 := numberValue(items[1])
	if err1 != nil || err2 != nil {
		o.fail("coordinates", "want [longitude, latitude] as two numbers, got %s", describe(raw, items))
		return tour.Point{}, false
	}
	var bad []string
	if lng < -180 || lng > 180 {
		bad = append(bad, fmt.Sprintf("longitude %v is outside -180..180", lng))
	}
	if lat < -90 || lat > 90 {
		bad = append(bad, fmt.Sprintf("latitude %v is outside -90..90", lat))
		if lng >= -90 && lng <= 90 && lat >= -180 && lat <= 180 {
			bad = append(bad, "are they in [latitude, longitude] order? GeoJSON wants [longitude, latitude]")
		}
	}
	if len(bad) > 0 {
		o.fail("coordinates", "%s", strings.Join(bad, "; "))
		return tour.Point{}, false
	}
	return tour.Point{Lng: lng, Lat: lat}, true
}

func describe(raw json.RawMessage, items []json.RawMessage) string {
	if kind(raw) == "array" {
		return fmt.Sprintf("%d values", len(items))
	}
	return kind(raw)
}

// reviewIn is a review record with its tour and user as export ids.
type reviewIn struct {
	review       tour.Review
	tourID, user string
}

func parseReview(o object) (string, reviewIn) {
	var in reviewIn
	id := o.id("_id", false)
	in.review.Text = o.str("review", true)
	if r, ok := o.whole("rating", true, math.MinInt32); ok {
		if r < 1 || r > 5 {
			o.fail("rating", "%d is outside 1..5", r)
		}
		in.review.Rating = r
	}
	in.tourID = normID(o.id("tour", true))
	in.user = normID(o.id("user", true))
	in.review.CreatedAt, _ = o.date("createdAt")
	return normID(id), in
}
