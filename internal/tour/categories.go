package tour

import "time"

// What a tour sells and asks (issue #23): its price categories (adults, children,
// infants…), the extras a booking may add, and who is travelling and the operator's own
// questions. They belong to the tour and change with its version; a booking keeps a copy
// of what it was sold and asked (booking.Unit, booking.ExtraLine, booking.Answer), so a
// later edit never changes it. The JSON names are the stored and the API's form.

// PriceCategory is one way a traveller is priced: "Adult", "Child (4–11)", "Infant".
type PriceCategory struct {
	// ID is unique within the tour and never changes once sold: lower-case letters,
	// digits and '-' ("adult", "child").
	ID   string `json:"id"`
	Name string `json:"name"`
	// PriceMinor is what one traveller of the category pays, in the tour's currency,
	// unless the departure has its own (StartDate.Prices).
	PriceMinor int64 `json:"price"`
	// MinAge and MaxAge are the ages the category is for, shown to the traveller; 0 is
	// no bound.
	MinAge int `json:"minAge,omitempty"`
	MaxAge int `json:"maxAge,omitempty"`
	// TakesSeat: whether its travellers count against a departure's capacity (an infant
	// on a lap does not).
	TakesSeat bool `json:"takesSeat"`
	// Min and Max bound how many of the category one booking has; 0 is no bound.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// OnlyWith is another category's ID: this one is booked only alongside at least one
	// of that (a child only with an adult); "" is none.
	OnlyWith string `json:"onlyWith,omitempty"`
}

// DefaultCategoryID is the category every tour had before categories existed, and the
// one `participants=N` books: the first.
const DefaultCategoryID = "adult"

// MaxCategories is how many price categories a tour may have.
const MaxCategories = 10

// ExtraPer says what an extra's price is for.
type ExtraPer string

const (
	PerBooking   ExtraPer = "booking"   // once per booking, quantity up to its stock
	PerTraveller ExtraPer = "traveller" // each for one traveller, at most one per traveller
)

// Extra is an optional item a booking may add: a single-room supplement, a rented kayak.
type Extra struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	PriceMinor  int64    `json:"price"`
	Per         ExtraPer `json:"per"`
	// Stock is how many one departure has, held and released with the seats; 0 is no
	// limit.
	Stock int `json:"stock,omitempty"`
}

// TravellerDetails says whose details a booking asks for.
type TravellerDetails string

const (
	AskNobody TravellerDetails = ""     // the buyer's account is enough
	AskLead   TravellerDetails = "lead" // the lead traveller's name and phone
	AskAll    TravellerDetails = "all"  // every traveller's name
)

// QuestionType is the kind of answer a question takes.
type QuestionType string

const (
	ShortText QuestionType = "text"
	LongText  QuestionType = "longtext"
	OneChoice QuestionType = "choice"
	Choices   QuestionType = "choices"
	YesNo     QuestionType = "yesno"
	DateQ     QuestionType = "date"
	NumberQ   QuestionType = "number"
	PhoneQ    QuestionType = "phone"
)

// Question is one of the operator's questions: "Dietary needs?", "Weight (kg)".
type Question struct {
	ID       string       `json:"id"` // unique within the tour, kept across edits
	Label    string       `json:"label"`
	Help     string       `json:"help,omitempty"`
	Type     QuestionType `json:"type"`
	Options  []string     `json:"options,omitempty"` // the choices of OneChoice and Choices
	Required bool         `json:"required,omitempty"`
	// PerTraveller asks it of every traveller (of Categories, when any are named)
	// rather than once per booking.
	PerTraveller bool     `json:"perTraveller,omitempty"`
	Categories   []string `json:"categories,omitempty"`
}

// DefaultAnswersCutoff is how long before a departure's local start its travellers can
// still change their answers, unless the tour says otherwise.
const DefaultAnswersCutoff = 48 * time.Hour

// PriceCategoriesOf is the tour's price categories: its own, or the one every tour had
// before categories existed ("Adult" at the tour's price less its discount, taking a
// seat).
func (t Tour) PriceCategoriesOf() []PriceCategory {
	if len(t.Categories) > 0 {
		return t.Categories
	}
	return []PriceCategory{{ID: DefaultCategoryID, Name: "Adult", PriceMinor: t.UnitPriceMinor(), TakesSeat: true}}
}

// SeatCategory is the first of the tour's price categories that takes a seat: the one a
// number of seats alone is booked in (a waiting list's offer, `participants=N`).
func (t Tour) SeatCategory() PriceCategory {
	cats := t.PriceCategoriesOf()
	for _, c := range cats {
		if c.TakesSeat {
			return c
		}
	}
	return cats[0]
}

// Category is the tour's price category with id.
func (t Tour) Category(id string) (PriceCategory, bool) {
	for _, c := range t.PriceCategoriesOf() {
		if c.ID == id {
			return c, true
		}
	}
	return PriceCategory{}, false
}

// PriceOn is what one traveller of category c pays on departure d: the departure's own
// price when it has one, else the category's.
func (t Tour) PriceOn(d StartDate, c PriceCategory) int64 {
	if p, ok := d.Prices[c.ID]; ok {
		return p
	}
	return c.PriceMinor
}

// Extra is the tour's extra with id.
func (t Tour) Extra(id string) (Extra, bool) {
	for _, e := range t.Extras {
		if e.ID == id {
			return e, true
		}
	}
	return Extra{}, false
}

// AnswersCutoffAt is the moment after which the travellers of a departure can no
// longer change their details and answers.
func (t Tour) AnswersCutoffAt(d StartDate) time.Time {
	cut := DefaultAnswersCutoff
	if t.AnswersCutoffHours > 0 {
		cut = time.Duration(t.AnswersCutoffHours) * time.Hour
	}
	return t.StartsAt(d).Add(-cut)
}
