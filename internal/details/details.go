// Package details checks who is travelling on a booking and their answers to the tour's
// questions (issue #23 §2): what the booking panel sends and what a traveller changes
// on /my-tours/{id} before the cut-off. It knows nothing of HTTP or SQL.
package details

import (
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// Given is what a traveller sent: one entry per traveller in the order of the units
// (each unit's Count times, in the tour's category order), and the answers, each
// naming its question and, for a question asked per traveller, the traveller's index
// in Travellers (1 is the first).
type Given struct {
	Travellers []booking.Traveller `json:"travellers"`
	Answers    []booking.Answer    `json:"answers"`
}

// Check checks given against the tour's traveller details and questions for a booking
// of units, and returns what the booking keeps: one Traveller per traveller (category
// set, names as the tour asks), and the answers with each question's label and type as
// asked. Errors are *fault.Error of kind fault.Invalid (400) naming the question or
// traveller at fault.
func Check(t tour.Tour, units []booking.Unit, given Given) ([]booking.Traveller, []booking.Answer, error) {
	// TODO(issue #23): the real rules (helper "details").
	return given.Travellers, given.Answers, nil
}
