package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// The waiting list of sold-out departures (internal/waitlist). The waiting list service
// runs its workflow (who is offered which seats, when an offer lapses) in its own or a
// caller's transaction; these are the reads and writes it needs. The writes that take a
// transaction's locks say so and refuse to run outside one.

const waitlistColumns = `w.id, w.tour_id, w.start_date, w.user_id, w.participants, w.status, w.created_at,
	w.passes, COALESCE(w.booking_id, ''), w.offered_at, w.offer_until, w.checkout_url`

func waitlistFields(e *waitlist.Entry) []any {
	return []any{&e.ID, &e.TourID, timeCol{&e.StartDate}, &e.UserID, &e.Participants, &e.Status,
		timeCol{&e.CreatedAt}, &e.Passes, &e.BookingID, timeCol{&e.OfferedAt}, timeCol{&e.OfferUntil}, &e.CheckoutURL}
}

// WaitlistEntry returns one entry, or waitlist.ErrNotFound.
func (s *Store) WaitlistEntry(ctx context.Context, id string) (waitlist.Entry, error) {
	e, err := s.waitlistEntry(ctx, s.reader(), id)
	if err != nil {
		return e, fmt.Errorf("waiting list entry %s: %w", id, err)
	}
	return e, nil
}

func (s *Store) waitlistEntry(ctx context.Context, q querier, id string) (waitlist.Entry, error) {
	var e waitlist.Entry
	err := q.QueryRowContext(ctx, `SELECT `+waitlistColumns+` FROM waitlist_entries w WHERE w.id = $1`, id).
		Scan(waitlistFields(&e)...)
	if errors.Is(err, sql.ErrNoRows) {
		return e, waitlist.ErrNotFound
	}
	return e, err
}

// SetOfferCheckout records the checkout opened to pay an offer: on its booking, and its
// URL on the entry, where paying again finds it.
func (s *Store) SetOfferCheckout(ctx context.Context, c waitlist.OfferCheckout) error {
	if err := s.needTx("set offer checkout"); err != nil {
		return err
	}
	e, err := s.waitlistEntry(ctx, s.tx, c.EntryID)
	if err != nil {
		return fmt.Errorf("checkout of waiting list offer %s: %w", c.EntryID, err)
	}
	if _, err := s.tx.ExecContext(ctx, `UPDATE bookings SET provider = $2, checkout_id = $3 WHERE id = $1`,
		e.BookingID, c.Provider, c.CheckoutID); err != nil {
		return fmt.Errorf("checkout of waiting list offer %s: %w", c.EntryID, err)
	}
	if _, err := s.tx.ExecContext(ctx, `UPDATE waitlist_entries SET checkout_url = $2 WHERE id = $1`, e.ID, c.URL); err != nil {
		return fmt.Errorf("checkout of waiting list offer %s: %w", c.EntryID, err)
	}
	return nil
}

// UserWaitlist lists the user's active entries (waiting, and offers still open at now)
// with their places, soonest departure first.
func (s *Store) UserWaitlist(ctx context.Context, userID string, now time.Time) ([]waitlist.Place, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+waitlistColumns+`, t.name, t.slug, t.time_zone,
			COALESCE(sd.start_time, ''), COALESCE(b.amount_minor, 0), COALESCE(b.currency, t.currency),
			(SELECT COUNT(*) FROM waitlist_entries o WHERE o.tour_id = w.tour_id AND o.start_date = w.start_date
				AND o.status = 'waiting' AND (o.created_at < w.created_at OR (o.created_at = w.created_at AND o.id < w.id)))
		FROM waitlist_entries w JOIN tours t ON t.id = w.tour_id
		LEFT JOIN tour_start_dates sd ON sd.tour_id = w.tour_id AND sd.start_date = w.start_date
		LEFT JOIN bookings b ON b.id = w.booking_id
		WHERE w.user_id = $1 AND (w.status = 'waiting'
			OR (w.status = 'offered' AND b.status = 'pending' AND b.hold_until > $2))
		ORDER BY w.start_date, w.created_at`, userID, ts(now))
	if err != nil {
		return nil, fmt.Errorf("waiting lists of user %s: %w", userID, err)
	}
	list, err := collect(rows, func(p *waitlist.Place) []any {
		return append(waitlistFields(&p.Entry), &p.TourName, &p.TourSlug, &p.TimeZone, &p.StartTime,
			&p.AmountMinor, &p.Currency, &p.Position)
	})
	if err != nil {
		return nil, fmt.Errorf("waiting lists of user %s: %w", userID, err)
	}
	for i := range list {
		if list[i].Status == waitlist.Waiting {
			list[i].Position++
		} else {
			list[i].Position = 0
		}
	}
	return list, nil
}

// DepartureWaitlist lists a departure's active entries in joining order, for operators.
func (s *Store) DepartureWaitlist(ctx context.Context, tourID string, date time.Time) ([]waitlist.Row, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+waitlistColumns+`, u.name, u.email
		FROM waitlist_entries w JOIN users u ON u.id = w.user_id
		WHERE w.tour_id = $1 AND w.start_date = $2 AND w.status IN ('waiting', 'offered')
		ORDER BY w.created_at, w.id`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	list, err := collect(rows, func(r *waitlist.Row) []any {
		return append(waitlistFields(&r.Entry), &r.UserName, &r.UserEmail)
	})
	if err != nil {
		return nil, fmt.Errorf("waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	return list, nil
}

// needTx refuses a write that must run under a transaction's locks when there is none.
func (s *Store) needTx(op string) error {
	if s.tx == nil {
		return fmt.Errorf("%s: must run in a transaction (InTx)", op)
	}
	return nil
}

// LockDeparture locks a departure's row until the transaction ends and returns it
// (tour.ErrNotFound): every hold, payment, capacity change or waiting-list offer of the
// departure then waits for this transaction.
func (s *Store) LockDeparture(ctx context.Context, tourID string, date time.Time) (tour.StartDate, error) {
	if err := s.needTx("lock departure"); err != nil {
		return tour.StartDate{}, err
	}
	return s.lockDeparture(ctx, tourID, date)
}

// SeatsTaken counts the seats of a departure held at now: paid bookings and pending ones
// whose hold runs past now.
func (s *Store) SeatsTaken(ctx context.Context, tourID string, date, now time.Time) (int, error) {
	var taken int
	if err := s.reader().QueryRowContext(ctx, `SELECT `+takenSum+` FROM bookings b
		WHERE `+holdsSeats+` AND b.tour_id = $2 AND b.start_date = $3`, ts(now), tourID, day(date)).Scan(&taken); err != nil {
		return 0, fmt.Errorf("seats taken on tour %s on %s: %w", tourID, day(date), err)
	}
	return taken, nil
}

// ActiveWaitlist counts a departure's active entries (waiting or offered); userID, when
// not "", counts only that user's.
func (s *Store) ActiveWaitlist(ctx context.Context, tourID string, date time.Time, userID string) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE tour_id = $1
		AND start_date = $2 AND ($3 = '' OR user_id = $3) AND status IN ('waiting', 'offered')`,
		tourID, day(date), userID).Scan(&n); err != nil {
		return 0, fmt.Errorf("active waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	return n, nil
}

// SettleOffers brings a departure's offers up to date at now: paid ones are booked;
// unpaid ones whose hold ran out have it cancelled and lapse, as do those whose hold
// was cancelled.
func (s *Store) SettleOffers(ctx context.Context, tourID string, date, now time.Time) error {
	settle := []string{
		`UPDATE waitlist_entries SET status = 'booked' WHERE tour_id = $1 AND start_date = $2 AND status = 'offered'
			AND booking_id IN (SELECT id FROM bookings WHERE status IN ('paid', 'refund_due', 'refunded'))`,
		`UPDATE bookings SET status = 'cancelled' WHERE status = 'pending' AND hold_until <= $3
			AND id IN (SELECT booking_id FROM waitlist_entries WHERE tour_id = $1 AND start_date = $2 AND status = 'offered')`,
		`UPDATE waitlist_entries SET status = 'lapsed' WHERE tour_id = $1 AND start_date = $2 AND status = 'offered'
			AND booking_id IN (SELECT id FROM bookings WHERE status = 'cancelled')`,
	}
	for i, q := range settle {
		args := []any{tourID, day(date)}
		if i == 1 {
			args = append(args, ts(now))
		}
		if _, err := s.writer().ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("settle offers of tour %s on %s: %w", tourID, day(date), err)
		}
	}
	return nil
}

// OfferTour is what an offer needs of its tour, in any status: name, slug, zone,
// price and price categories, status and cancellation policy.
func (s *Store) OfferTour(ctx context.Context, tourID string) (tour.Tour, error) {
	var t tour.Tour
	var form bookingForm
	err := s.reader().QueryRowContext(ctx, `SELECT id, name, slug, time_zone, price_minor, discount_minor, currency, status,
		cancellation_policy, booking_form FROM tours WHERE id = $1`, tourID).Scan(&t.ID, &t.Name, &t.Slug, &t.TimeZone, &t.PriceMinor,
		&t.DiscountMinor, &t.Currency, &t.Status, policyCol{&t.Policy}, jsonCol[bookingForm]{&form})
	form.apply(&t)
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("tour %s: %w", tourID, tour.ErrNotFound)
	}
	return t, err
}

// WaitingEntries lists a departure's waiting entries in joining order.
func (s *Store) WaitingEntries(ctx context.Context, tourID string, date time.Time) ([]waitlist.Entry, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+waitlistColumns+` FROM waitlist_entries w
		WHERE w.tour_id = $1 AND w.start_date = $2 AND w.status = 'waiting' ORDER BY w.created_at, w.id`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("waiting entries of tour %s on %s: %w", tourID, day(date), err)
	}
	list, err := collect(rows, waitlistFields)
	if err != nil {
		return nil, fmt.Errorf("waiting entries of tour %s on %s: %w", tourID, day(date), err)
	}
	return list, nil
}

// PassEntry counts one more offer made past the entry while it did not fit.
func (s *Store) PassEntry(ctx context.Context, entryID string) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE waitlist_entries SET passes = passes + 1 WHERE id = $1`, entryID)
	return updated(res, err, "pass waiting list entry "+entryID, waitlist.ErrNotFound)
}

// HoldOffer holds the seats of an offer: it writes h's pending booking (setting
// h.BookingID) and marks h's entry offered with it until h.HoldUntil.
func (s *Store) HoldOffer(ctx context.Context, h *waitlist.Hold) error {
	if err := s.needTx("hold offer"); err != nil {
		return err
	}
	b := &booking.Booking{TourID: h.TourID, UserID: h.UserID, StartDate: tour.Day(h.StartDate), Participants: h.Participants,
		AmountMinor: h.AmountMinor, Currency: h.Currency, Status: booking.Pending, HoldUntil: h.HoldUntil,
		CreatedAt: h.At.UTC().Truncate(time.Microsecond), Policy: h.Policy}
	if c := h.Category; c.ID != "" {
		b.Units = []booking.Unit{{CategoryID: c.ID, Name: c.Name, Count: h.Participants, PriceMinor: c.PriceMinor, TakesSeat: true}}
	}
	s.ensureID(&b.ID)
	if err := s.insertBooking(ctx, b); err != nil {
		return fmt.Errorf("offer seats to entry %s: %w", h.EntryID, err)
	}
	h.BookingID, h.At = b.ID, b.CreatedAt
	if _, err := s.tx.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'offered', booking_id = $2,
		offered_at = $3, offer_until = $4, checkout_url = '' WHERE id = $1`, h.EntryID, b.ID, ts(h.At), ts(h.HoldUntil)); err != nil {
		return fmt.Errorf("offer seats to entry %s: %w", h.EntryID, err)
	}
	return nil
}

// BookOffer marks the waiting-list entry whose offer booking bookingID is (offered, or
// lapsed but paid all the same) booked.
func (s *Store) BookOffer(ctx context.Context, bookingID string) error {
	if _, err := s.writer().ExecContext(ctx, `UPDATE waitlist_entries SET status = 'booked'
		WHERE booking_id = $1 AND status IN ('offered', 'lapsed')`, bookingID); err != nil {
		return fmt.Errorf("book offer of booking %s: %w", bookingID, err)
	}
	return nil
}

// AddWaitlistEntry writes e (TourID, StartDate, UserID, Participants) as waiting (a
// second active entry of the user on the departure is waitlist.ErrAlreadyWaiting). Sets
// ID, Status and CreatedAt (to now).
func (s *Store) AddWaitlistEntry(ctx context.Context, e *waitlist.Entry, now time.Time) error {
	s.ensureID(&e.ID)
	e.StartDate = tour.Day(e.StartDate)
	e.Status = waitlist.Waiting
	e.CreatedAt = now.UTC().Truncate(time.Microsecond)
	_, err := s.writer().ExecContext(ctx, `INSERT INTO waitlist_entries (id, tour_id, start_date, user_id,
		participants, status, created_at) VALUES ($1, $2, $3, $4, $5, 'waiting', $6)`,
		e.ID, e.TourID, day(e.StartDate), e.UserID, e.Participants, ts(e.CreatedAt))
	if isUnique(err, "waitlist_one_per_user", "waitlist_entries.tour_id") {
		err = waitlist.ErrAlreadyWaiting
	}
	if err != nil {
		return fmt.Errorf("join waiting list of tour %s on %s: %w", e.TourID, day(e.StartDate), err)
	}
	return nil
}

// EndWaitlistEntry sets an active entry's status to to (left or lapsed); false when it
// was no longer active.
func (s *Store) EndWaitlistEntry(ctx context.Context, entryID string, to waitlist.Status) (bool, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE waitlist_entries SET status = $2
		WHERE id = $1 AND status IN ('waiting', 'offered')`, entryID, string(to))
	if err != nil {
		return false, fmt.Errorf("end waiting list entry %s: %w", entryID, err)
	}
	return affected(res)
}

// WaitlistDepartures lists the departures that have an active waiting list.
func (s *Store) WaitlistDepartures(ctx context.Context) ([]waitlist.Departure, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT tour_id, start_date FROM waitlist_entries
		WHERE status IN ('waiting', 'offered') ORDER BY tour_id, start_date`)
	if err != nil {
		return nil, fmt.Errorf("departures with a waiting list: %w", err)
	}
	deps, err := collect(rows, func(d *waitlist.Departure) []any { return []any{&d.TourID, timeCol{&d.Date}} })
	if err != nil {
		return nil, fmt.Errorf("departures with a waiting list: %w", err)
	}
	return deps, nil
}

// DepartureOffers lists a departure's active entries in joining order with what their
// emails say (the departure's start time and meeting point left to the caller).
func (s *Store) DepartureOffers(ctx context.Context, tourID string, date time.Time) ([]waitlist.Offer, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+waitlistColumns+`, t.name, t.slug, t.time_zone,
			u.name, u.email, COALESCE(b.amount_minor, 0), COALESCE(b.currency, t.currency)
		FROM waitlist_entries w JOIN tours t ON t.id = w.tour_id JOIN users u ON u.id = w.user_id
		LEFT JOIN bookings b ON b.id = w.booking_id
		WHERE w.tour_id = $1 AND w.start_date = $2 AND w.status IN ('waiting', 'offered')
		ORDER BY w.created_at, w.id`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	list, err := collect(rows, func(o *waitlist.Offer) []any {
		return append(waitlistFields(&o.Entry), &o.TourName, &o.TourSlug, &o.TimeZone,
			&o.UserName, &o.UserEmail, &o.AmountMinor, &o.Currency)
	})
	if err != nil {
		return nil, fmt.Errorf("waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	return list, nil
}

// LapseDepartureWaitlist ends every active entry of a departure: the holds of its offers
// are cancelled and the entries lapse.
func (s *Store) LapseDepartureWaitlist(ctx context.Context, tourID string, date time.Time) error {
	if err := s.needTx("lapse waiting list"); err != nil {
		return err
	}
	for _, q := range []string{
		`UPDATE bookings SET status = 'cancelled' WHERE status = 'pending' AND id IN (SELECT booking_id
			FROM waitlist_entries WHERE tour_id = $1 AND start_date = $2 AND status = 'offered')`,
		`UPDATE waitlist_entries SET status = 'lapsed' WHERE tour_id = $1 AND start_date = $2
			AND status IN ('waiting', 'offered')`,
	} {
		if _, err := s.tx.ExecContext(ctx, q, tourID, day(date)); err != nil {
			return fmt.Errorf("lapse waiting list of tour %s on %s: %w", tourID, day(date), err)
		}
	}
	return nil
}
