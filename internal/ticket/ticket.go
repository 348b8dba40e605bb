// Package ticket holds the tickets of paid bookings: a random code a traveller shows
// (as text and as a QR code) and a guide checks in at the departure. It knows nothing
// of HTTP or SQL.
package ticket

import (
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/fault"
)

var (
	// ErrNotFound: no ticket has that code, or the booking has none (not paid).
	ErrNotFound = fault.New(fault.NotFound, "ticket not found", "No ticket has this code. Check the letters and digits, or look the traveller up by name on the manifest.")
	// ErrMalformed: what was typed cannot be a ticket code.
	ErrMalformed = fault.New(fault.Invalid, "malformed ticket code", "A ticket code has 12 letters and digits, like 7KQ4-M2XD-9TWP. Check what was typed.")
)

// Ticket is a booking's ticket with what a guide needs to admit its travellers.
type Ticket struct {
	BookingID    string
	Code         string // canonical: 12 characters of Alphabet, no dashes
	UserID       string
	TourID       string
	TourName     string
	TimeZone     string
	Date         time.Time // the departure's day
	StartTime    string
	CustomerName string
	Participants int
	Status       booking.Status
	CheckIn      *CheckIn // nil until checked in
}

// CheckIn is what a guide recorded at the departure: how many of the booking's
// participants arrived (0: nobody came, a no-show), when and by whom.
type CheckIn struct {
	Arrived int
	At      time.Time
	ByID    string
	ByName  string
}

// NoShow reports whether nobody of the booking came.
func (c CheckIn) NoShow() bool { return c.Arrived == 0 }
