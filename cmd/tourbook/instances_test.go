package main

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tourbook/internal/media"
	"tourbook/internal/store/testdb"
)

// TestTwoInstances is the README's "Several instances" recipe: two processes on one
// PostgreSQL database, behind a round-robin load balancer (each request to the next
// instance), with one public URL, TOURBOOK_SANDBOX_WEBHOOK_SECRET and the pictures in
// the database (each instance has a data folder of its own). A picture is the same from both, a checkout opened on one
// instance is paid and confirmed through the other, and fifty customers spread over
// both for five seats make exactly five bookings.
func TestTwoInstances(t *testing.T) {
	for _, engine := range testdb.Engines() {
		if engine == testdb.Postgres { // several instances need PostgreSQL
			t.Run(engine, twoInstances)
		}
	}
}

func twoInstances(t *testing.T) {
	t.Parallel()
	db := newDatabase(t, testdb.Postgres)
	lb := newRoundRobin(t)
	env := []string{"TOURBOOK_SANDBOX_WEBHOOK_SECRET=whsec_two_instances_" + strings.Repeat("x", 16),
		"TOURBOOK_PICTURE_STORAGE=database"}
	// The recipe: the same database and public URL; no folder shared.
	common := []string{"-database-url", db.url, "-base-url", lb.URL}
	a := start(t, "a", env, append(common, "-data-dir", t.TempDir(), "-sample-data")...)
	b := start(t, "b", env, append(common, "-data-dir", t.TempDir())...)
	lb.serve(a.URL, b.URL)
	check := db.sqlDB(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	tourID, _, sampleDate := tourDate(t, lb.URL, 0)

	// The tour's cover, uploaded (here: drawn by the sample data) through a, is served
	// by b as well.
	_, tourJSON := get(lb.URL + "/api/v1/tours/" + tourID)
	cover := between(tourJSON, `"imageCover":"`, `"`)
	// Each instance addressed on its own, as the balancer reaches it: with the public host.
	atOnlyA, atOnlyB := pinned(t, lb.URL, a.URL), pinned(t, lb.URL, b.URL)
	fromA, atA := getBytes(t, atOnlyA+cover)
	fromB, atB := getBytes(t, atOnlyB+cover)
	fallback, _ := getBytes(t, atOnlyA+"/img/tours/"+media.DefaultTourPicture)
	if cover == "" || atA != 200 || atB != 200 || len(fromA) == 0 || string(fromA) != string(fromB) || string(fromA) == string(fallback) {
		t.Fatalf("cover %q: %d (%d bytes) from a, %d (%d bytes) from b; b must serve the tour's own picture, not the fallback",
			cover, atA, len(fromA), atB, len(fromB))
	}

	// Opened on a, paid on b's sandbox page, confirmed by b.
	one := loggedIn(ctx, t, atOnlyA, db.addCustomers(t, "cross", 1))[0]
	checkout, err := one.checkout(ctx, atOnlyA, tourID, sampleDate)
	if err != nil {
		t.Fatalf("checkout on a: %v", err)
	}
	success, err := one.pay(ctx, atOnlyB, checkout)
	if err != nil {
		t.Fatalf("paying on b a checkout opened on a: %v", err)
	}
	if ok, err := one.confirmed(ctx, atOnlyB, success); err != nil || !ok {
		t.Fatalf("b's success page for a's checkout: confirmed %v, %v", ok, err)
	}
	var status string
	if err := check.QueryRow(`SELECT status FROM bookings WHERE provider = 'sandbox' AND checkout_id = $1`, checkoutID(checkout)).Scan(&status); err != nil || status != "paid" {
		t.Fatalf("the booking: %q, %v", status, err)
	}

	// A departure of five seats, added by the admin through the load balancer.
	admin := newCustomer("laura@example.com")
	if err := admin.loginWith(ctx, lb.URL, "test1234"); err != nil {
		t.Fatal(err)
	}
	date := time.Now().AddDate(1, 1, 0).Format(time.DateOnly)
	if code, _, body, err := admin.do(ctx, "POST", lb.URL+"/api/v1/tours/"+tourID+"/departures", "application/json",
		strings.NewReader(`{"date":"`+date+`","startTime":"10:00","capacity":5}`)); err != nil || code != 201 {
		t.Fatalf("add a departure of 5 seats: %d %s %v", code, body, err)
	}

	// Fifty customers at once, every request to the next instance.
	buyers := loggedIn(ctx, t, lb.URL, db.addCustomers(t, "crowd", 50))
	var mu sync.Mutex
	outcomes := map[string]int{}
	count := func(what string) {
		mu.Lock()
		outcomes[what]++
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for _, c := range buyers {
		wg.Go(func() {
			checkout, err := c.checkout(ctx, lb.URL, tourID, date)
			switch {
			case errors.Is(err, errFull):
				count("full")
				return
			case err != nil:
				t.Errorf("checkout: %v", err)
				return
			}
			success, err := c.pay(ctx, lb.URL, checkout)
			if err != nil {
				t.Errorf("pay: %v", err)
				return
			}
			if ok, err := c.confirmed(ctx, lb.URL, success); err != nil || !ok {
				t.Errorf("success page: confirmed %v, %v", ok, err)
				return
			}
			count("confirmed")
		})
	}
	wg.Wait()
	if outcomes["confirmed"] != 5 || outcomes["full"] != 45 {
		t.Errorf("outcomes %v, want 5 confirmed and 45 refused for want of seats", outcomes)
	}
	s := departureSeats(t, check, testdb.Postgres, tourID, date)
	var bookings int
	if err := check.QueryRow(`SELECT COUNT(*) FROM bookings WHERE tour_id = $1 AND start_date = $2 AND status = 'paid'`, tourID, date).Scan(&bookings); err != nil {
		t.Fatal(err)
	}
	if bookings != 5 || s.sold != 5 || s.held != 0 || s.capacity != 5 {
		t.Errorf("%d paid bookings, seats %+v; want 5 bookings filling 5 seats", bookings, s)
	}
	for _, in := range []*instance{a, b} {
		// The instance that did not add the departure shows it once its cached copy of
		// the tour is out of date (-tour-cache-ttl, 10 s): polled.
		left := seatsLeft(t, in.URL, tourID, date)
		for polled := time.Now(); left == -1 && time.Since(polled) < 15*time.Second; left = seatsLeft(t, in.URL, tourID, date) {
			<-time.After(100 * time.Millisecond)
		}
		if left != 0 {
			t.Errorf("%s says %d seats left, want 0", in.name, left)
		}
	}
	if lb.served() < 2*len(buyers) {
		t.Errorf("the load balancer passed on %d requests", lb.served())
	}
}

// roundRobin is the test's load balancer: each request goes to the next instance.
type roundRobin struct {
	URL   string
	ln    net.Listener
	next  atomic.Uint64
	count atomic.Int64
}

// newRoundRobin listens now (the instances need its URL as theirs) and serves once
// serve names the instances.
func newRoundRobin(t *testing.T) *roundRobin {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lb := &roundRobin{URL: "http://" + ln.Addr().String(), ln: ln}
	t.Cleanup(func() { ln.Close() })
	return lb
}

func (lb *roundRobin) serve(instances ...string) {
	var targets []*url.URL
	for _, in := range instances {
		u, _ := url.Parse(in)
		targets = append(targets, u)
	}
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		lb.count.Add(1)
		r.SetURL(targets[lb.next.Add(1)%uint64(len(targets))])
		r.Out.Host = r.In.Host // the site's public host, as a real load balancer keeps it
		r.SetXForwarded()
	}}
	go http.Serve(lb.ln, proxy)
}

// pinned is the address of a proxy to instance alone that passes on the public host of
// public, as the balancer does: an instance redirects requests for its own address to
// the site's.
func pinned(t *testing.T, public, instance string) string {
	t.Helper()
	pub, target := mustParse(t, public), mustParse(t, instance)
	srv := httptest.NewServer(&httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(target)
		r.Out.Host = pub.Host
	}})
	t.Cleanup(srv.Close)
	return srv.URL
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func (lb *roundRobin) served() int { return int(lb.count.Load()) }

// between is the text of s between the first before and the after that follows it.
func between(s, before, after string) string {
	_, rest, ok := strings.Cut(s, before)
	if !ok {
		return ""
	}
	out, _, _ := strings.Cut(rest, after)
	return out
}

func getBytes(t *testing.T, u string) ([]byte, int) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b, res.StatusCode
}
