package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// holdsSeats is the SQL twin of booking.Booking.HoldsSeats for a booking b, with now as
// $1; takenSum adds up the seats of the bookings it lets through.
const (
	holdsSeats = `(b.status IN ('paid', 'awaiting_payment') OR (b.status = 'pending' AND b.hold_until > $1))`
	takenSum   = `COALESCE(SUM(b.participants), 0)`
)

const bookingColumns = `id, tour_id, user_id, start_date, participants, amount_minor, currency,
	provider, checkout_id, payment_ref, status, hold_until, created_at, paid_at, source, refunded_minor,
	cancellation_policy, paid_minor, pay_by, contact_name, contact_email, contact_phone, notes, price_note,
	reference, terms_version, terms_accepted_at, units, extras, travellers, answers, deposit_minor, balance_due_on`

func bookingFields(b *booking.Booking) []any {
	return []any{&b.ID, &b.TourID, &b.UserID, timeCol{&b.StartDate}, &b.Participants,
		&b.AmountMinor, &b.Currency, &b.Provider, &b.CheckoutID, &b.PaymentRef, &b.Status,
		timeCol{&b.HoldUntil}, timeCol{&b.CreatedAt}, timeCol{&b.PaidAt}, &b.Source, &b.RefundedMinor,
		policyCol{&b.Policy}, &b.PaidMinor, timeCol{&b.PayBy}, &b.ContactName, &b.ContactEmail, &b.ContactPhone,
		&b.Notes, &b.PriceNote, textCol{&b.Reference}, intCol{&b.TermsVersion}, timeCol{&b.TermsAcceptedAt},
		jsonCol[[]booking.Unit]{&b.Units}, jsonCol[[]booking.ExtraLine]{&b.Extras},
		jsonCol[[]booking.Traveller]{&b.Travellers}, jsonCol[[]booking.Answer]{&b.Answers}, &b.DepositMinor, timeCol{&b.BalanceDue}}
}

// insertBooking writes b as it is, with its reference (a new one when b has none: one
// already taken is skipped by ON CONFLICT and another drawn, so the transaction never
// fails on the unique index) and its search columns.
func (s *Store) insertBooking(ctx context.Context, b *booking.Booking) error {
	if b.Source == "" {
		b.Source = booking.Online
	}
	given := b.Reference != ""
	lines, err := bookingLines(b)
	if err != nil {
		return fmt.Errorf("booking %s: %w", b.ID, err)
	}
	for range 5 {
		if !given {
			b.Reference = s.newReference()
		}
		res, err := s.tx.ExecContext(ctx, `INSERT INTO bookings (`+bookingColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
				$22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33)
			ON CONFLICT (reference) DO NOTHING`,
			b.ID, b.TourID, b.UserID, day(b.StartDate), b.Participants, b.AmountMinor, b.Currency,
			b.Provider, b.CheckoutID, b.PaymentRef, string(b.Status), ts(b.HoldUntil), ts(b.CreatedAt), tsNull(b.PaidAt),
			string(b.Source), b.RefundedMinor, policyArg(b.Policy), b.PaidMinor, dayNull(b.PayBy), b.ContactName,
			b.ContactEmail, b.ContactPhone, b.Notes, b.PriceNote, b.Reference, intNull(b.TermsVersion), tsNull(b.TermsAcceptedAt),
			lines[0], lines[1], lines[2], lines[3], b.DepositMinor, dayNull(b.BalanceDue))
		if isForeignKey(err) {
			return fmt.Errorf("user %s: %w", b.UserID, account.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if ok, err := affected(res); err != nil || ok {
			if err != nil {
				return err
			}
			_, err = s.refreshSearch(ctx, `b.id = $1`, b.ID)
			return err
		}
		if given {
			return fmt.Errorf("booking %s: reference %s is taken", b.ID, b.Reference)
		}
	}
	return fmt.Errorf("booking %s: no free reference in 5 draws", b.ID)
}

// bookingLines is the units, extras, travellers and answers columns of b.
func bookingLines(b *booking.Booking) ([4]string, error) {
	var out [4]string
	var err error
	if out[0], err = jsonArg(b.Units); err != nil {
		return out, err
	}
	if out[1], err = jsonArg(b.Extras); err != nil {
		return out, err
	}
	if out[2], err = jsonArg(b.Travellers); err != nil {
		return out, err
	}
	out[3], err = jsonArg(b.Answers)
	return out, err
}

// SetBookingDetails replaces the travellers and answers of a booking (the traveller
// changing them before the cut-off; whether they may is the service's to decide), and
// what the booking is searched by with them.
func (s *Store) SetBookingDetails(ctx context.Context, id string, travellers []booking.Traveller, answers []booking.Answer) error {
	t, err := jsonArg(travellers)
	if err != nil {
		return err
	}
	a, err := jsonArg(answers)
	if err != nil {
		return err
	}
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET travellers = $2, answers = $3 WHERE id = $1`, id, t, a)
		if err := updated(res, err, "set details of booking "+id, booking.ErrNotFound); err != nil {
			return err
		}
		// The travellers' names and phones are searched for (booking_search.go).
		_, err = tx.refreshSearch(ctx, `b.id = $1`, id)
		return err
	})
}

// CreateHold stores b as a Pending booking whose seats are held until b.HoldUntil. Whether
// the departure has the seats is the booking service's to decide (booking.Service.Hold),
// under LockDeparture in the same transaction. Sets ID, Status, CreatedAt (to now) and
// StartDate to its day.
func (s *Store) CreateHold(ctx context.Context, b *booking.Booking, now time.Time) error {
	if b.Participants <= 0 {
		return fmt.Errorf("create hold for tour %s: participants must be at least 1, got %d", b.TourID, b.Participants)
	}
	if !b.HoldUntil.After(now) {
		// A hold that has already ended would hold no seats: HoldUntil was left unset.
		return fmt.Errorf("create hold for tour %s: hold ends %s, not after now %s", b.TourID, ts(b.HoldUntil), ts(now))
	}
	s.ensureID(&b.ID)
	b.Status = booking.Pending
	b.StartDate = tour.Day(b.StartDate)
	b.CreatedAt = now.UTC().Truncate(time.Microsecond)
	b.HoldUntil = b.HoldUntil.UTC().Truncate(time.Microsecond)
	err := s.InTx(ctx, func(tx *Store) error { return tx.insertBooking(ctx, b) })
	if err != nil {
		return fmt.Errorf("create hold for tour %s on %s: %w", b.TourID, day(b.StartDate), err)
	}
	return nil
}

// SetCheckout records the provider's checkout session for a booking.
func (s *Store) SetCheckout(ctx context.Context, bookingID, provider, checkoutID string) error {
	res, err := s.writer().ExecContext(ctx,
		`UPDATE bookings SET provider = $2, checkout_id = $3 WHERE id = $1`, bookingID, provider, checkoutID)
	return updated(res, err, "set checkout of booking "+bookingID, booking.ErrNotFound)
}

// BookingByID returns the booking or booking.ErrNotFound.
func (s *Store) BookingByID(ctx context.Context, id string) (booking.Booking, error) {
	b, err := s.bookingWhere(ctx, s.reader(), `id = $1`, id)
	if err != nil {
		return b, fmt.Errorf("booking %s: %w", id, err)
	}
	return b, nil
}

// BookingByCheckout finds the booking of a provider's checkout session, or
// booking.ErrNotFound.
func (s *Store) BookingByCheckout(ctx context.Context, provider, checkoutID string) (booking.Booking, error) {
	if checkoutID == "" { // bookings without a checkout store "", which must not match
		return booking.Booking{}, fmt.Errorf("booking of empty %s checkout: %w", provider, booking.ErrNotFound)
	}
	b, err := s.bookingWhere(ctx, s.reader(), `provider = $1 AND checkout_id = $2`, provider, checkoutID)
	if err != nil {
		return b, fmt.Errorf("booking of %s checkout %s: %w", provider, checkoutID, err)
	}
	return b, nil
}

func (s *Store) bookingWhere(ctx context.Context, q querier, where string, args ...any) (booking.Booking, error) {
	var b booking.Booking
	err := q.QueryRowContext(ctx, `SELECT `+bookingColumns+` FROM bookings WHERE `+where, args...).
		Scan(bookingFields(&b)...)
	if errors.Is(err, sql.ErrNoRows) {
		return booking.Booking{}, booking.ErrNotFound
	}
	return b, err
}

// CancelBooking turns a Pending booking into Cancelled, freeing its seats; a booking in
// any other state is left as it is. A missing one is booking.ErrNotFound.
func (s *Store) CancelBooking(ctx context.Context, id string) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = 'cancelled'
		WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return fmt.Errorf("cancel booking %s: %w", id, err)
	}
	if ok, err := affected(res); err != nil || ok {
		return err
	}
	if _, err := s.bookingWhere(ctx, s.writer(), `id = $1`, id); err != nil {
		return fmt.Errorf("cancel booking %s: %w", id, err)
	}
	return nil
}

// RecordPayment writes what a payment settled on a booking: its Status, PaymentRef,
// PaidAt, and AmountMinor and Currency (what was paid, which is what an operator
// refunds). What the status is (paid, or refund due) is the booking service's to decide,
// under LockBooking in the same transaction.
func (s *Store) RecordPayment(ctx context.Context, b booking.Booking) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = $2, payment_ref = $3,
		paid_at = $4, amount_minor = $5, currency = $6, paid_minor = $7 WHERE id = $1`,
		b.ID, string(b.Status), b.PaymentRef, tsNull(b.PaidAt), b.AmountMinor, b.Currency, b.PaidMinor)
	return updated(res, err, "record payment of booking "+b.ID, booking.ErrNotFound)
}

// ExpireHolds cancels every Pending booking whose hold ended at or before now and says
// how many.
func (s *Store) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE bookings SET status = 'cancelled'
		WHERE status = 'pending' AND hold_until <= $1`, ts(now))
	if err != nil {
		return 0, fmt.Errorf("expire holds: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// DueHolds lists the Pending bookings whose hold ended at or before now and that have a
// provider's checkout: the ones ExpireHolds is about to cancel, whose checkouts the
// booking service then closes.
func (s *Store) DueHolds(ctx context.Context, now time.Time) ([]booking.Booking, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+bookingColumns+` FROM bookings
		WHERE status = 'pending' AND hold_until <= $1 AND checkout_id <> '' ORDER BY hold_until, id`, ts(now))
	if err != nil {
		return nil, fmt.Errorf("holds due: %w", err)
	}
	list, err := collect(rows, bookingFields)
	if err != nil {
		return nil, fmt.Errorf("holds due: %w", err)
	}
	return list, nil
}

// UserBookings lists a user's bookings, newest first.
func (s *Store) UserBookings(ctx context.Context, userID string) ([]booking.Booking, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+bookingColumns+` FROM bookings
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, fmt.Errorf("bookings of user %s: %w", userID, err)
	}
	list, err := collect(rows, bookingFields)
	if err != nil {
		return nil, fmt.Errorf("bookings of user %s: %w", userID, err)
	}
	return list, nil
}

// ReleaseHolds cancels the user's open checkouts for a tour, so that booking again (a
// second click, the back button) replaces the earlier hold instead of adding to it.
// Seats offered to the user from a waiting list are kept: the offer is not a checkout
// they opened. It returns the bookings it cancelled (their provider's checkouts are the
// booking service's to close).
func (s *Store) ReleaseHolds(ctx context.Context, userID, tourID string) ([]booking.Booking, error) {
	var released []booking.Booking
	err := s.InTx(ctx, func(tx *Store) error {
		const mine = ` FROM bookings WHERE user_id = $1 AND tour_id = $2 AND status = 'pending'
			AND id NOT IN (SELECT booking_id FROM waitlist_entries WHERE user_id = $1 AND status = 'offered')`
		rows, err := tx.tx.QueryContext(ctx, tx.forUpdate(`SELECT `+bookingColumns+mine+` ORDER BY id`), userID, tourID)
		if err != nil {
			return err
		}
		if released, err = collect(rows, bookingFields); err != nil || len(released) == 0 {
			return err
		}
		for i := range released {
			if _, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET status = 'cancelled' WHERE id = $1`, released[i].ID); err != nil {
				return err
			}
			released[i].Status = booking.Cancelled
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("release holds of user %s on tour %s: %w", userID, tourID, err)
	}
	return released, nil
}

// OpenHolds counts the user's checkouts still holding seats at now.
func (s *Store) OpenHolds(ctx context.Context, userID string, now time.Time) (int, error) {
	var n int
	err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings
		WHERE user_id = $1 AND status = 'pending' AND hold_until > $2`, userID, ts(now)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count open holds of user %s: %w", userID, err)
	}
	return n, nil
}

// PaidBookingsDeparting lists the paid bookings whose departure's day is from..to
// (inclusive), for the emails that come before and after a tour.
func (s *Store) PaidBookingsDeparting(ctx context.Context, from, to time.Time) ([]booking.Booking, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+bookingColumns+` FROM bookings
		WHERE status = 'paid' AND start_date >= $1 AND start_date <= $2 ORDER BY start_date, id`, day(from), day(to))
	if err != nil {
		return nil, fmt.Errorf("paid bookings departing %s..%s: %w", day(from), day(to), err)
	}
	list, err := collect(rows, bookingFields)
	if err != nil {
		return nil, fmt.Errorf("paid bookings departing: %w", err)
	}
	return list, nil
}

// notOffer leaves out bookings that are a waiting list's offer (made for the user, not
// asked for by them); b is the bookings table.
const notOffer = ` AND NOT EXISTS (SELECT 1 FROM waitlist_entries w WHERE w.booking_id = b.id)`

// LastHold returns the user's unpaid checkout (pending or cancelled, paid online, opened
// at the provider, not a waiting list offer) on a departure whose hold ended or ends
// last, or
// booking.ErrNotFound. How long a new hold may last after it is the booking service's
// rule.
func (s *Store) LastHold(ctx context.Context, userID, tourID string, date time.Time) (booking.Booking, error) {
	var b booking.Booking
	err := s.reader().QueryRowContext(ctx, `SELECT `+bookingColumns+` FROM bookings b
		WHERE b.user_id = $1 AND b.tour_id = $2 AND b.start_date = $3 AND b.status IN ('pending', 'cancelled')
		AND b.source = 'online' AND b.checkout_id <> ''`+notOffer+` ORDER BY b.hold_until DESC, b.id DESC LIMIT 1`,
		userID, tourID, day(date)).Scan(bookingFields(&b)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = booking.ErrNotFound
	}
	if err != nil {
		return booking.Booking{}, fmt.Errorf("last hold of user %s on tour %s on %s: %w", userID, tourID, day(date), err)
	}
	return b, nil
}

// CheckoutsSince counts the checkouts the user opened (bookings paid online, waiting
// list offers left out) since a time, whatever became of them.
func (s *Store) CheckoutsSince(ctx context.Context, userID string, since time.Time) (int, error) {
	var n int
	err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM bookings b
		WHERE b.user_id = $1 AND b.created_at >= $2 AND b.source = 'online'`+notOffer, userID, ts(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count checkouts of user %s: %w", userID, err)
	}
	return n, nil
}

// HeldSeats adds up the seats the user's checkouts hold at now (pending bookings whose
// hold runs; waiting list offers left out).
func (s *Store) HeldSeats(ctx context.Context, userID string, now time.Time) (int, error) {
	var n int
	err := s.reader().QueryRowContext(ctx, `SELECT `+takenSum+` FROM bookings b
		WHERE b.user_id = $2 AND b.status = 'pending' AND b.hold_until > $1`+notOffer, ts(now), userID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("seats held by user %s: %w", userID, err)
	}
	return n, nil
}

// SetBookingTerms records on a booking the version of the terms of booking its traveller
// accepted, and when (a waiting list offer's, accepted as it is paid).
func (s *Store) SetBookingTerms(ctx context.Context, id string, version int, at time.Time) error {
	if _, err := s.tx.ExecContext(ctx, `UPDATE bookings SET terms_version = $1, terms_accepted_at = $2 WHERE id = $3`,
		version, ts(at), id); err != nil {
		return fmt.Errorf("booking %s terms: %w", id, err)
	}
	return nil
}
