package catalog

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// formTour is a valid tour to put a booking form on.
func formTour() tour.Tour {
	return tour.Tour{
		Name: "Fjord Days", Summary: "Fjords.", Difficulty: tour.Easy, DurationDays: 3,
		MaxGroupSize: 10, PriceMinor: 50000, Currency: "eur", TimeZone: "Europe/Oslo",
		StartLocation: tour.Location{Point: tour.Point{Lng: 5.32, Lat: 60.39}, Description: "Bergen"},
		Policy:        tour.DefaultPolicy(),
	}
}

// formInput reads a TourInput as the API would from JSON.
func formInput(t *testing.T, body string) TourInput {
	t.Helper()
	var in TourInput
	if err := json.Unmarshal([]byte(body), &in); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return in
}

// checkInput applies in to before as Update does (without the sold check) and returns
// the tour and the fields' messages.
func checkInput(t *testing.T, before tour.Tour, in TourInput) (tour.Tour, map[string]string) {
	t.Helper()
	tr := before
	var f fault.Fields
	in.apply(&tr, &f)
	syncFirstPrice(&tr, before, in)
	err := validate(&tr, nil, &f)
	if err == nil {
		return tr, nil
	}
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Invalid {
		t.Fatalf("error %v is not an invalid field error", err)
	}
	return tr, fe.FieldMessages()
}

const family = `{"priceCategories": [
	{"id": "adult", "name": "Adult", "price": "120", "takesSeat": true, "min": 1},
	{"name": "Child (4–11)", "price": 6000, "minAge": 4, "maxAge": 11, "onlyWith": "adult"},
	{"id": "infant", "name": "Infant", "price": "0", "takesSeat": false, "maxAge": 3, "max": 2, "onlyWith": "adult"}]}`

func TestFamilyCategoriesAreKept(t *testing.T) {
	tr, msgs := checkInput(t, formTour(), formInput(t, family))
	if msgs != nil {
		t.Fatal(msgs)
	}
	want := []tour.PriceCategory{
		{ID: "adult", Name: "Adult", PriceMinor: 12000, TakesSeat: true, Min: 1},
		{ID: "child-4-11", Name: "Child (4–11)", PriceMinor: 6000, MinAge: 4, MaxAge: 11, TakesSeat: true, OnlyWith: "adult"},
		{ID: "infant", Name: "Infant", PriceMinor: 0, MaxAge: 3, Max: 2, OnlyWith: "adult"},
	}
	got, _ := json.Marshal(tr.Categories)
	wantJSON, _ := json.Marshal(want)
	if string(got) != string(wantJSON) {
		t.Errorf("categories\n got %s\nwant %s", got, wantJSON)
	}
	// Categories given set the price to the first one's, and no discount.
	if tr.PriceMinor != 12000 || tr.DiscountMinor != 0 {
		t.Errorf("price %d less %d, want 12000 less 0", tr.PriceMinor, tr.DiscountMinor)
	}
}

func TestPriceAloneMovesTheFirstCategory(t *testing.T) {
	before, _ := checkInput(t, formTour(), formInput(t, family))
	// The existing form and old API clients send price and discount: the first category follows.
	tr, msgs := checkInput(t, before, formInput(t, `{"price": "150", "priceDiscount": "10"}`))
	if msgs != nil {
		t.Fatal(msgs)
	}
	if tr.Categories[0].PriceMinor != 14000 || tr.UnitPriceMinor() != 14000 {
		t.Errorf("first category %d, unit price %d; want 14000", tr.Categories[0].PriceMinor, tr.UnitPriceMinor())
	}
	if before.Categories[0].PriceMinor != 12000 {
		t.Errorf("the tour before was changed too: %d", before.Categories[0].PriceMinor)
	}
	// The tour form sends both: the one that changed wins.
	both := formInput(t, `{"price": "150", "priceDiscount": "10", "priceCategories": [
		{"id": "adult", "name": "Adult", "price": "140"}, {"id": "child", "name": "Child", "price": "70"}]}`)
	tr, msgs = checkInput(t, tr, both)
	if msgs != nil || tr.UnitPriceMinor() != 14000 || tr.Categories[1].PriceMinor != 7000 {
		t.Errorf("child's price changed: %v, unit %d, %+v", msgs, tr.UnitPriceMinor(), tr.Categories)
	}
	both = formInput(t, `{"price": "150", "priceDiscount": "10", "priceCategories": [
		{"id": "adult", "name": "Adult", "price": "99"}, {"id": "child", "name": "Child", "price": "70"}]}`)
	tr, msgs = checkInput(t, tr, both)
	if msgs != nil || tr.PriceMinor != 9900 || tr.DiscountMinor != 0 || tr.Categories[0].PriceMinor != 9900 {
		t.Errorf("adult's price changed: %v, price %d less %d", msgs, tr.PriceMinor, tr.DiscountMinor)
	}
	// A tour without categories of its own is untouched by a price change.
	plain, msgs := checkInput(t, formTour(), formInput(t, `{"price": "75"}`))
	if msgs != nil || plain.Categories != nil || plain.PriceCategoriesOf()[0].PriceMinor != 7500 {
		t.Errorf("plain tour: %v %+v", msgs, plain.Categories)
	}
}

func TestFormRefusals(t *testing.T) {
	cat := func(extra string) string {
		return `{"priceCategories": [{"id": "adult", "name": "Adult", "price": 100}, {"id": "child", "name": "Child", "price": 50` + extra + `}]}`
	}
	question := func(q string) string { return `{"questions": [` + q + `]}` }
	for _, c := range []struct {
		name, body, key, msg string
	}{
		{"no categories", `{"priceCategories": []}`, "priceCategories", "at least one price category"},
		{"eleven categories", `{"priceCategories": [` + strings.TrimSuffix(strings.Repeat(`{"name": "A", "price": 1},`, 11), ",") + `]}`, "priceCategories", "at most 10 price categories"},
		{"name missing", cat(`, "name": " "`), "priceCategories.1.name", "Price category 2: the name is required."},
		{"name too long", cat(`, "name": "` + strings.Repeat("n", 61) + `"`), "priceCategories.1.name", "Price category 2: the name must be at most 60 characters"},
		{"control in name", cat(`, "name": "Chi\u202eld"`), "priceCategories.1.name", "Price category 2: the name contains a control character"},
		{"upper-case id", cat(`, "id": "Child"`), "priceCategories.1.id", "Price category 2: the id may contain only lower-case letters"},
		{"same id twice", cat(`, "id": "adult"`), "priceCategories.1.id", `Price category 2: the id "adult" is already price category 1's`},
		{"negative price", cat(`, "price": -1`), "priceCategories.1.price", "Price category 2: the price cannot be negative."},
		{"price not a number", cat(`, "price": "ten"`), "priceCategories.1.price", "Price category 2: the price must be a number"},
		{"price empty", cat(`, "price": ""`), "priceCategories.1.price", "Price category 2: the price cannot be empty."},
		{"age above 120", cat(`, "maxAge": 121`), "priceCategories.1.maxAge", "Price category 2: the maximum age must be between 0 and 120"},
		{"ages crossed", cat(`, "minAge": 12, "maxAge": 4`), "priceCategories.1.maxAge", "cannot be below the minimum age (12)"},
		{"age not whole", cat(`, "minAge": "four"`), "priceCategories.1.minAge", "Price category 2: the minimum age must be a whole number"},
		{"negative minimum", cat(`, "min": -1`), "priceCategories.1.min", "Price category 2: the minimum per booking must be between 0"},
		{"min above max", cat(`, "min": 3, "max": 2`), "priceCategories.1.max", "the maximum per booking cannot be below the minimum per booking (3)"},
		{"only with nobody", cat(`, "onlyWith": "senior"`), "priceCategories.1.onlyWith", `there is no "senior"`},
		{"only with itself", cat(`, "onlyWith": "child"`), "priceCategories.1.onlyWith", "cannot be booked only with itself"},
		{"only with in a circle", `{"priceCategories": [{"id": "adult", "name": "Adult", "price": 1},
			{"id": "a", "name": "A", "price": 1, "onlyWith": "b"}, {"id": "b", "name": "B", "price": 1, "onlyWith": "a"}]}`,
			"priceCategories.1.onlyWith", "goes round in a circle"},
		{"no seat", `{"priceCategories": [{"id": "infant", "name": "Infant", "price": 0, "takesSeat": false}]}`, "priceCategories", "At least one price category must take a seat"},
		{"extra without a name", `{"extras": [{"price": 100}]}`, "extras.0.name", "Extra 1: the name is required."},
		{"extra per what", `{"extras": [{"name": "Kayak", "price": 100, "per": "day"}]}`, "extras.0.per", "Extra 1: the price must be per booking or per traveller."},
		{"extra negative stock", `{"extras": [{"name": "Kayak", "price": 100, "stock": -2}]}`, "extras.0.stock", "Extra 1: the stock must be between 0"},
		{"extra negative price", `{"extras": [{"name": "Kayak", "price": "-5"}]}`, "extras.0.price", "Extra 1: the price cannot be negative."},
		{"extras same id", `{"extras": [{"id": "k", "name": "Kayak", "price": 1}, {"id": "k", "name": "Kayak 2", "price": 1}]}`, "extras.1.id", `Extra 2: the id "k" is already extra 1's`},
		{"travellers", `{"travellers": "some"}`, "travellers", "Traveller details must be nobody"},
		{"question without label", question(`{"type": "text"}`), "questions.0.label", "Question 1: the question is required."},
		{"question label too long", question(`{"type": "text", "label": "` + strings.Repeat("q", 201) + `"}`), "questions.0.label", "at most 200 characters"},
		{"help too long", question(`{"type": "text", "label": "Diet?", "help": "` + strings.Repeat("h", 501) + `"}`), "questions.0.help", "Question 1: the help text must be at most 500 characters"},
		{"unknown type", question(`{"type": "colour", "label": "Favourite?"}`), "questions.0.type", "Question 1: the type must be one of"},
		{"choice with one option", question(`{"type": "choice", "label": "Meal?", "options": ["Fish", " "]}`), "questions.0.options", "between 2 and 30 options"},
		{"choice with an option twice", question(`{"type": "choices", "label": "Meal?", "options": ["Fish", "fish"]}`), "questions.0.options", `the option "fish" is there twice`},
		{"options on text", question(`{"type": "text", "label": "Diet?", "options": ["a", "b"]}`), "questions.0.options", "only a choice question has options"},
		{"unknown category", question(`{"type": "yesno", "label": "Vegan?", "perTraveller": true, "categories": ["child"]}`), "questions.0.categories", `"child" is not one of the tour's price categories`},
		{"categories once per booking", question(`{"type": "yesno", "label": "Vegan?", "categories": ["adult"]}`), "questions.0.categories", "only for a question asked of each traveller"},
		{"questions same id", question(`{"id": "q1", "type": "text", "label": "A"}, {"id": "q1", "type": "text", "label": "B"}`), "questions.1.id", `the id "q1" is already question 1's`},
		{"cut-off too long", `{"answersCutoffHours": 721}`, "answersCutoffHours", "between 0 and 720"},
		{"cut-off not whole", `{"answersCutoffHours": "two days"}`, "answersCutoffHours", "must be a whole number"},
		// Deposits (issue #24 §3).
		{"deposit of no kind", `{"deposit": {"kind": "half", "balanceDays": 30}}`, "deposit.kind", "none (\"\"), a percentage of the price"},
		{"deposit of 100 %", `{"deposit": {"kind": "percent", "percent": 100, "balanceDays": 30}}`, "deposit.percent", "between 1 and 99 % of the price"},
		{"deposit of 0 %", `{"deposit": {"kind": "percent", "balanceDays": 30}}`, "deposit.percent", "between 1 and 99 %"},
		{"deposit percent not whole", `{"deposit": {"kind": "percent", "percent": "a fifth", "balanceDays": 30}}`, "deposit.percent", "must be a whole number"},
		{"deposit amount missing", `{"deposit": {"kind": "amount", "amount": "", "balanceDays": 30}}`, "deposit.amount", "Deposit per traveller must be more than 0."},
		{"deposit amount negative", `{"deposit": {"kind": "amount", "amount": "-5", "balanceDays": 30}}`, "deposit.amount", "Deposit per traveller must be more than 0."},
		{"deposit amount not a number", `{"deposit": {"kind": "amount", "amount": "fifty", "balanceDays": 30}}`, "deposit.amount", "Deposit per traveller must be a number"},
		{"balance days missing", `{"deposit": {"kind": "percent", "percent": 20}}`, "deposit.balanceDays", "between 1 and 365 days before departure"},
		{"balance days too many", `{"deposit": {"kind": "amount", "amount": "50", "balanceDays": 400}}`, "deposit.balanceDays", "between 1 and 365 days"},
	} {
		_, msgs := checkInput(t, formTour(), formInput(t, c.body))
		if got := msgs[c.key]; !strings.Contains(got, c.msg) {
			t.Errorf("%s: %s says %q, want %q (all: %v)", c.name, c.key, got, c.msg, msgs)
		}
	}
}

// A deposit is read in the tour's currency, kept, audited, and taken off with kind "".
func TestDepositSettings(t *testing.T) {
	tr, msgs := checkInput(t, formTour(), formInput(t, `{"deposit": {"kind": "amount", "amount": "150.50", "percent": 20, "balanceDays": "45"}}`))
	if msgs != nil || tr.Deposit != (tour.Deposit{Kind: tour.DepositAmount, AmountMinor: 15050, BalanceDays: 45}) {
		t.Fatalf("deposit %+v, %v", tr.Deposit, msgs)
	}
	if _, ok := fieldsOf(formTour(), tr)["deposit"]; !ok {
		t.Error("the audit log misses the deposit")
	}
	off, msgs := checkInput(t, tr, formInput(t, `{"deposit": {"kind": "", "percent": "junk"}}`))
	if msgs != nil || off.Deposit.On() || off.Deposit != (tour.Deposit{}) {
		t.Fatalf("deposit taken off: %+v, %v", off.Deposit, msgs)
	}
}

func TestQuestionsKeepTheirIDs(t *testing.T) {
	in := formInput(t, `{"travellers": "all", "answersCutoffHours": 24, "questions": [
		{"id": "q2", "type": "text", "label": " Dietary needs ", "required": true, "perTraveller": true},
		{"type": "choice", "label": "Pick-up", "options": ["Hotel Borg", "", "Harbour "]},
		{"type": "number", "label": "Weight (kg)", "perTraveller": true, "categories": ["adult"]}]}`)
	tr, msgs := checkInput(t, formTour(), in)
	if msgs != nil {
		t.Fatal(msgs)
	}
	q := tr.Questions
	if q[0].ID != "q2" || q[1].ID != "q3" || q[2].ID != "q4" {
		t.Errorf("ids %s %s %s", q[0].ID, q[1].ID, q[2].ID)
	}
	if q[0].Label != "Dietary needs" || strings.Join(q[1].Options, "|") != "Hotel Borg|Harbour" {
		t.Errorf("not tidied: %q %q", q[0].Label, q[1].Options)
	}
	if tr.Travellers != tour.AskAll || tr.AnswersCutoffHours != 24 {
		t.Errorf("travellers %q cut-off %d", tr.Travellers, tr.AnswersCutoffHours)
	}
	// What the audit log records of the change.
	changes := fieldsOf(formTour(), tr)
	for _, k := range []string{"questions", "travellers", "answersCutoffHours"} {
		if _, ok := changes[k]; !ok {
			t.Errorf("audit misses %s: %v", k, changes)
		}
	}
	if _, ok := changes["priceCategories"]; ok {
		t.Errorf("audit has price categories that did not change: %v", changes["priceCategories"])
	}
}

// FuzzBookingForm: whatever the booking form's JSON holds, the rules accept it (and
// then every id is valid and unique, the first price is the tour's) or refuse it with a
// readable message for a field.
func FuzzBookingForm(f *testing.F) {
	f.Add(family)
	f.Add(`{"priceCategories": [{"id": "a", "name": "A", "price": 1, "onlyWith": "a"}]}`)
	f.Add(`{"extras": [{"name": "Kayak", "price": "12,50", "per": "traveller", "stock": 3}], "travellers": "lead"}`)
	f.Add(`{"questions": [{"type": "choices", "label": "Meal", "options": ["a", "b", "a"]}], "answersCutoffHours": 48}`)
	f.Add(`{"deposit": {"kind": "percent", "percent": "20", "amount": "1e9", "balanceDays": 30}}`)
	f.Fuzz(func(t *testing.T, body string) {
		var in TourInput
		if json.Unmarshal([]byte(body), &in) != nil {
			return
		}
		tr := formTour()
		var fields fault.Fields
		in.apply(&tr, &fields)
		syncFirstPrice(&tr, formTour(), in)
		if err := validate(&tr, nil, &fields); err != nil {
			var fe *fault.Error
			if !errors.As(err, &fe) || len(fe.Fields) == 0 {
				t.Fatalf("refused without fields: %v", err)
			}
			for _, x := range fe.Fields {
				if x.Message == "" || !utf8.ValidString(x.Message) {
					t.Fatalf("unreadable message for %s: %q", x.Key, x.Message)
				}
			}
			return
		}
		seen := map[string]bool{}
		for _, c := range tr.PriceCategoriesOf() {
			if !slugRE.MatchString(c.ID) || len(c.ID) > maxIDLen || seen[c.ID] {
				t.Fatalf("category id %q accepted", c.ID)
			}
			seen[c.ID] = true
		}
		if len(tr.Categories) > 0 && tr.Categories[0].PriceMinor != tr.UnitPriceMinor() {
			t.Fatalf("first category %d, unit price %d", tr.Categories[0].PriceMinor, tr.UnitPriceMinor())
		}
		qs := map[string]bool{}
		for _, q := range tr.Questions {
			if q.ID == "" || qs[q.ID] {
				t.Fatalf("question id %q accepted", q.ID)
			}
			qs[q.ID] = true
		}
	})
}
