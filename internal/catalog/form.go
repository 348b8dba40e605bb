package catalog

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tourbook/internal/fault"
	"tourbook/internal/input"
	"tourbook/internal/money"
	"tourbook/internal/plaintext"
	"tourbook/internal/tour"
)

// What a booking of a tour buys and is asked (issue #23 §1 and §2), as the operator sets
// it: the price categories, the extras, whose details are asked and the operator's own
// questions, with the rules each keeps. Every message names the row and the field
// ("Price category 2: the name is required."), under the key the API names the field
// with ("priceCategories.1.name").

const (
	maxIDLen          = 30
	maxCategoryName   = 60
	maxAge            = 120
	maxPerBooking     = 1000
	maxExtras         = 20
	maxExtraDesc      = 500
	maxStock          = 10000
	maxQuestions      = 30
	maxQuestionLabel  = 200
	maxQuestionHelp   = 500
	minOptions        = 2
	maxOptions        = 30
	maxOptionLen      = 100
	maxAnswersCutoffH = 720
)

// CategoryInput is one price category as the form sends it. An empty id is made from
// the name ("Child (4-11)" is "child-4-11").
type CategoryInput struct {
	ID    string       `json:"id"`
	Name  string       `json:"name"`
	Price money.Amount `json:"price"`
	// Ages and the minimum and maximum per booking: empty or 0 is no bound.
	MinAge input.Number `json:"minAge"`
	MaxAge input.Number `json:"maxAge"`
	// TakesSeat: left out, it does (only an infant on a lap does not).
	TakesSeat *bool        `json:"takesSeat"`
	Min       input.Number `json:"min"`
	Max       input.Number `json:"max"`
	OnlyWith  string       `json:"onlyWith"`
}

// ExtraInput is one extra as the form sends it; an empty id is made from the name.
type ExtraInput struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	Description string       `json:"description"`
	Price       money.Amount `json:"price"`
	// "booking" (the default) or "traveller".
	Per string `json:"per"`
	// Per departure; empty or 0 is no limit.
	Stock input.Number `json:"stock"`
}

// QuestionInput is one question as the form sends it. A new question has no id and is
// given one ("q3"); an existing one sends its id back, so answers already given stay
// tied to it.
type QuestionInput struct {
	ID           string   `json:"id"`
	Label        string   `json:"label"`
	Help         string   `json:"help"`
	Type         string   `json:"type"`
	Options      []string `json:"options"`
	Required     bool     `json:"required"`
	PerTraveller bool     `json:"perTraveller"`
	Categories   []string `json:"categories"`
}

// QuestionTypes are the kinds of answer a question takes, in the order the form offers
// them.
var QuestionTypes = []tour.QuestionType{tour.ShortText, tour.LongText, tour.OneChoice, tour.Choices,
	tour.YesNo, tour.DateQ, tour.NumberQ, tour.PhoneQ}

// rowOf is the key and the label of the i-th row (from 0) of list: ("priceCategories.1",
// "Price category 2").
func rowOf(list string, i int) (string, string) {
	names := map[string]string{"priceCategories": "Price category", "extras": "Extra", "questions": "Question"}
	return fmt.Sprintf("%s.%d", list, i), fmt.Sprintf("%s %d", names[list], i+1)
}

// optionalWhole reads a whole-number field that may be left empty (0).
func optionalWhole(f *fault.Fields, key, label string, n input.Number, dst *int) {
	if n.Empty() {
		*dst = 0
		return
	}
	whole(f, key, label, n, dst)
}

// applyForm sets the booking form's fields in gives on t, in currency cur, noting in f
// the numbers and amounts it cannot read.
func (in TourInput) applyForm(t *tour.Tour, cur string, f *fault.Fields) {
	if in.PriceCategories != nil {
		t.Categories = make([]tour.PriceCategory, len(*in.PriceCategories))
		for i, c := range *in.PriceCategories {
			key, label := rowOf("priceCategories", i)
			pc := tour.PriceCategory{ID: c.ID, Name: c.Name, OnlyWith: strings.TrimSpace(c.OnlyWith), TakesSeat: c.TakesSeat == nil || *c.TakesSeat}
			labelledAmount(f, key+".price", label+": the price", c.Price, cur, false, &pc.PriceMinor)
			optionalWhole(f, key+".minAge", label+": the minimum age", c.MinAge, &pc.MinAge)
			optionalWhole(f, key+".maxAge", label+": the maximum age", c.MaxAge, &pc.MaxAge)
			optionalWhole(f, key+".min", label+": the minimum per booking", c.Min, &pc.Min)
			optionalWhole(f, key+".max", label+": the maximum per booking", c.Max, &pc.Max)
			t.Categories[i] = pc
		}
	}
	if in.Extras != nil {
		t.Extras = make([]tour.Extra, len(*in.Extras))
		for i, e := range *in.Extras {
			key, label := rowOf("extras", i)
			x := tour.Extra{ID: e.ID, Name: e.Name, Description: e.Description, Per: tour.ExtraPer(strings.TrimSpace(e.Per))}
			labelledAmount(f, key+".price", label+": the price", e.Price, cur, false, &x.PriceMinor)
			optionalWhole(f, key+".stock", label+": the stock", e.Stock, &x.Stock)
			t.Extras[i] = x
		}
	}
	if in.Travellers != nil {
		t.Travellers = tour.TravellerDetails(strings.TrimSpace(*in.Travellers))
	}
	if in.Questions != nil {
		t.Questions = make([]tour.Question, len(*in.Questions))
		for i, q := range *in.Questions {
			t.Questions[i] = tour.Question{ID: q.ID, Label: q.Label, Help: q.Help, Type: tour.QuestionType(strings.TrimSpace(q.Type)),
				Options: slices.Clone(q.Options), Required: q.Required, PerTraveller: q.PerTraveller, Categories: slices.Clone(q.Categories)}
		}
	}
	if in.AnswersCutoffHours != nil {
		optionalWhole(f, "answersCutoffHours", labels["answersCutoffHours"], *in.AnswersCutoffHours, &t.AnswersCutoffHours)
	}
	if in.Deposit != nil {
		in.Deposit.apply(t, cur, f)
	}
}

// syncFirstPrice keeps the first price category's price what the tour's price less its
// discount is (Tour.UnitPriceMinor), which old API clients and the details' "Price per
// person" still set. Price categories given with a first price (or first category) other
// than before set the price to it and the discount to 0; otherwise a price or discount
// given sets the first category's price.
func syncFirstPrice(t *tour.Tour, before tour.Tour, in TourInput) {
	if len(t.Categories) == 0 {
		return
	}
	t.Categories = slices.Clone(t.Categories) // never the before's array
	first, old := t.Categories[0], before.PriceCategoriesOf()[0]
	priceGiven := in.Price != nil || in.PriceDiscount != nil
	if in.PriceCategories != nil && (!priceGiven || first.ID != old.ID || first.PriceMinor != old.PriceMinor) {
		t.PriceMinor, t.DiscountMinor = first.PriceMinor, 0
		return
	}
	t.Categories[0].PriceMinor = t.UnitPriceMinor()
}

// checkID tidies and checks a row's id; empty ids are filled in later (fillIDs).
func checkID(f *fault.Fields, key, label string, id *string) {
	*id = strings.TrimSpace(*id)
	if *id != "" && (len(*id) > maxIDLen || !slugRE.MatchString(*id)) {
		f.Add(key, "%s: the id may contain only lower-case letters, digits and single hyphens, at most %d characters, like \"child\".", label, maxIDLen)
	}
}

// rowText tidies and checks a row's text field (what: "name"), as plaintext.Field does.
func rowText(f *fault.Fields, key, label, what string, dst *string, max int, required, multiline bool) {
	if required && strings.TrimSpace(*dst) == "" {
		f.Add(key, "%s: the %s is required.", label, what)
		return
	}
	plaintext.Field(f, key, label+": the "+what, dst, max, false, multiline)
}

// fillIDs gives each row without an id one made by make (from its name, or its place),
// made unique among the ids given.
func fillIDs(n int, id func(i int) *string, make func(i int) string) {
	taken := map[string]bool{}
	for i := range n {
		taken[*id(i)] = true
	}
	for i := range n {
		if *id(i) != "" {
			continue
		}
		base := make(i)
		next := base
		for k := 2; taken[next]; k++ {
			next = fmt.Sprintf("%s-%d", base, k)
		}
		taken[next] = true
		*id(i) = next
	}
}

// idOf is an id made of a name: its slug, cut to maxIDLen, or fallback.
func idOf(name, fallback string) string {
	s := Slugify(name)
	if len(s) > maxIDLen-3 { // room for "-99"
		s = strings.TrimRight(s[:maxIDLen-3], "-")
	}
	if s == "" {
		return fallback
	}
	return s
}

// checkForm checks and tidies t's price categories, extras, traveller details,
// questions and answers cut-off, noting every problem in f.
func checkForm(t *tour.Tour, f *fault.Fields) {
	checkCategories(t, f)
	checkExtras(t, f)
	switch t.Travellers {
	case tour.AskNobody, tour.AskLead, tour.AskAll:
	default:
		f.Add("travellers", "%s must be nobody (\"\"), the lead traveller (\"lead\") or every traveller (\"all\").", labels["travellers"])
	}
	checkQuestions(t, f)
	checkDeposit(t, f)
	if !f.Has("answersCutoffHours") && (t.AnswersCutoffHours < 0 || t.AnswersCutoffHours > maxAnswersCutoffH) {
		f.Add("answersCutoffHours", "Answers can be changed until a number of hours before departure between 0 and %d (0 is the usual 48 hours).", maxAnswersCutoffH)
	}
}

func checkCategories(t *tour.Tour, f *fault.Fields) {
	cats := t.Categories
	if cats == nil {
		return // the one "Adult" category every tour had (Tour.PriceCategoriesOf)
	}
	switch {
	case len(cats) == 0:
		f.Add("priceCategories", "A tour needs at least one price category, such as Adult.")
		return
	case len(cats) > tour.MaxCategories:
		f.Add("priceCategories", "A tour can have at most %d price categories.", tour.MaxCategories)
		return
	}
	seen := map[string]int{}
	seat := false
	for i := range cats {
		c := &cats[i]
		key, label := rowOf("priceCategories", i)
		checkID(f, key+".id", label, &c.ID)
		rowText(f, key+".name", label, "name", &c.Name, maxCategoryName, true, false)
		if !f.Has(key + ".price") {
			checkPrice(f, key+".price", label, c.PriceMinor, t.Currency)
		}
		checkBounds(f, label, key+".minAge", key+".maxAge", c.MinAge, c.MaxAge, maxAge, "minimum age", "maximum age")
		checkBounds(f, label, key+".min", key+".max", c.Min, c.Max, maxPerBooking, "minimum per booking", "maximum per booking")
		if c.ID != "" {
			if j, dup := seen[c.ID]; dup {
				f.Add(key+".id", "%s: the id %q is already price category %d's; each needs its own.", label, c.ID, j+1)
			}
			seen[c.ID] = i
		}
		seat = seat || c.TakesSeat
	}
	fillIDs(len(cats), func(i int) *string { return &cats[i].ID }, func(i int) string {
		return idOf(cats[i].Name, fmt.Sprintf("category-%d", i+1))
	})
	if !seat {
		f.Add("priceCategories", "At least one price category must take a seat: a departure's capacity counts them.")
	}
	index := map[string]int{}
	for i, c := range cats {
		index[c.ID] = i
	}
	for i, c := range cats {
		key, label := rowOf("priceCategories", i)
		if c.OnlyWith == "" {
			continue
		}
		j, ok := index[c.OnlyWith]
		switch {
		case !ok:
			f.Add(key+".onlyWith", "%s: \"only with\" must name another of the tour's price categories; there is no %q.", label, c.OnlyWith)
		case j == i:
			f.Add(key+".onlyWith", "%s: a category cannot be booked only with itself.", label)
		default:
			// Follow the chain: a cycle (a child only with a senior only with a child) would
			// make every one of them unbookable.
			for steps, k := 0, j; k >= 0 && steps <= len(cats); steps++ {
				if k == i {
					f.Add(key+".onlyWith", "%s: \"only with\" goes round in a circle back to %s, so none of them could be booked.", label, c.Name)
					break
				}
				next, ok := index[cats[k].OnlyWith]
				if !ok || cats[k].OnlyWith == "" {
					break
				}
				k = next
			}
		}
	}
}

// checkBounds keeps a row's lower and upper bound (the ages, or how many per booking)
// from 0 to top, the upper one, when set (0 is none), not below the lower.
func checkBounds(f *fault.Fields, label, lowKey, highKey string, low, high, top int, lowName, highName string) {
	if !f.Has(lowKey) && (low < 0 || low > top) {
		f.Add(lowKey, "%s: the %s must be between 0 and %d.", label, lowName, top)
	}
	if !f.Has(highKey) && (high < 0 || high > top) {
		f.Add(highKey, "%s: the %s must be between 0 and %d (0 is no limit).", label, highName, top)
	} else if high > 0 && low > high {
		f.Add(highKey, "%s: the %s cannot be below the %s (%d).", label, highName, lowName, low)
	}
}

// checkPrice keeps a row's price from 0 to the highest price.
func checkPrice(f *fault.Fields, key, label string, minor int64, currency string) {
	switch {
	case minor < 0:
		f.Add(key, "%s: the price cannot be negative.", label)
	case minor > maxPriceMinor:
		f.Add(key, "%s: the price is too high: at most %s.", label, money.Format(maxPriceMinor, currency))
	}
}

func checkExtras(t *tour.Tour, f *fault.Fields) {
	list := t.Extras
	if len(list) > maxExtras {
		f.Add("extras", "A tour can have at most %d extras.", maxExtras)
		return
	}
	seen := map[string]int{}
	for i := range list {
		x := &list[i]
		key, label := rowOf("extras", i)
		checkID(f, key+".id", label, &x.ID)
		rowText(f, key+".name", label, "name", &x.Name, maxCategoryName, true, false)
		rowText(f, key+".description", label, "description", &x.Description, maxExtraDesc, false, false)
		if !f.Has(key + ".price") {
			checkPrice(f, key+".price", label, x.PriceMinor, t.Currency)
		}
		switch x.Per {
		case "":
			x.Per = tour.PerBooking
		case tour.PerBooking, tour.PerTraveller:
		default:
			f.Add(key+".per", "%s: the price must be per booking or per traveller.", label)
		}
		if !f.Has(key+".stock") && (x.Stock < 0 || x.Stock > maxStock) {
			f.Add(key+".stock", "%s: the stock must be between 0 and %d (0 is no limit).", label, maxStock)
		}
		if x.ID != "" {
			if j, dup := seen[x.ID]; dup {
				f.Add(key+".id", "%s: the id %q is already extra %d's; each needs its own.", label, x.ID, j+1)
			}
			seen[x.ID] = i
		}
	}
	fillIDs(len(list), func(i int) *string { return &list[i].ID }, func(i int) string {
		return idOf(list[i].Name, fmt.Sprintf("extra-%d", i+1))
	})
}

func checkQuestions(t *tour.Tour, f *fault.Fields) {
	list := t.Questions
	if len(list) > maxQuestions {
		f.Add("questions", "A tour can have at most %d questions.", maxQuestions)
		return
	}
	cats := map[string]bool{}
	for _, c := range t.PriceCategoriesOf() {
		cats[c.ID] = true
	}
	seen := map[string]int{}
	for i := range list {
		q := &list[i]
		key, label := rowOf("questions", i)
		checkID(f, key+".id", label, &q.ID)
		rowText(f, key+".label", label, "question", &q.Label, maxQuestionLabel, true, false)
		rowText(f, key+".help", label, "help text", &q.Help, maxQuestionHelp, false, false)
		if !slices.Contains(QuestionTypes, q.Type) {
			f.Add(key+".type", "%s: the type must be one of short text, long text, one choice, several choices, yes/no, date, number or phone.", label)
		}
		checkOptions(f, key+".options", label, q)
		if len(q.Categories) > 0 && !q.PerTraveller {
			f.Add(key+".categories", "%s: categories can be chosen only for a question asked of each traveller.", label)
		}
		for _, c := range q.Categories {
			if !cats[c] {
				f.Add(key+".categories", "%s: %q is not one of the tour's price categories.", label, c)
			}
		}
		if q.ID != "" {
			if j, dup := seen[q.ID]; dup {
				f.Add(key+".id", "%s: the id %q is already question %d's; each needs its own.", label, q.ID, j+1)
			}
			seen[q.ID] = i
		}
	}
	// New questions are numbered after the highest "q{n}" there is, so an id once used
	// by a question since removed is not given to a new one within the same list.
	next := 0
	for _, q := range list {
		if n, err := strconv.Atoi(strings.TrimPrefix(q.ID, "q")); err == nil && strings.HasPrefix(q.ID, "q") {
			next = max(next, n)
		}
	}
	fillIDs(len(list), func(i int) *string { return &list[i].ID }, func(int) string {
		next++
		return fmt.Sprintf("q%d", next)
	})
}

// checkOptions keeps a choice question's options (2 to 30, each plain text, none twice)
// and refuses options on any other type.
func checkOptions(f *fault.Fields, key, label string, q *tour.Question) {
	if q.Type != tour.OneChoice && q.Type != tour.Choices {
		kept := q.Options[:0]
		for _, o := range q.Options {
			if strings.TrimSpace(o) != "" {
				kept = append(kept, o)
			}
		}
		if len(kept) > 0 {
			f.Add(key, "%s: only a choice question has options; leave them empty for this type.", label)
		}
		q.Options = nil
		return
	}
	opts := make([]string, 0, len(q.Options))
	seen := map[string]bool{}
	for _, o := range q.Options {
		o, err := plaintext.Clean(label+": an option", o, maxOptionLen, false, false)
		if err != nil {
			f.Add(key, "%s", err.(*fault.Error).Message)
			return
		}
		if o == "" {
			continue // a blank line between options
		}
		if seen[strings.ToLower(o)] {
			f.Add(key, "%s: the option %q is there twice.", label, o)
			return
		}
		seen[strings.ToLower(o)] = true
		opts = append(opts, o)
	}
	if len(opts) < minOptions || len(opts) > maxOptions {
		f.Add(key, "%s: a choice question needs between %d and %d options, one per line.", label, minOptions, maxOptions)
		return
	}
	q.Options = opts
}
