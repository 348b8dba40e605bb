package app

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tourbook/internal/booking"
	"tourbook/internal/mail"
	"tourbook/internal/waitlist"
)

// The waiting list through the real router, on every test engine: a traveller joins a
// full departure, an operator cancels a booking, the traveller is offered the seats (a
// banner on /my-tours and an email), pays the offer through the sandbox checkout and has
// the booking; the seats count once.
func TestWaitlistOfferPaidThroughCheckout(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 1)
		date := tr.StartDates[0].Date
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		b := s.paidBooking(t, "grace@example.com", tr, 0, 2, "4242 4242 4242 4242")
		// Fill the departure: its capacity down to the seats taken.
		taken := tr.MaxGroupSize - tr.StartDates[0].SeatsLeft + 2
		dep := fmt.Sprintf("/api/v1/tours/%s/departures/%s", tr.ID, date)
		if r := s.send(t, admin, "PATCH", dep, map[string]any{"capacity": taken}); r.status != 200 {
			t.Fatalf("fill the departure: %d %s", r.status, r.body)
		}

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

		pay := s.send(t, omar, "POST", "/api/v1/waitlist/"+entryID+"/checkout", nil)
		if pay.status != 200 {
			t.Fatalf("pay offer: %d %s", pay.status, pay.body)
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
