package main

// Fault tests: the real binary, killed, cut off from its database, and run twice on one
// database. Each is bounded: a few seconds of load, and a deadline on everything.

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/faultproxy"
	"tourbook/internal/store/testdb"

	_ "modernc.org/sqlite" // the checks open SQLite files
)

// TestKillDuringBookings kills the site with SIGKILL while customers book and pay
// through the sandbox checkout, then starts it again: every payment a customer was told
// went through is a paid booking, the SQLite file is intact, and no seat is counted
// twice.
func TestKillDuringBookings(t *testing.T) {
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db := newDatabase(t, engine)
			site := start(t, "site", nil, append(db.args(), "-sample-data")...)
			tourID, _, date := tourDate(t, site.URL, 0)
			customers := db.addCustomers(t, "kill", 8)

			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			paid := newPayments()
			// Killed once this many bookings were confirmed: load is still running then.
			const killAfter = 4
			killed := make(chan struct{})
			var killOnce sync.Once
			var wg sync.WaitGroup
			for _, c := range loggedIn(ctx, t, site.URL, customers) {
				wg.Go(func() {
					for ctx.Err() == nil {
						checkout, err := c.checkout(ctx, site.URL, tourID, date)
						if errors.Is(err, errFull) {
							return
						}
						if err != nil {
							return // the site is gone
						}
						success, err := c.pay(ctx, site.URL, checkout)
						if err != nil {
							return
						}
						paid.charge(c, checkoutID(checkout), success)
						ok, err := c.confirmed(ctx, site.URL, success)
						if err != nil {
							return
						}
						if !ok {
							t.Errorf("the success page of a paid checkout does not confirm the booking")
							return
						}
						if paid.confirm(checkoutID(checkout)) == killAfter {
							killOnce.Do(func() {
								site.kill()
								close(killed)
							})
						}
					}
				})
			}
			select {
			case <-killed:
			case <-ctx.Done():
				t.Fatalf("the load never reached %d confirmed bookings", killAfter)
			}
			wg.Wait()
			if t.Failed() {
				return
			}

			if engine == testdb.SQLite {
				var verdict string
				if err := db.sqlDB(t).QueryRow(`PRAGMA integrity_check`).Scan(&verdict); err != nil || verdict != "ok" {
					t.Fatalf("integrity_check after SIGKILL: %q, %v", verdict, err)
				}
			}
			site.run() // the same database, the same port

			// Every payment the site confirmed is a paid booking.
			check := db.sqlDB(t)
			status := func(id string) string {
				var s string
				if err := check.QueryRow(`SELECT status FROM bookings WHERE provider = 'sandbox' AND checkout_id = $1`, id).Scan(&s); err != nil {
					t.Errorf("booking of checkout %s: %v", id, err)
				}
				return s
			}
			for id := range paid.confirmed {
				if s := status(id); s != "paid" {
					t.Errorf("checkout %s was confirmed to the customer, and is %q after the restart", id, s)
				}
			}
			// A card taken whose confirmation the kill cut off: the customer's browser asks
			// the success page again, which confirms it.
			for id, success := range paid.charged {
				if paid.confirmed[id] {
					continue
				}
				if ok, err := paid.who[id].confirmed(ctx, site.URL, success); err != nil || !ok {
					t.Errorf("checkout %s was charged before the kill; after the restart its success page confirms %v (%v)", id, ok, err)
				}
				if s := status(id); s != "paid" {
					t.Errorf("checkout %s was charged before the kill, and is %q after the restart", id, s)
				}
			}

			// No seat counted twice: what is sold and held fits, and the site says so.
			s := departureSeats(t, check, engine, tourID, date)
			if s.sold < len(paid.confirmed) || s.sold+s.held > s.capacity {
				t.Errorf("after the restart: %+v for %d confirmed bookings", s, len(paid.confirmed))
			}
			if left := seatsLeft(t, site.URL, tourID, date); left != s.capacity-s.sold-s.held {
				t.Errorf("the site says %d seats left; the database: %+v", left, s)
			}
			t.Logf("%s: %d confirmed, %d charged, seats %+v", engine, len(paid.confirmed), len(paid.charged), s)
		})
	}
}

// TestDatabaseCutOff cuts the connection between the site and PostgreSQL (a proxy the
// test closes, then makes silent): pages answer 503 with the site's error page within
// the request timeout, never later, and the site recovers by itself once the database
// is reachable again.
func TestDatabaseCutOff(t *testing.T) {
	// Only PostgreSQL is reached over TCP; with SQLite there is no connection to cut.
	for _, engine := range testdb.Engines() {
		if engine == testdb.Postgres {
			t.Run(engine, databaseCutOff)
		}
	}
}

func databaseCutOff(t *testing.T) {
	t.Parallel()
	db := newDatabase(t, testdb.Postgres)
	pg, err := url.Parse(db.url)
	if err != nil {
		t.Fatal(err)
	}
	proxy := faultproxy.New(t, pg.Host)
	pg.Host = proxy.Addr()
	through := database{engine: db.engine, url: pg.String(), dataDir: db.dataDir}
	const requestTimeout = 2 * time.Second
	// The page cache would answer a visitor's overview, tour page and tours API from
	// memory for up to its TTL while the database is away, by design; this test is about
	// the pages that reach the database, so it is off here.
	site := start(t, "site", nil, append(through.args(), "-sample-data", "-request-timeout", requestTimeout.String(),
		"-page-cache-ttl", "0")...)
	_, slug, _ := tourDate(t, site.URL, 0)
	pages := []string{"/", "/tour/" + slug, "/api/v1/tours", "/readyz"}

	for _, mode := range []struct {
		name string
		mode faultproxy.Mode
	}{{"refused", faultproxy.Down}, {"silent", faultproxy.Silent}} {
		t.Run(mode.name, func(t *testing.T) {
			proxy.Set(mode.mode)
			for _, p := range pages {
				began := time.Now()
				c := newCustomer("")
				c.c.Timeout = requestTimeout + 3*time.Second // a hang fails here
				code, h, body, err := c.do(context.Background(), "GET", site.URL+p, "", nil)
				took := time.Since(began)
				if err != nil {
					t.Fatalf("GET %s with the database cut: no answer after %v: %v", p, took, err)
				}
				if code != 503 || h.Get("Retry-After") == "" {
					t.Errorf("GET %s: %d (Retry-After %q), want 503 with Retry-After; %.300s", p, code, h.Get("Retry-After"), body)
				}
				switch {
				case strings.HasPrefix(p, "/api/"), p == "/readyz":
					if !strings.Contains(body, `"status":"error"`) {
						t.Errorf("GET %s: %s, want the API's error answer", p, body)
					}
				default:
					if !strings.Contains(body, "Temporarily unavailable") || !strings.Contains(body, `id="root"`) {
						t.Errorf("GET %s: not the site's error page: %.500s", p, body)
					}
				}
				t.Logf("GET %s: %d in %v", p, code, took.Round(time.Millisecond))
			}

			// Back: the site recovers by itself, polled, within seconds.
			proxy.Set(faultproxy.Up)
			back := time.Now()
			poll := time.NewTicker(100 * time.Millisecond)
			defer poll.Stop()
			for code, _ := get(site.URL + "/"); code != 200; code, _ = get(site.URL + "/") {
				if time.Since(back) > 15*time.Second {
					t.Fatalf("GET / still %d 15 s after the database came back", code)
				}
				<-poll.C
			}
			t.Logf("recovered in %v", time.Since(back).Round(time.Millisecond))
			for _, p := range pages {
				if code, body := get(site.URL + p); code != 200 {
					t.Errorf("GET %s after recovery: %d %.200s", p, code, body)
				}
			}
		})
	}
}
