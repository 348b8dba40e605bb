package store

import (
	"slices"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
)

// The back office's bookings list must stay on indexes at 100,000 bookings (README,
// Performance). SQLite plans without ANALYZE statistics, as the site runs, so a small
// database gets the plans a large one does: no scan of the bookings table, and no sort
// but the page's own rows.
func TestBookingsQueryPlans(t *testing.T) {
	s := openTest(t, SQLite)
	ctx := t.Context()
	u := addUser(t, s, "ada", account.RoleUser)
	tr := addTour(t, s, "alps", 15, []time.Time{date(2031, 4, 25), date(2031, 7, 19)})
	if _, err := s.SeedBenchBookings(ctx, BenchSeed{Bookings: 300, Customers: 20, Now: t0, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		f     backoffice.BookingFilter
		index string // where the page's IDs come from
	}{
		{"no filter", backoffice.BookingFilter{}, "INDEX bookings_created"},
		{"status, page 50", backoffice.BookingFilter{Status: booking.Paid, Offset: 49 * 50}, "COVERING INDEX bookings_list_status"},
		{"tour", backoffice.BookingFilter{TourID: tr.ID}, "COVERING INDEX bookings_list_tour"},
		{"email", backoffice.BookingFilter{Email: u.Email}, "INDEX bookings_user"},
	} {
		count, list, args := bookingsQueries(c.f, t0)
		countPlan, listPlan := queryPlan(t, s, count, args), queryPlan(t, s, list, args)
		for _, line := range append(slices.Clone(countPlan), listPlan...) {
			if line == "SCAN b" || line == "SCAN bookings" {
				t.Errorf("%s: reads every booking (%s):\ncount: %s\nlist: %s", c.name, line, countPlan, listPlan)
			}
		}
		if !strings.Contains(strings.Join(listPlan, "\n"), "USING "+c.index) {
			t.Errorf("%s: page not read off %s: %s", c.name, c.index, listPlan)
		}
		// The outer query sorts the page's rows again; only the email filter, whose
		// customers' bookings come from several index ranges, may sort its matches.
		sorts := 0
		for _, line := range listPlan {
			if strings.Contains(line, "TEMP B-TREE") {
				sorts++
			}
		}
		if last := listPlan[len(listPlan)-1]; !strings.Contains(last, "TEMP B-TREE") || sorts > 1 && c.f.Email == "" {
			t.Errorf("%s: sorts more than the page: %s", c.name, listPlan)
		}
	}
}

// queryPlan is SQLite's EXPLAIN QUERY PLAN of query, one line per step.
func queryPlan(t *testing.T, s *Store, query string, args []any) []string {
	t.Helper()
	rows, err := s.read.QueryContext(t.Context(), "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	var plan []string
	if err := scanAll(rows, func() error {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return err
		}
		plan = append(plan, detail)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return plan
}
