package checkin

import (
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/details"
)

// Who is on a departure, traveller by traveller (issue #23): the manifest, its print
// view and its CSV list every traveller with their category, name and answers. Seats
// stay the bookings' Participants: an infant on a lap travels without one.

// Traveller is one person on a manifest's booking.
type Traveller struct {
	// Index is their place on the booking (1 is the lead), of Of.
	Index, Of int
	booking.Traveller
	// Category is the name of their price category as it was sold ("Child").
	Category string
	Seat     bool
	// Answers are the answers about them; the lead's row also carries the booking's
	// own (asked once per booking).
	Answers []booking.Answer
}

// TravellersOf lists b's travellers: its own, or for a booking made without them its
// units' travellers with the booking's contact (or its account's name) as the lead.
func TravellersOf(b backoffice.BookingRow) []Traveller {
	list := details.TravellersOf(b.Booking)
	if len(b.Travellers) == 0 && len(list) > 0 && list[0].Name == "" {
		list[0].Name = b.CustomerName
	}
	units := b.UnitsOf()
	out := make([]Traveller, len(list))
	for i, tr := range list {
		out[i] = Traveller{Index: i + 1, Of: len(list), Traveller: tr, Category: tr.CategoryID, Seat: true}
		for _, u := range units {
			if u.CategoryID == tr.CategoryID {
				out[i].Category, out[i].Seat = u.Name, u.TakesSeat
				break
			}
		}
		if i == 0 && out[i].Phone == "" {
			out[i].Phone = b.ContactPhone
		}
	}
	for _, a := range b.Answers {
		switch {
		case a.Traveller == 0 && len(out) > 0:
			out[0].Answers = append(out[0].Answers, a)
		case a.Traveller >= 1 && a.Traveller <= len(out):
			out[a.Traveller-1].Answers = append(out[a.Traveller-1].Answers, a)
		}
	}
	return out
}

// Column is one question of a manifest's answers: the tour's questions in its order,
// then any that bookings answered before it was removed.
type Column struct {
	QuestionID string
	Label      string
}

// Columns are the questions the manifest m shows answers to.
func (m Manifest) Columns() []Column {
	var out []Column
	seen := map[string]bool{}
	for _, q := range m.Tour.Questions {
		out, seen[q.ID] = append(out, Column{q.ID, q.Label}), true
	}
	for _, b := range m.Bookings {
		for _, a := range b.Answers {
			if !seen[a.QuestionID] {
				out, seen[a.QuestionID] = append(out, Column{a.QuestionID, a.Label}), true
			}
		}
	}
	return out
}

// CategoryCount is how many travellers of one category are coming.
type CategoryCount struct {
	Name  string
	Count int
}

// Categories counts the travellers coming by category, in the tour's order (then any
// category a booking has that the tour no longer does).
func (m Manifest) Categories() []CategoryCount {
	var out []CategoryCount
	at := map[string]int{}
	for _, c := range m.Tour.PriceCategoriesOf() {
		at[c.ID] = len(out)
		out = append(out, CategoryCount{Name: c.Name})
	}
	for _, b := range m.Coming {
		for _, u := range b.UnitsOf() {
			i, ok := at[u.CategoryID]
			if !ok {
				i, at[u.CategoryID] = len(out), len(out)
				out = append(out, CategoryCount{Name: u.Name})
			}
			out[i].Count += u.Count
		}
	}
	kept := out[:0]
	for _, c := range out {
		if c.Count > 0 {
			kept = append(kept, c)
		}
	}
	return kept
}

// CategoriesText is the counts as one line: "2 Adult · 1 Child · 1 Infant"; "" for none.
func CategoriesText(counts []CategoryCount) string {
	units := make([]booking.Unit, len(counts))
	for i, c := range counts {
		units[i] = booking.Unit{Name: c.Name, Count: c.Count}
	}
	return booking.UnitsText(units)
}
