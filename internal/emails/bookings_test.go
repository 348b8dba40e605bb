package emails

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/rebook"
	"tourbook/internal/ssr"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
	"tourbook/ui"
)

// bookingEmails is the booking emails' writer over a fresh store, rendering with the
// server bundle.
func bookingEmails(t *testing.T) (*Bookings, *store.Store) {
	t.Helper()
	bundle, err := ui.ServerBundle()
	if err != nil {
		t.Fatal(err)
	}
	engine, err := ssr.NewEngine("", bundle, 1, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { engine.Close() })
	st := storetest.SQLite(t)
	now := time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)
	return NewBookings(New(engine, Site{Name: "Fjord & Fell", URL: "https://tours.example"}), st, func() time.Time { return now }), st
}

// familyBooking is a held booking of 2 adults, a child and an infant on a lap (3 seats),
// with two wetsuits and a single room, on a departure of tr.
func familyBooking(t *testing.T, st *store.Store, tr tour.Tour) booking.Booking {
	t.Helper()
	u := storetest.AddUser(t, st, "ingrid", account.RoleUser)
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: tour.Day(tr.StartDates[0].Date), Participants: 3,
		AmountMinor: 2*49700 + 25000 + 2*1500 + 8000, Currency: "usd", Provider: "sandbox",
		HoldUntil: time.Date(2031, 5, 1, 12, 30, 0, 0, time.UTC),
		Units: []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 49700, TakesSeat: true},
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 25000, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1}},
		Extras: []booking.ExtraLine{{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 2, PriceMinor: 1500},
			{ExtraID: "room", Name: "Single room", Per: tour.PerBooking, Quantity: 1, PriceMinor: 8000}}}
	if err := st.CreateHold(context.Background(), &b, time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	return b
}

// The confirmation lists each price category and extra with its price, then the total,
// in the HTML and the text; the calendar entry says who travels.
func TestConfirmationListsWhatWasBought(t *testing.T) {
	e, st := bookingEmails(t)
	tr := storetest.AddTour(t, st, "fjords", 10, time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC))
	b := familyBooking(t, st, tr)
	m, err := e.Confirmation(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Travellers:        2 × Adult at $497.00\n                   1 × Child at $250.00\n                   1 × Infant at $0.00\n",
		"Extras:            2 × Wetsuit at $15.00\n                   1 × Single room at $80.00\n",
		"Total:             $1,354.00\n",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{"2 × Adult at $497.00<br/>1 × Child at $250.00<br/>1 × Infant at $0.00",
		"2 × Wetsuit at $15.00<br/>1 × Single room at $80.00", "$1,354.00"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("the HTML lacks %q", want)
		}
	}
	ev := event(t, m.Attachments[0].Data)
	if d := ev.GetProperty(ics.ComponentPropertyDescription).Value; !strings.HasPrefix(d, "4 travellers: 2 × Adult, 1 × Child, 1 × Infant. https://tours.example/my-tours/") {
		t.Errorf("calendar description %q", d)
	}
}

// A booking made before price categories reads as that many adults at an equal share.
func TestConfirmationOfABookingBeforeCategories(t *testing.T) {
	e, st := bookingEmails(t)
	tr := storetest.AddTour(t, st, "fjords", 10, time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC))
	b := storetest.AddHold(t, st, tr, tour.Day(tr.StartDates[0].Date), time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC), "olaf", 2)
	m, err := e.Confirmation(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Travellers:        2 × Adult at $497.00\nTotal:             $994.00\n") || strings.Contains(m.Text, "Extras") {
		t.Errorf("text:\n%s", m.Text)
	}
	if d := event(t, m.Attachments[0].Data).GetProperty(ics.ComponentPropertyDescription).Value; !strings.HasPrefix(d, "2 travellers. ") {
		t.Errorf("calendar description %q", d)
	}
}

// The change and payment link emails list the travellers and extras too, and count
// people, not seats.
func TestChangeAndPaymentLinkListWhatWasBought(t *testing.T) {
	e, st := bookingEmails(t)
	tr := storetest.AddTour(t, st, "fjords", 10, time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC))
	b := familyBooking(t, st, tr)
	link, err := e.PaymentLink(context.Background(), b, 50000, "https://tours.example/sandbox/checkout/cs_1", time.Date(2031, 5, 20, 9, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	changed, err := e.Changed(context.Background(), rebook.Mail{Before: b, After: b, Changes: []string{"Contact: Ingrid → Ingrid Berg"}, Key: "k1"})
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]string{"payment link": link.Text, "change": changed.Text} {
		if !strings.Contains(m, "Travellers:") || !strings.Contains(m, "2 × Adult at $497.00\n") ||
			!strings.Contains(m, "1 × Infant at $0.00\n") || !strings.Contains(m, "1 × Single room at $80.00\n") {
			t.Errorf("%s:\n%s", name, m)
		}
	}
	if !strings.Contains(link.Text, "(4 people)") {
		t.Errorf("payment link counts:\n%s", link.Text)
	}
}

func event(t *testing.T, data []byte) *ics.VEvent {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return cal.Events()[0]
}
