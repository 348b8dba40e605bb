package app

import (
	"strings"
	"sync"
	"testing"

	ics "github.com/arran4/golang-ical"

	"tourbook/internal/booking"
	"tourbook/internal/mail"
)

// Changing a booking, refunding it without cancelling, and a departure's cancellation
// with an internal note, through the real router on every test engine.

func TestChangeDownThenMoveThroughTheSite(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 4)
		b := s.paidBooking(t, "yuki@example.com", tr, 0, 3, "4242 4242 4242 4242")
		unit := b.AmountMinor / 3
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		base := "/api/v1/admin/bookings/" + b.ID

		// The preview says what will happen; nothing is written.
		r := s.send(t, admin, "POST", base+"/change/preview", map[string]any{"participants": 2})
		if r.status != 200 {
			t.Fatalf("preview: %d %s", r.status, r.body)
		}
		p := decode(t, r)["data"].(map[string]any)["preview"].(map[string]any)
		if p["refundMinor"] != float64(unit) || !strings.Contains(p["summary"].(string), "will be refunded to the card; the booking stays active with 2 travellers") {
			t.Fatalf("preview %v", p)
		}
		// Sent twice at once with one key: one change, one refund.
		change := map[string]any{"participants": 2, "key": "form-down", "note": "Ken broke his wrist", "expectRefundMinor": unit}
		var wg sync.WaitGroup
		statuses := make([]int, 4)
		for i := range statuses {
			wg.Go(func() { statuses[i] = s.send(t, admin, "POST", base+"/change", change).status })
		}
		wg.Wait()
		got, err := s.Store.BookingByID(t.Context(), b.ID)
		if err != nil || got.Status != booking.Paid || got.Participants != 2 || got.RefundedMinor != unit {
			t.Fatalf("after the change down (statuses %v): %+v %v", statuses, got, err)
		}
		if n, total := succeeded(s.refundsOf(t, b.ID)); n != 1 || total != unit {
			t.Errorf("%d refunds of %d, want one of %d", n, total, unit)
		}

		// Then moved to the tour's next departure: the ticket stays, the traveller sees the
		// new date, and the calendar file replaces the entry.
		ticket, err := s.Store.BookingTicket(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		to := tr.StartDates[1].Date
		moved := bookingOf(t, s.send(t, admin, "POST", base+"/change", map[string]any{"date": to, "key": "form-move"}))
		if moved["departure"].(map[string]any)["date"] != to || moved["status"] != "paid" {
			t.Fatalf("after the move: %v", moved)
		}
		page := s.get(t, admin, "/admin/bookings/"+b.ID)
		for _, want := range []string{"Changed: Travellers: 3 → 2", "Ken broke his wrist", "Moved: Date: ", "Refunded " + strings.TrimSpace(moved["refunded"].(string)) + ", booking kept"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the booking's page lacks %q", want)
			}
		}
		traveller := s.client(t)
		s.login(t, traveller, "yuki@example.com")
		mine := s.get(t, traveller, "/my-tours/"+b.ID)
		after, err := s.Store.BookingTicket(t.Context(), b.ID)
		if err != nil || after.Code != ticket.Code || !strings.Contains(mine.body, after.Date.Format("2 January 2006")) {
			t.Errorf("the traveller's page after the move (ticket %v %v)", after.Code, err)
		}
		cal := s.get(t, traveller, "/my-tours/"+b.ID+"/calendar.ics")
		ev := icsEvent(t, []byte(cal.body))
		if ev.GetProperty(ics.ComponentPropertySequence).Value != "1" ||
			!strings.HasPrefix(ev.GetProperty(ics.ComponentPropertyDtStart).Value, strings.ReplaceAll(to, "-", "")) {
			t.Errorf("calendar after the move: %s", cal.body)
		}
		// One email per change: the refund, then the new date with its calendar file.
		var changed []mail.Message
		for _, m := range s.outbox(t, "yuki@example.com") {
			if m.Kind == "bookingChanged" {
				changed = append(changed, m)
			}
			if strings.Contains(m.Text+m.HTML, "Ken broke his wrist") {
				t.Errorf("the internal note is in the email %q", m.Subject)
			}
		}
		if len(changed) != 2 {
			t.Fatalf("%d change emails, want 2", len(changed))
		}
		for _, m := range changed {
			switch {
			case strings.Contains(m.Text, "Travellers: 3 → 2"):
				// The refund's credit note goes with it; no calendar file (same date).
				if !strings.Contains(m.Text, "We have refunded") || len(m.Attachments) != 1 || !strings.HasPrefix(m.Attachments[0].Name, "credit-note-") {
					t.Errorf("the change down's email: %q", m.Text)
				}
			case strings.Contains(m.Text, "Date: "):
				if len(m.Attachments) != 1 || icsEvent(t, m.Attachments[0].Data).GetProperty(ics.ComponentPropertySequence).Value != "1" {
					t.Errorf("the move's email lacks the new calendar file")
				}
			default:
				t.Errorf("change email %q", m.Text)
			}
		}
	})
}

func TestRefundWithoutCancelThroughTheSite(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 5)
		b := s.paidBooking(t, "nikolai@example.com", tr, 0, 2, "4242 4242 4242 4242")
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		path := "/api/v1/admin/bookings/" + b.ID + "/refund"
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				s.send(t, admin, "POST", path, map[string]any{"amountMinor": 5000, "reason": "Late pick-up", "key": "k-1"})
			})
		}
		wg.Wait()
		after := bookingOf(t, s.send(t, admin, "POST", path, map[string]any{"amountMinor": 5000, "reason": "Late pick-up", "key": "k-1"}))
		if after["status"] != "paid" || after["refunded"] != "$50.00" || after["cancellable"] != true {
			t.Errorf("after the refund: %v", after)
		}
		if n, total := succeeded(s.refundsOf(t, b.ID)); n != 1 || total != 5000 {
			t.Errorf("%d refunds of %d, want one of 5000", n, total)
		}
		refused(t, "over-refund", s.send(t, admin, "POST", path, map[string]any{"amountMinor": b.AmountMinor, "key": "k-2"}), 400,
			"more than was paid and not yet refunded")
		var emails []mail.Message
		for _, m := range s.outbox(t, "nikolai@example.com") {
			if m.Kind == "bookingChanged" {
				emails = append(emails, m)
			}
		}
		if len(emails) != 1 || !strings.Contains(emails[0].Subject, "We have refunded $50.00") || strings.Contains(emails[0].Text, "Late pick-up") {
			t.Errorf("refund emails %+v", emails)
		}
	})
}

// A weather cancellation: the internal note is kept in the history and reaches no email;
// the message to customers reaches every one, the moved booking's too.
func TestWeatherCancellationKeepsTheNoteOutOfEmails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 6)
		stay := s.paidBooking(t, "hannah@example.com", tr, 1, 1, "4242 4242 4242 4242")
		move := s.paidBooking(t, "priya@example.com", tr, 1, 2, "4242 4242 4242 4242")
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		const note, message = "Insurer ref 88-K; guide Ola called in sick", "A storm is forecast for the pass; we are very sorry."
		path := "/api/v1/tours/" + tr.ID + "/departures/" + tr.StartDates[1].Date + "/cancel"
		prev := s.send(t, admin, "POST", path+"/preview", map[string]any{"message": message})
		if prev.status != 200 || !strings.Contains(prev.body, "A storm is forecast") || strings.Contains(prev.body, "Insurer") {
			t.Fatalf("preview: %d %s", prev.status, prev.body)
		}
		r := s.send(t, admin, "POST", path, map[string]any{"note": note, "message": message,
			"moves": map[string]string{move.ID: tr.StartDates[2].Date}})
		if r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		results := map[string]string{}
		for _, x := range decode(t, r)["data"].(map[string]any)["results"].([]any) {
			m := x.(map[string]any)
			results[m["bookingId"].(string)] = m["message"].(string)
		}
		if !strings.HasPrefix(results[stay.ID], "Refunded") || !strings.HasPrefix(results[move.ID], "Moved to ") {
			t.Fatalf("results %v", results)
		}
		moved, _ := s.Store.BookingByID(t.Context(), move.ID)
		if moved.Status != booking.Paid || moved.StartDate.Format("2006-01-02") != tr.StartDates[2].Date {
			t.Errorf("the moved booking: %+v", moved)
		}
		told := map[string]bool{}
		for _, m := range s.outbox(t, "") {
			if strings.Contains(m.Subject+m.Text+m.HTML+string(m.Props), "Insurer") || strings.Contains(m.Subject+m.Text+m.HTML+string(m.Props), "Ola") {
				t.Errorf("the internal note is in the %s email to %s", m.Kind, m.To)
			}
			if strings.Contains(m.Text, "A storm is forecast") {
				told[m.Kind] = true
			}
		}
		if !told["bookingCancelled"] || !told["bookingChanged"] {
			t.Errorf("the message reached %v, want the cancellation and the move", told)
		}
		events, _ := s.Store.BookingEvents(t.Context(), stay.ID)
		if len(events) == 0 || !strings.Contains(events[len(events)-1].Detail, "Insurer ref 88-K") {
			t.Errorf("the note is not in the history: %+v", events)
		}
	})
}
