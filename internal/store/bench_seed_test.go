package store

import (
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
)

func TestSeedBenchBookings(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		addUser(t, s, "ada", account.RoleUser)
		addUser(t, s, "admin", account.RoleAdmin)
		dates := []time.Time{date(2031, 4, 25), date(2031, 7, 19)}
		a := addTour(t, s, "alps", 15, dates)
		b := addTour(t, s, "andes", 15, dates)

		got, err := s.SeedBenchBookings(ctx, BenchSeed{Bookings: 700, Customers: 40, Now: t0, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for _, n := range got.ByStatus {
			sum += n
		}
		if got.Bookings != 700 || got.Customers != 40 || sum != 700 {
			t.Fatalf("seeded %+v", got)
		}
		if got.ByStatus["paid"] < 500 || got.ByStatus["refunded"] == 0 || got.ByStatus["refund_due"] == 0 ||
			got.ByStatus["cancelled"] == 0 || got.ByStatus["pending"] == 0 {
			t.Errorf("statuses %v: want mostly paid and some of every other", got.ByStatus)
		}
		if n, err := s.CountUsers(ctx); err != nil || n != 42 {
			t.Errorf("users = %d, %v; want 2 + 40 customers", n, err)
		}

		// The list sees them as the back office would, newest first, within the year.
		rows, total, err := s.Bookings(ctx, backoffice.BookingFilter{Limit: 1000}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if total != got.Listed || len(rows) != total || total >= 700 {
			t.Fatalf("list: %d rows, total %d; want %d (not abandoned or expired checkouts)", len(rows), total, got.Listed)
		}
		tours := map[string]bool{a.ID: true, b.ID: true}
		for i, r := range rows {
			if !tours[r.TourID] || (!r.StartDate.Equal(dates[0]) && !r.StartDate.Equal(dates[1])) {
				t.Fatalf("booking %s on %s %s: not a departure", r.ID, r.TourID, r.StartDate)
			}
			if r.CreatedAt.After(t0) || r.CreatedAt.Before(t0.AddDate(-1, 0, -1)) {
				t.Fatalf("booking %s created %s: not in the year before %s", r.ID, r.CreatedAt, t0)
			}
			if i > 0 && r.CreatedAt.After(rows[i-1].CreatedAt) {
				t.Fatalf("not newest first at %d", i)
			}
			if r.PaidAt.IsZero() || r.CustomerEmail == "" {
				t.Fatalf("listed booking %+v: want paid, with its customer", r.Booking)
			}
			if r.Status == booking.Refunded && r.RefundedMinor != r.AmountMinor {
				t.Fatalf("refunded booking %s: refunded %d of %d", r.ID, r.RefundedMinor, r.AmountMinor)
			}
		}
		_, paid, err := s.Bookings(ctx, backoffice.BookingFilter{Status: booking.Paid}, t0)
		if err != nil || paid != got.ByStatus["paid"] {
			t.Errorf("paid: %d, %v; want %d", paid, err, got.ByStatus["paid"])
		}
		_, byTour, err := s.Bookings(ctx, backoffice.BookingFilter{TourID: a.ID}, t0)
		if err != nil || byTour == 0 || byTour == total {
			t.Errorf("tour %s: %d of %d, %v", a.ID, byTour, total, err)
		}
	})
}
