// Package tourquery is how tours are found: the search, filters, sort and page that a
// visitor's overview address or an API client's query string asks for, parsed into one
// Query that the store answers (store.FindTours), every value as a parameter. The
// overview's address (?q=&from=&to=&difficulty=&maxPrice=&sort=) and the public API's
// Natours query language (duration[gte]=7&sort=-ratingsAverage,price&fields=…) are two
// spellings of the same Query, so a tour is found by one set of rules wherever it is
// asked for.
package tourquery

import (
	"time"

	"tourbook/internal/tour"
)

// Field is a tour's property that can be filtered or sorted on. Only these exist: a
// name a client sends is looked up here and refused when absent, never put into SQL.
type Field string

const (
	Name           Field = "name"
	Duration       Field = "duration"       // days
	Difficulty     Field = "difficulty"     // easy, medium, difficult
	Price          Field = "price"          // per adult (the first seat-taking category), minor units
	RatingsAverage Field = "ratingsAverage" // 1–5
	RatingsCount   Field = "ratingsQuantity"
	MaxGroupSize   Field = "maxGroupSize"
	CreatedAt      Field = "createdAt"
	// NextDeparture sorts by the soonest bookable departure (tours with none last).
	NextDeparture Field = "nextDeparture"
	// Distance sorts by the distance of the tour's start from Query.Near.
	Distance Field = "distance"
)

// Op compares a Field with a value.
type Op string

const (
	Eq  Op = "eq"
	Gte Op = "gte"
	Gt  Op = "gt"
	Lte Op = "lte"
	Lt  Op = "lt"
)

// Cond is one filter: Field Op Value. Value is a string for Name and Difficulty, an
// int64 for Duration, Price (minor units), RatingsCount and MaxGroupSize, a float64 for
// RatingsAverage, a time.Time for CreatedAt.
type Cond struct {
	Field Field
	Op    Op
	Value any
}

// Sort is one sort key; the first key decides first, the tour's id last of all.
type Sort struct {
	Field Field
	Desc  bool
}

// Query asks for a page of published tours.
type Query struct {
	// Text: every word must appear in the name or the summary (case and accents folded).
	Text string
	// From, To (local days, midnight UTC, either zero for open): only tours with a
	// bookable departure (not started, not closed, a seat left) on a day between them.
	From, To time.Time
	Conds    []Cond
	// Near, with WithinKm > 0: only tours starting within that great-circle distance.
	// Near alone (or sorting by Distance) gives each tour its distance (Found.DistanceKm).
	Near     *tour.Point
	WithinKm float64
	Sort     []Sort
	// Offset and Limit page the result; Limit 0 means the caller's default.
	Offset, Limit int
}

// Found is one tour of a result, with its distance from Query.Near when one was given.
type Found struct {
	Tour       tour.Tour
	DistanceKm float64
}

// Result is one page of tours and how many match in all.
type Result struct {
	Tours []Found
	Total int
}
