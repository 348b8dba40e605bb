// Package review holds the rules of verified reviews: who may review a tour (a traveller
// whose paid booking's departure has ended), once, with a rating and a text within
// limits, and their editing and deleting their own; and moderation, where admins hide or
// show any review (Moderation). It knows nothing of HTTP or SQL; the
// store checks the booking in the transaction that writes the review, and recomputes the
// tour's rating there.
package review

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/fault"
	"tourbook/internal/plaintext"
)

// Limits of a review, checked on the server and shown by the form.
const (
	MinText = 10   // characters, after trimming
	MaxText = 2000 // characters, after trimming
	// PageSize is how many reviews a page of a tour's reviews holds.
	PageSize = 5
)

// Pages is how many pages count shown reviews fill: at least one, which may be empty.
func Pages(count int) int { return max(1, (count+PageSize-1)/PageSize) }

var (
	// ErrNotFound: no such review, or not the user's (whose it is is not told).
	ErrNotFound = fault.New(fault.NotFound, "review not found or not the user's", "There is no such review of yours.")
	// ErrNotTravelled: the user has no paid, not cancelled booking of the tour.
	ErrNotTravelled = fault.New(fault.Forbidden, "no paid booking of the tour",
		"Only travellers who took this tour can review it, and you have no paid booking of it.")
	// ErrHiddenStays: the author tried to delete a review an admin hid. Deleting it would
	// let them write it again, shown, around the moderation; the team removes it instead.
	ErrHiddenStays = fault.New(fault.Conflict, "delete of a hidden review refused",
		"Our team has hidden this review, so it cannot be deleted here. Please contact us to have it removed.")
	// ErrLogIn: a visitor tried to write.
	ErrLogIn = fault.New(fault.Unauthorized, "not logged in", "Please log in to review this tour.")
)

// NotEndedError: the user's paid bookings of the tour all depart on or after First's day,
// whose departure has not ended yet. The store says so with the day; the service, which
// knows the tour's zone, tells the person when they can write (EndsAt).
type NotEndedError struct {
	First  time.Time // the earliest departure day of the user's paid bookings
	EndsAt time.Time // when it ends, in the tour's zone; zero until the service fills it
}

func (e *NotEndedError) Error() string {
	return fmt.Sprintf("trip on %s not ended", e.First.Format(time.DateOnly))
}

func (e *NotEndedError) FaultKind() fault.Kind { return fault.Forbidden }

func (e *NotEndedError) PublicMessage() string {
	if e.EndsAt.IsZero() {
		return "You can review this tour once your trip has ended."
	}
	return "You can review this tour once your trip has ended, from " + e.EndsAt.Format("2 January 2006") + "."
}

// Input is what a traveller writes: checked and trimmed by Clean.
type Input struct {
	Rating int
	Text   string
}

// Clean trims the text and checks the rating, the text's length in characters and that it
// is plain text (line breaks allowed; no controls or direction overrides).
func (in Input) Clean() (Input, error) {
	if in.Rating < 1 || in.Rating > 5 {
		return in, invalid("Please give the tour a rating from 1 to 5 stars.")
	}
	in.Text = strings.TrimSpace(in.Text)
	switch n := utf8.RuneCountInString(in.Text); {
	case n < MinText:
		return in, invalid(fmt.Sprintf("Please write at least %d characters about your trip.", MinText))
	case n > MaxText:
		return in, invalid(fmt.Sprintf("Please keep your review to %d characters; it has %d.", MaxText, n))
	case !utf8.ValidString(in.Text) || plaintext.HasHiddenControl(in.Text, true):
		return in, invalid("Your review contains a control character. Please remove it.")
	}
	return in, nil
}

func invalid(msg string) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Log: "invalid review", Message: msg}
}
