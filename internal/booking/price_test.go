package booking

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// family is a kayak tour sold to adults, children (only with an adult) and infants on a
// lap (no seat, at most 2), with a wetsuit per traveller (6 a departure) and a
// single-room supplement per booking; 15 June has its own adult price.
func family() (tour.Tour, tour.StartDate, tour.StartDate) {
	jun15 := tour.StartDate{Date: time.Date(2027, 6, 15, 0, 0, 0, 0, time.UTC), Capacity: 10,
		Prices: map[string]int64{"adult": 59700}}
	jul20 := tour.StartDate{Date: time.Date(2027, 7, 20, 0, 0, 0, 0, time.UTC), Capacity: 10}
	t := tour.Tour{ID: "t-kayak", Name: "Kayak", MaxGroupSize: 8, PriceMinor: 49700, Currency: "usd",
		Categories: []tour.PriceCategory{
			{ID: "adult", Name: "Adult", PriceMinor: 49700, TakesSeat: true},
			{ID: "child", Name: "Child (4–11)", PriceMinor: 24900, TakesSeat: true, Max: 4, OnlyWith: "adult"},
			{ID: "infant", Name: "Infant", PriceMinor: 0, Max: 2, OnlyWith: "adult"},
		},
		Extras: []tour.Extra{
			{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: 6},
			{ID: "room", Name: "Single-room supplement", PriceMinor: 9000, Per: tour.PerBooking},
		},
		StartDates: []tour.StartDate{jun15, jul20}}
	return t, jun15, jul20
}

func TestPriceOfAFamily(t *testing.T) {
	tr, jun15, jul20 := family()
	units := map[string]int{"adult": 2, "child": 1, "infant": 1}
	extras := map[string]int{"wetsuit": 3, "room": 1, "unused": 0}
	delete(extras, "unused")

	o, err := Price(tr, jul20, units, extras)
	if err != nil {
		t.Fatal(err)
	}
	want := Order{
		Units: []Unit{
			{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 49700, TakesSeat: true},
			{CategoryID: "child", Name: "Child (4–11)", Count: 1, PriceMinor: 24900, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1, PriceMinor: 0},
		},
		Extras: []ExtraLine{
			{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 3, PriceMinor: 1500},
			{ExtraID: "room", Name: "Single-room supplement", Per: tour.PerBooking, Quantity: 1, PriceMinor: 9000},
		},
		Seats:      3, // the infant sits on a lap
		TotalMinor: 2*49700 + 24900 + 3*1500 + 9000,
	}
	if !reflect.DeepEqual(o, want) {
		t.Fatalf("order\n got %+v\nwant %+v", o, want)
	}
	if o.Travelling() != 4 {
		t.Errorf("travelling %d, want 4", o.Travelling())
	}

	// 15 June sells adults at its own price; the others keep the category's.
	o, err = Price(tr, jun15, units, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Units[0].PriceMinor != 59700 || o.Units[1].PriceMinor != 24900 || o.TotalMinor != 2*59700+24900 {
		t.Errorf("15 June: %+v", o)
	}
}

// A category's minimum holds when it is chosen: a booking without any of it is not
// held to it.
func TestMinimumOfAChosenCategory(t *testing.T) {
	tr, _, d := family()
	tr.Categories = append([]tour.PriceCategory(nil), tr.Categories...)
	tr.Categories[1].Min = 2 // children come in twos, if at all
	if _, err := Price(tr, d, map[string]int{"adult": 1}, nil); err != nil {
		t.Errorf("a booking without children: %v", err)
	}
	if _, err := Price(tr, d, map[string]int{"adult": 1, "child": 1}, nil); err == nil || !strings.Contains(err.Error(), "Please choose at least 2 Children") {
		t.Errorf("one child of a minimum of 2: %v", err)
	}
}

// A tour without categories sells its one "Adult" at its price less its discount.
func TestPriceOfATourWithoutCategories(t *testing.T) {
	tr := tour.Tour{ID: "t", MaxGroupSize: 5, PriceMinor: 50000, DiscountMinor: 3000}
	o, err := Price(tr, tour.StartDate{}, map[string]int{"adult": 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if o.Seats != 3 || o.TotalMinor != 3*47000 || len(o.Units) != 1 || o.Units[0].Name != "Adult" {
		t.Fatalf("order %+v", o)
	}
}

// Every rule broken is a 400 whose message names the category or extra.
func TestPriceRefusals(t *testing.T) {
	tr, _, d := family()
	strict := tr
	strict.Categories = append([]tour.PriceCategory(nil), tr.Categories...)
	strict.Categories[0].Min = 2
	unbounded := tr
	unbounded.Categories = append([]tour.PriceCategory(nil), tr.Categories...)
	unbounded.Categories[2].Max = 0
	cases := []struct {
		name          string
		tour          tour.Tour
		units, extras map[string]int
		want          string
	}{
		{"unknown category", tr, map[string]int{"adult": 1, "senior": 1}, nil, "This tour has no price category “senior”."},
		{"another tour's category", tr, map[string]int{"student": 2}, nil, "This tour has no price category “student”."},
		{"unknown extra", tr, map[string]int{"adult": 1}, map[string]int{"kayak": 1}, "This tour has no extra “kayak”."},
		{"negative", tr, map[string]int{"adult": 2, "child": -1}, nil, "The number of Children (4–11) cannot be negative."},
		{"negative extra", tr, map[string]int{"adult": 2}, map[string]int{"room": -1}, "The number of single-room supplements cannot be negative."},
		{"nothing", tr, map[string]int{"adult": 0}, nil, "Please choose at least one traveller."},
		{"nothing at all", tr, map[string]int{}, nil, "Please choose at least one traveller."},
		{"only with", tr, map[string]int{"child": 2}, nil, "Children (4–11) travel only with at least one Adult."},
		{"infants alone", tr, map[string]int{"infant": 1}, nil, "Infants travel only with at least one Adult."},
		{"maximum", tr, map[string]int{"adult": 1, "infant": 3}, nil, "At most 2 Infants can be booked at once."},
		{"minimum", strict, map[string]int{"adult": 1}, nil, "Please choose at least 2 Adults."},
		{"lap", unbounded, map[string]int{"adult": 2, "infant": 3}, nil,
			"At most 2 travellers can travel without a seat: one for each traveller with a seat (Infants)."},
		{"ten thousand on laps", unbounded, map[string]int{"adult": 1, "infant": 10000}, nil,
			"At most 1 traveller can travel without a seat"},
		{"group size", tr, map[string]int{"adult": 5, "child": 4}, nil, "Please choose between 1 and 8 participants."},
		{"one per traveller", tr, map[string]int{"adult": 1, "infant": 1}, map[string]int{"wetsuit": 3},
			"Wetsuit: at most one per traveller, and this booking has 2 travellers."},
		{"stock", tr, map[string]int{"adult": 7}, map[string]int{"wetsuit": 7}, "At most 6 wetsuits can be booked on one departure."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Price(c.tour, d, c.units, c.extras)
			var e *fault.Error
			if !errors.As(err, &e) || e.Kind != fault.Invalid {
				t.Fatalf("error %v, want a 400", err)
			}
			if !strings.HasPrefix(e.Message, c.want) {
				t.Errorf("message %q, want %q", e.Message, c.want)
			}
		})
	}
}

// No seat-taking category chosen: a tour whose infants may come alone still needs one.
func TestPriceNeedsASeat(t *testing.T) {
	tr, _, d := family()
	tr.Categories[2].OnlyWith = ""
	_, err := Price(tr, d, map[string]int{"infant": 1}, nil)
	if err == nil || !strings.Contains(err.Error(), "A booking needs at least one traveller who takes a seat (Adult, Child (4–11)).") {
		t.Fatalf("error %v", err)
	}
}

// Totals are int64 minor units, and one that would overflow is refused, never wrapped.
func TestPriceOverflow(t *testing.T) {
	tr, _, d := family()
	tr.Categories[0].PriceMinor = math.MaxInt64 / 3
	if _, err := Price(tr, d, map[string]int{"adult": 2}, nil); err != nil {
		t.Fatalf("2 × MaxInt64/3: %v", err)
	}
	_, err := Price(tr, d, map[string]int{"adult": 4}, nil)
	if err == nil || !strings.Contains(err.Error(), "too large to be paid online") {
		t.Fatalf("4 × MaxInt64/3: %v", err)
	}
	tr.Categories[0].PriceMinor = -1
	if _, err := Price(tr, d, map[string]int{"adult": 1}, nil); err == nil {
		t.Fatal("a negative price went through")
	}
}

func TestParseCounts(t *testing.T) {
	ok := map[string]map[string]int{
		"":                            {},
		"adult:2":                     {"adult": 2},
		"adult:2,child:1,infant:0":    {"adult": 2, "child": 1, "infant": 0},
		" adult : 2 , child-4_11:10 ": {"adult": 2, "child-4_11": 10},
		"a:10000":                     {"a": 10000},
	}
	for in, want := range ok {
		got, err := ParseCounts(in, "travellers")
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseCounts(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]string{
		"adult":                         "could not be read",
		"adult:":                        "must be a whole number",
		"adult:two":                     "must be a whole number",
		"adult:1.5":                     "must be a whole number",
		"adult:1e3":                     "must be a whole number",
		"adult:+1":                      "must be a whole number",
		"adult:-1":                      "“adult” cannot be negative",
		"adult:10001":                   "must be a whole number from 0 to 10000",
		"adult:99999999999999999":       "must be a whole number",
		"adult:1,adult:2":               "“adult” is given twice",
		"Adult:1":                       "could not be read",
		"adult:1,":                      "could not be read",
		":1":                            "could not be read",
		"<script>:1":                    "could not be read",
		strings.Repeat("a", 65) + ":1":  "could not be read",
		strings.Repeat("adult:1,", 200): "too many to read",
	}
	for in, want := range bad {
		_, err := ParseCounts(in, "travellers")
		var e *fault.Error
		if !errors.As(err, &e) || e.Kind != fault.Invalid || !strings.Contains(e.Message, want) {
			t.Errorf("ParseCounts(%.40q) = %v; want a 400 saying %q", in, err, want)
		}
	}
}

// FuzzParseCounts: any text is read or refused with a 400, never a panic; what is read
// has valid ids, counts in range, and prints back to a list that reads the same.
func FuzzParseCounts(f *testing.F) {
	for _, s := range []string{"", "adult:2,child:1", "adult:-1", "a:1,a:2", "x:99999", "é:1", ",", "a:1,,b:2", "a:٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCounts(s, "extras")
		if err != nil {
			var e *fault.Error
			if !errors.As(err, &e) || e.Kind != fault.Invalid || e.Message == "" {
				t.Fatalf("ParseCounts(%q): %v is not a 400 with a message", s, err)
			}
			return
		}
		if len(s) > maxCountsLen {
			t.Fatalf("ParseCounts read %d bytes", len(s))
		}
		var parts []string
		for id, n := range got {
			if !validID(id) || n < 0 || n > maxCount {
				t.Fatalf("ParseCounts(%q) read %q:%d", s, id, n)
			}
			parts = append(parts, fmt.Sprintf("%s:%d", id, n))
		}
		again, err := ParseCounts(strings.Join(parts, ","), "extras")
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Fatalf("ParseCounts(%q) = %v, but its own form reads %v, %v", s, got, again, err)
		}
	})
}

func TestPlural(t *testing.T) {
	for one, many := range map[string]string{
		"Adult": "Adults", "Child": "Children", "Child (4–11)": "Children (4–11)", "Family": "Families",
		"Day pass": "Day passes", "Senior": "Seniors", "Boy": "Boys", "Person": "People", "Woman": "Women",
		"Box": "Boxes", "": "",
	} {
		if got := plural(one); got != many {
			t.Errorf("plural(%q) = %q, want %q", one, got, many)
		}
	}
	if got := lowerPlural("GPS tracker"); got != "GPS trackers" {
		t.Errorf("lowerPlural(GPS tracker) = %q", got)
	}
}
