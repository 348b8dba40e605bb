package app

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
)

// tourDetail is what the booking tests need of a tour, from the API.
type tourDetail struct {
	ID           string
	Slug         string
	Name         string
	MaxGroupSize int
	Price        int64
	Discount     int64 `json:"priceDiscount"`
	TimeZone     string
	StartDates   []struct {
		Date      string
		SeatsLeft int
	}
}

func (s *testSite) tourByIndex(t *testing.T, i int) tourDetail {
	t.Helper()
	var out struct {
		Data struct{ Tours []tourDetail }
	}
	if err := json.Unmarshal([]byte(s.get(t, http.DefaultClient, "/api/v1/tours").body), &out); err != nil {
		t.Fatal(err)
	}
	return out.Data.Tours[i]
}

// checkout asks for a checkout session, as a traveller who ticked the terms' box does
// (the current terms' version, unless query names one), and returns the answer.
func (s *testSite) checkout(t *testing.T, c *http.Client, tourID, query string) result {
	t.Helper()
	if !strings.Contains(query, "terms=") {
		n, err := s.Legal.TermsVersion(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			sep := "?"
			if strings.Contains(query, "?") {
				sep = "&"
			}
			query += sep + "terms=" + strconv.Itoa(n)
		}
	}
	return s.get(t, c, "/api/v1/bookings/checkout-session/"+tourID+query)
}

var formToken = regexp.MustCompile(`name="token" value="([^"]+)"`)

// pay fills the sandbox checkout page as a person would and returns the answer to the form.
func (s *testSite) pay(t *testing.T, c *http.Client, checkoutURL, card string) result {
	t.Helper()
	u := mustURL(t, checkoutURL)
	page := s.get(t, c, u.Path)
	if page.status != 200 || !strings.Contains(page.body, "TEST MODE") {
		t.Fatalf("sandbox page %s: %d %.200s", u.Path, page.status, page.body)
	}
	m := formToken.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatal("no form token on the sandbox page")
	}
	form := url.Values{"token": {m[1]}, "number": {card}, "expiry": {"12/40"}, "cvc": {"123"}, "name": {"Test Person"}}
	return s.do(t, c, http.MethodPost, u.Path+"/pay", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
}

func TestBookAndPayWithTheSandbox(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 0)
	c := s.client(t)
	s.login(t, c, "hannah@example.com")
	date := tr.StartDates[1].Date

	r := s.checkout(t, c, tr.ID, "?date="+date+"&participants=2")
	if r.status != 200 {
		t.Fatalf("checkout: %d %s", r.status, r.body)
	}
	m := decode(t, r)
	checkoutURL := m["session"].(map[string]any)["url"].(string)
	if !strings.HasPrefix(checkoutURL, s.URL+"/sandbox/checkout/") {
		t.Fatalf("session.url %q", checkoutURL)
	}
	// The hold takes two seats at once.
	if left := s.tourByIndex(t, 0).StartDates[1].SeatsLeft; left != tr.StartDates[1].SeatsLeft-2 {
		t.Errorf("seats left during checkout %d, want %d", left, tr.StartDates[1].SeatsLeft-2)
	}

	declined := s.pay(t, c, checkoutURL, "4000 0000 0000 0002")
	if declined.status != http.StatusPaymentRequired || !strings.Contains(declined.body, "Your card was declined.") {
		t.Fatalf("declined card: %d %.300s", declined.status, declined.body)
	}
	for _, b := range s.bookings(t, "hannah@example.com") {
		if b.Status != booking.Pending {
			t.Fatalf("a declined card changed the booking: %+v", b)
		}
	}

	paid := s.pay(t, c, checkoutURL, "4242 4242 4242 4242")
	if paid.status != http.StatusSeeOther {
		t.Fatalf("paying: %d %.300s", paid.status, paid.body)
	}
	back := mustURL(t, paid.header.Get("Location"))
	if back.Path != "/bookings/success" {
		t.Fatalf("redirected to %s", back)
	}
	success := s.get(t, c, back.RequestURI())
	if success.status != 200 || !strings.Contains(success.body, `data-alert="Your booking of `) {
		t.Fatalf("success page: %d, body lacks the booking alert: %.500s", success.status, success.body)
	}
	// The return is idempotent with the webhook the sandbox delivered: one paid booking.
	s.get(t, c, back.RequestURI())
	bookings := s.bookings(t, "hannah@example.com")
	var paidCount int
	for _, b := range bookings {
		if b.Status == booking.Paid {
			paidCount++
			want := 2 * (tr.Price - tr.Discount)
			if b.Participants != 2 || b.AmountMinor != want || b.StartDate.Format(time.DateOnly) != date {
				t.Errorf("booking %+v, want 2 participants, %d paid, on %s", b, want, date)
			}
		}
	}
	if paidCount != 1 {
		t.Fatalf("%d paid bookings, want 1: %+v", paidCount, bookings)
	}
	mine := s.get(t, c, "/my-tours").body
	for _, want := range []string{tr.Name, "Paid"} {
		if !strings.Contains(mine, want) {
			t.Errorf("/my-tours lacks %q", want)
		}
	}
}

// bookings are the user's bookings as the database holds them.
func (s *testSite) bookings(t *testing.T, email string) []booking.Booking {
	t.Helper()
	u, err := s.Store.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := s.Store.UserBookings(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

func TestCheckoutRefusals(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 0)
	c := s.client(t)
	s.login(t, c, "mateo@example.com")
	tests := []struct {
		name   string
		tourID string
		query  string
		status int
		msg    string
	}{
		{"unknown tour", "000000000000000000000000", "", 404, "There is no tour"},
		{"not a number of participants", tr.ID, "?participants=two", 400, "whole number"},
		{"zero participants", tr.ID, "?participants=0", 400, "at least 1"},
		{"more participants than the group", tr.ID, fmt.Sprintf("?participants=%d", tr.MaxGroupSize+1), 400, "between 1 and"},
		{"a date the tour does not run", tr.ID, "?date=2099-01-01", 0, ""},
		{"a past date", tr.ID, "?date=2001-01-01", 0, "passed"},
		{"not a date", tr.ID, "?date=tomorrow", 400, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := s.checkout(t, c, tc.tourID, tc.query)
			m := decode(t, r)
			msg, _ := m["message"].(string)
			if r.status < 400 || r.status >= 500 || msg == "" || (tc.status != 0 && r.status != tc.status) || !strings.Contains(msg, tc.msg) {
				t.Fatalf("%d %v, want %d with %q", r.status, m, tc.status, tc.msg)
			}
		})
	}
	if after := s.tourByIndex(t, 0); fmt.Sprint(after.StartDates) != fmt.Sprint(tr.StartDates) {
		t.Errorf("refused checkouts held seats: %v, was %v", after.StartDates, tr.StartDates)
	}
}

// Fifty people ask for the last five seats at once: exactly five get a checkout.
func TestConcurrentCheckoutsNeverOversell(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	idx := s.tourWithSeats(t, 5, 17)
	tr := s.tourByIndex(t, idx)
	date := tr.StartDates[0]
	c := s.client(t)
	s.login(t, c, "yuki@example.com")
	// Fill the date down to five seats left.
	if fill := date.SeatsLeft - 5; fill > 0 {
		if r := s.checkout(t, c, tr.ID, fmt.Sprintf("?date=%s&participants=%d", date.Date, fill)); r.status != 200 {
			t.Fatalf("filling: %d %s", r.status, r.body)
		}
	}
	// Fifty different people: one person asking again only replaces their own hold.
	hash, err := account.HashWith(testArgon2)("fifty-people") // the tests' cost: fifty logins
	if err != nil {
		t.Fatal(err)
	}
	people := make([]*http.Client, 50)
	for i := range people {
		u := account.User{Name: fmt.Sprintf("Person %d", i), Email: fmt.Sprintf("p%d@example.com", i), PasswordHash: hash, Active: true}
		if err := s.Store.CreateUser(context.Background(), &u); err != nil {
			t.Fatal(err)
		}
		people[i] = s.client(t)
		if r := s.postJSON(t, people[i], "/api/v1/users/login", map[string]string{"email": u.Email, "password": "fifty-people"}); r.status != 200 {
			t.Fatalf("login %s: %d %s", u.Email, r.status, r.body)
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for _, p := range people {
		wg.Go(func() {
			r := s.checkout(t, p, tr.ID, "?date="+date.Date+"&participants=1")
			mu.Lock()
			codes[r.status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[200] != 5 || codes[409] != 45 {
		t.Fatalf("answers %v, want 5×200 and 45×409", codes)
	}
	if left := s.tourByIndex(t, idx).StartDates[0].SeatsLeft; left != 0 {
		t.Fatalf("%d seats left, want 0", left)
	}
	r := s.checkout(t, s.client(t), tr.ID, "?date="+date.Date)
	if r.status != http.StatusUnauthorized {
		t.Fatalf("signed out: %d %s", r.status, r.body)
	}
	r = s.checkout(t, people[0], tr.ID, "?date="+date.Date+"&participants=2")
	if msg, _ := decode(t, r)["message"].(string); r.status != http.StatusConflict || msg == "" {
		t.Fatalf("full date: %d %s", r.status, r.body)
	}
}

func TestWebhookSignature(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	idx := s.tourWithSeats(t, 5, 17)
	tr := s.tourByIndex(t, idx)
	c := s.client(t)
	s.login(t, c, "chloe@example.com")
	r := s.checkout(t, c, tr.ID, "")
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	payload := `{"type":"checkout.session.completed","data":{"object":{"id":"x","payment_status":"paid"}}}`
	for _, sig := range []string{"", "t=1,v1=00", fmt.Sprintf("t=%d,v1=%s", time.Now().Unix(), strings.Repeat("ab", 32))} {
		r := s.do(t, http.DefaultClient, http.MethodPost, "/webhook-checkout", "application/json", strings.NewReader(payload), "Tourbook-Signature", sig)
		if r.status != http.StatusBadRequest {
			t.Errorf("signature %q: %d %s, want 400", sig, r.status, r.body)
		}
	}
	for _, b := range s.bookings(t, "chloe@example.com") {
		if b.Status != booking.Pending {
			t.Errorf("a bad webhook changed a booking: %+v", b)
		}
	}
}

// With Stripe unreachable the checkout answers 502 with a message, and the seats it held
// are released at once.
func TestProviderUnreachable(t *testing.T) {
	t.Parallel()
	// Nothing listens on port 1 of the loopback: the provider is unreachable.
	s := newTestSiteEnv(t, map[string]string{
		"STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_WEBHOOK_SECRET": "whsec_x",
		"STRIPE_API_BASE_URL": "http://127.0.0.1:1",
	}, "-payment-provider", "stripe")
	tr := s.tourByIndex(t, 0)
	c := s.client(t)
	s.login(t, c, "nikolai@example.com")
	r := s.checkout(t, c, tr.ID, "?participants=2")
	if r.status != http.StatusBadGateway || !strings.Contains(decode(t, r)["message"].(string), "payment provider is not reachable") {
		t.Fatalf("%d %s, want 502 with a message", r.status, r.body)
	}
	if after := s.tourByIndex(t, 0); fmt.Sprint(after.StartDates) != fmt.Sprint(tr.StartDates) {
		t.Errorf("a failed checkout kept seats: %v, was %v", after.StartDates, tr.StartDates)
	}
}

// Walking away from a checkout, or booking the same tour again, gives the seats back at
// once: nobody is refused seats by their own abandoned checkout.
func TestCancelledAndRepeatedCheckoutsReleaseTheirSeats(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	idx := s.tourWithSeats(t, 1, 12)
	tr := s.tourByIndex(t, idx)
	date := tr.StartDates[0]
	c := s.client(t)
	s.login(t, c, "sophie@example.com")
	query := fmt.Sprintf("?date=%s&participants=%d", date.Date, date.SeatsLeft)

	for range 2 { // all the seats, twice: the second replaces the first
		if r := s.checkout(t, c, tr.ID, query); r.status != 200 {
			t.Fatalf("checkout for every seat: %d %s", r.status, r.body)
		}
	}
	if left := s.tourByIndex(t, idx).StartDates[0].SeatsLeft; left != 0 {
		t.Fatalf("%d seats left during the checkout, want 0", left)
	}
	// The sandbox page's cancel link leads back to the tour page, which releases the hold.
	cancel := s.cancelLink(t, c, tr.ID, query)
	if r := s.get(t, c, cancel.RequestURI()); r.status != 200 || !strings.Contains(r.body, tr.Name) {
		t.Fatalf("cancel return: %d", r.status)
	}
	if left := s.tourByIndex(t, idx).StartDates[0].SeatsLeft; left != date.SeatsLeft {
		t.Fatalf("%d seats left after cancelling, want %d", left, date.SeatsLeft)
	}
	// Another user's cancel link does nothing to this user's hold.
	if r := s.checkout(t, c, tr.ID, query); r.status != 200 {
		t.Fatal(r.body)
	}
	other := s.client(t)
	s.login(t, other, "daniel@example.com")
	s.get(t, other, cancel.RequestURI())
	var pending int
	for _, b := range s.bookings(t, "sophie@example.com") {
		if b.Status == booking.Pending {
			pending++
		}
	}
	if pending != 1 {
		t.Fatalf("%d pending bookings, want 1", pending)
	}
}

// A cancel link followed from another site does not release the hold (a GET that
// changes state, guarded as logout and the checkout are); the page's POST does, and a
// cross-site POST is refused (issue 20, item 4).
func TestCancelReturnReleasesOnlySameSite(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := s.tourByIndex(t, 0)
	date := tr.StartDates[0]
	c := s.client(t)
	s.login(t, c, "sophie@example.com")
	cancel := s.cancelLink(t, c, tr.ID, fmt.Sprintf("?date=%s&participants=1", date.Date))
	bookingID := cancel.Query().Get("booking")
	seatsLeft := func() int { return s.tourByIndex(t, 0).StartDates[0].SeatsLeft }

	if r := s.do(t, c, "GET", cancel.RequestURI(), "", nil, "Sec-Fetch-Site", "cross-site"); r.status != 200 {
		t.Fatalf("cross-site cancel return: %d", r.status)
	}
	if left := seatsLeft(); left != date.SeatsLeft-1 {
		t.Fatalf("%d seats left after a cross-site cancel link, want the hold kept (%d)", left, date.SeatsLeft-1)
	}
	release := "/api/v1/my-bookings/" + bookingID + "/release"
	if r := s.do(t, c, "POST", release, "", nil, "Sec-Fetch-Site", "cross-site"); r.status != 403 {
		t.Fatalf("cross-site release: %d %s", r.status, r.body)
	}
	if r := s.do(t, s.client(t), "POST", release, "", nil, "Sec-Fetch-Site", "same-origin"); r.status != 401 {
		t.Fatalf("release by a visitor: %d %s", r.status, r.body)
	}
	if left := seatsLeft(); left != date.SeatsLeft-1 {
		t.Fatalf("%d seats left, want the hold kept", left)
	}
	if r := s.do(t, c, "POST", release, "", nil, "Sec-Fetch-Site", "same-origin"); r.status != 200 {
		t.Fatalf("the page's release: %d %s", r.status, r.body)
	}
	if left := seatsLeft(); left != date.SeatsLeft {
		t.Fatalf("%d seats left after the page's release, want %d", left, date.SeatsLeft)
	}
}

// cancelLink opens a sandbox checkout of tour with query for c and returns the cancel
// link of its page.
func (s *testSite) cancelLink(t *testing.T, c *http.Client, tourID, query string) *url.URL {
	t.Helper()
	page := s.get(t, c, mustURL(t, decode(t, s.checkout(t, c, tourID, query))["session"].(map[string]any)["url"].(string)).Path)
	m := regexp.MustCompile(`href="([^"]*checkout=cancelled[^"]*)"`).FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("no cancel link on the sandbox page")
	}
	return mustURL(t, html.UnescapeString(m[1]))
}
