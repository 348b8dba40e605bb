package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/privacy"
)

// PersonalData reads every row the site holds about the user, as the rows are (every
// column: what a later migration adds to a booking is in the copy too), for
// privacy.Service's export.
func (s *Store) PersonalData(ctx context.Context, userID string) (privacy.Records, error) {
	var r privacy.Records
	q := s.reader()
	reads := []struct {
		into  *[]privacy.Record
		query string
		args  []any
	}{
		{&r.Bookings, `SELECT b.*, t.name AS tour_name FROM bookings b JOIN tours t ON t.id = b.tour_id
			WHERE b.user_id = $1 ORDER BY b.created_at, b.id`, []any{userID}},
		{&r.Payments, `SELECT p.booking_id, p.id, p.method, p.amount_minor, p.currency, p.status, p.reference,
				p.received_on, p.created_at, p.updated_at
			FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.user_id = $1 ORDER BY p.created_at, p.id`, []any{userID}},
		{&r.Refunds, `SELECT f.booking_id, f.id, f.amount_minor, f.currency, f.status, f.reason, f.created_at,
				f.updated_at, f.settled_at
			FROM refunds f JOIN bookings b ON b.id = f.booking_id WHERE b.user_id = $1 ORDER BY f.created_at, f.id`, []any{userID}},
		{&r.Reviews, `SELECT r.id, r.tour_id, t.name AS tour_name, r.rating, r.text, r.hidden, r.created_at, r.updated_at
			FROM reviews r JOIN tours t ON t.id = r.tour_id WHERE r.user_id = $1 ORDER BY r.created_at, r.id`, []any{userID}},
		{&r.Waitlist, `SELECT w.id, w.tour_id, t.name AS tour_name, w.start_date, w.participants, w.status,
				w.created_at, w.offered_at, w.offer_until, w.booking_id
			FROM waitlist_entries w JOIN tours t ON t.id = w.tour_id WHERE w.user_id = $1 ORDER BY w.created_at, w.id`, []any{userID}},
	}
	for _, rd := range reads {
		list, err := records(ctx, q, rd.query, rd.args...)
		if err != nil {
			return privacy.Records{}, fmt.Errorf("personal data of user %s: %w", userID, err)
		}
		*rd.into = list
	}
	return r, nil
}

// records reads rows as column → value maps, the same from both engines: times as UTC
// text in timeLayout, dates as YYYY-MM-DD, booleans as booleans, bytes as text.
func records(ctx context.Context, q querier, query string, args ...any) ([]privacy.Record, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, err
	}
	var list []privacy.Record
	for rows.Next() {
		vals := make([]any, len(types))
		ptrs := make([]any, len(types))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, err
		}
		rec := privacy.Record{}
		for i, ct := range types {
			rec[ct.Name()] = plainValue(ct, vals[i])
		}
		list = append(list, rec)
	}
	return list, rows.Err()
}

// boolColumns are the boolean columns the copy reads, which SQLite keeps as 0 and 1.
var boolColumns = map[string]bool{"hidden": true}

func plainValue(ct *sql.ColumnType, v any) any {
	typ := strings.ToUpper(ct.DatabaseTypeName())
	switch x := v.(type) {
	case []byte:
		return string(x)
	case time.Time:
		if typ == "DATE" {
			return x.UTC().Format(dateLayout)
		}
		return ts(x)
	case int64:
		if typ == "BOOLEAN" || typ == "BOOL" || boolColumns[ct.Name()] {
			return x != 0
		}
	}
	return v
}

// OpenBookings are the user's bookings paid, awaiting payment or pending (a checkout),
// with their departure's first day, the tour's length and the hold's end
// (privacy.Upcoming decides which still count).
func (s *Store) OpenBookings(ctx context.Context, userID string) ([]privacy.OpenBooking, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT b.id, COALESCE(b.reference, ''), b.status, b.hold_until, b.start_date, t.duration_days
		FROM bookings b JOIN tours t ON t.id = b.tour_id
		WHERE b.user_id = $1 AND b.status IN ('paid', 'awaiting_payment', 'pending') ORDER BY b.start_date, b.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("open bookings of user %s: %w", userID, err)
	}
	list, err := collect(rows, func(b *privacy.OpenBooking) []any {
		return []any{&b.ID, &b.Reference, &b.Status, timeCol{&b.HoldUntil}, timeCol{&b.Start}, &b.Days}
	})
	if err != nil {
		return nil, fmt.Errorf("open bookings of user %s: %w", userID, err)
	}
	return list, nil
}

// EraseUser gives a deleted account its placeholders and shuts it (inside a
// transaction): an inactive user with a password nothing matches, no sessions, no
// password resets, off every waiting list it was on; its bookings lose the travellers'
// names and phones and the answers they gave (dietary needs, passport numbers), and
// what they are searched by with them.
func (s *Store) EraseUser(ctx context.Context, id string, e privacy.Erasure) error {
	if err := s.needTx("erase user"); err != nil {
		return err
	}
	steps := []struct {
		query string
		args  []any
	}{
		{`UPDATE users SET name = $2, email = $3, photo = $4, password_hash = $5, role = 'user', active = FALSE,
			deleted_at = $6 WHERE id = $1`,
			[]any{id, e.Name, emailKey(e.Email), e.Photo, e.PasswordHash, ts(e.At)}},
		{`DELETE FROM sessions WHERE user_id = $1`, []any{id}},
		{`DELETE FROM password_resets WHERE user_id = $1`, []any{id}},
		{`UPDATE waitlist_entries SET status = 'left' WHERE user_id = $1 AND status IN ('waiting', 'offered')`, []any{id}},
		{`UPDATE bookings SET travellers = '', answers = '' WHERE user_id = $1`, []any{id}},
	}
	for _, st := range steps {
		if _, err := s.tx.ExecContext(ctx, st.query, st.args...); err != nil {
			return fmt.Errorf("erase user %s: %w", id, err)
		}
	}
	if _, err := s.refreshSearch(ctx, `b.user_id = $1`, id); err != nil {
		return fmt.Errorf("erase user %s: %w", id, err)
	}
	return nil
}

// PurgeSentEmailBodies empties the body, attachments and drafting props of the emails
// sent before sentBefore whose body is still there; held, failed and unsent emails keep
// theirs. It returns how many it emptied.
func (s *Store) PurgeSentEmailBodies(ctx context.Context, sentBefore time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE emails SET html = '', text = '', attachments = '[]', props = ''
		WHERE status = 'sent' AND sent_at < $1 AND (html <> '' OR text <> '' OR attachments <> '[]' OR props <> '')`,
		ts(sentBefore))
	if err != nil {
		return 0, fmt.Errorf("remove bodies of emails sent before %s: %w", ts(sentBefore), err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("remove bodies of old emails: %w", err)
	}
	return int(n), nil
}
