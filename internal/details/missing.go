package details

import (
	"slices"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// TravellersOf is who travels on b, one entry per traveller in the order of its units:
// its own Travellers (with an unnamed entry for each traveller beyond them: an
// operator's booking that named only the lead), or for a booking made without them
// (before the tour asked, by phone) its units' travellers with the booking's contact as
// the first.
func TravellersOf(b booking.Booking) []booking.Traveller {
	cats := slots(b.UnitsOf())
	if len(b.Travellers) > 0 {
		out := slices.Clone(b.Travellers)
		for i := len(out); i < len(cats); i++ {
			out = append(out, booking.Traveller{CategoryID: cats[i]})
		}
		return out
	}
	out := make([]booking.Traveller, len(cats))
	for i, c := range cats {
		out[i].CategoryID = c
	}
	if len(out) > 0 {
		out[0].Name, out[0].Phone = b.ContactName, b.ContactPhone
	}
	return out
}

// Missing lists what b still lacks of what the tour t asks now, by the label a person
// reads: the names and phone asked ("The name of traveller 2 (Child)") and the required
// questions not answered ("Dietary needs (traveller 2, Child)"). A question added after
// the booking was made, or a booking taken by phone, is how it comes to lack them. A
// booking that names nobody has its customer as the lead: their name is not missing.
func Missing(t tour.Tour, b booking.Booking) []string {
	travellers := TravellersOf(b)
	// Named by nobody yet: the lead is the customer, whose account has a name.
	customerLeads := len(b.Travellers) == 0
	var out []string
	for i, tr := range travellers {
		switch {
		case t.Travellers == tour.AskLead && i == 0:
			if tr.Name == "" && !customerLeads {
				out = append(out, nameLabel(t, tr.CategoryID, i))
			}
			if tr.Phone == "" {
				out = append(out, phoneLabel(t, tr.CategoryID, i))
			}
		case t.Travellers == tour.AskAll && tr.Name == "" && !(i == 0 && customerLeads):
			out = append(out, nameLabel(t, tr.CategoryID, i))
		}
	}
	answered := map[answerKey]bool{}
	for _, a := range b.Answers {
		if a.Value != "" {
			answered[answerKey{a.QuestionID, a.Traveller}] = true
		}
	}
	for _, q := range t.Questions {
		if !q.Required {
			continue
		}
		for _, i := range askedOf(q, travellers) {
			if !answered[answerKey{q.ID, i}] {
				out = append(out, Who(t, q.Label, i, categoryAt(travellers, i)))
			}
		}
	}
	return out
}

// ReminderBefore is how long before the cut-off (tour.Tour.AnswersCutoffAt) a traveller
// whose booking lacks required details is reminded by email.
const ReminderBefore = 72 * time.Hour

// Open reports whether b's travellers may still change their details at now: before
// the cut-off of its departure d.
func Open(t tour.Tour, d tour.StartDate, now time.Time) bool {
	return now.Before(t.AnswersCutoffAt(d))
}
