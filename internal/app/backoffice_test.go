package app

import (
	"encoding/csv"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/payment/paymenttest"
	"tourbook/internal/store/testdb"
)

// The bookings back office through the real router, on every test engine.

// paidBooking books participants on the tour's dateIndex-th departure as email and pays
// with card on the sandbox checkout; it returns the paid booking.
func (s *testSite) paidBooking(t *testing.T, email string, tr tourDetail, dateIndex, participants int, card string) booking.Booking {
	t.Helper()
	c := s.client(t)
	s.login(t, c, email)
	r := s.checkout(t, c, tr.ID, fmt.Sprintf("?date=%s&participants=%d", tr.StartDates[dateIndex].Date, participants))
	if r.status != 200 {
		t.Fatalf("checkout: %d %s", r.status, r.body)
	}
	url := decode(t, r)["session"].(map[string]any)["url"].(string)
	if paid := s.pay(t, c, url, card); paid.status != http.StatusSeeOther {
		t.Fatalf("paying: %d %.300s", paid.status, paid.body)
	}
	for _, b := range s.bookings(t, email) {
		if b.Status == booking.Paid && b.TourID == tr.ID {
			return b
		}
	}
	t.Fatalf("no paid booking of %s", email)
	return booking.Booking{}
}

// bookingOf reads the booking of a back-office answer.
func bookingOf(t *testing.T, r result) map[string]any {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	return decode(t, r)["data"].(map[string]any)["booking"].(map[string]any)
}

func (s *testSite) refundsOf(t *testing.T, bookingID string) []backoffice.Refund {
	t.Helper()
	list, err := s.Store.BookingRefunds(t.Context(), bookingID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func succeeded(list []backoffice.Refund) (n int, total int64) {
	for _, r := range list {
		if r.Status == backoffice.RefundSucceeded {
			n++
			total += r.AmountMinor
		}
	}
	return n, total
}

func TestRefundIsMadeOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 1)
		admin, lead := s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		b := s.paidBooking(t, "grace@example.com", tr, 0, 2, "4242 4242 4242 4242")
		seatsBefore := s.tourByIndex(t, 1).StartDates[0].SeatsLeft
		cancel := "/api/v1/admin/bookings/" + b.ID + "/cancel"

		// Part of the money back; the same form sent again refunds nothing more.
		body := map[string]any{"refundMinor": 5000, "reason": "Sprained ankle", "key": "form-1"}
		first := bookingOf(t, s.send(t, admin, "POST", cancel, body))
		if first["status"] != "refunded" || first["refunded"] != "$50.00" || first["cancellable"] != false {
			t.Errorf("after the refund: %v", first)
		}
		again := bookingOf(t, s.send(t, admin, "POST", cancel, body))
		if again["refunded"] != "$50.00" {
			t.Errorf("the same key again: %v", again)
		}
		if n, total := succeeded(s.refundsOf(t, b.ID)); n != 1 || total != 5000 {
			t.Errorf("%d refunds of %d, want one of 5000", n, total)
		}
		// Another operator with another form: nothing left to cancel.
		refused(t, "second operator", s.send(t, lead, "POST", cancel, map[string]any{"refundMinor": 100, "key": "form-2"}),
			409, "not paid")
		if left := s.tourByIndex(t, 1).StartDates[0].SeatsLeft; left != seatsBefore+2 {
			t.Errorf("seats left %d after cancelling 2 of them, want %d", left, seatsBefore+2)
		}
		// The traveller sees it.
		traveller := s.client(t)
		s.login(t, traveller, "grace@example.com")
		if mine := s.get(t, traveller, "/my-tours").body; !strings.Contains(mine, "Cancelled, $50.00 refunded") {
			t.Error("/my-tours does not say the booking was cancelled and refunded")
		}
		// The list finds it by part of the customer's email, in any case.
		if list := s.get(t, admin, "/admin/bookings?email=GRACE@"); !strings.Contains(list.body, b.ID) {
			t.Error("the bookings list does not find the booking by part of the email")
		}
		// The page shows its history, and the audit log has it.
		page := s.get(t, admin, "/admin/bookings/"+b.ID)
		for _, want := range []string{"Checkout opened", "Cancelled and refunded $50.00", "Sprained ankle", "Laura Bennett"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("booking page lacks %q", want)
			}
		}
	})
}

func TestRefundUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		b := s.paidBooking(t, "omar@example.com", tr, 0, 3, "4242 4242 4242 4242")
		admin, lead := s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		// Two operators at once, each double-clicking: two keys, eight requests.
		var wg sync.WaitGroup
		statuses := make([]int, 8)
		for i := range statuses {
			wg.Go(func() {
				c, key := admin, "admin-form"
				if i%2 == 1 {
					c, key = lead, "lead-form"
				}
				statuses[i] = s.send(t, c, "POST", "/api/v1/admin/bookings/"+b.ID+"/cancel",
					map[string]any{"refundMinor": b.AmountMinor, "key": key}).status
			})
		}
		wg.Wait()
		n, total := succeeded(s.refundsOf(t, b.ID))
		if n != 1 || total != b.AmountMinor {
			t.Fatalf("%d refunds totalling %d, want one of %d (statuses %v)", n, total, b.AmountMinor, statuses)
		}
		for _, st := range statuses {
			if st != 200 && st != 409 {
				t.Errorf("statuses %v: want only 200 and 409", statuses)
				break
			}
		}
		got, err := s.Store.BookingByID(t.Context(), b.ID)
		if err != nil || got.Status != booking.Refunded || got.RefundedMinor != b.AmountMinor {
			t.Errorf("booking after the race: %+v %v", got, err)
		}
	})
}

func TestCancelDepartureWithOneFailingRefund(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 3)
		ok1 := s.paidBooking(t, "lucas@example.com", tr, 1, 1, "4242 4242 4242 4242")
		// Stripe's test card whose refunds fail.
		bad := s.paidBooking(t, "chloe@example.com", tr, 1, 2, "4000 0000 0000 5126")
		ok2 := s.paidBooking(t, "mateo@example.com", tr, 1, 1, "5555 5555 5555 4444")
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		path := "/api/v1/tours/" + tr.ID + "/departures/" + tr.StartDates[1].Date + "/cancel"
		refused(t, "no note", s.send(t, admin, "POST", path, map[string]any{}), 400, "Please write an internal note")

		outcome := func() map[string]string {
			r := s.send(t, admin, "POST", path, map[string]any{"reason": "Storm warning"})
			if r.status != 200 {
				t.Fatalf("cancel departure: %d %s", r.status, r.body)
			}
			out := map[string]string{}
			for _, x := range decode(t, r)["data"].(map[string]any)["results"].([]any) {
				m := x.(map[string]any)
				out[m["bookingId"].(string)] = fmt.Sprint(m["ok"], " ", m["message"])
			}
			return out
		}
		first := outcome()
		if len(first) != 3 || !strings.HasPrefix(first[ok1.ID], "true Refunded") || !strings.HasPrefix(first[ok2.ID], "true Refunded") ||
			!strings.Contains(first[bad.ID], "false The payment provider refused the refund") {
			t.Fatalf("results %v", first)
		}
		// Retried: only the failed one is tried again; nothing is refunded twice.
		second := outcome()
		if len(second) != 1 || !strings.HasPrefix(second[bad.ID], "false") {
			t.Errorf("retry results %v", second)
		}
		for _, id := range []string{ok1.ID, ok2.ID} {
			if n, _ := succeeded(s.refundsOf(t, id)); n != 1 {
				t.Errorf("booking %s refunded %d times", id, n)
			}
		}
		if got, _ := s.Store.BookingByID(t.Context(), bad.ID); got.Status != booking.Paid {
			t.Errorf("the booking whose refund failed is %s, want it left paid", got.Status)
		}
		// The departure is off sale.
		after := s.tourByIndex(t, 3)
		buyer := s.client(t)
		s.login(t, buyer, "yuki@example.com")
		refused(t, "book a cancelled departure", s.checkout(t, buyer, tr.ID, "?date="+after.StartDates[1].Date), 409, "closed for booking")
	})
}

func TestManifestAndItsCSV(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 4)
	date := tr.StartDates[0].Date
	admin := s.client(t)
	s.login(t, admin, "laura@example.com")
	walkIns := []struct{ email, name string }{
		{"formula@example.com", "=HYPERLINK(\"http://evil.test\",\"click\")"},
		{"at@example.com", "@SUM(A1:A9)"},
		{"plus@example.com", "+1 555 0100"},
		{"minus@example.com", "-2+3"},
		{"quote@example.com", `Zoë "Zee" Ünal, Jr.`},
	}
	for _, w := range walkIns {
		r := s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+date+"/bookings",
			map[string]any{"email": w.email, "name": w.name, "participants": 1, "paymentMethod": "cash"})
		if r.status != 201 {
			t.Fatalf("walk-in %s: %d %s", w.email, r.status, r.body)
		}
	}
	refused(t, "walk-in without a payment method", s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+date+"/bookings",
		map[string]any{"email": "x@example.com", "name": "X", "participants": 1}), 400, "cash or bank transfer")
	refused(t, "walk-in over capacity", s.send(t, admin, "POST", "/api/v1/tours/"+tr.ID+"/departures/"+date+"/bookings",
		map[string]any{"email": "x@example.com", "name": "X", "participants": tr.StartDates[0].SeatsLeft, "paymentMethod": "cash"}), 409, "seats left")

	page := s.get(t, admin, "/admin/tours/"+tr.ID+"/departures/"+date)
	if page.status != 200 || !strings.Contains(page.body, "formula@example.com") || strings.Contains(page.body, `Zoë "Zee"`) {
		t.Fatalf("manifest page: %d (names must be there, escaped)", page.status)
	}
	r := s.get(t, admin, "/admin/tours/"+tr.ID+"/departures/"+date+"/manifest.csv")
	if r.status != 200 || r.header.Get("Content-Type") != "text/csv; charset=utf-8" ||
		!strings.HasPrefix(r.header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("csv: %d %v", r.status, r.header)
	}
	if !strings.HasPrefix(r.body, "\ufeff") {
		t.Error("the CSV has no byte order mark for spreadsheets")
	}
	records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, rec := range records[1:] {
		names[rec[2]] = rec[1]
	}
	for email, want := range map[string]string{
		"formula@example.com": "'=HYPERLINK(\"http://evil.test\",\"click\")",
		"at@example.com":      "'@SUM(A1:A9)",
		"plus@example.com":    "'+1 555 0100",
		"minus@example.com":   "'-2+3",
		"quote@example.com":   `Zoë "Zee" Ünal, Jr.`,
	} {
		if names[email] != want {
			t.Errorf("CSV name of %s = %q, want %q", email, names[email], want)
		}
	}
	if len(records) != 1+len(walkIns) || records[0][0] != "Booking" {
		t.Errorf("CSV has %d rows: %v", len(records), records[0])
	}
}

func TestUsersAndTheLastAdmin(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		laura, _ := s.Store.UserByEmail(t.Context(), "laura@example.com")
		miyu, _ := s.Store.UserByEmail(t.Context(), "miyu@example.com")
		user := func(id string) string { return "/api/v1/admin/users/" + id }
		refused(t, "demote the last admin", s.send(t, admin, "PATCH", user(laura.ID), map[string]any{"role": "guide"}), 409, "last active administrator")
		refused(t, "deactivate the last admin", s.send(t, admin, "PATCH", user(laura.ID), map[string]any{"active": false}), 409, "last active administrator")
		refused(t, "unknown role", s.send(t, admin, "PATCH", user(miyu.ID), map[string]any{"role": "owner"}), 400, "The role must be")

		if r := s.send(t, admin, "PATCH", user(miyu.ID), map[string]any{"role": "admin"}); r.status != 200 {
			t.Fatalf("promote: %d %s", r.status, r.body)
		}
		miyuClient := s.client(t)
		s.login(t, miyuClient, "miyu@example.com")
		// Now Miyu may deactivate Laura: her sessions end at once and she cannot sign in.
		if r := s.send(t, miyuClient, "PATCH", user(laura.ID), map[string]any{"active": false}); r.status != 200 {
			t.Fatalf("deactivate: %d %s", r.status, r.body)
		}
		if r := s.get(t, admin, "/api/v1/tours/"+laura.ID+"/departures"); r.status != 401 {
			t.Errorf("the deactivated admin's session still works: %d", r.status)
		}
		r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "laura@example.com", "password": "test1234"})
		if r.status != 401 {
			t.Errorf("a deactivated user signed in: %d", r.status)
		}
		refused(t, "the last admin deactivates herself", s.send(t, miyuClient, "PATCH", user(miyu.ID), map[string]any{"active": false}), 409, "last active administrator")
		// Her bookings stay; the list finds users by name or email.
		list := s.get(t, miyuClient, "/admin/users?q=LAURA")
		if !strings.Contains(list.body, "laura@example.com") || strings.Contains(list.body, "sophie@example.com") {
			t.Error("user search by name")
		}
	})
}

func TestHidingAReviewUpdatesTheRating(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		reviews, total, err := s.Store.Reviews(t.Context(), 0, 1)
		if err != nil || total == 0 {
			t.Fatalf("reviews: %v", err)
		}
		rv := reviews[0]
		before, err := s.Store.TourByIDAnyStatus(t.Context(), rv.TourID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		r := s.send(t, admin, "PATCH", "/api/v1/admin/reviews/"+rv.ID, map[string]any{"hidden": true})
		if r.status != 200 || decode(t, r)["data"].(map[string]any)["review"].(map[string]any)["hidden"] != true {
			t.Fatalf("hide: %d %s", r.status, r.body)
		}
		after, _ := s.Store.TourByIDAnyStatus(t.Context(), rv.TourID, time.Now())
		if after.RatingsCount != before.RatingsCount-1 {
			t.Errorf("ratings count %d after hiding one of %d", after.RatingsCount, before.RatingsCount)
		}
		if page := s.get(t, s.client(t), "/tour/"+rv.TourSlug); strings.Contains(page.body, `"id":"`+rv.ID+`"`) {
			t.Error("the hidden review is still on the tour page")
		}
		s.send(t, admin, "PATCH", "/api/v1/admin/reviews/"+rv.ID, map[string]any{"hidden": false})
		if shown, _ := s.Store.TourByIDAnyStatus(t.Context(), rv.TourID, time.Now()); shown.RatingsCount != before.RatingsCount ||
			fmt.Sprintf("%.4f", shown.RatingsAverage) != fmt.Sprintf("%.4f", before.RatingsAverage) {
			t.Errorf("shown again: %d / %.4f, want %d / %.4f", shown.RatingsCount, shown.RatingsAverage, before.RatingsCount, before.RatingsAverage)
		}
		refused(t, "unknown review", s.send(t, admin, "PATCH", "/api/v1/admin/reviews/nope", map[string]any{"hidden": true}), 404, "no such review")
	})
}

// switchProxy forwards TCP to target until it is turned off; then it drops every
// connection, open ones (kept alive by the client) included, as a provider that cannot
// be reached.
type switchProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	open   map[net.Conn]bool
}

func newSwitchProxy(t *testing.T, target string) *switchProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &switchProxy{ln: ln, target: target, open: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *switchProxy) setDown(down bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = down
	if down {
		for c := range p.open {
			c.Close()
		}
	}
}

func (p *switchProxy) serve(c net.Conn) {
	defer c.Close()
	p.mu.Lock()
	down := p.down
	if !down {
		p.open[c] = true
	}
	p.mu.Unlock()
	if down {
		return
	}
	defer func() {
		p.mu.Lock()
		delete(p.open, c)
		p.mu.Unlock()
	}()
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer up.Close()
	done := make(chan struct{}, 2)
	go func() { copyAll(up, c); done <- struct{}{} }()
	go func() { copyAll(c, up); done <- struct{}{} }()
	<-done
}

func copyAll(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// eachStripeSite runs test on a site of each engine whose payment provider is Stripe
// (stripe-mock behind a proxy the test can cut with proxy.setDown).
func eachStripeSite(t *testing.T, test func(t *testing.T, s *testSite, proxy *switchProxy)) {
	t.Helper()
	mock := paymenttest.StripeMock(t)
	// A proxy per engine: each cuts its own site off.
	proxies := map[string]*switchProxy{}
	for _, engine := range testdb.Engines() {
		proxies[engine] = newSwitchProxy(t, strings.TrimPrefix(mock, "http://"))
	}
	eachEngineEnv(t, func(engine string) map[string]string {
		return map[string]string{
			"STRIPE_SECRET_KEY": "sk_test_123", "STRIPE_WEBHOOK_SECRET": stripeTestSecret,
			"STRIPE_API_BASE_URL": "http://" + proxies[engine].ln.Addr().String(),
		}
	}, []string{"-payment-provider", "stripe"}, func(t *testing.T, s *testSite) {
		test(t, s, proxies[s.Store.Dialect()])
	})
}

const stripeTestSecret = "whsec_refund_test"

// stripePaid books one seat of tr's first departure as email through Stripe, and has
// Stripe's webhook say it was paid with the payment paymentIntent.
func (s *testSite) stripePaid(t *testing.T, email string, tr tourDetail, paymentIntent string) booking.Booking {
	t.Helper()
	buyer := s.client(t)
	s.login(t, buyer, email)
	if r := s.checkout(t, buyer, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=1"); r.status != 200 {
		t.Fatalf("checkout through stripe-mock: %d %s", r.status, r.body)
	}
	b := s.bookings(t, email)[0]
	event := fmt.Sprintf(`{"id":"evt_%s","object":"event","type":"checkout.session.completed","api_version":"2024-06-20",
		"data":{"object":{"id":%q,"object":"checkout.session","client_reference_id":%q,"amount_total":%d,
		"currency":%q,"payment_status":"paid","payment_intent":%q}}}`, b.ID, b.CheckoutID, b.ID, b.AmountMinor, b.Currency, paymentIntent)
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(event), Secret: stripeTestSecret, Timestamp: time.Now()})
	if r := s.do(t, s.client(t), "POST", "/webhook-checkout", "application/json", strings.NewReader(event),
		"Stripe-Signature", signed.Header); r.status != 200 {
		t.Fatalf("webhook: %d %s", r.status, r.body)
	}
	got, err := s.Store.BookingByID(t.Context(), b.ID)
	if err != nil || got.Status != booking.Paid {
		t.Fatalf("booking after the webhook: %+v %v", got, err)
	}
	return got
}

// TestRefundWhenTheProviderIsDown pays through the Stripe provider and refunds while
// Stripe cannot be reached: the booking stays as it was with a message, and the same form
// succeeds once Stripe is back.
func TestRefundWhenTheProviderIsDown(t *testing.T) {
	t.Parallel()
	eachStripeSite(t, func(t *testing.T, s *testSite, proxy *switchProxy) {
		b := s.stripePaid(t, "priya@example.com", s.tourByIndex(t, 5), "pi_refund_test")
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		body := map[string]any{"refundMinor": b.AmountMinor, "reason": "Weather", "key": "form-down"}
		cancel := "/api/v1/admin/bookings/" + b.ID + "/cancel"

		proxy.setDown(true)
		refused502 := s.send(t, admin, "POST", cancel, body)
		if m := decode(t, refused502); refused502.status != http.StatusBadGateway || m["status"] != "error" ||
			!strings.Contains(m["message"].(string), "could not be reached, so nothing was refunded and the booking is unchanged") {
			t.Fatalf("refund with Stripe down: %d %s", refused502.status, refused502.body)
		}
		if got, _ := s.Store.BookingByID(t.Context(), b.ID); got.Status != booking.Paid || got.RefundedMinor != 0 {
			t.Errorf("booking after a failed refund: %+v", got)
		}

		proxy.setDown(false)
		done := bookingOf(t, s.send(t, admin, "POST", cancel, body))
		if done["status"] != "refunded" {
			t.Errorf("after Stripe came back: %v", done)
		}
		list := s.refundsOf(t, b.ID)
		if n, total := succeeded(list); n != 1 || total != b.AmountMinor || len(list) != 1 || list[0].ProviderRef == "" {
			t.Errorf("refunds %+v", list)
		}
	})
}

// eachEngineEnv is eachEngine for a site started with the environment env gives for the
// engine (nil: none) and args.
func eachEngineEnv(t *testing.T, env func(engine string) map[string]string, args []string, test func(t *testing.T, s *testSite)) {
	t.Helper()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, _ := testdb.Database(t, engine)
			all := slices.Clone(args)
			if databaseURL != "" {
				all = append(all, "-database-url", databaseURL)
			}
			var vars map[string]string
			if env != nil {
				vars = env(engine)
			}
			test(t, newTestSiteEnv(t, vars, all...))
		})
	}
}

// A traveller still on the checkout page when the operator cancels the departure cannot
// pay: the released hold's checkout is closed, and the page says so (issue 20).
func TestCancelledDepartureClosesOpenCheckouts(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 3)
		buyer := s.client(t)
		s.login(t, buyer, "yuki@example.com")
		r := s.checkout(t, buyer, tr.ID, "?date="+tr.StartDates[1].Date+"&participants=2")
		if r.status != http.StatusOK {
			t.Fatalf("checkout: %d %s", r.status, r.body)
		}
		checkoutURL := decode(t, r)["session"].(map[string]any)["url"].(string)
		page := s.get(t, buyer, mustURL(t, checkoutURL).Path)
		m := formToken.FindStringSubmatch(page.body)
		if page.status != http.StatusOK || m == nil {
			t.Fatalf("sandbox page: %d %.200s", page.status, page.body)
		}

		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		path := "/api/v1/tours/" + tr.ID + "/departures/" + tr.StartDates[1].Date + "/cancel"
		if r := s.send(t, admin, "POST", path, map[string]any{"reason": "Storm warning"}); r.status != http.StatusOK {
			t.Fatalf("cancel departure: %d %s", r.status, r.body)
		}

		// The page the traveller still has open: the card is refused, nothing is charged.
		form := url.Values{"token": {m[1]}, "number": {"4242 4242 4242 4242"}, "expiry": {"12/40"}, "cvc": {"123"}, "name": {"Yuki"}}
		paid := s.do(t, buyer, http.MethodPost, mustURL(t, checkoutURL).Path+"/pay", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
		if paid.status != http.StatusGone || !strings.Contains(paid.body, "This checkout was closed") {
			t.Fatalf("paying after the departure was cancelled: %d %.300s", paid.status, paid.body)
		}
		if got := paidBookings(t, s, "yuki@example.com"); got != 0 {
			t.Errorf("%d paid bookings, want none", got)
		}
	})
}
