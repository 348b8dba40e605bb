package store

import (
	"fmt"
	"testing"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/store/testdb"
)

// BenchmarkSearchBookings is the back office's search (issue #21 §4: "well under a second
// with 100,000 bookings") on every test engine: 100,000 bookings of 10,000 customers
// (SeedBenchBookings) over thirty departures, each search the first page of 50 and the
// count, as /admin/bookings?q= asks them. The README's Performance section has the
// figures.
func BenchmarkSearchBookings(b *testing.B) {
	for _, engine := range testdb.Engines() {
		b.Run(engine, func(b *testing.B) {
			s := openTest(b, engine)
			ctx := b.Context()
			dates := []time.Time{date(2031, 4, 25), date(2031, 7, 19), date(2031, 10, 5)}
			for i := range 10 {
				addTour(b, s, fmt.Sprintf("tour-%d", i), 15, dates)
			}
			if _, err := s.SeedBenchBookings(ctx, BenchSeed{Bookings: 100_000, Customers: 10_000, Now: t0, Seed: 1}); err != nil {
				b.Fatal(err)
			}
			var reference string
			if err := s.reader().QueryRowContext(ctx, `SELECT reference FROM bookings ORDER BY id LIMIT 1 OFFSET 50000`).Scan(&reference); err != nil {
				b.Fatal(err)
			}
			for _, c := range []struct{ name, q string }{
				{"reference", reference},
				{"reference-without-prefix", reference[3:]},
				{"name-one-customer", "customer 4711"}, // "Bench Customer 4711": about 10 bookings
				{"name-many", "customer 1"},            // 1,111 customers: about 11,000 bookings
				{"email", "bench-customer-4711@"},
				{"no-match", "nobody"},
				{"plain-list", ""}, // no search: the bookings list as it was, for scale on a busy machine
			} {
				var search booking.Search
				if c.q != "" {
					var err error
					if search, err = backoffice.ReadSearch(c.q); err != nil {
						b.Fatal(err)
					}
				}
				b.Run(c.name, func(b *testing.B) {
					for b.Loop() {
						if _, total, err := s.Bookings(ctx, backoffice.BookingFilter{Search: search, Limit: 50}, t0); err != nil {
							b.Fatal(err)
						} else if total == 0 && c.name != "no-match" {
							b.Fatalf("%q found nothing", c.q)
						}
					}
				})
			}
		})
	}
}
