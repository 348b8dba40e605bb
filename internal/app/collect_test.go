package app

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/mail"
	"tourbook/internal/receipt"
)

// Collecting what bookings owe through the real router, on every test engine.

// phoneBooking records a booking awaiting payment by method on tr's dateIndex-th departure.
func (s *testSite) phoneBooking(t *testing.T, admin *http.Client, tr tourDetail, dateIndex int, email, method string, n int) string {
	t.Helper()
	r := s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+tr.StartDates[dateIndex].Date+"/bookings",
		map[string]any{"email": email, "name": "Phone Customer", "participants": n, "paymentMethod": method, "awaitingPayment": true})
	if r.status != 201 {
		t.Fatalf("phone booking: %d %s", r.status, r.body)
	}
	return decode(t, r)["data"].(map[string]any)["bookingId"].(string)
}

func (s *testSite) revenue(t *testing.T) map[string]int64 {
	t.Helper()
	sales, err := s.Store.SalesSince(t.Context(), time.Now().AddDate(0, 0, -30))
	if err != nil {
		t.Fatal(err)
	}
	return sales.Revenue
}

func (s *testSite) storedBooking(t *testing.T, id string) booking.Booking {
	t.Helper()
	b, err := s.Store.BookingByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A phone booking by bank transfer waits on the dashboard; ten identical requests to
// record the transfer (one form, one key) record it once, the booking is paid and the
// revenue rises by its price; cancelling it makes a refund owed, on the dashboard, and
// the customer is told the money will be transferred; recording it paid back, twice,
// takes it off once.
func TestOfflinePaymentAndRefundOwed(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := s.tourByIndex(t, 0)
		id := s.phoneBooking(t, admin, tr, 1, "ines@example.com", "bank_transfer", 2)
		b := s.storedBooking(t, id)
		if b.Status != booking.AwaitingPayment || b.PaidMinor != 0 {
			t.Fatalf("phone booking %+v", b)
		}
		before := s.revenue(t)[b.Currency]
		dash := s.get(t, admin, "/admin")
		if !strings.Contains(dash.body, `"url":"/admin/bookings/`+id+`"`) || !strings.Contains(dash.body, "Awaiting payment") {
			t.Fatalf("the dashboard does not list the booking awaiting payment")
		}

		refused(t, "a day in the future", s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/payments",
			map[string]any{"key": "k-future", "method": "bank_transfer", "receivedOn": time.Now().AddDate(0, 0, 3).Format(time.DateOnly)}),
			400, "cannot be in the future")
		var wg sync.WaitGroup
		results := make([]result, 10)
		for i := range results {
			wg.Go(func() {
				results[i] = s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/payments",
					map[string]any{"key": "k-transfer", "method": "bank_transfer", "reference": "TRX-2580"})
			})
		}
		wg.Wait()
		for _, r := range results {
			if got := bookingOf(t, r); got["status"] != "paid" {
				t.Fatalf("record payment answered %v", got["status"])
			}
		}
		payments, err := s.Store.BookingPayments(t.Context(), id)
		if err != nil || len(payments) != 1 || payments[0].Reference != "TRX-2580" || payments[0].AmountMinor != b.AmountMinor {
			t.Fatalf("payments %+v, %v", payments, err)
		}
		if got := s.revenue(t)[b.Currency]; got != before+b.AmountMinor {
			t.Fatalf("revenue %d, want %d", got, before+b.AmountMinor)
		}
		if _, err := s.Store.BookingTicket(t.Context(), id); err != nil {
			t.Fatalf("the paid booking has no ticket: %v", err)
		}
		page := s.get(t, admin, "/admin/bookings/"+id)
		if page.status != 200 || !strings.Contains(page.body, "TRX-2580") || !strings.Contains(page.body, "Payment received") {
			t.Fatalf("the booking's page: %d", page.status)
		}

		bookingOf(t, s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/cancel",
			map[string]any{"refundMinor": b.AmountMinor, "reason": "Illness", "key": "k-cancel"}))
		refunds := s.refundsOf(t, id)
		if len(refunds) != 1 || refunds[0].Status != backoffice.RefundOwed {
			t.Fatalf("refunds %+v", refunds)
		}
		if !strings.Contains(s.get(t, admin, "/admin").body, "Refunds owed") ||
			!strings.Contains(s.get(t, admin, "/admin").body, `"owed":[{"bookingId":"`+id+`"`) {
			t.Fatal("the dashboard does not list the refund owed")
		}
		var told *mail.Message
		for _, m := range s.outbox(t, "ines@example.com") {
			if m.Kind == "bookingCancelled" {
				told = &m
			}
		}
		if told == nil || !strings.Contains(strings.Join(strings.Fields(told.Text), " "), "We will transfer") ||
			strings.Contains(told.Text, "We have refunded") {
			t.Fatalf("cancellation email %+v", told)
		}

		for range 2 {
			r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/refunds/"+refunds[0].ID+"/paid-back",
				map[string]any{"reference": "OUT-1"})
			if got := bookingOf(t, r); got["refunds"].([]any)[0].(map[string]any)["status"] != "succeeded" {
				t.Fatalf("paid back: %s", r.body)
			}
		}
		refunds = s.refundsOf(t, id)
		if refunds[0].SettledRef != "OUT-1" || refunds[0].SettledAt.IsZero() {
			t.Fatalf("refund %+v", refunds[0])
		}
		if strings.Contains(s.get(t, admin, "/admin").body, `"owed":[{`) {
			t.Fatal("the refund paid back is still owed")
		}
		events, _ := s.Store.BookingEvents(t.Context(), id)
		paidBack := 0
		for _, e := range events {
			if e.Kind == "refund_paid_back" {
				paidBack++
			}
		}
		if paidBack != 1 {
			t.Fatalf("%d history lines for the refund paid back", paidBack)
		}
	})
}

var sandboxLink = regexp.MustCompile(`https?://\S+/sandbox/checkout/\S+`)

// A payment link emailed to a phone customer is paid on the sandbox: the webhook and the
// return page, which needs no sign-in, record it once; the booking is paid.
func TestPaymentLinkThroughTheSite(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := s.tourByIndex(t, 0)
		id := s.phoneBooking(t, admin, tr, 1, "lina@example.com", "cash", 1)
		refused(t, "a link without a key", s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/payment-links", map[string]any{}),
			400, "This form has expired")
		r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+id+"/payment-links", map[string]any{"key": "link-1"})
		if r.status != 200 || !strings.Contains(r.body, `"statusLabel":"Link sent, not paid yet"`) {
			t.Fatalf("send link: %d %s", r.status, r.body)
		}
		var link string
		for _, m := range s.outbox(t, "lina@example.com") {
			if m.Kind == "paymentLink" {
				link = sandboxLink.FindString(m.Text)
			}
		}
		if link == "" {
			t.Fatal("no payment link emailed")
		}
		customer := s.client(t) // not signed in
		paid := s.pay(t, customer, link, "4242 4242 4242 4242")
		back := paid.header.Get("Location")
		if paid.status != http.StatusSeeOther || !strings.Contains(back, collect.LinkReturnPath+"?session_id=") {
			t.Fatalf("paying the link: %d to %q", paid.status, back)
		}
		ret := s.get(t, customer, back[strings.Index(back, collect.LinkReturnPath):])
		if ret.status != 200 || !strings.Contains(html.UnescapeString(ret.body), "Thank you: your payment of") {
			t.Fatalf("return page: %d %.300s", ret.status, ret.body)
		}
		b := s.storedBooking(t, id)
		payments, _ := s.Store.BookingPayments(t.Context(), id)
		if b.Status != booking.Paid || b.PaidMinor != b.AmountMinor || len(payments) != 1 || payments[0].Status != collect.Received {
			t.Fatalf("booking %+v, payments %+v", b, payments)
		}
		// The link's payment has its receipt, by card through the link.
		if docs := s.receiptsOf(t, id); len(docs) != 1 || docs[0].Method != receipt.Link || docs[0].AmountMinor != b.AmountMinor {
			t.Errorf("receipts after the link was paid: %+v", docs)
		}
		if unknown := s.get(t, customer, collect.LinkReturnPath+"?session_id=cs_nothing"); unknown.status != 404 {
			t.Fatalf("an unknown link's return: %d", unknown.status)
		}
	})
}
