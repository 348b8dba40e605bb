package app

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"tourbook/internal/booking"
)

// A checkout left unpaid is "Awaiting payment": its page offers the same checkout again
// and releasing the seats, never a calendar file (which would say CONFIRMED).
func TestUnpaidBookingOffersPaymentNotACalendar(t *testing.T) {
	s := newTestSite(t)
	tr := s.tourByIndex(t, 0)
	traveller, other := s.client(t), s.client(t)
	s.login(t, traveller, "priya@example.com")
	s.login(t, other, "omar@example.com")
	r := s.checkout(t, traveller, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=2")
	if r.status != http.StatusOK {
		t.Fatalf("checkout: %d %s", r.status, r.body)
	}
	checkoutURL := decode(t, r)["session"].(map[string]any)["url"].(string)
	bs := s.bookings(t, "priya@example.com")
	if len(bs) != 1 || bs[0].Status != booking.Pending {
		t.Fatalf("bookings %+v, want one pending", bs)
	}
	page := "/my-tours/" + bs[0].ID

	got := s.get(t, traveller, page)
	body := html.UnescapeString(got.body)
	if got.status != http.StatusOK {
		t.Fatalf("the unpaid booking's page: %d", got.status)
	}
	for _, want := range []string{"Awaiting payment", "Continue to payment", `href="` + page + `/checkout"`,
		"Release these seats", `action="` + page + `/release"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the unpaid booking's page lacks %q", want)
		}
	}
	if strings.Contains(body, "calendar.ics") || strings.Contains(body, "Add to calendar") {
		t.Error("the unpaid booking's page offers a calendar file")
	}
	if cal := s.get(t, traveller, page+"/calendar.ics"); cal.status != http.StatusNotFound || strings.Contains(cal.body, "STATUS:CONFIRMED") {
		t.Errorf("the unpaid booking's calendar file: %d %.80q", cal.status, cal.body)
	}

	// Continue to payment: the same provider session, no second hold.
	cont := s.get(t, traveller, page+"/checkout")
	if cont.status != http.StatusSeeOther || cont.header.Get("Location") != checkoutURL {
		t.Errorf("continue to payment: %d to %q, want 303 to the open checkout %q", cont.status, cont.header.Get("Location"), checkoutURL)
	}
	if n := len(s.bookings(t, "priya@example.com")); n != 1 {
		t.Errorf("%d bookings after continuing, want 1", n)
	}
	if r := s.get(t, other, page+"/checkout"); r.status != http.StatusNotFound || strings.Contains(r.body, checkoutURL) {
		t.Errorf("another traveller continuing: %d", r.status)
	}
	if r := s.do(t, other, http.MethodPost, page+"/release", "application/x-www-form-urlencoded", nil); r.status != http.StatusNotFound {
		t.Errorf("another traveller releasing: %d", r.status)
	}
	if b := s.bookings(t, "priya@example.com")[0]; b.Status != booking.Pending {
		t.Fatalf("another traveller released the seats: %s", b.Status)
	}

	// Release these seats: the hold ends now and the page says so.
	rel := s.do(t, traveller, http.MethodPost, page+"/release", "application/x-www-form-urlencoded", nil)
	if rel.status != http.StatusSeeOther || rel.header.Get("Location") != page {
		t.Fatalf("release: %d to %q", rel.status, rel.header.Get("Location"))
	}
	if b := s.bookings(t, "priya@example.com")[0]; b.Status != booking.Cancelled {
		t.Fatalf("after releasing: %s, want cancelled", b.Status)
	}
	after := html.UnescapeString(s.get(t, traveller, page).body)
	if strings.Contains(after, "Continue to payment") || strings.Contains(after, "Release these seats") || strings.Contains(after, "calendar.ics") {
		t.Error("the released booking's page still offers payment, release or a calendar")
	}
	if r := s.get(t, traveller, page+"/checkout"); r.status != http.StatusConflict || !strings.Contains(r.body, "no longer held") {
		t.Errorf("continuing a released booking: %d", r.status)
	}
	if cal := s.get(t, traveller, page+"/calendar.ics"); cal.status != http.StatusNotFound {
		t.Errorf("the released booking's calendar file: %d", cal.status)
	}
}

// A waiting list offer's seat hold is paid or declined from its banner on /my-tours
// (declining ends the entry too): its booking page offers neither, and the release form
// leaves it alone.
func TestWaitlistOfferIsNotReleasedFromTheBookingPage(t *testing.T) {
	s := newTestSite(t)
	tr, date, _, admin, b := s.fullDeparture(t, 2)
	omar := s.client(t)
	s.login(t, omar, "omar@example.com")
	if r := s.send(t, omar, "POST", "/api/v1/waitlist", map[string]any{"tourId": tr.ID, "date": date, "participants": 2}); r.status != http.StatusCreated {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	if r := s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel", map[string]any{"refundMinor": b.AmountMinor, "key": "offer-1"}); r.status != 200 {
		t.Fatalf("cancel grace's booking: %d %s", r.status, r.body)
	}
	bs := s.bookings(t, "omar@example.com")
	if len(bs) != 1 || bs[0].Status != booking.Pending {
		t.Fatalf("omar's bookings %+v, want the offer's hold", bs)
	}
	page := "/my-tours/" + bs[0].ID
	body := html.UnescapeString(s.get(t, omar, page).body)
	if strings.Contains(body, "Release these seats") || strings.Contains(body, "Continue to payment") {
		t.Error("the offer's booking page offers release or payment; /my-tours' banner does")
	}
	if r := s.do(t, omar, http.MethodPost, page+"/release", "application/x-www-form-urlencoded", nil); r.status != http.StatusSeeOther || r.header.Get("Location") != "/my-tours" {
		t.Errorf("release of an offer: %d to %q, want 303 to /my-tours", r.status, r.header.Get("Location"))
	}
	if got := s.bookings(t, "omar@example.com")[0]; got.Status != booking.Pending {
		t.Errorf("the offer's hold after the release form: %s, want pending", got.Status)
	}
}
