package app

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tourbook/internal/ticket"
)

// Find anyone, the way they ring up (issue #21 §4): the back office's search through the
// real router, on every test engine. Who may search is in TestAdminRoutesByRole.

var referenceRE = regexp.MustCompile(`^TB-[2-9A-HJKMNP-Z]{6}$`)

func TestBookingSearch(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		tr := s.tourByIndex(t, 3)
		date := tr.StartDates[0].Date
		r := s.send(t, admin, "POST", departurePath(tr.ID, date)+"/bookings",
			map[string]any{"email": "Zoe.Durand@example.com", "name": "Zoë Durand", "participants": 2, "paymentMethod": "cash"})
		if r.status != 201 {
			t.Fatalf("walk-in: %d %s", r.status, r.body)
		}
		id := decode(t, r)["data"].(map[string]any)["bookingId"].(string)
		b, err := s.Store.BookingByID(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if !referenceRE.MatchString(b.Reference) {
			t.Fatalf("the walk-in's reference is %q", b.Reference)
		}
		k, err := s.Store.BookingTicket(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}

		for _, q := range []string{"zoe", "ZOË", "Zoe durand", "durand", "zoe.durand@", "ZOE.DURAND@EXAMPLE.COM",
			b.Reference, strings.ToLower(b.Reference), b.Reference[3:], ticket.Format(k.Code), strings.ToLower(k.Code)} {
			page := s.get(t, admin, "/admin/bookings?q="+url.QueryEscape(q))
			if page.status != 200 {
				t.Errorf("search %q: %d", q, page.status)
				continue
			}
			for _, want := range []string{"/admin/bookings/" + id, b.Reference, "Bookings found by"} {
				if !strings.Contains(page.body, want) {
					t.Errorf("search %q: the page lacks %q", q, want)
				}
			}
		}
		if page := s.get(t, admin, "/admin/bookings?q=nobody+of+that+name"); page.status != 200 ||
			strings.Contains(page.body, id) || !strings.Contains(page.body, "No bookings match these filters.") {
			t.Errorf("a search that finds no one: %d, lists the booking: %v", page.status, strings.Contains(page.body, id))
		}
		// The search narrows with the list's filters, and they with it.
		if page := s.get(t, admin, "/admin/bookings?q=zoe&status=refunded"); strings.Contains(page.body, id) {
			t.Error("a paid booking is listed among the refunded ones")
		}

		// Nothing to look for, or far too much: the page says what to type, a 400.
		for q, want := range map[string]string{
			"--":                     "Type a name, an email address, a phone number or a booking reference to search for.",
			strings.Repeat("z", 101): "Search for at most 100 characters (you typed 101)",
		} {
			page := s.get(t, admin, "/admin/bookings?q="+url.QueryEscape(q))
			if page.status != 400 || !strings.Contains(page.body, want) || strings.Contains(page.body, id) {
				t.Errorf("search %.20q: %d, want 400 saying %q: %.300s", q, page.status, want, page.body)
			}
		}

		// The booking's page and the manifest show the reference.
		if page := s.get(t, admin, "/admin/bookings/"+id); !strings.Contains(page.body, "Booking "+b.Reference) {
			t.Error("the booking's page does not show its reference")
		}
		if page := s.get(t, admin, "/admin/tours/"+tr.ID+"/departures/"+date); !strings.Contains(page.body, b.Reference) {
			t.Error("the manifest does not show the reference")
		}
	})
}

// The traveller sees the reference on /my-tours, on the booking's page and in the
// confirmation email.
func TestTravellerSeesReference(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		b := s.paidBooking(t, "hannah@example.com", tr, 0, 1, "4242 4242 4242 4242")
		if !referenceRE.MatchString(b.Reference) {
			t.Fatalf("reference %q", b.Reference)
		}
		c := s.client(t)
		s.login(t, c, "hannah@example.com")
		for _, path := range []string{"/my-tours", "/my-tours/" + b.ID} {
			if page := s.get(t, c, path); page.status != 200 || !strings.Contains(page.body, b.Reference) {
				t.Errorf("%s: %d, shows the reference: %v", path, page.status, strings.Contains(page.body, b.Reference))
			}
		}
		found := false
		for _, m := range s.outbox(t, "hannah@example.com") {
			if strings.Contains(m.Subject, "Your booking") && strings.Contains(m.Text+fmt.Sprint(m.Props), b.Reference) {
				found = true
			}
		}
		if !found {
			t.Error("no confirmation email with the booking's reference")
		}
	})
}
