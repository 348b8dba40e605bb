package app

import (
	"net/http"
	"strings"
	"testing"

	"tourbook/internal/booking"
)

// The sandbox behind a load balancer: a checkout opened on one instance is paid on
// another, whose webhook the first accepts (the signing secret is the database's), and
// an open checkout page still works after its instance restarts.
func TestSandboxAcrossInstancesAndRestarts(t *testing.T) {
	t.Parallel()
	eachSharedDatabase(t, func(t *testing.T, databaseURL string) {
		args := []string{"-data-dir", t.TempDir(), "-database-url", databaseURL}
		a := newTestSiteEnv(t, nil, args...)
		// b answers for the same public address, as behind a load balancer: its
		// webhooks go to a.
		b := newTestSiteEnv(t, nil, append(args, "-base-url", a.URL)...)

		tr := a.tourByIndex(t, 0)
		c := a.client(t) // cookies are per host, so the session works on both
		a.login(t, c, "hannah@example.com")
		r := a.checkout(t, c, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=2")
		if r.status != http.StatusOK {
			t.Fatalf("checkout on a: %d %s", r.status, r.body)
		}
		checkoutURL := decode(t, r)["session"].(map[string]any)["url"].(string)

		paid := b.pay(t, c, checkoutURL, "4242 4242 4242 4242")
		if paid.status != http.StatusSeeOther {
			t.Fatalf("paying on b: %d %.300s", paid.status, paid.body)
		}
		// Paid by b's webhook to a, before the customer is back.
		if got := paidBookings(t, a, "hannah@example.com"); got != 1 {
			t.Fatalf("%d paid bookings after b's webhook, want 1", got)
		}
		back := mustURL(t, paid.header.Get("Location"))
		if success := b.get(t, c, back.RequestURI()); success.status != http.StatusOK || !strings.Contains(success.body, `data-alert="Your booking of `) {
			t.Fatalf("the return on b: %d %.300s", success.status, success.body)
		}

		// A checkout left open while its instance restarts.
		r = a.checkout(t, c, tr.ID, "?date="+tr.StartDates[2].Date+"&participants=1")
		if r.status != http.StatusOK {
			t.Fatalf("second checkout: %d %s", r.status, r.body)
		}
		checkoutURL = decode(t, r)["session"].(map[string]any)["url"].(string)
		a.stop()
		b.stop()
		again := newTestSiteEnv(t, nil, args...)
		if paid := again.pay(t, c, checkoutURL, "4242 4242 4242 4242"); paid.status != http.StatusSeeOther {
			t.Fatalf("paying after the restart: %d %.300s", paid.status, paid.body)
		}
		if got := paidBookings(t, again, "hannah@example.com"); got != 2 {
			t.Fatalf("%d paid bookings after the restart, want 2", got)
		}
	})
}

func paidBookings(t *testing.T, s *testSite, email string) int {
	t.Helper()
	n := 0
	for _, b := range s.bookings(t, email) {
		if b.Status == booking.Paid {
			n++
		}
	}
	return n
}
