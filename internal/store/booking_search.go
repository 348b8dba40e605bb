package store

import (
	"context"
	"fmt"
	"strings"

	"tourbook/internal/booking"
)

// The back office's search (issue #21 §4): each booking's reference and its folded
// search columns (booking.SearchDoc), kept by the store on every write that changes what
// they are made of, and read by Bookings (backoffice.BookingFilter.Search).

// searchVersion is the version of what refreshSearch folds into a booking's search
// columns. Start-up folds again every booking of an older version: raise it with any
// change below.
const searchVersion = 4

// refreshSearch folds again the search columns of the bookings selected by where (on
// bookings b), in the transaction, and says how many. What a booking is found by is read
// here, in one place:
//   - its reference and its ticket's code;
//   - its customer's name and email address (rewritten when the customer changes them:
//     UpdateUserProfile);
//   - its travellers' names and phones (booking.Travellers) and its contact's.
//
// A new field is one more column in the query and one more entry in names or phones
// (then raise searchVersion).
func (s *Store) refreshSearch(ctx context.Context, where string, args ...any) (int, error) {
	rows, err := s.tx.QueryContext(ctx, `SELECT b.id, b.reference, COALESCE(k.code, ''), u.name, u.email,
		b.contact_name, b.contact_email, b.contact_phone, b.travellers
		FROM bookings b JOIN users u ON u.id = b.user_id LEFT JOIN tickets k ON k.booking_id = b.id
		WHERE `+where, args...)
	if err != nil {
		return 0, fmt.Errorf("search text of bookings: %w", err)
	}
	type row struct {
		id, reference, code string
		names, phones       []string
		doc                 booking.SearchDoc
	}
	var list []row
	var id, reference, code, name, email, contactName, contactEmail, contactPhone string
	var travellers []booking.Traveller
	if err := scanAll(rows, func() error {
		if err := rows.Scan(&id, textCol{&reference}, &code, &name, &email, &contactName, &contactEmail, &contactPhone,
			jsonCol[[]booking.Traveller]{&travellers}); err != nil {
			return err
		}
		r := row{id: id, reference: reference, code: code,
			names: []string{name, email, contactName, contactEmail}, phones: []string{contactPhone}}
		for _, t := range travellers {
			r.names, r.phones = append(r.names, t.Name), append(r.phones, t.Phone)
		}
		r.doc = booking.NewSearchDoc(r.reference, r.code, r.names, r.phones)
		list = append(list, r)
		return nil
	}); err != nil {
		return 0, fmt.Errorf("search text of bookings: %w", err)
	}
	for _, r := range list {
		if _, err := s.tx.ExecContext(ctx, `UPDATE bookings SET search_names = $2, search_codes = $3,
			search_phones = $4, search_version = $5 WHERE id = $1`,
			r.id, r.doc.Names, r.doc.Codes, r.doc.Phones, searchVersion); err != nil {
			return 0, fmt.Errorf("search text of booking %s: %w", r.id, err)
		}
	}
	return len(list), nil
}

// issueMissingReferences gives every booking without a reference its own (the bookings
// made before references existed), and folds again the search columns of every booking
// folded by an older searchVersion (or never). Migrate runs it at every start: once the
// bookings have theirs, it is one query that finds none.
func (s *Store) issueMissingReferences(ctx context.Context) (int, error) {
	ids, err := s.txStrings(ctx, `SELECT id FROM bookings WHERE reference IS NULL`)
	if err != nil {
		return 0, fmt.Errorf("bookings without references: %w", err)
	}
	for _, id := range ids {
		if err := s.giveReference(ctx, id); err != nil {
			return 0, err
		}
	}
	if _, err := s.refreshSearch(ctx, `b.search_version < $1`, searchVersion); err != nil {
		return 0, err
	}
	return len(ids), nil
}

// newReference draws a booking reference (booking.NewReference).
func (s *Store) newReference() string {
	if s.references != nil {
		return s.references()
	}
	return booking.NewReference()
}

// giveReference gives a booking without a reference a new one (one already taken is
// skipped by the NOT EXISTS and another drawn), and marks its search columns for
// folding again.
func (s *Store) giveReference(ctx context.Context, id string) error {
	for range 5 {
		res, err := s.tx.ExecContext(ctx, `UPDATE bookings SET reference = $2, search_version = 0
			WHERE id = $1 AND reference IS NULL AND NOT EXISTS (SELECT 1 FROM bookings o WHERE o.reference = $2)`,
			id, s.newReference())
		if err != nil {
			return fmt.Errorf("reference of booking %s: %w", id, err)
		}
		if ok, err := affected(res); err != nil || ok {
			return err
		}
	}
	return fmt.Errorf("reference of booking %s: no free reference in 5 draws", id)
}

// searchCond is the condition on bookings b that finds q (booking.Search), with its
// arguments numbered after the n already taken; "" when q finds nothing. Both sides
// are folded in Go, so LIKE compares lower-case text alike on both databases.
func searchCond(q booking.Search, n int) (string, []any) {
	var ors []string
	var args []any
	like := func(column, pattern string) {
		args = append(args, pattern)
		ors = append(ors, fmt.Sprintf(`%s LIKE $%d ESCAPE '\'`, column, n+len(args)))
	}
	if q.Text != "" {
		like("b.search_names", "%"+escapeLike(q.Text)+"%")
	}
	if q.Code != "" {
		// From the start of a code: a few characters inside random codes would find
		// random bookings.
		like("b.search_codes", "% "+escapeLike(q.Code)+"%")
	}
	if q.Digits != "" {
		like("b.search_phones", "%"+q.Digits+"%")
	}
	if len(ors) == 0 {
		return "", nil
	}
	return "(" + strings.Join(ors, " OR ") + ")", args
}

// txStrings reads the one text column a query selects (ids, names), in the transaction.
func (s *Store) txStrings(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	var ids []string
	var id string
	err = scanAll(rows, func() error {
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
		return nil
	})
	return ids, err
}
