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
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// The back office's side of bookings, users and reviews.

const bookingRowColumns = `b.id, b.tour_id, b.user_id, b.start_date, b.participants, b.amount_minor,
	b.currency, b.provider, b.checkout_id, b.payment_ref, b.status, b.hold_until, b.created_at,
	b.paid_at, b.source, b.refunded_minor, b.cancellation_policy, b.paid_minor, b.pay_by, b.contact_name,
	b.contact_email, b.contact_phone, b.notes, b.price_note, b.reference, b.terms_version, b.terms_accepted_at,
	b.units, b.extras, b.travellers, b.answers, b.deposit_minor, b.balance_due_on,
	t.name, t.slug, t.time_zone,
	COALESCE(sd.start_time, ''),
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
	if !f.Search.Empty() {
		// A search reads every booking once, for the page and its count together; a
		// page past the last has no row to carry the count, which is then asked alone.
		type counted struct {
			row   backoffice.BookingRow
			total int
		}
		rows, err := s.reader().QueryContext(ctx, list, args...)
		if err != nil {
			return nil, 0, fmt.Errorf("search bookings: %w", err)
		}
		found, err := collect(rows, func(c *counted) []any { return append(bookingRowFields(&c.row), &c.total) })
		if err != nil {
			return nil, 0, fmt.Errorf("search bookings: %w", err)
		}
		if len(found) > 0 || f.Offset <= 0 {
			page := make([]backoffice.BookingRow, len(found))
			for i, c := range found {
				page[i] = c.row
			}
			total := 0
			if len(found) > 0 {
				total = found[0].total
			}
			return page, total, nil
		}
	}
	var total int
	if err := s.reader().QueryRowContext(ctx, count, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count bookings: %w", err)
	}
	if !f.Search.Empty() {
		return []backoffice.BookingRow{}, total, nil
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
	if cond, more := searchCond(f.Search, len(args)); cond != "" {
		// The search reads every booking's search columns (a LIKE on any part has no
		// index): about 20 ms at 100,000 bookings (README, Performance).
		conds, args = append(conds, cond), append(args, more...)
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
	page := fmt.Sprintf(` LIMIT %d OFFSET %d`, limit, max(f.Offset, 0))
	if !f.Search.Empty() {
		// A search reads every booking's search columns anyway: its matches are found
		// first (on SQLite off the covering index bookings_search, as the count) and
		// then sorted, rather than every booking read in the list's order to be tested;
		// each row of the page carries how many were found.
		list = `WITH found AS MATERIALIZED (SELECT b.id, b.created_at FROM bookings b` + where(listed...) + `)
			SELECT ` + bookingRowColumns + `, page.total FROM (SELECT f.id, COUNT(*) OVER () AS total FROM found f
				ORDER BY f.created_at DESC, f.id DESC` + page + `) page
			JOIN bookings b ON b.id = page.id` + bookingRowJoins + order
		return count, list, args
	}
	list = `SELECT ` + bookingRowColumns + ` FROM (SELECT b.id FROM bookings b` + where(listed...) + order + page + `) page
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
// of them since) or are awaiting payment, oldest first: the manifest, and what a
// departure's cancellation cancels.
func (s *Store) DepartureBookings(ctx context.Context, tourID string, date time.Time) ([]backoffice.BookingRow, error) {
	list, err := s.bookingRows(ctx, s.reader(), `SELECT `+bookingRowColumns+bookingRowFrom+`
		WHERE b.tour_id = $1 AND b.start_date = $2 AND (b.paid_at IS NOT NULL OR b.status = 'awaiting_payment')
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
	error, actor_id, reason, created_at, updated_at, settled_at, settled_ref`

func refundFields(r *backoffice.Refund) []any {
	return []any{&r.ID, &r.BookingID, &r.Key, &r.AmountMinor, &r.Currency, &r.Provider, &r.ProviderRef,
		&r.Status, &r.Error, &r.ActorID, &r.Reason, timeCol{&r.CreatedAt}, timeCol{&r.UpdatedAt},
		timeCol{&r.SettledAt}, &r.SettledRef}
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

// LockBooking reads a booking and locks it until the transaction ends
// (booking.ErrNotFound): a second transaction changing it waits, then reads it changed.
func (s *Store) LockBooking(ctx context.Context, id string) (booking.Booking, error) {
	if err := s.needTx("lock booking"); err != nil {
		return booking.Booking{}, err
	}
	b, err := s.lockBooking(ctx, id)
	if err != nil {
		return b, fmt.Errorf("booking %s: %w", id, err)
	}
	return b, nil
}

// SetBookingState sets a booking's status and the amount refunded of it.
func (s *Store) SetBookingState(ctx context.Context, id string, status booking.Status, refundedMinor int64) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = $2, refunded_minor = $3 WHERE id = $1`,
		id, string(status), refundedMinor)
	return updated(res, err, "set state of booking "+id, booking.ErrNotFound)
}

// AddRefunded adds amountMinor to what was refunded of a booking and sets its status.
// The sum is taken in the database, from the row as it is, never from a copy read
// earlier: a refund's amount is added by the one request that recorded it (FinishRefund).
func (s *Store) AddRefunded(ctx context.Context, id string, status booking.Status, amountMinor int64) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = $2, refunded_minor = refunded_minor + $3 WHERE id = $1`,
		id, string(status), amountMinor)
	return updated(res, err, "add refunded to booking "+id, booking.ErrNotFound)
}

// AddBookingEvent writes a line of a booking's history.
func (s *Store) AddBookingEvent(ctx context.Context, e backoffice.Event) error {
	if err := s.needTx("booking event"); err != nil {
		return err
	}
	return s.addEvent(ctx, e)
}

// AddAudit writes entry about objectID (when the entry names none) at the store's clock
// unless it has its own time.
func (s *Store) AddAudit(ctx context.Context, entry audit.Entry, objectID string) error {
	if err := s.needTx("audit"); err != nil {
		return err
	}
	return s.addAudit(ctx, &entry, objectID)
}

// RefundByKey finds the refund made with an idempotency key (backoffice.ErrRefundNotFound).
func (s *Store) RefundByKey(ctx context.Context, key string) (backoffice.Refund, error) {
	return s.refundWhere(ctx, `idem_key = $1`, key)
}

// RefundByID finds a refund (backoffice.ErrRefundNotFound).
func (s *Store) RefundByID(ctx context.Context, id string) (backoffice.Refund, error) {
	return s.refundWhere(ctx, `id = $1`, id)
}

func (s *Store) refundWhere(ctx context.Context, where string, arg any) (backoffice.Refund, error) {
	var r backoffice.Refund
	err := s.reader().QueryRowContext(ctx, `SELECT `+refundColumns+` FROM refunds WHERE `+where, arg).
		Scan(refundFields(&r)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = backoffice.ErrRefundNotFound
	}
	if err != nil {
		return r, fmt.Errorf("refund %v: %w", arg, err)
	}
	return r, nil
}

// PendingRefunds counts a booking's refunds still pending.
func (s *Store) PendingRefunds(ctx context.Context, bookingID string) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM refunds WHERE booking_id = $1 AND status = 'pending'`,
		bookingID).Scan(&n); err != nil {
		return 0, fmt.Errorf("pending refunds of booking %s: %w", bookingID, err)
	}
	return n, nil
}

// AddRefund writes r (its ID set when empty, CreatedAt and UpdatedAt to now). A second
// refund with r.Key written at the same moment is backoffice.ErrRefundInProgress.
func (s *Store) AddRefund(ctx context.Context, r *backoffice.Refund, now time.Time) error {
	s.ensureID(&r.ID)
	r.CreatedAt = now.UTC().Truncate(time.Microsecond)
	r.UpdatedAt = r.CreatedAt
	_, err := s.writer().ExecContext(ctx, `INSERT INTO refunds (`+refundColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
		r.ID, r.BookingID, r.Key, r.AmountMinor, r.Currency, r.Provider, r.ProviderRef, string(r.Status),
		r.Error, r.ActorID, r.Reason, ts(r.CreatedAt), ts(r.UpdatedAt), tsNull(r.SettledAt), r.SettledRef)
	if isUnique(err, "refunds_idem_key_key", "refunds.idem_key") {
		// The same key at the same moment on PostgreSQL: the other transaction won.
		err = backoffice.ErrRefundInProgress
	}
	if err != nil {
		return fmt.Errorf("add refund of booking %s: %w", r.BookingID, err)
	}
	return nil
}

// UpdateRefund writes a refund's Status, ProviderRef, Error, UpdatedAt, SettledAt and
// SettledRef.
func (s *Store) UpdateRefund(ctx context.Context, r backoffice.Refund) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE refunds SET status = $2, provider_ref = $3, error = $4,
		updated_at = $5, settled_at = $6, settled_ref = $7 WHERE id = $1`,
		r.ID, string(r.Status), r.ProviderRef, r.Error, ts(r.UpdatedAt), tsNull(r.SettledAt), r.SettledRef)
	return updated(res, err, "update refund "+r.ID, backoffice.ErrRefundNotFound)
}

// FinishRefund records how the provider answered refund r (its Status, ProviderRef,
// Error and UpdatedAt) unless it went through already (succeeded or owed), and reports
// whether it wrote: of several requests finishing one refund, only the one that
// recorded it goes on to add its amount to the booking (AddRefunded). A refund missing
// is backoffice.ErrRefundNotFound.
func (s *Store) FinishRefund(ctx context.Context, r backoffice.Refund) (bool, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE refunds SET status = $2, provider_ref = $3, error = $4, updated_at = $5
		WHERE id = $1 AND status NOT IN ('succeeded', 'owed')`,
		r.ID, string(r.Status), r.ProviderRef, r.Error, ts(r.UpdatedAt))
	if err != nil {
		return false, fmt.Errorf("finish refund %s: %w", r.ID, err)
	}
	if ok, err := affected(res); err != nil || ok {
		return ok, err
	}
	if _, err := s.RefundByID(ctx, r.ID); err != nil {
		return false, err
	}
	return false, nil
}

// CreatePaidBooking records a booking paid outside the site (b.Source cash or bank
// transfer), with its ticket, history line and audit entry (CreateOfficeBooking); or,
// with b.Status booking.AwaitingPayment, one to be paid that way (no ticket until it is
// paid). Whether the departure has the seats is the back office's to decide, under
// LockDeparture in the same transaction. Sets ID, CreatedAt, and for a paid one Status
// Paid, PaidAt to now and PaidMinor to AmountMinor.
func (s *Store) CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error {
	if b.Status != booking.AwaitingPayment {
		b.Status, b.PaidAt, b.PaidMinor = booking.Paid, now.UTC().Truncate(time.Microsecond), b.AmountMinor
	}
	return s.CreateOfficeBooking(ctx, b, backoffice.NewBookingRecord{}, actorName, now, entry)
}

// recordedDetail is the history's note of a booking an operator recorded: how it was
// paid, or "awaiting " and how it is to be paid.
func recordedDetail(b booking.Booking) string {
	if b.Status == booking.AwaitingPayment {
		return "awaiting " + string(b.Source)
	}
	return string(b.Source)
}

// DepartureHolds lists a departure's pending bookings (seat holds, waiting-list offers
// among them) with their id, provider and checkout id.
func (s *Store) DepartureHolds(ctx context.Context, tourID string, date time.Time) ([]booking.Booking, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, provider, checkout_id FROM bookings
		WHERE tour_id = $1 AND start_date = $2 AND status = 'pending'`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("holds on %s of tour %s: %w", day(date), tourID, err)
	}
	defer rows.Close()
	var list []booking.Booking
	for rows.Next() {
		var b booking.Booking
		if err := rows.Scan(&b.ID, &b.Provider, &b.CheckoutID); err != nil {
			return nil, fmt.Errorf("holds on %s of tour %s: %w", day(date), tourID, err)
		}
		list = append(list, b)
	}
	return list, rows.Err()
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
	return s.Departures(ctx, backoffice.CalendarFilter{From: now.AddDate(0, 0, -1), GuideID: guideID, Limit: limit}, now)
}

// Departures lists the departures of tours that are not archived whose day is within
// f's (a zero bound is open), soonest first (by day, start time, tour), with their seats
// sold and held at now and the travellers checked in.
func (s *Store) Departures(ctx context.Context, f backoffice.CalendarFilter, now time.Time) ([]backoffice.DepartureStats, error) {
	args := []any{ts(now)}
	where := []string{"t.status <> 'archived'"}
	add := func(cond string, arg any) {
		args = append(args, arg)
		where = append(where, fmt.Sprintf(cond, len(args)))
	}
	if !f.From.IsZero() {
		add("sd.start_date >= $%d", day(f.From))
	}
	if !f.To.IsZero() {
		add("sd.start_date <= $%d", day(f.To))
	}
	if f.TourID != "" {
		add("sd.tour_id = $%d", f.TourID)
	}
	if f.GuideID != "" {
		add("EXISTS (SELECT 1 FROM tour_guides g WHERE g.tour_id = t.id AND g.user_id = $%d)", f.GuideID)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 1000
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT t.id, t.name, t.time_zone, sd.start_date, sd.start_time,
			sd.meeting_point, sd.capacity, sd.closed, sd.cancelled_at,
			COALESCE(SUM(CASE WHEN b.status = 'paid' THEN b.participants ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN b.status = 'awaiting_payment' OR (b.status = 'pending' AND b.hold_until > $1)
				THEN b.participants ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN b.status = 'paid' THEN tk.arrived ELSE 0 END), 0)
		FROM tour_start_dates sd JOIN tours t ON t.id = sd.tour_id
		LEFT JOIN bookings b ON b.tour_id = sd.tour_id AND b.start_date = sd.start_date
		LEFT JOIN tickets tk ON tk.booking_id = b.id
		WHERE `+strings.Join(where, " AND ")+`
		GROUP BY t.id, t.name, t.time_zone, sd.start_date, sd.start_time, sd.meeting_point, sd.capacity,
			sd.closed, sd.cancelled_at
		ORDER BY sd.start_date, sd.start_time, t.name, t.id
		LIMIT `+fmt.Sprint(limit), args...)
	if err != nil {
		return nil, fmt.Errorf("departures: %w", err)
	}
	list, err := collect(rows, func(d *backoffice.DepartureStats) []any {
		return []any{&d.TourID, &d.TourName, &d.TimeZone, timeCol{&d.Date}, &d.StartTime, &d.MeetingPoint,
			&d.Capacity, &d.Closed, cancelledCol{&d.Cancelled}, &d.Sold, &d.Held, &d.CheckedIn}
	})
	if err != nil {
		return nil, fmt.Errorf("departures: %w", err)
	}
	return list, nil
}

// cancelledCol scans a nullable time column as whether it is set.
type cancelledCol struct{ set *bool }

func (c cancelledCol) Scan(src any) error {
	*c.set = src != nil
	return nil
}

// SalesSince counts the bookings paid since, what they kept after refunds per currency,
// and the bookings waiting for an operator's refund.
func (s *Store) SalesSince(ctx context.Context, since time.Time) (backoffice.Sales, error) {
	sales := backoffice.Sales{Revenue: map[string]int64{}}
	rows, err := s.reader().QueryContext(ctx, `SELECT currency, COUNT(*), COALESCE(SUM(paid_minor - refunded_minor), 0)
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

// LockActiveAdmins returns the ids of the active admins, locked until the transaction
// ends (on PostgreSQL; SQLite's single writer serialises anyway), so two changes of
// admins cannot each see the other still there.
func (s *Store) LockActiveAdmins(ctx context.Context) ([]string, error) {
	if err := s.needTx("lock admins"); err != nil {
		return nil, err
	}
	rows, err := s.tx.QueryContext(ctx, s.forUpdate(`SELECT id FROM users WHERE role = 'admin' AND active`))
	if err != nil {
		return nil, fmt.Errorf("active admins: %w", err)
	}
	ids, err := collect(rows, func(id *string) []any { return []any{id} })
	if err != nil {
		return nil, fmt.Errorf("active admins: %w", err)
	}
	return ids, nil
}

// SetUserAccess sets a user's role and whether the account is active.
func (s *Store) SetUserAccess(ctx context.Context, id string, role account.Role, active bool) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE users SET role = $2, active = $3 WHERE id = $1`,
		id, string(role), active)
	return updated(res, err, "set access of user "+id, account.ErrNotFound)
}

const reviewRowQuery = `SELECT r.id, r.tour_id, t.name, t.slug, u.name, r.rating, r.text, r.hidden, r.created_at
	FROM reviews r JOIN tours t ON t.id = r.tour_id JOIN users u ON u.id = r.user_id`

func (s *Store) reviewRows(ctx context.Context, q querier, query string, args ...any) ([]review.Row, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r *review.Row) []any {
		return []any{&r.ID, &r.TourID, &r.TourName, &r.TourSlug, &r.UserName, &r.Rating, &r.Text, &r.Hidden, timeCol{&r.CreatedAt}}
	})
}

// Reviews lists every review, hidden or not, newest first, and how many there are.
func (s *Store) Reviews(ctx context.Context, offset, limit int) ([]review.Row, int, error) {
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
// shown ones, in one transaction (review.ErrNoSuchReview when there is none).
func (s *Store) SetReviewHidden(ctx context.Context, id string, hidden bool, entry audit.Entry) (review.Row, error) {
	var r review.Row
	err := s.InTx(ctx, func(tx *Store) error {
		list, err := tx.reviewRows(ctx, tx.tx, reviewRowQuery+` WHERE r.id = $1`, id)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return review.ErrNoSuchReview
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
