package checkin

import (
	"reflect"
	"testing"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

func TestTravellersOfAndCategories(t *testing.T) {
	family := backoffice.BookingRow{CustomerName: "Ann Berg", Booking: booking.Booking{ID: "b1", Status: booking.Paid, Participants: 3,
		Units: []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, TakesSeat: true}, {CategoryID: "child", Name: "Child", Count: 1, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1}},
		Travellers: []booking.Traveller{{CategoryID: "adult", Name: "Ann Berg"}, {CategoryID: "adult", Name: "Tom Berg"},
			{CategoryID: "child", Name: "Liv Berg"}, {CategoryID: "infant", Name: "Ole Berg"}},
		Answers: []booking.Answer{{QuestionID: "hotel", Value: "Grand"}, {QuestionID: "diet", Traveller: 3, Value: "Vegan"},
			{QuestionID: "diet", Traveller: 9, Value: "lost"}}}}
	var got []string
	for _, tr := range TravellersOf(family) {
		line := tr.Name + "/" + tr.Category
		if !tr.Seat {
			line += "/no seat"
		}
		for _, a := range tr.Answers {
			line += "/" + a.Value
		}
		got = append(got, line)
	}
	want := []string{"Ann Berg/Adult/Grand", "Tom Berg/Adult", "Liv Berg/Child/Vegan", "Ole Berg/Infant/no seat"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("TravellersOf = %q, want %q", got, want)
	}

	// A walk-in of two made before categories: two adults, the customer leading.
	walkIn := backoffice.BookingRow{CustomerName: "Rui Duarte", Booking: booking.Booking{ID: "b2", Status: booking.Paid, Participants: 2,
		ContactPhone: "+351 21 000 0000"}}
	list := TravellersOf(walkIn)
	if len(list) != 2 || list[0].Name != "Rui Duarte" || list[0].Phone != "+351 21 000 0000" || list[1].Name != "" ||
		list[1].Category != "Adult" || list[1].Of != 2 {
		t.Errorf("walk-in travellers %+v", list)
	}

	m := Manifest{Tour: tour.Tour{Categories: []tour.PriceCategory{{ID: "adult", Name: "Adult"}, {ID: "child", Name: "Child"},
		{ID: "infant", Name: "Infant"}, {ID: "senior", Name: "Senior"}}},
		Bookings: []backoffice.BookingRow{family, walkIn, {Booking: booking.Booking{Status: booking.Cancelled, Participants: 5}}}}
	m.split()
	if got := CategoriesText(m.Categories()); got != "4 Adult · 1 Child · 1 Infant" {
		t.Errorf("categories %q (the cancelled booking and the unsold senior left out)", got)
	}
	if m.Totals.Travellers != 5 {
		t.Errorf("seats %d, want 5", m.Totals.Travellers)
	}
}
