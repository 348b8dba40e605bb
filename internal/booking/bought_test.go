package booking

import (
	"reflect"
	"testing"

	"tourbook/internal/tour"
)

// familyBooking is 2 adults, a child and an infant on a lap, with two wetsuits and a single room.
func familyBooking() Booking {
	return Booking{Participants: 3, AmountMinor: 2*49700 + 25000 + 2*1500 + 8000, Currency: "eur",
		Units: []Unit{
			{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 49700, TakesSeat: true},
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 25000, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1, PriceMinor: 0},
			{CategoryID: "senior", Name: "Senior", Count: 0, PriceMinor: 40000, TakesSeat: true},
		},
		Extras: []ExtraLine{
			{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 2, PriceMinor: 1500},
			{ExtraID: "room", Name: "Single room", Per: tour.PerBooking, Quantity: 1, PriceMinor: 8000},
		}}
}

func TestItems(t *testing.T) {
	b := familyBooking()
	want := []Item{
		{Name: "Adult", Quantity: 2, PriceMinor: 49700},
		{Name: "Child", Quantity: 1, PriceMinor: 25000},
		{Name: "Infant", Quantity: 1, PriceMinor: 0},
		{Name: "Wetsuit", Quantity: 2, PriceMinor: 1500, Extra: true},
		{Name: "Single room", Quantity: 1, PriceMinor: 8000, Extra: true},
	}
	if got := b.Items(); !reflect.DeepEqual(got, want) {
		t.Fatalf("items\n got %+v\nwant %+v", got, want)
	}
	var sum int64
	for _, it := range b.Items() {
		sum += it.AmountMinor()
	}
	if sum != b.AmountMinor {
		t.Errorf("the items come to %d, the booking to %d", sum, b.AmountMinor)
	}
	if got := b.Items()[0].Text("eur"); got != "2 × Adult at €497.00" {
		t.Errorf("text %q", got)
	}
	if got := b.TravellersText(); got != "4 travellers: 2 × Adult, 1 × Child, 1 × Infant" {
		t.Errorf("travellers %q", got)
	}
	if got := b.SeatsText(); got != "4 travellers · 3 seats" {
		t.Errorf("seats %q", got)
	}
}

func TestItemsOfABookingBeforeCategories(t *testing.T) {
	b := Booking{Participants: 3, AmountMinor: 149100, Currency: "usd"}
	items := b.Items()
	if len(items) != 1 || items[0].Text("usd") != "3 × Adult at $497.00" || items[0].Extra {
		t.Fatalf("items %+v", items)
	}
	if got := b.TravellersText(); got != "3 travellers" {
		t.Errorf("travellers %q", got)
	}
	if got := b.SeatsText(); got != "3 travellers" {
		t.Errorf("seats %q", got)
	}
	one := Booking{Participants: 1, AmountMinor: 100, Currency: "usd"}
	if got := one.SeatsText(); got != "1 traveller" {
		t.Errorf("one %q", got)
	}
}

// What a booking prints adds up to its price: a price agreed apart, a discount or a
// share that did not divide evenly is one more line, named after the booking's note.
func TestItemsAddUpToThePrice(t *testing.T) {
	b := Booking{Participants: 2, AmountMinor: 90000, Currency: "usd", PriceNote: "regular guest",
		Units: []Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 55000, TakesSeat: true}}}
	items := b.Items()
	var sum int64
	for _, it := range items {
		sum += it.AmountMinor()
	}
	last := items[len(items)-1]
	if sum != 90000 || len(items) != 2 || !last.Adjustment || last.Text("usd") != "Discount (regular guest): -$200.00" {
		t.Errorf("items %+v add up to %d; want 2 × Adult and a discount of $200.00, 90000 in all", items, sum)
	}
	old := Booking{Participants: 3, AmountMinor: 100, Currency: "usd"} // before categories: 3 × 33
	items = old.Items()
	if len(items) != 2 || items[0].PriceMinor != 33 || items[1].PriceMinor != 1 || items[1].Name != "Price agreed" {
		t.Errorf("an old booking of 3 for 100 prints %+v", items)
	}
	if items := familyBooking().Items(); items[len(items)-1].Adjustment {
		t.Errorf("a booking at its lines' price has an adjustment: %+v", items)
	}
}
