package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
)

// The back office's side of bookings, users and reviews.

const bookingRowColumns = `b.id, b.tour_id, b.user_id, b.start_date, b.participants, b.amount_minor,
	b.currency, b.provider, b.checkout_id, b.payment_ref, b.status, b.hold_until, b.created_at,
	b.paid_at, b.source, b.refunded_minor, b.cancellation_policy, t.name, t.slug, t.time_zone, COALESCE(sd.start_time, ''),
	u.name, u.email`

const bookingRowFrom = ` FROM bookings b` + bookingRowJoins

const bookingRowJoins = ` JOIN tours t ON t.id = b.tour_id JOIN users u ON u.id = b.user_id
	LEFT JOIN tour_start_dates sd ON sd.tour_id = b.tour_id AND sd.start_date = b.start_date`

func bookingRowFields(r *backoffice.BookingRow) []any {
	return append(bookingFields(&r.Booking), &r.TourName, &r.TourSlug, &r.TimeZone, &r.StartTime,
		&r.CustomerName, &r.CustomerEmail)
}

func (s *Store) bookingRows(ctx context.Context, q querier, query string, args ...any) ([]backoffice.BookingRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, bookingRowFields)
}

// Bookings lists the bookings matching f, newest first, and how many match in all.
// Open checkouts whose hold has expired are left out: nobody booked anything there.
func (s *Store) Bookings(ctx context.Context, f backoffice.BookingFilter, now time.Time) ([]backoffice.BookingRow, int, error) {
	count, list, args := bookingsQueries(f, now)
	var total int
	if err := s.reader().QueryRowContext(ctx, count, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count bookings: %w", err)
	}
	rows, err := s.bookingRows(ctx, s.reader(), list, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list bookings: %w", err)
	}
	return rows, total, nil
}

// bookingsQueries builds Bookings' two queries, the count and the page, with their
// arguments (the same for both). Both stay on the bookings table and its indexes until
// the page's rows are known, which keeps them fast at 100,000 bookings (the README's
// Performance section has their plans):
//   - the page's IDs come off an index in the list's order (bookings_created,
//     bookings_list_status, bookings_list_tour), and only those rows are joined with
//     their tour, customer and departure, not the OFFSET rows before them;
//   - the count joins nothing (every booking has its tour and customer). Without any
//     filter it counts every booking and takes away the few the list leaves out: a
//     table's COUNT(*) is SQLite's fast path, which counts index entries without
//     reading them (at 100,000 bookings, 6 ms against 19 ms to check each one's
//     status in a covering index and 37 ms in the table).
func bookingsQueries(f backoffice.BookingFilter, now time.Time) (count, list string, args []any) {
	var conds []string
	add := func(cond string, arg any) {
		args = append(args, arg)
		conds = append(conds, fmt.Sprintf(cond, len(args)))
	}
	if f.TourID != "" {
		add("b.tour_id = $%d", f.TourID)
	}
	if !f.Date.IsZero() {
		add("b.start_date = $%d", day(f.Date))
	}
	if f.Status != "" {
		add("b.status = $%d", string(f.Status))
	}
	if f.Email != "" {
		// Part of an address finds it: an operator on the phone hears "walker at …".
		add(`b.user_id IN (SELECT u.id FROM users u WHERE u.email LIKE $%d ESCAPE '\')`,
			"%"+escapeLike(emailKey(strings.TrimSpace(f.Email)))+"%")
	}
	if !f.From.IsZero() {
		add("b.created_at >= $%d", ts(tour.Day(f.From)))
	}
	if !f.To.IsZero() {
		add("b.created_at < $%d", ts(tour.Day(f.To).AddDate(0, 0, 1)))
	}
	where := func(more ...string) string {
		if all := append(slices.Clip(conds), more...); len(all) > 0 {
			return " WHERE " + strings.Join(all, " AND ")
		}
		return ""
	}
	// The list leaves out checkouts that were never paid: abandoned ones (cancelled
	// without a payment) and open ones whose hold has expired.
	var listed []string
	switch f.Status {
	case "":
		args = append(args, ts(now))
		nowArg := fmt.Sprintf("$%d", len(args))
		listed = []string{"NOT (b.status = 'cancelled' AND b.paid_at IS NULL)",
			"(b.status <> 'pending' OR b.hold_until > " + nowArg + ")"}
		if len(conds) == 0 {
			count = `SELECT (SELECT COUNT(*) FROM bookings b)
				- (SELECT COUNT(*) FROM bookings b WHERE b.status = 'cancelled' AND b.paid_at IS NULL)
				- (SELECT COUNT(*) FROM bookings b WHERE b.status = 'pending' AND b.hold_until <= ` + nowArg + `)`
		}
	case booking.Cancelled:
		listed = []string{"b.paid_at IS NOT NULL"}
	case booking.Pending:
		args = append(args, ts(now))
		listed = []string{fmt.Sprintf("b.hold_until > $%d", len(args))}
	}
	if count == "" {
		count = `SELECT COUNT(*) FROM bookings b` + where(listed...)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	const order = ` ORDER BY b.created_at DESC, b.id DESC`
	list = `SELECT ` + bookingRowColumns + ` FROM (SELECT b.id FROM bookings b` + where(listed...) + order +
		fmt.Sprintf(` LIMIT %d OFFSET %d`, limit, max(f.Offset, 0)) + `) page
		JOIN bookings b ON b.id = page.id` + bookingRowJoins + order
	return count, list, args
}

// BookingRow returns one booking with its names, or booking.ErrNotFound.
func (s *Store) BookingRow(ctx context.Context, id string) (backoffice.BookingRow, error) {
	list, err := s.bookingRows(ctx, s.reader(), `SELECT `+bookingRowColumns+bookingRowFrom+` WHERE b.id = $1`, id)
	if err != nil {
		return backoffice.BookingRow{}, fmt.Errorf("booking %s: %w", id, err)
	}
	if len(list) == 0 {
		return backoffice.BookingRow{}, fmt.Errorf("booking %s: %w", id, booking.ErrNotFound)
	}
	return list[0], nil
}

// DepartureBookings lists the bookings of one departure that were paid (whatever became
// of them since), oldest first: the manifest.
func (s *Store) DepartureBookings(ctx context.Context, tourID string, date time.Time) ([]backoffice.BookingRow, error) {
	list, err := s.bookingRows(ctx, s.reader(), `SELECT `+bookingRowColumns+bookingRowFrom+`
		WHERE b.tour_id = $1 AND b.start_date = $2 AND b.paid_at IS NOT NULL
		ORDER BY b.created_at, b.id`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("bookings of departure %s of tour %s: %w", day(date), tourID, err)
	}
	return list, nil
}

// BookingEvents is a booking's history of actions, oldest first.
func (s *Store) BookingEvents(ctx context.Context, bookingID string) ([]backoffice.Event, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, booking_id, at, actor_id, actor_name, kind, detail
		FROM booking_events WHERE booking_id = $1 ORDER BY at, id`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("events of booking %s: %w", bookingID, err)
	}
	list, err := collect(rows, func(e *backoffice.Event) []any {
		return []any{&e.ID, &e.BookingID, timeCol{&e.At}, &e.ActorID, &e.ActorName, &e.Kind, &e.Detail}
	})
	if err != nil {
		return nil, fmt.Errorf("events of booking %s: %w", bookingID, err)
	}
	return list, nil
}

func (s *Store) addEvent(ctx context.Context, e backoffice.Event) error {
	s.ensureID(&e.ID)
	s.ensureTime(&e.At)
	_, err := s.tx.ExecContext(ctx, `INSERT INTO booking_events (id, booking_id, at, actor_id, actor_name, kind, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, e.ID, e.BookingID, ts(e.At), e.ActorID, e.ActorName, e.Kind, e.Detail)
	if err != nil {
		return fmt.Errorf("event %s of booking %s: %w", e.Kind, e.BookingID, err)
	}
	return nil
}

const refundColumns = `id, booking_id, idem_key, amount_minor, currency, provider, provider_ref, status,
	error, actor_id, reason, created_at, updated_at`

func refundFields(r *backoffice.Refund) []any {
	return []any{&r.ID, &r.BookingID, &r.Key, &r.AmountMinor, &r.Currency, &r.Provider, &r.ProviderRef,
		&r.Status, &r.Error, &r.ActorID, &r.Reason, timeCol{&r.CreatedAt}, timeCol{&r.UpdatedAt}}
}

// BookingRefunds lists a booking's refunds, oldest first.
func (s *Store) BookingRefunds(ctx context.Context, bookingID string) ([]backoffice.Refund, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+refundColumns+` FROM refunds WHERE booking_id = $1
		ORDER BY created_at, id`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("refunds of booking %s: %w", bookingID, err)
	}
	list, err := collect(rows, refundFields)
	if err != nil {
		return nil, fmt.Errorf("refunds of booking %s: %w", bookingID, err)
	}
	return list, nil
}

// lockBooking reads and locks (on PostgreSQL) a booking in the transaction.
func (s *Store) lockBooking(ctx context.Context, id string) (booking.Booking, error) {
	return s.bookingWhere(ctx, s.tx, s.forUpdate(`id = $1`), id)
}

// cancellable: a booking that was paid and is not yet cancelled.
func cancellable(b booking.Booking) bool {
	return b.Status == booking.Paid || b.Status == booking.RefundDue
}

// BeginRefund starts the refund r (BookingID, Key, AmountMinor, ActorID, Reason) of a
// booking, or finds the one already started with r.Key, under the booking's lock:
//   - the key's refund succeeded: it is returned as it is (nothing more to do);
//   - it is pending (a retry, or a crash after the provider was asked) or failed: it is
//     returned pending, to ask the provider again with the same key;
//   - a new key: the booking must be paid or refund due (backoffice.ErrNotCancellable),
//     without another refund pending (backoffice.ErrRefundInProgress), and the amount at
//     most what is left to refund.
//
// The booking is returned as it is.
func (s *Store) BeginRefund(ctx context.Context, r backoffice.Refund, now time.Time) (backoffice.Refund, booking.Booking, error) {
	var b booking.Booking
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if b, err = tx.lockBooking(ctx, r.BookingID); err != nil {
			return err
		}
		var found backoffice.Refund
		err = tx.tx.QueryRowContext(ctx, `SELECT `+refundColumns+` FROM refunds WHERE idem_key = $1`, r.Key).
			Scan(refundFields(&found)...)
		switch {
		case err == nil && found.BookingID != r.BookingID:
			return backoffice.ErrKeyReused
		case err == nil && found.Status == backoffice.RefundFailed:
			found.Status, found.Error, found.UpdatedAt = backoffice.RefundPending, "", now.UTC().Truncate(time.Microsecond)
			_, err := tx.tx.ExecContext(ctx, `UPDATE refunds SET status = 'pending', error = '', updated_at = $2 WHERE id = $1`,
				found.ID, ts(now))
			r = found
			return err
		case err == nil:
			r = found
			return nil
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if !cancellable(b) {
			return backoffice.ErrNotCancellable
		}
		var pending int
		if err := tx.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'pending'`,
			b.ID).Scan(&pending); err != nil {
			return err
		}
		if pending > 0 {
			return backoffice.ErrRefundInProgress
		}
		if left := b.AmountMinor - b.RefundedMinor; r.AmountMinor > left {
			return &fault.Error{Status: 400, Message: "That is more than was paid and not yet refunded. Reload the page to see what is left."}
		}
		s.ensureID(&r.ID)
		r.Currency, r.Provider, r.Status = b.Currency, b.Provider, backoffice.RefundPending
		r.CreatedAt = now.UTC().Truncate(time.Microsecond)
		r.UpdatedAt = r.CreatedAt
		_, err = tx.tx.ExecContext(ctx, `INSERT INTO refunds (`+refundColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
			r.ID, r.BookingID, r.Key, r.AmountMinor, r.Currency, r.Provider, r.ProviderRef, string(r.Status),
			r.Error, r.ActorID, r.Reason, ts(r.CreatedAt), ts(r.UpdatedAt))
		if isUnique(err, "refunds_idem_key_key", "refunds.idem_key") {
			// The same key at the same moment on PostgreSQL: the other transaction won.
			return backoffice.ErrRefundInProgress
		}
		return err
	})
	if err != nil {
		return r, b, fmt.Errorf("begin refund of booking %s: %w", r.BookingID, err)
	}
	return r, b, nil
}

// FinishRefund records how a pending refund ended: failure "" is success (providerRef
// the provider's refund id): the booking becomes Refunded with the amount added to what
// was refunded, its seats free. Otherwise the refund is marked failed with failure and
// the booking stays as it was. Either way the booking's history says so; a refund that
// already succeeded is left alone. It returns the booking as it now is.
//
// done, when not nil, is the email telling the customer: it goes to the outbox in the
// same transaction as a successful refund.
func (s *Store) FinishRefund(ctx context.Context, refundID, providerRef, failure, actorName string, now time.Time,
	entry audit.Entry, done *mail.Message) (booking.Booking, error) {
	var b booking.Booking
	err := s.InTx(ctx, func(tx *Store) error {
		// The booking is locked before the refund is read: two requests finishing the
		// same refund (the same key sent twice) then run one after the other, and the
		// second sees the first's outcome rather than adding the amount again.
		var bookingID string
		if err := tx.tx.QueryRowContext(ctx, `SELECT booking_id FROM refunds WHERE id = $1`, refundID).
			Scan(&bookingID); err != nil {
			return fmt.Errorf("refund %s: %w", refundID, err)
		}
		var err error
		if b, err = tx.lockBooking(ctx, bookingID); err != nil {
			return err
		}
		var r backoffice.Refund
		if err := tx.tx.QueryRowContext(ctx, `SELECT `+refundColumns+` FROM refunds WHERE id = $1`, refundID).
			Scan(refundFields(&r)...); err != nil {
			return fmt.Errorf("refund %s: %w", refundID, err)
		}
		if r.Status == backoffice.RefundSucceeded {
			return nil
		}
		event := backoffice.Event{BookingID: b.ID, At: now, ActorID: r.ActorID, ActorName: actorName}
		if failure != "" {
			if _, err := tx.tx.ExecContext(ctx, `UPDATE refunds SET status = 'failed', error = $2, updated_at = $3
				WHERE id = $1`, r.ID, failure, ts(now)); err != nil {
				return err
			}
			event.Kind, event.Detail = "refund_failed", failure
			return tx.addEvent(ctx, event)
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE refunds SET status = 'succeeded', provider_ref = $2,
			updated_at = $3 WHERE id = $1`, r.ID, providerRef, ts(now)); err != nil {
			return err
		}
		before := b
		b.Status, b.RefundedMinor = booking.Refunded, b.RefundedMinor+r.AmountMinor
		if _, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET status = $2, refunded_minor = $3 WHERE id = $1`,
			b.ID, string(b.Status), b.RefundedMinor); err != nil {
			return err
		}
		event.Kind, event.Detail = "refunded", fmt.Sprintf("%d|%s", r.AmountMinor, r.Reason)
		if err := tx.addEvent(ctx, event); err != nil {
			return err
		}
		entry.Changes.Diff("status", before.Status, b.Status)
		entry.Changes.Diff("refunded", before.RefundedMinor, b.RefundedMinor)
		if done != nil {
			if _, err := tx.EnqueueEmail(ctx, done); err != nil {
				return err
			}
		}
		return tx.addAudit(ctx, &entry, b.ID)
	})
	if err != nil {
		return b, fmt.Errorf("finish refund %s: %w", refundID, err)
	}
	return b, nil
}

// CloseBooking ends a paid or refund-due booking without a refund through the site
// (backoffice.ErrNotCancellable otherwise): Cancelled, its seats free, with kind and the
// operator's reason in its history.
//
// done, when not nil, is the email telling the customer, enqueued in the same transaction.
func (s *Store) CloseBooking(ctx context.Context, id, kind, reason string, onlyRefundDue bool, actorName string,
	now time.Time, entry audit.Entry, done *mail.Message) (booking.Booking, error) {
	var b booking.Booking
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if b, err = tx.lockBooking(ctx, id); err != nil {
			return err
		}
		if !cancellable(b) || (onlyRefundDue && b.Status != booking.RefundDue) {
			return backoffice.ErrNotCancellable
		}
		before := b.Status
		b.Status = booking.Cancelled
		if _, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET status = 'cancelled' WHERE id = $1`, id); err != nil {
			return err
		}
		if err := tx.addEvent(ctx, backoffice.Event{BookingID: id, At: now, ActorID: entry.ActorID, ActorName: actorName,
			Kind: kind, Detail: reason}); err != nil {
			return err
		}
		entry.Changes.Diff("status", before, b.Status)
		if done != nil {
			if _, err := tx.EnqueueEmail(ctx, done); err != nil {
				return err
			}
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return b, fmt.Errorf("close booking %s: %w", id, err)
	}
	return b, nil
}

// CreatePaidBooking records a booking paid outside the site (b.Source cash or bank
// transfer) on a departure with the seats for it (booking.ErrNoSeats otherwise; closed
// departures take them too: closing stops sales online only). Sets ID, Status Paid,
// CreatedAt and PaidAt to now.
func (s *Store) CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error {
	s.ensureID(&b.ID)
	b.Status, b.StartDate = booking.Paid, tour.Day(b.StartDate)
	b.CreatedAt = now.UTC().Truncate(time.Microsecond)
	b.PaidAt, b.HoldUntil = b.CreatedAt, b.CreatedAt
	err := s.InTx(ctx, func(tx *Store) error {
		dep, taken, err := tx.lockAndCountSeats(ctx, b, now)
		if err != nil {
			return err
		}
		if taken+b.Participants > dep.Capacity {
			return booking.ErrNoSeats
		}
		if err := tx.insertBooking(ctx, b); err != nil {
			return err
		}
		if err := tx.issueTicket(ctx, b.ID, now); err != nil {
			return err
		}
		if err := tx.addEvent(ctx, backoffice.Event{BookingID: b.ID, At: now, ActorID: entry.ActorID, ActorName: actorName,
			Kind: "recorded", Detail: string(b.Source)}); err != nil {
			return err
		}
		entry.Changes.Diff("booking", nil, fmt.Sprintf("%d × %s on %s, %s", b.Participants, b.TourID, day(b.StartDate), b.Source))
		return tx.addAudit(ctx, &entry, b.ID)
	})
	if err != nil {
		return fmt.Errorf("record paid booking on tour %s on %s: %w", b.TourID, day(b.StartDate), err)
	}
	return nil
}

// ReleaseDepartureHolds cancels the open checkouts of a departure, as when it is
// cancelled, and says how many.
func (s *Store) ReleaseDepartureHolds(ctx context.Context, tourID string, date time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = 'cancelled'
		WHERE tour_id = $1 AND start_date = $2 AND status = 'pending'`, tourID, day(date))
	if err != nil {
		return 0, fmt.Errorf("release holds on %s of tour %s: %w", day(date), tourID, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// UpcomingDepartures lists departures from the day before now's (the zones' spread)
// on, soonest first, with their seats, of tours that are not archived; only those of
// tours guideID guides when it is set. At most limit.
func (s *Store) UpcomingDepartures(ctx context.Context, now time.Time, guideID string, limit int) ([]backoffice.DepartureStats, error) {
	args := []any{ts(now), day(now.AddDate(0, 0, -1))}
	guide := ""
	if guideID != "" {
		args = append(args, guideID)
		guide = " AND EXISTS (SELECT 1 FROM tour_guides g WHERE g.tour_id = t.id AND g.user_id = $3)"
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT t.id, t.name, t.time_zone, sd.start_date, sd.start_time,
			sd.capacity, sd.closed,
			COALESCE(SUM(CASE WHEN b.status = 'paid' THEN b.participants ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN b.status = 'pending' AND b.hold_until > $1 THEN b.participants ELSE 0 END), 0)
		FROM tour_start_dates sd JOIN tours t ON t.id = sd.tour_id
		LEFT JOIN bookings b ON b.tour_id = sd.tour_id AND b.start_date = sd.start_date
		WHERE sd.start_date >= $2 AND t.status <> 'archived'`+guide+`
		GROUP BY t.id, t.name, t.time_zone, sd.start_date, sd.start_time, sd.capacity, sd.closed
		ORDER BY sd.start_date, t.name
		LIMIT `+fmt.Sprint(limit), args...)
	if err != nil {
		return nil, fmt.Errorf("upcoming departures: %w", err)
	}
	list, err := collect(rows, func(d *backoffice.DepartureStats) []any {
		return []any{&d.TourID, &d.TourName, &d.TimeZone, timeCol{&d.Date}, &d.StartTime, &d.Capacity, &d.Closed, &d.Sold, &d.Held}
	})
	if err != nil {
		return nil, fmt.Errorf("upcoming departures: %w", err)
	}
	return list, nil
}

// SalesSince counts the bookings paid since, what they kept after refunds per currency,
// and the bookings waiting for an operator's refund.
func (s *Store) SalesSince(ctx context.Context, since time.Time) (backoffice.Sales, error) {
	sales := backoffice.Sales{Revenue: map[string]int64{}}
	rows, err := s.reader().QueryContext(ctx, `SELECT currency, COUNT(*), COALESCE(SUM(amount_minor - refunded_minor), 0)
		FROM bookings WHERE paid_at >= $1 AND status IN ('paid', 'refunded', 'cancelled')
		GROUP BY currency ORDER BY currency`, ts(since))
	if err != nil {
		return sales, fmt.Errorf("sales: %w", err)
	}
	var cur string
	var n int
	var kept int64
	if err := scanAll(rows, func() error {
		if err := rows.Scan(&cur, &n, &kept); err != nil {
			return err
		}
		sales.Bookings += n
		sales.Revenue[cur] = kept
		return nil
	}); err != nil {
		return sales, fmt.Errorf("sales: %w", err)
	}
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings WHERE status = 'refund_due'`).
		Scan(&sales.RefundDue); err != nil {
		return sales, fmt.Errorf("refund-due bookings: %w", err)
	}
	return sales, nil
}

// Users lists accounts whose name or email contains q (without regard to case), by
// name, and how many match.
func (s *Store) Users(ctx context.Context, q string, offset, limit int) ([]account.User, int, error) {
	where, args := "", []any{}
	if q = strings.TrimSpace(q); q != "" {
		where = ` WHERE lower(u.name) LIKE $1 ESCAPE '\' OR u.email LIKE $1 ESCAPE '\'`
		args = append(args, "%"+escapeLike(strings.ToLower(q))+"%")
	}
	var total int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users u`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT `+userColumns+` FROM users u`+where+
		fmt.Sprintf(` ORDER BY u.name, u.id LIMIT %d OFFSET %d`, limit, max(offset, 0)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	list, err := collect(rows, userFields)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	return list, total, nil
}

// UpdateUserAccess changes a user's role and whether they may sign in (nil: unchanged).
// The active admins are locked and counted first, so that two admins demoting each
// other at once cannot leave none (backoffice.ErrLastAdmin). Deactivating ends every
// session of the user in the same transaction.
func (s *Store) UpdateUserAccess(ctx context.Context, id string, role *account.Role, active *bool, entry audit.Entry) (account.User, error) {
	var u account.User
	err := s.InTx(ctx, func(tx *Store) error {
		rows, err := tx.tx.QueryContext(ctx, tx.forUpdate(`SELECT id FROM users WHERE role = 'admin' AND active`))
		if err != nil {
			return err
		}
		admins := map[string]bool{}
		var adminID string
		if err := scanAll(rows, func() error {
			if err := rows.Scan(&adminID); err != nil {
				return err
			}
			admins[adminID] = true
			return nil
		}); err != nil {
			return err
		}
		if u, err = tx.userWhere(ctx, `u.id = $1`, id); err != nil {
			return err
		}
		before := u
		if role != nil {
			u.Role = *role
		}
		if active != nil {
			u.Active = *active
		}
		if admins[id] && len(admins) == 1 && (u.Role != account.RoleAdmin || !u.Active) {
			return backoffice.ErrLastAdmin
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE users SET role = $2, active = $3 WHERE id = $1`,
			id, string(u.Role), u.Active); err != nil {
			return err
		}
		if !u.Active {
			if _, err := tx.tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
				return err
			}
		}
		entry.Changes.Diff("role", before.Role, u.Role)
		entry.Changes.Diff("active", before.Active, u.Active)
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return u, fmt.Errorf("update access of user %s: %w", id, err)
	}
	return u, nil
}

const reviewRowQuery = `SELECT r.id, r.tour_id, t.name, t.slug, u.name, r.rating, r.text, r.hidden, r.created_at
	FROM reviews r JOIN tours t ON t.id = r.tour_id JOIN users u ON u.id = r.user_id`

func (s *Store) reviewRows(ctx context.Context, q querier, query string, args ...any) ([]backoffice.ReviewRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r *backoffice.ReviewRow) []any {
		return []any{&r.ID, &r.TourID, &r.TourName, &r.TourSlug, &r.UserName, &r.Rating, &r.Text, &r.Hidden, timeCol{&r.CreatedAt}}
	})
}

// Reviews lists every review, hidden or not, newest first, and how many there are.
func (s *Store) Reviews(ctx context.Context, offset, limit int) ([]backoffice.ReviewRow, int, error) {
	var total int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM reviews`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count reviews: %w", err)
	}
	list, err := s.reviewRows(ctx, s.reader(), reviewRowQuery+
		fmt.Sprintf(` ORDER BY r.created_at DESC, r.id DESC LIMIT %d OFFSET %d`, limit, max(offset, 0)))
	if err != nil {
		return nil, 0, fmt.Errorf("list reviews: %w", err)
	}
	return list, total, nil
}

// SetReviewHidden hides or shows a review and recomputes its tour's rating from the
// shown ones, in one transaction (backoffice.ErrReviewNotFound when there is none).
func (s *Store) SetReviewHidden(ctx context.Context, id string, hidden bool, entry audit.Entry) (backoffice.ReviewRow, error) {
	var r backoffice.ReviewRow
	err := s.InTx(ctx, func(tx *Store) error {
		list, err := tx.reviewRows(ctx, tx.tx, reviewRowQuery+` WHERE r.id = $1`, id)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return backoffice.ErrReviewNotFound
		}
		r = list[0]
		if r.Hidden == hidden {
			return nil
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE reviews SET hidden = $2 WHERE id = $1`, id, hidden); err != nil {
			return err
		}
		entry.Changes.Diff("hidden", r.Hidden, hidden)
		r.Hidden = hidden
		if err := tx.recomputeRating(ctx, r.TourID); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, id)
	})
	if err != nil {
		return r, fmt.Errorf("set review %s hidden: %w", id, err)
	}
	return r, nil
}

// recomputeRating sets a tour's rating average and count from its shown reviews. On
// PostgreSQL it first locks the tour's row in a statement of its own: under read committed
// an UPDATE that waits for another review's transaction computes its subqueries from the
// snapshot it started with, without that review; the statement after the wait sees it. The
// lock is FOR NO KEY UPDATE, which the key-share lock that inserting a review takes on its
// tour does not block, so two reviews at once queue instead of deadlocking.
func (s *Store) recomputeRating(ctx context.Context, tourID string) error {
	if s.dialect == Postgres {
		var id string
		if err := s.tx.QueryRowContext(ctx, `SELECT id FROM tours WHERE id = $1 FOR NO KEY UPDATE`, tourID).Scan(&id); err != nil {
			return fmt.Errorf("lock tour %s for its rating: %w", tourID, err)
		}
	}
	_, err := s.tx.ExecContext(ctx, `UPDATE tours SET
		ratings_count = (SELECT COUNT(*) FROM reviews WHERE tour_id = $1 AND NOT hidden),
		ratings_average = (SELECT COALESCE(AVG(rating), 0) FROM reviews WHERE tour_id = $1 AND NOT hidden)
		WHERE id = $1`, tourID)
	if err != nil {
		return fmt.Errorf("recompute rating of tour %s: %w", tourID, err)
	}
	return nil
}

var _ backoffice.Store = (*Store)(nil)
