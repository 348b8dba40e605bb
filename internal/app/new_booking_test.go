package app

import (
	"strings"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/collect"
)

// New booking through the real router: the page opens on the departure the address
// names; the form's call books paid by transfer at a discount, answers the same booking
// to the same key, and answers a refused form with each field's message by its key.
func TestNewBookingThroughTheSite(t *testing.T) {
	t.Parallel()
	eachEngine(t, testNewBookingThroughTheSite)
}

func testNewBookingThroughTheSite(t *testing.T, s *testSite) {
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	var tourID string
	for _, row := range s.tourRows(t) {
		if row.Name == "Sahara and the High Atlas" {
			tourID = row.ID
		}
	}
	tr := s.tourByIDAny(t, tourID)
	dep := tr.StartDates[len(tr.StartDates)-1]
	date := dep.Date.Format(time.DateOnly)

	page := s.get(t, admin, "/admin/bookings/new?tour="+tourID+"&date="+date)
	if page.status != 200 || !strings.Contains(page.body, "New booking") ||
		!strings.Contains(page.body, "seats left on this departure") {
		t.Fatalf("the page: %d %.300s", page.status, page.body)
	}

	form := map[string]any{"tourId": tourID, "date": date, "email": "ines.duarte@example.com", "name": "Inês Duarte",
		"phone": "+351 912 345 678", "participants": 2, "travellers": []string{"", "Rui Duarte"},
		"discountPercent": 10, "priceNote": "Returning customers", "payment": "received", "paymentMethod": "bank_transfer",
		"reference": "TRF-2291", "sendConfirmation": false, "key": "form-1"}
	r := s.send(t, admin, "POST", "/api/v1/admin/bookings", form)
	if r.status != 201 {
		t.Fatalf("new booking: %d %s", r.status, r.body)
	}
	data := decode(t, r)["data"].(map[string]any)
	id := data["bookingId"].(string)
	if data["url"] != "/admin/bookings/"+id {
		t.Errorf("url: %v", data["url"])
	}
	b, err := s.Store.BookingByID(t.Context(), id)
	price := tr.UnitPriceMinor() * 2
	price -= (price*10 + 50) / 100
	if err != nil || b.Status != booking.Paid || b.AmountMinor != price || b.PaidMinor != price || b.Source != booking.BankTransfer {
		t.Fatalf("booking: %+v, %v", b, err)
	}
	pays, err := s.Store.BookingPaymentsReceived(t.Context(), id)
	if err != nil || len(pays) != 1 || pays[0].Reference != "TRF-2291" || pays[0].AmountMinor != price {
		t.Fatalf("payments: %+v, %v", pays, err)
	}
	detail := s.get(t, admin, "/admin/bookings/"+id)
	for _, want := range []string{"Inês Duarte", "Rui Duarte", "Returning customers", "+351 912 345 678"} {
		if !strings.Contains(detail.body, want) {
			t.Errorf("the booking's page lacks %q", want)
		}
	}

	// The same form sent again: the same booking.
	again := s.send(t, admin, "POST", "/api/v1/admin/bookings", form)
	if again.status != 201 || decode(t, again)["data"].(map[string]any)["bookingId"] != id {
		t.Errorf("sent again: %d %s", again.status, again.body)
	}

	// A refused form: every field at once, by key.
	bad := s.send(t, admin, "POST", "/api/v1/admin/bookings", map[string]any{"tourId": tourID, "date": date,
		"email": "ines@", "name": "Inês", "participants": 2, "travellers": []string{"", " "}, "payment": "later",
		"payBy": "2000-01-01", "key": "form-2"})
	m := decode(t, bad)
	fields, _ := m["fields"].(map[string]any)
	if bad.status != 400 || m["status"] != "fail" || len(fields) != 3 ||
		fields["email"] != "The customer's email address does not look right, e.g. name@example.com." ||
		fields["travellers.1"] != "Please enter the name of traveller 2." ||
		fields["payBy"] != "The day to pay by cannot be in the past." ||
		!strings.HasPrefix(m["message"].(string), "Please correct 3 fields: ") {
		t.Errorf("a refused form: %d %s", bad.status, bad.body)
	}
}

// New booking's "Send a payment link": the booking awaits payment, and its customer is
// emailed a link for all that is due (collect's, through the outbox), once per form.
func TestNewBookingSendsAPaymentLink(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := s.tourByIndex(t, 2)
		form := map[string]any{"tourId": tr.ID, "date": tr.StartDates[len(tr.StartDates)-1].Date, "email": "link.customer@example.com",
			"name": "Lin Ke", "participants": 2, "payment": "link", "sendConfirmation": false, "key": "link-form"}
		var id string
		for range 2 { // a double click
			r := s.send(t, admin, "POST", "/api/v1/admin/bookings", form)
			if r.status != 201 {
				t.Fatalf("new booking with a payment link: %d %s", r.status, r.body)
			}
			id = decode(t, r)["data"].(map[string]any)["bookingId"].(string)
		}
		b, err := s.Store.BookingByID(t.Context(), id)
		if err != nil || b.Status != booking.AwaitingPayment || b.PaidMinor != 0 {
			t.Fatalf("booking: %+v, %v", b, err)
		}
		var links int
		for _, m := range s.outbox(t, "link.customer@example.com") {
			if m.Kind == "paymentLink" {
				links++
				if !strings.Contains(m.Text, "/sandbox/checkout/") {
					t.Errorf("the link email has no checkout: %s", m.Text)
				}
			}
		}
		if links != 1 {
			t.Errorf("%d payment-link emails, want 1", links)
		}

		// Cancelled before it is paid: its link closes, so nobody pays for it.
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/cancel",
			map[string]any{"refundMinor": 0, "reason": "Changed their mind", "key": "cancel-1"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		pays, err := s.Store.BookingPayments(t.Context(), id)
		if err != nil || len(pays) != 1 || pays[0].Status != collect.Expired {
			t.Errorf("the link after the cancellation: %+v, %v; want it expired", pays, err)
		}
	})
}
