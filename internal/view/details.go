package view

import (
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/checkin"
	"tourbook/internal/details"
	"tourbook/internal/format"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// Who travels on a booking and what they answered (issue #23 §2): on /my-tours/{id},
// where the traveller changes them until the cut-off, on /my-tours, and on the manifest.

// BookingItem is one thing a booking bought, as /my-tours/{id} lists it: "2 × Adult
// ($397.00)", "2 × Wetsuit ($15.00)". The back office's BookingLine adds its amount.
type BookingItem struct {
	Name     string `json:"name"`
	Quantity int    `json:"quantity"`
	// Formatted price of one.
	Price string `json:"price"`
}

// TravellerLine is one traveller of a booking.
type TravellerLine struct {
	// Index is their place on the booking, 1 the lead.
	Index int `json:"index"`
	// CategoryID and Category are their price category's id and name ("Child").
	CategoryID string `json:"categoryId"`
	Category   string `json:"category"`
	Name       string `json:"name"`
	Phone      string `json:"phone"`
	// Seat: whether they take a seat (an infant on a lap does not).
	Seat bool `json:"seat"`
}

// AnswerLine is one answer as given, with its question as it was asked.
type AnswerLine struct {
	QuestionID string            `json:"questionId"`
	Label      string            `json:"label"`
	Type       tour.QuestionType `json:"type" tstype:"'text' | 'longtext' | 'choice' | 'choices' | 'yesno' | 'date' | 'number' | 'phone'"`
	// Traveller is the index of the traveller it is about, 0 for the booking.
	Traveller int `json:"traveller"`
	// Value as stored: several choices on lines of their own, yes/no as "yes"/"no".
	Value string `json:"value"`
	// Text is the value as a person reads it: "Boots, Poles", "Yes".
	Text string `json:"text"`
}

// BookingDetails are a booking's travellers and answers, and the form to change them.
type BookingDetails struct {
	// Ask is whose names the tour asks: "" nobody, "lead" the lead's name and phone,
	// "all" every traveller's name.
	Ask        tour.TravellerDetails `json:"ask" tstype:"'' | 'lead' | 'all'"`
	Travellers []TravellerLine       `json:"travellers"`
	Answers    []AnswerLine          `json:"answers"`
	// Questions are the tour's questions as it asks them now.
	Questions []QuestionView `json:"questions"`
	// Missing are the labels of the required names and answers not given yet.
	Missing []string `json:"missing"`
	// Editable until the cut-off; EditURL is the PATCH call, "" when not editable.
	Editable bool   `json:"editable"`
	EditURL  string `json:"editUrl"`
	// Cutoff is when changes end, in the tour's time: "Fri 11 June 2027, 09:00 CEST (Europe/Oslo)".
	Cutoff string `json:"cutoff"`
	// Limits of the form's fields.
	MaxName     int `json:"maxName"`
	MaxText     int `json:"maxText"`
	MaxLongText int `json:"maxLongText"`
}

// NewBookingItems are what b bought (booking.Items): its travellers by category, and
// its extras.
func NewBookingItems(b booking.Booking) (units, extras []BookingItem) {
	units, extras = []BookingItem{}, []BookingItem{}
	for _, it := range b.Items() {
		line := BookingItem{Name: it.Name, Quantity: it.Quantity, Price: money.Format(it.PriceMinor, b.Currency)}
		if it.Extra {
			extras = append(extras, line)
		} else {
			units = append(units, line)
		}
	}
	return units, extras
}

// NewAnswerLine is an answer for a page.
func NewAnswerLine(a booking.Answer) AnswerLine {
	return AnswerLine{QuestionID: a.QuestionID, Label: a.Label, Type: a.Type, Traveller: a.Traveller, Value: a.Value, Text: a.Text()}
}

// NewBookingDetails are b's travellers and answers on tour t at now, editable by its
// traveller until the cut-off; customer is the account's name, the lead of a booking
// that names nobody yet.
func NewBookingDetails(t tour.Tour, b booking.Booking, customer string, now time.Time) BookingDetails {
	d := BookingDetails{Ask: t.Travellers, Travellers: []TravellerLine{}, Answers: []AnswerLine{}, Questions: NewQuestionViews(t),
		Missing: details.Missing(t, b), Editable: details.Changeable(t, b, now), Cutoff: details.CutoffText(t, b),
		MaxName: details.MaxName, MaxText: details.MaxText, MaxLongText: details.MaxLongText}
	if d.Missing == nil {
		d.Missing = []string{}
	}
	if d.Editable {
		d.EditURL = "/api/v1/my-bookings/" + b.ID + "/details"
	}
	seats := map[string]bool{}
	for _, u := range b.UnitsOf() {
		seats[u.CategoryID] = u.TakesSeat
	}
	for i, tr := range details.TravellersOf(b) {
		if i == 0 && tr.Name == "" && len(b.Travellers) == 0 {
			tr.Name = customer
		}
		name := tr.CategoryID
		if c, ok := t.Category(tr.CategoryID); ok {
			name = c.Name
		} else {
			for _, u := range b.UnitsOf() {
				if u.CategoryID == tr.CategoryID {
					name = u.Name
				}
			}
		}
		d.Travellers = append(d.Travellers, TravellerLine{Index: i + 1, CategoryID: tr.CategoryID, Category: name,
			Name: tr.Name, Phone: tr.Phone, Seat: seats[tr.CategoryID]})
	}
	for _, a := range b.Answers {
		d.Answers = append(d.Answers, NewAnswerLine(a))
	}
	return d
}

// DetailsNeeded is /my-tours' marker on a booking whose required details are missing
// while they can still be given: "Details needed by Fri 11 June 2027"; "" otherwise.
func DetailsNeeded(t tour.Tour, b booking.Booking, now time.Time) string {
	if !details.Changeable(t, b, now) || len(details.Missing(t, b)) == 0 {
		return ""
	}
	return "Details needed by " + format.DayIn(t.AnswersCutoffAt(details.DepartureOf(t, b.StartDate)), t.Zone())
}

// TravellerAnswers is one traveller of a booking with their answers: on the manifest and
// in the back office's booking.
type TravellerAnswers struct {
	TravellerLine
	// Answers about them (on the manifest the lead's also the booking's, in its columns).
	Answers []AnswerLine `json:"answers"`
}

// NewManifestTravellers are the travellers of one of m's bookings.
func NewManifestTravellers(list []checkin.Traveller) []TravellerAnswers {
	out := make([]TravellerAnswers, 0, len(list))
	for _, tr := range list {
		row := TravellerAnswers{TravellerLine: TravellerLine{Index: tr.Index, CategoryID: tr.CategoryID, Category: tr.Category,
			Name: tr.Name, Phone: tr.Phone, Seat: tr.Seat}, Answers: []AnswerLine{}}
		for _, a := range tr.Answers {
			row.Answers = append(row.Answers, NewAnswerLine(a))
		}
		out = append(out, row)
	}
	return out
}

// ManifestColumn is a question the manifest shows answers to.
type ManifestColumn struct {
	QuestionID string `json:"questionId"`
	Label      string `json:"label"`
}

// NewManifestColumns are the manifest m's answer columns.
func NewManifestColumns(m checkin.Manifest) []ManifestColumn {
	out := []ManifestColumn{}
	for _, c := range m.Columns() {
		out = append(out, ManifestColumn{QuestionID: c.QuestionID, Label: c.Label})
	}
	return out
}
