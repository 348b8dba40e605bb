// Package details checks who is travelling on a booking and their answers to the tour's
// questions (issue #23 §2): what the booking panel sends and what a traveller changes
// on /my-tours/{id} before the cut-off. It knows nothing of HTTP or SQL.
package details

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/plaintext"
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

// Limits of what a traveller types.
const (
	MaxName     = 100
	MaxText     = 200
	MaxLongText = 2000
	// MaxNumber bounds a number answer either way.
	MaxNumber = 1e9
	// maxAnswers bounds how many answers one booking sends: every question for every
	// traveller, with room to spare; more is not a person typing.
	maxAnswers = 2000
)

// Check checks given against the tour's traveller details and questions for a booking
// of units, and returns what the booking keeps: one Traveller per traveller (category
// set, names as the tour asks), and the answers with each question's label and type as
// asked. Errors are *fault.Error of kind fault.Invalid (400) naming the question or
// traveller at fault.
func Check(t tour.Tour, units []booking.Unit, given Given) ([]booking.Traveller, []booking.Answer, error) {
	travellers, err := checkTravellers(t, units, given.Travellers)
	if err != nil {
		return nil, nil, err
	}
	answers, err := checkAnswers(t, travellers, given.Answers)
	if err != nil {
		return nil, nil, err
	}
	return travellers, answers, nil
}

// slots are the categories of a booking's travellers, in order: each unit Count times.
func slots(units []booking.Unit) []string {
	var out []string
	for _, u := range units {
		for range max(u.Count, 0) {
			out = append(out, u.CategoryID)
		}
	}
	return out
}

func checkTravellers(t tour.Tour, units []booking.Unit, given []booking.Traveller) ([]booking.Traveller, error) {
	cats := slots(units)
	out := make([]booking.Traveller, len(cats))
	for i, c := range cats {
		out[i].CategoryID = c
	}
	if t.Travellers == tour.AskNobody {
		// Nothing is asked: whatever came is not kept.
		return out, nil
	}
	switch {
	case len(given) == 0:
		given = make([]booking.Traveller, len(cats)) // the required names say what is missing
	case len(given) != len(cats):
		return nil, invalid("Please give the details of each of the %d travellers (%d were sent).", len(cats), len(given))
	}
	for i, g := range given {
		if g.CategoryID != "" && g.CategoryID != cats[i] {
			return nil, invalid("Traveller %d should be %s, not %s: please reload the page and try again.",
				i+1, categoryName(t, cats[i]), categoryName(t, g.CategoryID))
		}
		lead := i == 0
		if t.Travellers == tour.AskLead && !lead {
			continue // only the lead's details are asked
		}
		name, err := plaintext.Clean(nameLabel(t, cats[i], i), g.Name, MaxName, true, false)
		if err != nil {
			return nil, err
		}
		out[i].Name = name
		phone := strings.TrimSpace(g.Phone)
		switch {
		case phone == "" && t.Travellers == tour.AskLead:
			return nil, invalid("Please give the lead traveller's phone number.")
		case phone != "" && !plaintext.IsPhone(phone):
			return nil, invalid("%s does not look right: %s.", phoneLabel(t, cats[i], i), plaintext.PhoneHint)
		}
		out[i].Phone = phone
	}
	return out, nil
}

func nameLabel(t tour.Tour, cat string, i int) string {
	if t.Travellers == tour.AskLead {
		return "The lead traveller's name"
	}
	return fmt.Sprintf("The name of traveller %d (%s)", i+1, categoryName(t, cat))
}

func phoneLabel(t tour.Tour, cat string, i int) string {
	if t.Travellers == tour.AskLead {
		return "The lead traveller's phone number"
	}
	return fmt.Sprintf("The phone number of traveller %d (%s)", i+1, categoryName(t, cat))
}

// categoryName is the name of the tour's category id, or the id for one it no longer has.
func categoryName(t tour.Tour, id string) string {
	if c, ok := t.Category(id); ok && c.Name != "" {
		return c.Name
	}
	return id
}

// AskedOf reports whether q is asked of a traveller of category cat (for a question
// asked per traveller).
func AskedOf(q tour.Question, cat string) bool {
	return len(q.Categories) == 0 || slices.Contains(q.Categories, cat)
}

// Who names an answer for a person: "Dietary needs" for a question asked once per
// booking, "Dietary needs (traveller 2, Child)" for one asked of each traveller.
func Who(t tour.Tour, label string, traveller int, cat string) string {
	if traveller == 0 {
		return label
	}
	return fmt.Sprintf("%s (traveller %d, %s)", label, traveller, categoryName(t, cat))
}

type answerKey struct {
	question  string
	traveller int
}

func checkAnswers(t tour.Tour, travellers []booking.Traveller, given []booking.Answer) ([]booking.Answer, error) {
	if len(given) > maxAnswers {
		return nil, invalid("Too many answers were sent (%d).", len(given))
	}
	got := map[answerKey]string{}
	for _, a := range given {
		q, ok := question(t, a.QuestionID)
		if !ok {
			return nil, invalid("This tour has no question %q (it may have changed): please reload the page and try again.",
				truncate(a.QuestionID, 40))
		}
		cat := ""
		switch {
		case !q.PerTraveller && a.Traveller != 0:
			return nil, invalid("%s is asked once per booking, not of each traveller.", q.Label)
		case q.PerTraveller && (a.Traveller < 1 || a.Traveller > len(travellers)):
			return nil, invalid("%s: this booking has no traveller %d.", q.Label, a.Traveller)
		case q.PerTraveller:
			cat = travellers[a.Traveller-1].CategoryID
			if !AskedOf(q, cat) {
				return nil, invalid("%s is not asked of traveller %d (%s).", q.Label, a.Traveller, categoryName(t, cat))
			}
		}
		who := Who(t, q.Label, a.Traveller, cat)
		k := answerKey{q.ID, a.Traveller}
		if _, twice := got[k]; twice {
			return nil, invalid("%s was answered twice.", who)
		}
		v, err := checkValue(q, who, a.Value)
		if err != nil {
			return nil, err
		}
		got[k] = v
	}
	var out []booking.Answer
	for _, q := range t.Questions {
		for _, i := range askedOf(q, travellers) {
			v := got[answerKey{q.ID, i}]
			if v == "" {
				if q.Required {
					return nil, invalid("%s: please answer this question.", Who(t, q.Label, i, categoryAt(travellers, i)))
				}
				continue
			}
			out = append(out, booking.Answer{QuestionID: q.ID, Label: q.Label, Type: q.Type, Traveller: i, Value: v})
		}
	}
	return out, nil
}

// askedOf lists who q is asked of: 0 (the booking) for a question asked once, else the
// 1-based index of every traveller of a category it applies to.
func askedOf(q tour.Question, travellers []booking.Traveller) []int {
	if !q.PerTraveller {
		return []int{0}
	}
	var out []int
	for i, tr := range travellers {
		if AskedOf(q, tr.CategoryID) {
			out = append(out, i+1)
		}
	}
	return out
}

func categoryAt(travellers []booking.Traveller, i int) string {
	if i < 1 || i > len(travellers) {
		return ""
	}
	return travellers[i-1].CategoryID
}

func question(t tour.Tour, id string) (tour.Question, bool) {
	for _, q := range t.Questions {
		if q.ID == id {
			return q, true
		}
	}
	return tour.Question{}, false
}

// decimal is a number as a person types it: digits, a point or comma and more digits.
var decimal = regexp.MustCompile(`^[+-]?[0-9]{1,10}([.,][0-9]{1,6})?$`)

// checkValue checks one answer's value against its question and returns it tidied ("" is
// no answer); who names it in the message.
func checkValue(q tour.Question, who, v string) (string, error) {
	switch q.Type {
	case tour.LongText:
		return plaintext.Clean(who, v, MaxLongText, false, true)
	case tour.OneChoice:
		v = strings.TrimSpace(v)
		if v != "" && !slices.Contains(q.Options, v) {
			return "", invalid("%s: please choose one of the options.", who)
		}
		return v, nil
	case tour.Choices:
		return checkChoices(q, who, v)
	case tour.YesNo:
		v = strings.ToLower(strings.TrimSpace(v))
		if v != "" && v != "yes" && v != "no" {
			return "", invalid("%s: please answer yes or no.", who)
		}
		return v, nil
	case tour.DateQ:
		v = strings.TrimSpace(v)
		if v == "" {
			return "", nil
		}
		d, err := time.Parse(time.DateOnly, v)
		if err != nil || d.Year() < 1000 {
			return "", invalid("%s: please give a date, e.g. 2027-06-12.", who)
		}
		return d.Format(time.DateOnly), nil
	case tour.NumberQ:
		return checkNumber(who, v)
	case tour.PhoneQ:
		v = strings.TrimSpace(v)
		if v != "" && !plaintext.IsPhone(v) {
			return "", invalid("%s: the phone number does not look right: %s.", who, plaintext.PhoneHint)
		}
		return v, nil
	default: // tour.ShortText, and a type this version does not know: short text
		return plaintext.Clean(who, v, MaxText, false, false)
	}
}

func checkChoices(q tour.Question, who, v string) (string, error) {
	if strings.TrimSpace(v) == "" {
		return "", nil
	}
	chosen := map[string]bool{}
	for _, c := range strings.Split(v, "\n") {
		c = strings.TrimSpace(strings.TrimSuffix(c, "\r"))
		if !slices.Contains(q.Options, c) {
			return "", invalid("%s: please choose among the options.", who)
		}
		if chosen[c] {
			return "", invalid("%s: each option can be chosen once.", who)
		}
		chosen[c] = true
	}
	// Kept in the question's order, so the same choice reads the same.
	var out []string
	for _, o := range q.Options {
		if chosen[o] {
			out = append(out, o)
		}
	}
	return strings.Join(out, "\n"), nil
}

func checkNumber(who, v string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return "", nil
	}
	if !decimal.MatchString(v) {
		return "", invalid("%s: please give a number, e.g. 72 or 72.5.", who)
	}
	f, err := strconv.ParseFloat(strings.Replace(v, ",", ".", 1), 64)
	if err != nil || f > MaxNumber || f < -MaxNumber {
		return "", invalid("%s: please give a number between -1,000,000,000 and 1,000,000,000.", who)
	}
	if f == 0 {
		f = 0 // not "-0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64), nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}
