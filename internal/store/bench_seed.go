package store

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// This file is for benchmarks only: the site never calls it. It fills a database that
// already has tours with departures (the sample data) with a year of bookings, so that
// the load benchmark measures the back office's bookings list at a realistic size.

// BenchSeed says what SeedBenchBookings writes.
type BenchSeed struct {
	Bookings  int       // bookings to write
	Customers int       // customer accounts to add first (role user, no usable password)
	Now       time.Time // bookings are created in the year before Now
	Seed      uint64    // the same seed on copies of one database writes the same rows
}

// BenchSeeded is what SeedBenchBookings wrote.
type BenchSeeded struct {
	Customers int
	Bookings  int
	ByStatus  map[string]int // "cancelled" counts abandoned checkouts and cancellations alike
	// Listed is how many of the bookings the back office's list shows at Now: all but
	// abandoned checkouts and pending ones whose hold has expired.
	Listed int
}

// benchBatch is the rows per INSERT on PostgreSQL, where a statement is a round trip:
// 16 columns × 250 rows stays under its 65,535 bound parameters. SQLite runs in-process
// and its driver looks each parameter up by name, which makes a statement's binding
// quadratic in its parameters: there one prepared single-row INSERT is fastest.
const benchBatch = 250

// SeedBenchBookings is for benchmarks only. In one transaction it adds p.Customers
// customer accounts (bench-customer-N@example.com, with a password hash nothing
// matches) and p.Bookings bookings, spread at random over every departure already in the
// database, the accounts of role user, and creation times in the year before p.Now:
//
//   - 80% paid (paid a few minutes after the checkout opened);
//   - 6% refunded (in full), 2% refund due, 2% cancelled by an operator after payment;
//   - 6% abandoned checkouts (cancelled, never paid) and 4% pending whose 30-minute
//     hold expired long ago: the list leaves both out;
//   - 5% of the paid ones recorded as paid in cash or by bank transfer, the rest online
//     through the sandbox provider.
//
// Seats are not checked: with the sample data's thirty departures, every departure ends
// up far over its capacity. Bookings have no events or refunds rows.
func (s *Store) SeedBenchBookings(ctx context.Context, p BenchSeed) (BenchSeeded, error) {
	done := BenchSeeded{ByStatus: map[string]int{}}
	if p.Bookings < 0 || p.Customers < 0 {
		return done, errors.New("seed bench bookings: negative count")
	}
	rnd := rand.New(rand.NewPCG(p.Seed, 0x746f7572626f6f6b))
	now := p.Now.UTC().Truncate(time.Microsecond)
	err := s.InTx(ctx, func(tx *Store) error {
		if tx.dialect == SQLite {
			// The indexes on customers and departures grow all over, and 100,000
			// bookings outgrow SQLite's default 2 MB page cache: inserts would keep
			// reading back pages they wrote.
			var pages int
			if err := tx.tx.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&pages); err != nil {
				return err
			}
			if _, err := tx.tx.ExecContext(ctx, `PRAGMA cache_size = -65536`); err != nil {
				return err
			}
			defer tx.tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA cache_size = %d`, pages))
		}
		if err := tx.seedBenchCustomers(ctx, p.Customers, now, rnd); err != nil {
			return err
		}
		done.Customers = p.Customers
		return tx.seedBenchBookings(ctx, p.Bookings, now, rnd, &done)
	})
	if err != nil {
		return BenchSeeded{ByStatus: map[string]int{}}, fmt.Errorf("seed bench bookings: %w", err)
	}
	return done, nil
}

// benchID is a newID-shaped ID for a row created at t, its random part from rnd.
func benchID(t time.Time, rnd *rand.Rand) string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(t.Unix()))
	binary.BigEndian.PutUint64(b[4:], rnd.Uint64())
	return hex.EncodeToString(b[:])
}

// insertRows writes rows (each with the same number of values) into table.
func (s *Store) insertRows(ctx context.Context, table, columns string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	batch := 1
	if s.dialect == Postgres {
		batch = benchBatch
	}
	statement := func(n int) string {
		var q strings.Builder
		q.WriteString("INSERT INTO " + table + " (" + columns + ") VALUES ")
		p := 0
		for i := range n {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for j := range rows[0] {
				if j > 0 {
					q.WriteString(", ")
				}
				p++
				fmt.Fprintf(&q, "$%d", p)
			}
			q.WriteByte(')')
		}
		return q.String()
	}
	stmt, err := s.tx.PrepareContext(ctx, statement(min(batch, len(rows))))
	if err != nil {
		return fmt.Errorf("insert into %s: %w", table, err)
	}
	defer stmt.Close()
	args := make([]any, 0, batch*len(rows[0]))
	for len(rows) > 0 {
		n := min(len(rows), batch)
		args = args[:0]
		for _, row := range rows[:n] {
			args = append(args, row...)
		}
		if n < batch {
			_, err = s.tx.ExecContext(ctx, statement(n), args...)
		} else {
			_, err = stmt.ExecContext(ctx, args...)
		}
		if err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
		rows = rows[n:]
	}
	return nil
}

func (s *Store) seedBenchCustomers(ctx context.Context, n int, now time.Time, rnd *rand.Rand) error {
	// A well-formed argon2id hash of nothing anyone types: these accounts cannot sign in.
	const hash = "$argon2id$v=19$m=65536,t=1,p=2$YmVuY2hzYWx0$YmVuY2gtY3VzdG9tZXItbm8tbG9naW4"
	rows := make([][]any, 0, n)
	for i := range n {
		created := now.Add(-time.Duration(rnd.Int64N(int64(2 * 365 * 24 * time.Hour)))).Truncate(time.Microsecond)
		rows = append(rows, []any{benchID(created, rnd), fmt.Sprintf("Bench Customer %d", i+1),
			fmt.Sprintf("bench-customer-%d@example.com", i+1), "", "user", hash, true, ts(created)})
	}
	if err := s.insertRows(ctx, "users", "id, name, email, photo, role, password_hash, active, created_at", rows); err != nil {
		return fmt.Errorf("customers: %w", err)
	}
	return nil
}

type benchDeparture struct {
	tourID, day string
	priceMinor  int64
	currency    string
}

func (s *Store) seedBenchBookings(ctx context.Context, n int, now time.Time, rnd *rand.Rand, done *BenchSeeded) error {
	if n == 0 {
		return nil
	}
	var deps []benchDeparture
	rows, err := s.tx.QueryContext(ctx, `SELECT sd.tour_id, sd.start_date, t.price_minor - t.discount_minor, t.currency
		FROM tour_start_dates sd JOIN tours t ON t.id = sd.tour_id ORDER BY sd.tour_id, sd.start_date`)
	if err != nil {
		return fmt.Errorf("departures: %w", err)
	}
	if err := scanAll(rows, func() error {
		var d benchDeparture
		var start time.Time
		if err := rows.Scan(&d.tourID, timeCol{&start}, &d.priceMinor, &d.currency); err != nil {
			return err
		}
		d.day = day(start)
		deps = append(deps, d)
		return nil
	}); err != nil {
		return fmt.Errorf("departures: %w", err)
	}
	type customer struct{ id, name, email string }
	var users []customer
	rows, err = s.tx.QueryContext(ctx, `SELECT id, name, email FROM users WHERE role = 'user' ORDER BY id`)
	if err != nil {
		return fmt.Errorf("customers: %w", err)
	}
	if err := scanAll(rows, func() error {
		var c customer
		if err := rows.Scan(&c.id, &c.name, &c.email); err != nil {
			return err
		}
		users = append(users, c)
		return nil
	}); err != nil {
		return fmt.Errorf("customers: %w", err)
	}
	if len(deps) == 0 || len(users) == 0 {
		return fmt.Errorf("need departures and users to book them, found %d and %d", len(deps), len(users))
	}

	const year = 365 * 24 * time.Hour
	list := make([][]any, 0, n)
	policy := policyArg(tour.DefaultPolicy()) // every booking keeps its copy
	references := make(map[string]bool, n)
	for range n {
		d := deps[rnd.IntN(len(deps))]
		created := now.Add(-time.Duration(1 + rnd.Int64N(int64(year)))).Truncate(time.Microsecond)
		participants := 1 + rnd.IntN(4)
		amount := d.priceMinor * int64(participants)
		holdUntil := created.Add(30 * time.Minute)
		paidAt := created.Add(time.Duration(1+rnd.IntN(10)) * time.Minute)
		status, source, refunded := "paid", "online", int64(0)
		switch r := rnd.IntN(100); {
		case r < 80:
			if rnd.IntN(100) < 5 {
				source = []string{"cash", "bank_transfer"}[rnd.IntN(2)]
			}
		case r < 86:
			status, refunded = "refunded", amount
		case r < 88:
			status = "refund_due"
		case r < 90:
			status = "cancelled" // by an operator, after payment, without a refund
		case r < 96:
			status, paidAt = "cancelled", time.Time{} // abandoned checkout
		default:
			status, paidAt = "pending", time.Time{} // hold expired, never paid
		}
		paid := int64(0)
		if !paidAt.IsZero() {
			paid = amount
		}
		id := benchID(created, rnd)
		provider, checkout, paymentRef := "sandbox", "cs_bench_"+id, ""
		if !paidAt.IsZero() {
			paymentRef = "pi_bench_" + id
		}
		if source != "online" {
			provider, checkout, paymentRef = "", "", ""
		}
		// A reference as insertBooking gives one (drawn again when taken), and the
		// search columns as refreshSearch folds them; the tickets of the paid ones,
		// and their codes in the search columns, come at the next start (Migrate).
		reference := booking.NewReference()
		for references[reference] {
			reference = booking.NewReference()
		}
		references[reference] = true
		c := users[rnd.IntN(len(users))]
		doc := booking.NewSearchDoc(reference, "", []string{c.name, c.email}, nil)
		list = append(list, []any{id, d.tourID, c.id, d.day, participants, amount,
			d.currency, provider, checkout, paymentRef, status, ts(holdUntil), ts(created), tsNull(paidAt),
			source, refunded, policy, paid, nil, "", "", "", "", "", reference, nil, nil, "", "", "", "", 0, nil, doc.Names, doc.Codes, doc.Phones,
			searchVersion})
		done.ByStatus[status]++
		if !paidAt.IsZero() || status == "pending" && holdUntil.After(now) {
			done.Listed++
		}
	}
	// In ID order, which is creation order to the second: the primary key and the
	// creation-time indexes then grow at their ends instead of splitting pages all over.
	slices.SortFunc(list, func(a, b []any) int { return strings.Compare(a[0].(string), b[0].(string)) })
	if err := s.insertRows(ctx, "bookings", bookingColumns+", search_names, search_codes, search_phones, search_version", list); err != nil {
		return err
	}
	done.Bookings = n
	return nil
}
