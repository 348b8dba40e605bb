package store

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/ticket"
)

var referencePattern = regexp.MustCompile(`^TB-[2-9A-HJKMNP-Z]{6}$`)

func TestBookingReferences(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		u := addUser(t, s, "ref", account.RoleUser)
		day := date(2031, 6, 1)
		tr := addTour(t, s, "refs", 50, []time.Time{day})
		seen := map[string]bool{}
		var taken string
		for range 5 {
			id := mustHold(t, s, tr, u, day, 1, t0)
			b, err := s.BookingByID(ctx, id)
			must(t, err)
			if !referencePattern.MatchString(b.Reference) || seen[b.Reference] {
				t.Fatalf("booking %s has reference %q (already: %v)", id, b.Reference, seen)
			}
			seen[b.Reference], taken = true, b.Reference
		}

		// A reference already taken is drawn again: the booking is written, with another.
		draws := []string{taken, taken, "TB-NEW234"}
		s.references = func() string { r := draws[0]; draws = draws[1:]; return r }
		id := mustHold(t, s, tr, u, day, 1, t0)
		s.references = nil
		if b, err := s.BookingByID(ctx, id); err != nil || b.Reference != "TB-NEW234" {
			t.Fatalf("after two taken draws: reference %q, %v; want TB-NEW234", b.Reference, err)
		}
		if got := searchIDs(t, s, "tb-new234"); !slices.Equal(got, []string{id}) {
			t.Fatalf("search of the new reference found %v, want [%s]", got, id)
		}

		// The database refuses a second booking with a reference, whoever writes it.
		_, err := s.write.ExecContext(ctx, `UPDATE bookings SET reference = $1 WHERE id = $2`, taken, id)
		if !isUnique(err, "bookings_reference", "bookings.reference") {
			t.Fatalf("a duplicate reference: %v, want the unique index's refusal", err)
		}
	})
}

func TestMigrateGivesOlderBookingsReferences(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		u := addUser(t, s, "Zoë Old", account.RoleUser)
		day := date(2031, 6, 1)
		tr := addTour(t, s, "older", 50, []time.Time{day})
		ids := []string{mustHold(t, s, tr, u, day, 1, t0), mustHold(t, s, tr, u, day, 2, t0)}
		// As a database migrated before references: none, and nothing to search by.
		if _, err := s.write.ExecContext(ctx, `UPDATE bookings SET reference = NULL, search_names = '',
			search_codes = '', search_version = 0`); err != nil {
			t.Fatal(err)
		}
		if got := searchIDs(t, s, "zoe old"); len(got) != 0 {
			t.Fatalf("before start-up the search found %v", got)
		}
		must(t, s.Migrate(ctx))
		must(t, s.Migrate(ctx)) // and again: nothing changes
		refs := map[string]bool{}
		for _, id := range ids {
			b, err := s.BookingByID(ctx, id)
			must(t, err)
			if !referencePattern.MatchString(b.Reference) {
				t.Fatalf("booking %s: reference %q after start-up", id, b.Reference)
			}
			refs[b.Reference] = true
			if got := searchIDs(t, s, b.Reference); !slices.Equal(got, []string{id}) {
				t.Errorf("search %q found %v, want [%s]", b.Reference, got, id)
			}
		}
		if len(refs) != 2 {
			t.Fatalf("references %v: want two different ones", refs)
		}
		if got := searchIDs(t, s, "zoe old"); len(got) != 2 {
			t.Errorf(`search "zoe old" found %v, want both bookings`, got)
		}
	})
}

// searchIDs runs the back office's search for q (as backoffice.Service reads it) at
// t0, newest first.
func searchIDs(t *testing.T, s *Store, q string, filter ...func(*backoffice.BookingFilter)) []string {
	t.Helper()
	search, err := backoffice.ReadSearch(q)
	if err != nil {
		t.Fatalf("read search %q: %v", q, err)
	}
	f := backoffice.BookingFilter{Search: search}
	for _, fn := range filter {
		fn(&f)
	}
	rows, total, err := s.Bookings(t.Context(), f, t0)
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	ids := []string{}
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	if total != len(ids) {
		t.Fatalf("search %q: total %d, rows %d", q, total, len(ids))
	}
	return ids
}

func named(t *testing.T, s *Store, name, email string) account.User {
	t.Helper()
	u := account.User{Name: name, Email: email, Role: account.RoleUser, Active: true,
		PasswordHash: "$argon2id$v=19$m=65536,t=1,p=2$c2FsdA$aGFzaA"}
	must(t, s.CreateUser(t.Context(), &u))
	return u
}

func TestSearchBookings(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		day := date(2031, 6, 1)
		tr := addTour(t, s, "search", 50, []time.Time{day})
		zoe := named(t, s, "Zoë Martin", "zoe.m@example.com")
		lefevre := named(t, s, "ZOË LEFÈVRE", "zl@example.org")
		anna := named(t, s, "Anna Berg", "anna+tours@example.net")
		// Newest first: each booking a minute after the one before.
		paid := mustHold(t, s, tr, zoe, day, 2, t0.Add(-3*time.Minute))
		if _, _, err := recordPaid(s, ctx, paid, "pi_1", 99400, "usd", t0.Add(-3*time.Minute), nil); err != nil {
			t.Fatal(err)
		}
		held := mustHold(t, s, tr, lefevre, day, 1, t0.Add(-2*time.Minute))
		annas := mustHold(t, s, tr, anna, day, 1, t0.Add(-time.Minute))
		k, err := s.BookingTicket(ctx, paid)
		must(t, err)
		ab, err := s.BookingByID(ctx, annas)
		must(t, err)

		for _, c := range []struct {
			q    string
			want []string
		}{
			// Names, without regard to case or accents, on either side.
			{"Zoe", []string{held, paid}},
			{"zoe", []string{held, paid}},
			{"ZOË", []string{held, paid}},
			{"zoë martin", []string{paid}},
			{"  Lefevre ", []string{held}},
			{"martin zl", nil}, // never across two fields
			// Email addresses, in part.
			{"anna+tours@", []string{annas}},
			{"EXAMPLE.ORG", []string{held}},
			{"zoe.m@example.com", []string{paid}},
			// The reference, as written, in lower case, without its dash or its prefix.
			{ab.Reference, []string{annas}},
			{"tb " + ab.Reference[3:], []string{annas}},
			{ab.Reference[3:], []string{annas}},
			// The ticket's code, as printed (with dashes) or typed.
			{ticket.Format(k.Code), []string{paid}},
			{k.Code[:6], []string{paid}},
			// LIKE's own characters are text.
			{"_", nil},
			{"z_e", nil},
			{"nobody", nil},
		} {
			if got := searchIDs(t, s, c.q); !slices.Equal(got, append([]string{}, c.want...)) {
				t.Errorf("search %q found %v, want %v", c.q, got, c.want)
			}
		}

		// Phone numbers by their digits, whatever was typed between them: the column as
		// refreshSearch folds a lead's phone.
		if _, err := s.write.ExecContext(ctx, `UPDATE bookings SET search_phones = ' 442079460958' WHERE id = $1`, held); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"+44 20 7946-0958", "(20) 7946 0958", "0958", "7946.0958"} {
			if got := searchIDs(t, s, q); !slices.Equal(got, []string{held}) {
				t.Errorf("search %q found %v, want [%s]", q, got, held)
			}
		}

		// With the list's filters: only the paid one of the two Zoës.
		if got := searchIDs(t, s, "zoe", func(f *backoffice.BookingFilter) { f.Status = "paid" }); !slices.Equal(got, []string{paid}) {
			t.Errorf("paid Zoës: %v, want [%s]", got, paid)
		}

		// A customer who changes their name is found by the new one, at once.
		must(t, s.UpdateUserProfile(ctx, anna.ID, account.Profile{Name: "Anna Øberg", Email: "anna@example.net"}))
		for q, want := range map[string][]string{"oberg": {annas}, "Anna Berg": nil, "anna+tours": nil, "anna@example.net": {annas}} {
			if got := searchIDs(t, s, q); !slices.Equal(got, append([]string{}, want...)) {
				t.Errorf("after the change, search %q found %v, want %v", q, got, want)
			}
		}
	})
}

func TestSearchBookingsPaging(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		day := date(2031, 6, 1)
		tr := addTour(t, s, "paging", 50, []time.Time{day})
		u := named(t, s, "Søren Page", "soren@example.com")
		other := named(t, s, "Someone Else", "else@example.com")
		var want []string
		for i := range 7 {
			id := mustHold(t, s, tr, u, day, 1, t0.Add(-time.Duration(i)*time.Minute))
			want = append(want, id) // newest first
			mustHold(t, s, tr, other, day, 1, t0.Add(-time.Duration(i)*time.Minute-time.Second))
		}
		search, err := backoffice.ReadSearch("SOREN")
		must(t, err)
		var got []string
		for offset := 0; offset < 12; offset += 3 { // the last page past the end: no rows, the count still 7
			rows, total, err := s.Bookings(t.Context(), backoffice.BookingFilter{Search: search, Offset: offset, Limit: 3}, t0)
			must(t, err)
			if total != 7 {
				t.Fatalf("total %d, want 7", total)
			}
			if wantLen := max(0, min(3, 7-offset)); len(rows) != wantLen {
				t.Fatalf("page at %d: %d rows, want %d", offset, len(rows), wantLen)
			}
			for _, r := range rows {
				got = append(got, r.ID)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pages %v, want %v", got, want)
		}
	})
}

// The search reads the search index whole, never the bookings one by one (SQLite, which
// plans without statistics as the site runs).
func TestSearchQueryPlans(t *testing.T) {
	s := openTest(t, SQLite)
	addTour(t, s, "alps", 15, []time.Time{date(2031, 4, 25), date(2031, 7, 19)})
	if _, err := s.SeedBenchBookings(t.Context(), BenchSeed{Bookings: 300, Customers: 20, Now: t0, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"TB-7KQ4M2", "zoe", "+44 20 7946 0958"} {
		search, err := backoffice.ReadSearch(q)
		must(t, err)
		for _, f := range []backoffice.BookingFilter{{Search: search}, {Search: search, Status: "paid"}} {
			count, list, args := bookingsQueries(f, t0)
			countPlan, listPlan := queryPlan(t, s, count, args), queryPlan(t, s, list, args)
			for _, plan := range [][]string{countPlan, listPlan} {
				if !strings.Contains(strings.Join(plan, "\n"), "USING COVERING INDEX bookings_search") {
					t.Errorf("%q %q: not off the search index: %s", q, f.Status, plan)
				}
				for _, line := range plan {
					if line == "SCAN b" || strings.Contains(line, "bookings_created") || strings.Contains(line, "bookings_list_status") {
						t.Errorf("%q %q: reads the bookings' rows (%s): %s", q, f.Status, line, plan)
					}
				}
			}
		}
	}
}

// A booking is found by each traveller's name and phone and by the lead's phone, and by
// a contact or travellers changed later.
func TestSearchFindsTravellersAndContact(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		day := date(2031, 6, 1)
		tr := addTour(t, s, "travellers", 50, []time.Time{day})
		lead := named(t, s, "Inês Duarte", "ines@example.com")
		b := booking.Booking{TourID: tr.ID, UserID: lead.ID, StartDate: day, Participants: 3, AmountMinor: 3000,
			Currency: "usd", Source: booking.BankTransfer, Status: booking.AwaitingPayment, ContactPhone: "+351 912 345 678",
			Travellers: []booking.Traveller{{CategoryID: "adult", Name: "Inês Duarte"}, {CategoryID: "adult", Name: "Rui Duarte"},
				{CategoryID: "adult", Name: "Søren Ålund", Phone: "+45 20 30 40 50"}}}
		must(t, s.CreateOfficeBooking(ctx, &b, backoffice.NewBookingRecord{},
			"Laura", t0, audit.Entry{ActorID: "op", ActorName: "Laura", Action: "booking.walk_in"}))
		for _, q := range []string{"rui", "soren alund", "912 345 678", "20 30 40 50"} {
			if got := searchIDs(t, s, q); !slices.Equal(got, []string{b.ID}) {
				t.Errorf("search %q found %v, want [%s]", q, got, b.ID)
			}
		}
		err := s.InTx(ctx, func(tx *Store) error {
			b.ContactName, b.ContactPhone = "Marta Duarte", "+351 933 000 111"
			return tx.ChangeBooking(ctx, b)
		})
		must(t, err)
		for q, want := range map[string][]string{"marta": {b.ID}, "933 000 111": {b.ID}, "912 345 678": nil} {
			if got := searchIDs(t, s, q); !slices.Equal(got, append([]string{}, want...)) {
				t.Errorf("after the contact changed, search %q found %v, want %v", q, got, want)
			}
		}
		must(t, s.SetBookingDetails(ctx, b.ID, []booking.Traveller{{CategoryID: "adult", Name: "Inês Duarte"},
			{CategoryID: "adult", Name: "Rita Duarte"}, {CategoryID: "adult", Name: "Søren Ålund"}}, nil))
		for q, want := range map[string][]string{"rita": {b.ID}, "rui": nil, "20 30 40 50": nil} {
			if got := searchIDs(t, s, q); !slices.Equal(got, append([]string{}, want...)) {
				t.Errorf("after the travellers changed, search %q found %v, want %v", q, got, want)
			}
		}
	})
}
