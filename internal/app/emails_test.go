package app

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	ics "github.com/arran4/golang-ical"

	"tourbook/internal/mail"
)

// A paid booking queues its confirmation with the departure as a calendar file, once
// however often the payment is reported; a refund queues the cancellation.
func TestBookingEmails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		b := s.paidBooking(t, "ingrid@example.com", tr, 0, 2, "4242 4242 4242 4242")
		mails := s.outbox(t, "ingrid@example.com")
		if len(mails) != 1 {
			t.Fatalf("%d emails after paying (webhook and return both fulfil), want 1: %+v", len(mails), mails)
		}
		m := mails[0]
		if m.Kind != "bookingConfirmation" || m.IdemKey != "booking-paid:"+b.ID || !strings.Contains(m.Subject, tr.Name) ||
			!strings.Contains(m.Text, "Travellers:") || !strings.Contains(m.Text, "2 × Adult at ") {
			t.Errorf("confirmation %q %q:\n%s", m.Kind, m.Subject, m.Text)
		}
		// The calendar file, then the receipt.
		if len(m.Attachments) != 2 || m.Attachments[0].Name != "tour.ics" || !strings.HasPrefix(m.Attachments[1].Name, "receipt-") ||
			m.Attachments[1].ContentType != "application/pdf" {
			t.Fatalf("attachments %+v", m.Attachments)
		}
		cal, err := ics.ParseCalendar(bytes.NewReader(m.Attachments[0].Data))
		if err != nil {
			t.Fatalf("the calendar file does not parse: %v", err)
		}
		ev := cal.Events()[0]
		start := ev.GetProperty(ics.ComponentPropertyDtStart)
		if start.ICalParameters["TZID"][0] != tr.TimeZone || tr.TimeZone == "UTC" || !strings.HasPrefix(start.Value, strings.ReplaceAll(tr.StartDates[0].Date, "-", "")+"T0900") ||
			ev.GetProperty(ics.ComponentPropertyUniqueId).Value != "booking-"+b.ID+"@"+strings.TrimPrefix(s.URL, "http://") {
			t.Errorf("event start %v %q, uid %q", start.ICalParameters, start.Value, ev.GetProperty(ics.ComponentPropertyUniqueId).Value)
		}
		if m.Status != mail.Held {
			// No SMTP in the test site: held, readable in the back office.
			s.Mailer.Wake()
		}

		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		bookingOf(t, s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel",
			map[string]any{"refundMinor": b.AmountMinor, "reason": "Volcano closed the road", "key": "k-mail"}))
		var cancelled *mail.Message
		for _, m := range s.outbox(t, "ingrid@example.com") {
			if m.Kind == "bookingCancelled" {
				cancelled = &m
			}
		}
		// The operator's reason is kept in the booking's history, never sent.
		if cancelled == nil || strings.Contains(cancelled.Text+cancelled.HTML, "Volcano closed the road") || !strings.Contains(cancelled.Text, "refund") {
			t.Fatalf("cancellation email %+v", cancelled)
		}
		cev := icsEvent(t, cancelled.Attachments[0].Data)
		if cev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" || cev.GetProperty(ics.ComponentPropertyUniqueId).Value != ev.GetProperty(ics.ComponentPropertyUniqueId).Value {
			t.Error("the cancellation's calendar file does not cancel the same entry")
		}
	})
}

func icsEvent(t *testing.T, data []byte) *ics.VEvent {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return cal.Events()[0]
}

// A new account gets one welcome email, written with the account.
func TestWelcomeEmail(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	r := s.postJSON(t, s.client(t), "/api/v1/users/signup", map[string]string{
		"name": "Nora Newcomer", "email": "Nora@Example.com", "password": "a-long-secret", "passwordConfirm": "a-long-secret"})
	if r.status != 201 {
		t.Fatalf("signup: %d %s", r.status, r.body)
	}
	mails := s.outbox(t, "nora@example.com")
	if len(mails) != 1 || mails[0].Kind != "welcome" || mails[0].IdemKey != "welcome:nora@example.com" ||
		!strings.Contains(mails[0].Text, "Nora Newcomer") {
		t.Fatalf("welcome emails %+v", mails)
	}
	// The same address again (taken) writes no second welcome, only the note that
	// someone tried.
	s.postJSON(t, s.client(t), "/api/v1/users/signup", map[string]string{
		"name": "Nora Again", "email": "nora@example.com", "password": "a-long-secret", "passwordConfirm": "a-long-secret"})
	kinds := []string{}
	for _, m := range s.outbox(t, "nora@example.com") {
		kinds = append(kinds, m.Kind)
	}
	if fmt.Sprint(kinds) != "[signupAttempt welcome]" {
		t.Errorf("emails after a second sign-up: %v", kinds)
	}
}
