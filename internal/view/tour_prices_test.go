package view

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"tourbook/internal/tour"
)

// TestTourDetailPrices: the tour page's props carry each price category with its price
// per person before a date is chosen (the next bookable departure's, "from" the lowest
// when the bookable departures differ, a departure that cannot be booked aside), each
// departure's prices in the categories' order for the running total, the extras, whose
// details are asked and the questions.
func TestTourDetailPrices(t *testing.T) {
	now := time.Date(2027, 5, 3, 9, 30, 0, 0, time.UTC)
	day := func(m time.Month, d int) time.Time { return time.Date(2027, m, d, 0, 0, 0, 0, time.UTC) }
	family := tour.Tour{
		ID: "t-1", Name: "Coast", Slug: "coast", Currency: "eur", PriceMinor: 9900, MaxGroupSize: 10, TimeZone: "Europe/Lisbon",
		Categories: []tour.PriceCategory{
			{ID: "adult", Name: "Adult", PriceMinor: 9900, TakesSeat: true},
			{ID: "child", Name: "Child", PriceMinor: 4900, MinAge: 4, MaxAge: 11, TakesSeat: true, OnlyWith: "adult", Max: 4},
			{ID: "infant", Name: "Infant", MaxAge: 3, OnlyWith: "adult"},
			{ID: "senior", Name: "Senior", PriceMinor: 8900, MinAge: 65, TakesSeat: true, Min: 1},
		},
		Extras: []tour.Extra{{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: 6},
			{ID: "room", Name: "Single room", Description: "Your own room", PriceMinor: 12000, Per: tour.PerBooking}},
		Travellers: tour.AskAll,
		Questions: []tour.Question{
			{ID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Options: []string{"None", "Vegan"}, Required: true, PerTraveller: true},
			{ID: "hotel", Label: "Pick-up hotel", Help: "Where we collect you", Type: tour.ShortText},
		},
		StartDates: []tour.StartDate{
			// Past its start: its low price is not offered.
			{Date: day(5, 1), Prices: map[string]int64{"adult": 100}},
			{Date: day(6, 15)},
			// Closed: not offered either.
			{Date: day(7, 1), Closed: true, Prices: map[string]int64{"child": 100}},
			{Date: day(8, 10), Prices: map[string]int64{"adult": 12900, "senior": 7900}},
		},
	}
	d := NewTourDetail(family, now)
	form := d.Booking
	if form.Currency != "eur" || form.Travellers != tour.AskAll {
		t.Errorf("currency %q, travellers %q", form.Currency, form.Travellers)
	}
	var got []CategoryOption
	got = append(got, form.Categories...)
	want := []CategoryOption{
		{ID: "adult", Name: "Adult", Price: "from €99", TakesSeat: true},
		{ID: "child", Name: "Child", Price: "€49", Ages: "Ages 4–11", TakesSeat: true, Max: 4, OnlyWith: "adult"},
		{ID: "infant", Name: "Infant", Price: "Free", Ages: "Ages 0–3", OnlyWith: "adult"},
		{ID: "senior", Name: "Senior", Price: "from €79", Ages: "Ages 65+", TakesSeat: true, Min: 1},
	}
	if !slices.Equal(got, want) {
		t.Errorf("categories\n%+v\nwant\n%+v", got, want)
	}
	var prices [][]int64
	for _, sd := range d.StartDates {
		prices = append(prices, sd.Prices)
	}
	wantPrices := [][]int64{{9900, 4900, 0, 8900}, {9900, 100, 0, 8900}, {12900, 4900, 0, 7900}}
	if len(prices) != len(wantPrices) {
		t.Fatalf("departures' prices %v, want %v (the ended one left out)", prices, wantPrices)
	}
	for i := range prices {
		if !slices.Equal(prices[i], wantPrices[i]) {
			t.Errorf("departure %s prices %v, want %v", d.StartDates[i].Date, prices[i], wantPrices[i])
		}
	}
	wantExtras := []ExtraOption{
		{ID: "wetsuit", Name: "Wetsuit", PerTraveller: true, PriceMinor: 1500, Price: "€15", Max: 6},
		{ID: "room", Name: "Single room", Description: "Your own room", PriceMinor: 12000, Price: "€120"},
	}
	if !slices.Equal(form.Extras, wantExtras) {
		t.Errorf("extras %+v, want %+v", form.Extras, wantExtras)
	}
	js, err := json.Marshal(form.Questions)
	if err != nil {
		t.Fatal(err)
	}
	wantJS := `[{"id":"diet","label":"Dietary needs","type":"choice","options":["None","Vegan"],"required":true,"perTraveller":true},` +
		`{"id":"hotel","label":"Pick-up hotel","help":"Where we collect you","type":"text","required":false,"perTraveller":false}]`
	if string(js) != wantJS {
		t.Errorf("questions\n%s\nwant\n%s", js, wantJS)
	}

	// Without bookable departures, each category's own price.
	closed := family
	closed.StartDates = []tour.StartDate{{Date: day(6, 15), Closed: true, Prices: map[string]int64{"adult": 100}}}
	if p := NewTourDetail(closed, now).Booking.Categories[0].Price; p != "€99" {
		t.Errorf("adult with nothing bookable: %q, want its own price", p)
	}
	// One bookable departure of its own price: that price, no "from".
	one := family
	one.StartDates = []tour.StartDate{{Date: day(8, 10), Prices: map[string]int64{"adult": 12900}}}
	if p := NewTourDetail(one, now).Booking.Categories[0].Price; p != "€129" {
		t.Errorf("adult on one date: %q, want that date's price", p)
	}
}

// TestTourDetailOnePrice: a tour from before categories is one "Adult" category at its
// price less discount, on every departure, and asks nothing more.
func TestTourDetailOnePrice(t *testing.T) {
	now := time.Date(2027, 5, 3, 9, 30, 0, 0, time.UTC)
	alps := tour.Tour{ID: "t-2", Name: "Alps", Slug: "alps", Currency: "usd", PriceMinor: 249000, DiscountMinor: 20000, MaxGroupSize: 8,
		StartDates: []tour.StartDate{{Date: time.Date(2027, 6, 15, 0, 0, 0, 0, time.UTC)}}}
	d := NewTourDetail(alps, now)
	want := []CategoryOption{{ID: "adult", Name: "Adult", Price: "$2,290", TakesSeat: true}}
	if !slices.Equal(d.Booking.Categories, want) || d.Booking.Travellers != tour.AskNobody ||
		len(d.Booking.Extras) != 0 || len(d.Booking.Questions) != 0 {
		t.Errorf("booking form %+v", d.Booking)
	}
	if len(d.StartDates) != 1 || !slices.Equal(d.StartDates[0].Prices, []int64{229000}) {
		t.Errorf("start dates %+v", d.StartDates)
	}
	if d.Price != "$2,290" {
		t.Errorf("card price %q", d.Price)
	}
}
