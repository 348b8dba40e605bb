package app

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/mail"
	"tourbook/internal/waitlist"
)

// fullDeparture has grace pay for seats on the second sample tour's first departure and
// an admin lower its capacity to the seats taken, so it is full. It returns the tour, the
// departure's date and API path, the admin's client and grace's booking.
func (s *testSite) fullDeparture(t *testing.T, seats int) (tr tourDetail, date, dep string, admin *http.Client, b booking.Booking) {
	t.Helper()
	tr = s.tourByIndex(t, 1)
	date = tr.StartDates[0].Date
	admin = s.client(t)
	s.login(t, admin, "laura@example.com")
	b = s.paidBooking(t, "grace@example.com", tr, 0, seats, "4242 4242 4242 4242")
	dep = fmt.Sprintf("/api/v1/tours/%s/departures/%s", tr.ID, date)
	if r := s.send(t, admin, "PATCH", dep, map[string]any{"capacity": tr.MaxGroupSize - tr.StartDates[0].SeatsLeft + seats}); r.status != 200 {
		t.Fatalf("fill the departure: %d %s", r.status, r.body)
	}
	return tr, date, dep, admin, b
}

// The waiting list through the real router, on every test engine: a traveller joins a
// full departure, an operator cancels a booking, the traveller is offered the seats (a
// banner on /my-tours and an email), pays the offer through the sandbox checkout and has
// the booking; the seats count once.
func TestWaitlistOfferPaidThroughCheckout(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, date, _, admin, b := s.fullDeparture(t, 2)

		omar, hannah := s.client(t), s.client(t)
		s.login(t, omar, "omar@example.com")
		s.login(t, hannah, "hannah@example.com")
		refused(t, "a visitor", s.send(t, http.DefaultClient, "POST", "/api/v1/waitlist",
			map[string]any{"tourId": tr.ID, "date": date, "participants": 2}), 401, "log in")
		refused(t, "no group", s.send(t, omar, "POST", "/api/v1/waitlist",
			map[string]any{"tourId": tr.ID, "date": date, "participants": 0}), 400, "between 1 and")
		refused(t, "a bad date", s.send(t, omar, "POST", "/api/v1/waitlist",
			map[string]any{"tourId": tr.ID, "date": "15/06/2031", "participants": 1}), 400, "YYYY-MM-DD")
		join := s.send(t, omar, "POST", "/api/v1/waitlist", map[string]any{"tourId": tr.ID, "date": date, "participants": 2})
		if join.status != http.StatusCreated {
			t.Fatalf("join: %d %s", join.status, join.body)
		}
		entryID := decode(t, join)["data"].(map[string]any)["entry"].(map[string]any)["id"].(string)
		refused(t, "joining twice", s.send(t, omar, "POST", "/api/v1/waitlist",
			map[string]any{"tourId": tr.ID, "date": date, "participants": 1}), 409, "already on the waiting list")
		// Hannah joins behind with one person, then leaves.
		second := s.send(t, hannah, "POST", "/api/v1/waitlist", map[string]any{"tourId": tr.ID, "date": date, "participants": 1})
		if second.status != http.StatusCreated {
			t.Fatalf("second join: %d %s", second.status, second.body)
		}
		hannahEntry := decode(t, second)["data"].(map[string]any)["entry"].(map[string]any)["id"].(string)
		refused(t, "leaving someone else's entry", s.send(t, hannah, "DELETE", "/api/v1/waitlist/"+entryID, nil), 404, "not on that waiting list")
		if r := s.send(t, hannah, "DELETE", "/api/v1/waitlist/"+hannahEntry, nil); r.status != 200 {
			t.Fatalf("leave: %d %s", r.status, r.body)
		}
		refused(t, "leaving twice", s.send(t, hannah, "DELETE", "/api/v1/waitlist/"+hannahEntry, nil), 404, "not on that waiting list")

		if page := s.get(t, omar, "/tour/"+tr.Slug).body; !strings.Contains(page, "You are number 1 on the waiting list") {
			t.Error("the tour page does not show omar's place")
		}
		manifest := s.get(t, admin, "/admin/tours/"+tr.ID+"/departures/"+date).body
		if !strings.Contains(manifest, "omar@example.com") || !strings.Contains(manifest, "1 entry, 2 people") {
			t.Error("the manifest does not show the waiting list")
		}

		// The operator cancels grace's booking: the two seats go to omar at once.
		if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel",
			map[string]any{"refundMinor": b.AmountMinor, "key": "wl-1"}); r.status != 200 {
			t.Fatalf("cancel: %d %s", r.status, r.body)
		}
		mine := s.get(t, omar, "/my-tours").body
		if !strings.Contains(mine, "Seats are held for you from the waiting list") || !strings.Contains(mine, "Pay now") {
			t.Fatal("/my-tours has no offer banner")
		}
		emails, _, err := s.Store.ListEmails(t.Context(), mail.Filter{Kind: "waitlistOffer"}, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(emails) != 1 || !strings.Contains(emails[0].To, "omar@example.com") || !strings.Contains(emails[0].Subject, tr.Name) {
			t.Errorf("offer emails: %+v", emails)
		}
		// Nobody else may take the held seats, nor pay the offer.
		refused(t, "booking the held seats", s.checkout(t, hannah, tr.ID, "?date="+date+"&participants=1"), 409, "fully booked")
		refused(t, "paying someone else's offer", s.send(t, hannah, "POST", "/api/v1/waitlist/"+entryID+"/checkout", nil), 404, "no such offer")

		// Paying accepts the terms of booking, as a booking's checkout does.
		refused(t, "paying without the terms", s.send(t, omar, "POST", "/api/v1/waitlist/"+entryID+"/checkout", nil), 400,
			"Please accept the terms of booking")
		pay := s.send(t, omar, "POST", "/api/v1/waitlist/"+entryID+"/checkout?terms=1", nil)
		if pay.status != 200 {
			t.Fatalf("pay offer: %d %s", pay.status, pay.body)
		}
		if b := s.pendingBooking(t, "omar@example.com", tr.ID); b.TermsVersion != 1 || b.TermsAcceptedAt.IsZero() {
			t.Errorf("the offer's booking keeps terms %d at %v", b.TermsVersion, b.TermsAcceptedAt)
		}
		url := decode(t, pay)["session"].(map[string]any)["url"].(string)
		if again := decode(t, s.send(t, omar, "POST", "/api/v1/waitlist/"+entryID+"/checkout", nil)); again["session"].(map[string]any)["url"] != url {
			t.Errorf("a second click opened another checkout: %v", again)
		}
		paid := s.pay(t, omar, url, "4242 4242 4242 4242")
		if paid.status != http.StatusSeeOther {
			t.Fatalf("paying: %d %.300s", paid.status, paid.body)
		}
		success := s.get(t, omar, mustURL(t, paid.header.Get("Location")).RequestURI())
		if !strings.Contains(success.body, `data-alert="Your booking of `) {
			t.Errorf("success page lacks the confirmation: %.300s", success.body)
		}
		var paidSeats int
		for _, ob := range s.bookings(t, "omar@example.com") {
			if ob.TourID == tr.ID && ob.Status == booking.Paid {
				paidSeats += ob.Participants
			}
		}
		if paidSeats != 2 {
			t.Errorf("omar has %d paid seats, want 2", paidSeats)
		}
		if left := s.tourByIndex(t, 1).StartDates[0].SeatsLeft; left != 0 {
			t.Errorf("%d seats left after the offer was paid, want 0", left)
		}
		if e, err := s.Store.WaitlistEntry(t.Context(), entryID); err != nil || e.Status != waitlist.Booked {
			t.Errorf("entry after payment: %+v, %v", e, err)
		}
		if mine := s.get(t, omar, "/my-tours").body; strings.Contains(mine, "Seats are held for you") || !strings.Contains(mine, "Paid") {
			t.Error("/my-tours after paying: still an offer, or no paid booking")
		}
		refused(t, "paying a paid offer", s.send(t, omar, "POST", "/api/v1/waitlist/"+entryID+"/checkout", nil), 409, "offer has ended")
	})
}

// TestCancelledDepartureEndsItsWaitingList: an operator cancels a departure whose waiting
// list has an open offer and a traveller waiting. Both places end at once: the held seats
// are released, /my-tours no longer shows the offer or the place, and each traveller gets
// an email through the outbox saying the departure is cancelled, why, and for the one
// with the offer that it can no longer be paid. Cancelling again tells nobody twice.
func TestCancelledDepartureEndsItsWaitingList(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, date, dep, admin, b := s.fullDeparture(t, 1)
		omar, hannah := s.client(t), s.client(t)
		s.login(t, omar, "omar@example.com")
		s.login(t, hannah, "hannah@example.com")
		for _, c := range []*http.Client{omar, hannah} {
			if r := s.send(t, c, "POST", "/api/v1/waitlist", map[string]any{"tourId": tr.ID, "date": date, "participants": 1}); r.status != http.StatusCreated {
				t.Fatalf("join: %d %s", r.status, r.body)
			}
		}
		// Grace cancels herself: her seat is offered to omar; hannah waits behind.
		grace := s.client(t)
		s.login(t, grace, "grace@example.com")
		if r := s.send(t, grace, "POST", "/api/v1/my-bookings/"+b.ID+"/cancel", map[string]any{}); r.status != 200 {
			t.Fatalf("self-cancel: %d %s", r.status, r.body)
		}
		if mine := s.get(t, omar, "/my-tours").body; !strings.Contains(mine, "Seats are held for you from the waiting list") {
			t.Fatal("omar has no offer")
		}
		if mine := s.get(t, hannah, "/my-tours").body; !strings.Contains(mine, tr.Name) {
			t.Fatal("hannah's /my-tours does not show her place on the list")
		}

		// The note is the operator's (history only); the message is what travellers read.
		const note, message = "Ranger Olsen phoned at 6", "The pass is closed by snow."
		for round := range 2 {
			if r := s.send(t, admin, "POST", dep+"/cancel", map[string]any{"note": note, "message": message}); r.status != 200 {
				t.Fatalf("cancel the departure (%d): %d %s", round, r.status, r.body)
			}
		}
		for name, c := range map[string]*http.Client{"omar": omar, "hannah": hannah} {
			if mine := s.get(t, c, "/my-tours").body; strings.Contains(mine, "Seats are held for you") || strings.Contains(mine, tr.Name) {
				t.Errorf("%s's /my-tours still shows the waiting list of the cancelled departure", name)
			}
		}
		day, err := time.Parse(time.DateOnly, date)
		if err != nil {
			t.Fatal(err)
		}
		if rows, err := s.Store.DepartureWaitlist(t.Context(), tr.ID, day); err != nil || len(rows) != 0 {
			t.Errorf("the departure's list after it was cancelled: %+v, %v", rows, err)
		}
		for _, ob := range s.bookings(t, "omar@example.com") {
			if ob.TourID == tr.ID && ob.Status != booking.Cancelled {
				t.Errorf("omar's offer is %s, want its hold released", ob.Status)
			}
		}
		emails, _, err := s.Store.ListEmails(t.Context(), mail.Filter{Kind: "waitlistCancelled"}, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		to := map[string]mail.Message{} // by address
		for _, listed := range emails {
			m, err := s.Store.EmailByID(t.Context(), listed.ID)
			if err != nil {
				t.Fatal(err)
			}
			m.Text = strings.Join(strings.Fields(m.Text), " ") // as read, not as wrapped
			for _, email := range []string{"omar@example.com", "hannah@example.com"} {
				if strings.Contains(m.To, "<"+email+">") || m.To == email {
					to[email] = m
				}
			}
		}
		if len(emails) != 2 {
			t.Fatalf("%d waiting list emails, want one each for omar and hannah: %+v", len(emails), to)
		}
		for _, email := range []string{"omar@example.com", "hannah@example.com"} {
			m, ok := to[email]
			if !ok {
				t.Errorf("no email to %s", email)
				continue
			}
			if !strings.Contains(m.Subject, tr.Name+" on ") || !strings.Contains(m.Subject, "is cancelled") ||
				!strings.Contains(m.Text, message) || strings.Contains(m.Text+m.HTML, "Olsen") || !strings.Contains(m.Text, "Nothing was charged.") ||
				!strings.Contains(m.Text, s.URL+"/tour/"+tr.Slug) {
				t.Errorf("the email to %s: %q\n%s", email, m.Subject, m.Text)
			}
		}
		if !strings.Contains(to["omar@example.com"].Text, "can no longer be paid") || strings.Contains(to["hannah@example.com"].Text, "can no longer be paid") {
			t.Error("the emails do not say who had an offer")
		}
	})
}

// TestWaitlistTwoSelfCancelsAtOnce: two travellers cancel their own one-seat bookings of a
// full departure at the same moment, through the site, while three single travellers
// wait: the first two on the list get an offer each, the third keeps waiting, both are
// refunded once, and the departure never has more seats sold and held than it has.
func TestWaitlistTwoSelfCancelsAtOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 1)
		date := tr.StartDates[0].Date
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		cancellers := []string{"grace@example.com", "lucas@example.com"}
		var ids []string
		for _, email := range cancellers {
			ids = append(ids, s.paidBooking(t, email, tr, 0, 1, "4242 4242 4242 4242").ID)
		}
		capacity := tr.MaxGroupSize - tr.StartDates[0].SeatsLeft + 2
		if r := s.send(t, admin, "PATCH", fmt.Sprintf("/api/v1/tours/%s/departures/%s", tr.ID, date), map[string]any{"capacity": capacity}); r.status != 200 {
			t.Fatalf("fill the departure: %d %s", r.status, r.body)
		}
		waiting := []string{"omar@example.com", "hannah@example.com", "chloe@example.com"}
		entries := map[string]string{}
		for _, email := range waiting {
			c := s.client(t)
			s.login(t, c, email)
			r := s.send(t, c, "POST", "/api/v1/waitlist", map[string]any{"tourId": tr.ID, "date": date, "participants": 1})
			if r.status != http.StatusCreated {
				t.Fatalf("%s joins: %d %s", email, r.status, r.body)
			}
			entries[email] = decode(t, r)["data"].(map[string]any)["entry"].(map[string]any)["id"].(string)
		}

		clients := make([]*http.Client, len(cancellers))
		for i, email := range cancellers {
			clients[i] = s.client(t)
			s.login(t, clients[i], email)
		}
		statuses := make([]int, len(cancellers))
		var wg sync.WaitGroup
		for i := range cancellers {
			wg.Go(func() {
				statuses[i] = s.send(t, clients[i], "POST", "/api/v1/my-bookings/"+ids[i]+"/cancel", map[string]any{}).status
			})
		}
		wg.Wait()
		for i, st := range statuses {
			if st != 200 {
				t.Errorf("%s cancelling: %d", cancellers[i], st)
			}
		}

		for email, want := range map[string]waitlist.Status{"omar@example.com": waitlist.Offered,
			"hannah@example.com": waitlist.Offered, "chloe@example.com": waitlist.Waiting} {
			if e, err := s.Store.WaitlistEntry(t.Context(), entries[email]); err != nil || e.Status != want {
				t.Errorf("%s: %s, %v; want %s", email, e.Status, err, want)
			}
		}
		now := time.Now()
		after, err := s.Store.TourByIDAnyStatus(t.Context(), tr.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range after.StartDates {
			if d.Date.Format(time.DateOnly) == date && (d.Taken != capacity || d.Capacity != capacity) {
				t.Errorf("%d seats sold and held of %d (capacity %d)", d.Taken, capacity, d.Capacity)
			}
		}
		for i, id := range ids {
			b, err := s.Store.BookingByID(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			if n, total := succeeded(s.refundsOf(t, id)); total == 0 || n != 1 || b.RefundedMinor != total {
				t.Errorf("%s: %d refunds of %d, %d recorded", cancellers[i], n, total, b.RefundedMinor)
			}
		}
	})
}
