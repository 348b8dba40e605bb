package emails

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

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

// The confirmation lists each price category and extra with its price, then the total,
// in the HTML and the text; the calendar entry says who travels.
func TestConfirmationListsWhatWasBought(t *testing.T) {
	e, st := bookingEmails(t)
	tr := storetest.AddTour(t, st, "fjords", 10, time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC))
	b := storetest.AddFamilyHold(t, st, tr, tour.Day(tr.StartDates[0].Date), time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC), "ingrid")
	m, err := e.Confirmation(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Travellers:        2 × Adult at $497.00\n                   1 × Child at $250.00\n                   1 × Infant at $0.00\n",
		"Extras:            2 × Wetsuit at $15.00\n",
		"Total:             $1,274.00\n",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("the text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, want := range []string{"2 × Adult at $497.00<br/>1 × Child at $250.00<br/>1 × Infant at $0.00",
		"2 × Wetsuit at $15.00", "$1,274.00"} {
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
	b := storetest.AddFamilyHold(t, st, tr, tour.Day(tr.StartDates[0].Date), time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC), "ingrid")
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
			!strings.Contains(m, "1 × Infant at $0.00\n") || !strings.Contains(m, "2 × Wetsuit at $15.00\n") {
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
