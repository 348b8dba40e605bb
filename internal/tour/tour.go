// Package tour holds the tour catalogue's types and rules: tours, their locations, start
// dates and reviews. It knows nothing of HTTP or SQL.
package tour

import (
	"fmt"
	"sync"
	"time"

	"tourbook/internal/fault"
)

var (
	// ErrNotFound is returned when a tour (or one of its parts) does not exist.
	ErrNotFound = fault.New(fault.NotFound, "tour not found", "There is no tour with that name or id.")
	// ErrDuplicateReview: the user already reviewed this tour.
	ErrDuplicateReview = fault.New(fault.Conflict, "already reviewed this tour", "You have already reviewed this tour.")
	// ErrSlugTaken: another tour has this slug.
	ErrSlugTaken = fault.New(fault.Conflict, "slug taken", "Another tour already uses this slug. Please choose another.")
	// ErrVersionConflict: the tour changed since the editor loaded it.
	ErrVersionConflict = fault.New(fault.Conflict, "tour version conflict",
		"Someone else saved this tour after you opened it, so your changes were not saved. Copy what you typed, reload the page to see their changes, then make yours again.")
	// ErrHasBookings: a tour or departure with bookings cannot be deleted.
	ErrHasBookings = fault.New(fault.Conflict, "has bookings", "This has bookings, so it cannot be deleted.")
	// ErrDepartureExists: the tour already departs on that date.
	ErrDepartureExists = fault.New(fault.Conflict, "departure exists", "The tour already departs on that date.")
)

// Status says where a tour is seen: only Published tours are on the public site.
type Status string

const (
	Draft     Status = "draft"
	Published Status = "published"
	Archived  Status = "archived"
)

// Valid reports whether s is a known status.
func (s Status) Valid() bool { return s == Draft || s == Published || s == Archived }

// Difficulty of a tour as shown to visitors.
type Difficulty string

const (
	Easy      Difficulty = "easy"
	Medium    Difficulty = "medium"
	Difficult Difficulty = "difficult"
)

// Valid reports whether d is one of the known difficulties.
func (d Difficulty) Valid() bool { return d == Easy || d == Medium || d == Difficult }

// Point is a geographic position. Stored and exchanged as longitude then latitude
// (GeoJSON order, SPEC.md §3); the map swaps them for display.
type Point struct {
	Lng float64
	Lat float64
}

// Location is one stop of a tour.
type Location struct {
	Point       Point
	Day         int
	Description string
}

// StartDate is one departure of a tour: a day (a tour departs at most once a day), a
// local start time in the tour's time zone, its seats and the seats already taken (paid
// bookings and open checkout holds).
type StartDate struct {
	Date         time.Time // the local calendar day, kept as midnight UTC
	StartTime    string    // "15:04", local to the tour's TimeZone; "" reads as DefaultStartTime
	Capacity     int       // seats for sale; 0 reads as the tour's MaxGroupSize
	MeetingPoint string
	Closed       bool // taken off sale by an operator
	// Prices are the departure's own prices per price category ID (high season, a
	// special date); a category not named costs its usual price (Tour.PriceOn).
	Prices map[string]int64
	// CancelledAt is when an operator cancelled the departure (its bookings cancelled and
	// refunded); zero while it runs. A cancelled departure is closed for good.
	CancelledAt time.Time
	Taken       int
	// Bookings counts the bookings that keep the departure from being deleted (paid,
	// pending, refund due). Filled only for the back office.
	Bookings int
}

// Cancelled reports whether an operator cancelled the departure.
func (d StartDate) Cancelled() bool { return !d.CancelledAt.IsZero() }

// DefaultStartTime is when a departure starts unless an operator says otherwise.
const DefaultStartTime = "09:00"

// Guide is a user who leads a tour.
type Guide struct {
	UserID string
	Name   string
	Role   string // "guide" or "lead-guide"
	Photo  string // file name under the users' image folder
}

// Review is one user's rating of a tour; a user reviews a tour at most once.
type Review struct {
	ID        string
	TourID    string
	UserID    string
	UserName  string
	UserPhoto string
	Rating    int // 1..5
	Text      string
	CreatedAt time.Time
	UpdatedAt time.Time // zero until its author edits it
	Hidden    bool      // hidden by an admin: not shown, not in the rating
}

// Tour is a bookable tour with everything its pages show.
type Tour struct {
	ID            string
	Slug          string
	Name          string
	Summary       string
	Description   string
	DurationDays  int
	MaxGroupSize  int
	Difficulty    Difficulty
	PriceMinor    int64  // price per person in minor units (cents)
	DiscountMinor int64  // discount per person in minor units; 0 when none
	Currency      string // ISO 4217, lower case ("usd")
	// TaxRate is the tax included in the price, in basis points (2500 = 25 %), printed
	// on receipts; a new tour takes the business's default (business.Profile).
	TaxRate        int
	RatingsAverage float64
	RatingsCount   int
	CoverImage     string   // file name under the tours' image folder
	Pictures       []string // file names under the tours' image folder, in order
	StartLocation  Location // Day is 0 for the start location
	Locations      []Location
	StartDates     []StartDate
	Guides         []Guide
	Reviews        []Review // filled only where a page needs them
	Status         Status   // "" reads as Published (imports and sample data)
	Version        int      // raised by every edit in the back office
	TimeZone       string   // IANA name the departures' start times are in; "" is UTC
	// Policy is the cancellation policy new bookings are made under; nil reads as
	// DefaultPolicy when stored.
	Policy CancellationPolicy
	// What a booking buys and is asked (categories.go): nil Categories reads as one
	// "Adult" category at the tour's price (PriceCategoriesOf).
	Categories []PriceCategory
	Extras     []Extra
	Travellers TravellerDetails
	Questions  []Question
	// AnswersCutoffHours is how long before the local start answers can still be
	// changed; 0 reads as DefaultAnswersCutoff.
	AnswersCutoffHours int
	// Deposit is what a booking pays at checkout when its departure is far away
	// (deposit.go); the zero value asks the whole price.
	Deposit   Deposit
	CreatedAt time.Time
	UpdatedAt time.Time // zero until edited in the back office
}

// UnitPriceMinor is what one participant pays.
func (t Tour) UnitPriceMinor() int64 { return t.PriceMinor - t.DiscountMinor }

// CapacityOf a departure.
func (t Tour) CapacityOf(d StartDate) int {
	if d.Capacity > 0 {
		return d.Capacity
	}
	return t.MaxGroupSize
}

// SeatsLeft on a start date, never negative.
func (t Tour) SeatsLeft(d StartDate) int {
	if left := t.CapacityOf(d) - d.Taken; left > 0 {
		return left
	}
	return 0
}

// Zone is the tour's time zone; UTC when it has none or an unknown one.
func (t Tour) Zone() *time.Location {
	loc, err := LoadZone(t.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// StartsAt is the moment a departure starts: its day and start time in the tour's zone.
func (t Tour) StartsAt(d StartDate) time.Time {
	return StartsAt(d.Date, d.StartTime, t.Zone())
}

// EndsAt is the moment a departure on day has ended where the tour runs: local midnight
// after its last day (a 3-day tour leaving on 1 March ends as 4 March begins). A tour of
// no days counts as one.
func (t Tour) EndsAt(day time.Time) time.Time {
	y, m, d := day.UTC().Date()
	return time.Date(y, m, d+max(t.DurationDays, 1), 0, 0, 0, 0, t.Zone())
}

// LastEndedDay is the latest departure day (midnight UTC, as start dates are kept) whose
// departure has ended at now: every departure on it or before it has ended, none after.
func (t Tour) LastEndedDay(now time.Time) time.Time {
	y, m, d := now.In(t.Zone()).Date()
	return time.Date(y, m, d-max(t.DurationDays, 1), 0, 0, 0, 0, time.UTC)
}

// NotEnded is the departures that have not ended at now (EndsAt): what visitors are
// shown. Ended ones stay for their bookings, the back office and reviews.
func (t Tour) NotEnded(now time.Time) []StartDate {
	out := []StartDate{}
	for _, d := range t.StartDates {
		if now.Before(t.EndsAt(d.Date)) {
			out = append(out, d)
		}
	}
	return out
}

// Started reports whether the departure has begun at now: it can no longer be booked.
func (t Tour) Started(d StartDate, now time.Time) bool { return !now.Before(t.StartsAt(d)) }

// Bookable reports whether a departure is for sale at now: open, not started, with a
// seat left.
func (t Tour) Bookable(d StartDate, now time.Time) bool {
	return !d.Closed && !t.Started(d, now) && t.SeatsLeft(d) > 0
}

// NextDate is the first departure that can still be booked at now, and false when there
// is none.
func (t Tour) NextDate(now time.Time) (StartDate, bool) {
	for _, d := range t.StartDates {
		if t.Bookable(d, now) {
			return d, true
		}
	}
	return StartDate{}, false
}

// StartsAt is the moment of a start time ("15:04"; "" is DefaultStartTime) on a day (its
// calendar date is used) in loc.
func StartsAt(day time.Time, startTime string, loc *time.Location) time.Time {
	clock, err := ParseStartTime(startTime)
	if err != nil {
		clock, _ = ParseStartTime(DefaultStartTime)
	}
	y, m, d := day.UTC().Date()
	return time.Date(y, m, d, clock.Hour(), clock.Minute(), 0, 0, loc)
}

// ParseStartTime reads a 24-hour "15:04"; "" is DefaultStartTime.
func ParseStartTime(s string) (time.Time, error) {
	if s == "" {
		s = DefaultStartTime
	}
	return time.Parse("15:04", s)
}

var zones sync.Map // IANA name → *time.Location: LoadLocation reads the tz database

// LoadZone is time.LoadLocation, remembered, and strict: "" is UTC, "Local" (the
// server's zone) is refused since it means something else on every machine.
func LoadZone(name string) (*time.Location, error) {
	if name == "" || name == "UTC" {
		return time.UTC, nil
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	if name == "Local" {
		return nil, errUnknownZone
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, err
	}
	zones.Store(name, loc)
	return loc, nil
}

var errUnknownZone = fault.New(fault.Invalid, "unknown time zone", "Unknown time zone.")

// Day truncates t to midnight UTC, the form start dates are kept in.
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// CapacityError: a departure's capacity cannot go below the seats already taken.
type CapacityError struct {
	Taken int
	Date  time.Time
}

func (e *CapacityError) Error() string {
	return fmt.Sprintf("capacity below the %d seats taken", e.Taken)
}

func (e *CapacityError) FaultKind() fault.Kind { return fault.Conflict }

func (e *CapacityError) PublicMessage() string {
	seats := fmt.Sprintf("%d seats are", e.Taken)
	if e.Taken == 1 {
		seats = "1 seat is"
	}
	return fmt.Sprintf("%s already sold or held on %s, so the capacity cannot be lower than %d.",
		seats, e.Date.Format("2 January 2006"), e.Taken)
}
