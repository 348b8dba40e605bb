// Package tour holds the tour catalogue's types and rules: tours, their locations, start
// dates and reviews. It knows nothing of HTTP or SQL.
package tour

import (
	"time"

	"tourbook/internal/fault"
)

var (
	// ErrNotFound is returned when a tour (or one of its parts) does not exist.
	ErrNotFound = fault.New(404, "tour not found", "There is no tour with that name or id.")
	// ErrDuplicateReview: the user already reviewed this tour.
	ErrDuplicateReview = fault.New(409, "already reviewed this tour", "You have already reviewed this tour.")
)

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

// StartDate is one departure of a tour with the seats already taken (paid bookings and
// open checkout holds).
type StartDate struct {
	Date  time.Time // midnight UTC of the departure day
	Taken int
}

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
}

// Tour is a bookable tour with everything its pages show.
type Tour struct {
	ID             string
	Slug           string
	Name           string
	Summary        string
	Description    string
	DurationDays   int
	MaxGroupSize   int
	Difficulty     Difficulty
	PriceMinor     int64  // price per person in minor units (cents)
	DiscountMinor  int64  // discount per person in minor units; 0 when none
	Currency       string // ISO 4217, lower case ("usd")
	RatingsAverage float64
	RatingsCount   int
	CoverImage     string   // file name under the tours' image folder
	Pictures       []string // file names under the tours' image folder
	StartLocation  Location // Day is 0 for the start location
	Locations      []Location
	StartDates     []StartDate
	Guides         []Guide
	Reviews        []Review // filled only where a page needs them
	CreatedAt      time.Time
}

// UnitPriceMinor is what one participant pays.
func (t Tour) UnitPriceMinor() int64 { return t.PriceMinor - t.DiscountMinor }

// SeatsLeft on a start date, never negative.
func (t Tour) SeatsLeft(d StartDate) int {
	if left := t.MaxGroupSize - d.Taken; left > 0 {
		return left
	}
	return 0
}

// NextDate is the first start date on or after now that still has a seat, and false
// when there is none.
func (t Tour) NextDate(now time.Time) (StartDate, bool) {
	for _, d := range t.StartDates {
		if !d.Date.Before(Day(now)) && t.SeatsLeft(d) > 0 {
			return d, true
		}
	}
	return StartDate{}, false
}

// Day truncates t to midnight UTC, the form start dates are kept in.
func Day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
