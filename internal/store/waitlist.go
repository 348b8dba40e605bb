package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// The waiting list of sold-out departures. Seats freed on a departure (a cancellation, a
// refund, a released or expired hold, a raised capacity, a reopened departure, someone
// leaving the list) are offered to the list by offerSeats, in the transaction that frees
// them and under the departure's row lock, so an offer never counts seats that another
// transaction is taking. An offer is a pending booking held until the offer's deadline:
// the seat count every other booking checks already includes it.

// SetOfferMailer sets how the waiting list's offer email is written (nil: none). Call it
// once, before serving.
func (s *Store) SetOfferMailer(f func(o waitlist.Offer) (*mail.Message, error)) {
	s.offerMail = f
}

const waitlistColumns = `w.id, w.tour_id, w.start_date, w.user_id, w.participants, w.status, w.created_at,
	w.passes, COALESCE(w.booking_id, ''), w.offered_at, w.offer_until, w.checkout_url`

func waitlistFields(e *waitlist.Entry) []any {
	return []any{&e.ID, &e.TourID, timeCol{&e.StartDate}, &e.UserID, &e.Participants, &e.Status,
		timeCol{&e.CreatedAt}, &e.Passes, &e.BookingID, timeCol{&e.OfferedAt}, timeCol{&e.OfferUntil}, &e.CheckoutURL}
}

// JoinWaitlist puts e (TourID, StartDate, UserID, Participants) at the end of the
// departure's waiting list. Seats already free are offered to the list first; if the
// group then fits in what is left, it should book instead (waitlist.ErrSeatsFree). A
// closed or started departure is waitlist.ErrNotOpen, a group larger than the departure
// waitlist.ErrNotOpen too, a second entry of the user waitlist.ErrAlreadyWaiting. Sets
// ID, Status and CreatedAt.
func (s *Store) JoinWaitlist(ctx context.Context, e *waitlist.Entry, now time.Time) error {
	s.ensureID(&e.ID)
	e.StartDate = tour.Day(e.StartDate)
	e.Status = waitlist.Waiting
	e.CreatedAt = now.UTC().Truncate(time.Microsecond)
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.offerSeats(ctx, e.TourID, e.StartDate, now); err != nil {
			return err
		}
		dep, taken, err := tx.lockAndCountSeats(ctx, &booking.Booking{TourID: e.TourID, StartDate: e.StartDate}, now)
		if err != nil {
			return err
		}
		t, err := tx.offerTour(ctx, e.TourID)
		if err != nil {
			return err
		}
		start := tour.StartsAt(dep.Date, dep.StartTime, t.Zone())
		if _, ok := waitlist.OfferDeadline(now, start); !ok || dep.Closed || e.Participants > dep.Capacity {
			return waitlist.ErrNotOpen
		}
		var mine int
		if err := tx.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE tour_id = $1
			AND start_date = $2 AND user_id = $3 AND status IN ('waiting', 'offered')`,
			e.TourID, day(e.StartDate), e.UserID).Scan(&mine); err != nil {
			return err
		}
		if mine > 0 {
			return waitlist.ErrAlreadyWaiting
		}
		if dep.Capacity-taken >= e.Participants {
			return waitlist.ErrSeatsFree
		}
		_, err = tx.tx.ExecContext(ctx, `INSERT INTO waitlist_entries (id, tour_id, start_date, user_id,
			participants, status, created_at) VALUES ($1, $2, $3, $4, $5, 'waiting', $6)`,
			e.ID, e.TourID, day(e.StartDate), e.UserID, e.Participants, ts(e.CreatedAt))
		if isUnique(err, "waitlist_one_per_user", "waitlist_entries.tour_id") {
			return waitlist.ErrAlreadyWaiting
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("join waiting list of tour %s on %s: %w", e.TourID, day(e.StartDate), err)
	}
	return nil
}

// LeaveWaitlist takes the user's active entry off its list (waitlist.ErrNotFound when
// there is none of theirs). An offer it held is declined: its booking is cancelled and
// the seats are offered to the next entries at once.
func (s *Store) LeaveWaitlist(ctx context.Context, userID, entryID string, now time.Time) error {
	err := s.InTx(ctx, func(tx *Store) error {
		e, err := tx.waitlistEntry(ctx, tx.tx, entryID)
		if err != nil || e.UserID != userID {
			return waitlist.ErrNotFound
		}
		// The departure first, as everywhere: then the entry cannot change under us.
		if _, err := tx.lockDeparture(ctx, e.TourID, e.StartDate); err != nil && !errors.Is(err, tour.ErrNotFound) {
			return err
		}
		res, err := tx.tx.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'left'
			WHERE id = $1 AND status IN ('waiting', 'offered')`, e.ID)
		if err != nil {
			return err
		}
		if ok, err := affected(res); err != nil || !ok {
			if err == nil {
				err = waitlist.ErrNotFound
			}
			return err
		}
		if e.BookingID != "" {
			if _, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET status = 'cancelled'
				WHERE id = $1 AND status = 'pending'`, e.BookingID); err != nil {
				return err
			}
		}
		return tx.offerSeats(ctx, e.TourID, e.StartDate, now)
	})
	if err != nil {
		return fmt.Errorf("leave waiting list entry %s: %w", entryID, err)
	}
	return nil
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

// SetOfferCheckout records the checkout opened to pay an offer, unless one was recorded
// first (two clicks at once): it returns the URL to send the traveller to, the first
// checkout's. The offer must still hold its seats (waitlist.ErrOfferGone otherwise).
func (s *Store) SetOfferCheckout(ctx context.Context, entryID, provider, checkoutID, url string, now time.Time) (string, error) {
	err := s.InTx(ctx, func(tx *Store) error {
		e, err := tx.waitlistEntry(ctx, tx.tx, entryID)
		if err != nil {
			return err
		}
		b, err := tx.lockBooking(ctx, e.BookingID)
		if err != nil || e.Status != waitlist.Offered || b.Status != booking.Pending || !now.Before(b.HoldUntil) {
			return waitlist.ErrOfferGone
		}
		if e.CheckoutURL != "" {
			url = e.CheckoutURL
			return nil
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE bookings SET provider = $2, checkout_id = $3 WHERE id = $1`,
			b.ID, provider, checkoutID); err != nil {
			return err
		}
		_, err = tx.tx.ExecContext(ctx, `UPDATE waitlist_entries SET checkout_url = $2 WHERE id = $1`, e.ID, url)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("checkout of waiting list offer %s: %w", entryID, err)
	}
	return url, nil
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

// OfferWaitlistSeats runs the waiting list of every departure that has one: offers that
// ran out pass on, and seats freed by holds that expired are offered. It is the periodic
// sweep beside the offers made where seats are freed; running it again changes nothing.
// It says how many departures it looked at.
func (s *Store) OfferWaitlistSeats(ctx context.Context, now time.Time) (int, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT DISTINCT tour_id, start_date FROM waitlist_entries
		WHERE status IN ('waiting', 'offered') ORDER BY tour_id, start_date`)
	if err != nil {
		return 0, fmt.Errorf("departures with a waiting list: %w", err)
	}
	type departure struct {
		tourID string
		date   time.Time
	}
	deps, err := collect(rows, func(d *departure) []any { return []any{&d.tourID, timeCol{&d.date}} })
	if err != nil {
		return 0, fmt.Errorf("departures with a waiting list: %w", err)
	}
	for _, d := range deps {
		// One transaction per departure: a long list of them never holds SQLite's writer
		// for long.
		if err := s.InTx(ctx, func(tx *Store) error { return tx.offerSeats(ctx, d.tourID, d.date, now) }); err != nil {
			return 0, fmt.Errorf("waiting list of tour %s on %s: %w", d.tourID, day(d.date), err)
		}
	}
	return len(deps), nil
}

// offerTour is what an offer needs of its tour.
func (s *Store) offerTour(ctx context.Context, tourID string) (tour.Tour, error) {
	var t tour.Tour
	err := s.tx.QueryRowContext(ctx, `SELECT id, name, slug, time_zone, price_minor, discount_minor, currency, status,
		cancellation_policy FROM tours WHERE id = $1`, tourID).Scan(&t.ID, &t.Name, &t.Slug, &t.TimeZone, &t.PriceMinor,
		&t.DiscountMinor, &t.Currency, &t.Status, policyCol{&t.Policy})
	if errors.Is(err, sql.ErrNoRows) {
		return t, tour.ErrNotFound
	}
	return t, err
}

// offerSeats settles and runs one departure's waiting list inside the caller's
// transaction: it locks the departure, marks paid offers booked, lets offers that ran out
// unpaid lapse (their hold cancelled), and then offers the free seats to the waiting
// entries that fit (waitlist.Pick), each as a pending booking held until the offer's
// deadline, with its email. A departure without an active entry costs one indexed
// query. Closed, started or unpublished departures get no new offers.
func (s *Store) offerSeats(ctx context.Context, tourID string, date time.Time, now time.Time) error {
	dep, err := s.lockDeparture(ctx, tourID, date)
	if errors.Is(err, tour.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lock departure: %w", err)
	}
	var active int
	if err := s.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM waitlist_entries WHERE tour_id = $1
		AND start_date = $2 AND status IN ('waiting', 'offered')`, tourID, day(date)).Scan(&active); err != nil {
		return err
	}
	if active == 0 {
		return nil
	}
	// Settle the offers: paid ones are booked; unpaid ones whose hold has run out (or was
	// cancelled) lapse, and their seats are free for what follows.
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
		if _, err := s.tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("settle offers: %w", err)
		}
	}
	t, err := s.offerTour(ctx, tourID)
	if err != nil {
		return err
	}
	deadline, open := waitlist.OfferDeadline(now, tour.StartsAt(dep.Date, dep.StartTime, t.Zone()))
	if !open || dep.Closed || t.Status != tour.Published || t.UnitPriceMinor() <= 0 {
		return nil
	}
	var taken int
	if err := s.tx.QueryRowContext(ctx, `SELECT `+takenSum+` FROM bookings b
		WHERE `+holdsSeats+` AND b.tour_id = $2 AND b.start_date = $3`, ts(now), tourID, day(date)).Scan(&taken); err != nil {
		return fmt.Errorf("count seats: %w", err)
	}
	free := dep.Capacity - taken
	if free <= 0 {
		return nil
	}
	rows, err := s.tx.QueryContext(ctx, `SELECT `+waitlistColumns+` FROM waitlist_entries w
		WHERE w.tour_id = $1 AND w.start_date = $2 AND w.status = 'waiting' ORDER BY w.created_at, w.id`, tourID, day(date))
	if err != nil {
		return err
	}
	waiting, err := collect(rows, waitlistFields)
	if err != nil {
		return err
	}
	offered, passed := waitlist.Pick(waiting, free)
	for _, i := range passed {
		if _, err := s.tx.ExecContext(ctx, `UPDATE waitlist_entries SET passes = passes + 1 WHERE id = $1`, waiting[i].ID); err != nil {
			return err
		}
	}
	for _, i := range offered {
		if err := s.makeOffer(ctx, t, dep, waiting[i], deadline, now); err != nil {
			return err
		}
	}
	return nil
}

// makeOffer holds the seats of one waiting entry and tells the traveller.
func (s *Store) makeOffer(ctx context.Context, t tour.Tour, dep tour.StartDate, e waitlist.Entry, deadline, now time.Time) error {
	b := &booking.Booking{TourID: t.ID, UserID: e.UserID, StartDate: dep.Date, Participants: e.Participants,
		AmountMinor: t.UnitPriceMinor() * int64(e.Participants), Currency: strings.ToLower(t.Currency),
		Status: booking.Pending, HoldUntil: deadline, CreatedAt: now.UTC().Truncate(time.Microsecond),
		// The policy in force when the seats are offered is what the traveller agrees to.
		Policy: t.Policy}
	s.ensureID(&b.ID)
	if err := s.insertBooking(ctx, b); err != nil {
		return fmt.Errorf("offer seats to entry %s: %w", e.ID, err)
	}
	e.Status, e.BookingID, e.OfferedAt, e.OfferUntil = waitlist.Offered, b.ID, b.CreatedAt, deadline
	if _, err := s.tx.ExecContext(ctx, `UPDATE waitlist_entries SET status = 'offered', booking_id = $2,
		offered_at = $3, offer_until = $4, checkout_url = '' WHERE id = $1`, e.ID, b.ID, ts(e.OfferedAt), ts(deadline)); err != nil {
		return fmt.Errorf("offer seats to entry %s: %w", e.ID, err)
	}
	if s.offerMail == nil {
		return nil
	}
	o := waitlist.Offer{Entry: e, TourName: t.Name, TourSlug: t.Slug, TimeZone: t.TimeZone,
		StartTime: dep.StartTime, MeetingPoint: dep.MeetingPoint, AmountMinor: b.AmountMinor, Currency: b.Currency}
	if err := s.tx.QueryRowContext(ctx, `SELECT name, email FROM users WHERE id = $1`, e.UserID).
		Scan(&o.UserName, &o.UserEmail); err != nil {
		return fmt.Errorf("traveller of entry %s: %w", e.ID, err)
	}
	m, err := s.offerMail(o)
	if err != nil {
		// The offer matters more than its email: /my-tours shows it in any case.
		if s.logger != nil {
			s.logger.Error("write waiting list offer email", "entry_id", e.ID, "booking_id", b.ID, "error", err)
		}
		return nil
	}
	if _, err := s.EnqueueEmail(ctx, m); err != nil {
		return fmt.Errorf("offer email of entry %s: %w", e.ID, err)
	}
	return nil
}

// EndDepartureWaitlist ends the waiting list of a departure the operator cancelled:
// every active entry lapses, the seats held for offers are released, and each traveller
// is told by notice's email (nil, or a nil message: none), all in one transaction under
// the departure's lock. It says how many entries ended; running it again ends none.
func (s *Store) EndDepartureWaitlist(ctx context.Context, tourID string, date, now time.Time,
	notice func(o waitlist.Offer) (*mail.Message, error)) (int, error) {
	var ended int
	err := s.InTx(ctx, func(tx *Store) error {
		dep, err := tx.lockDeparture(ctx, tourID, date)
		if errors.Is(err, tour.ErrNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lock departure: %w", err)
		}
		rows, err := tx.tx.QueryContext(ctx, `SELECT `+waitlistColumns+`, t.name, t.slug, t.time_zone,
				u.name, u.email, COALESCE(b.amount_minor, 0), COALESCE(b.currency, t.currency)
			FROM waitlist_entries w JOIN tours t ON t.id = w.tour_id JOIN users u ON u.id = w.user_id
			LEFT JOIN bookings b ON b.id = w.booking_id
			WHERE w.tour_id = $1 AND w.start_date = $2 AND w.status IN ('waiting', 'offered')
			ORDER BY w.created_at, w.id`, tourID, day(date))
		if err != nil {
			return err
		}
		entries, err := collect(rows, func(o *waitlist.Offer) []any {
			return append(waitlistFields(&o.Entry), &o.TourName, &o.TourSlug, &o.TimeZone,
				&o.UserName, &o.UserEmail, &o.AmountMinor, &o.Currency)
		})
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			return nil
		}
		for _, q := range []string{
			`UPDATE bookings SET status = 'cancelled' WHERE status = 'pending' AND id IN (SELECT booking_id
				FROM waitlist_entries WHERE tour_id = $1 AND start_date = $2 AND status = 'offered')`,
			`UPDATE waitlist_entries SET status = 'lapsed' WHERE tour_id = $1 AND start_date = $2
				AND status IN ('waiting', 'offered')`,
		} {
			if _, err := tx.tx.ExecContext(ctx, q, tourID, day(date)); err != nil {
				return fmt.Errorf("end entries: %w", err)
			}
		}
		ended = len(entries)
		if notice == nil {
			return nil
		}
		for _, o := range entries {
			o.StartTime, o.MeetingPoint = dep.StartTime, dep.MeetingPoint
			m, err := notice(o)
			if err != nil {
				// The list ends whether or not its email could be written.
				if tx.logger != nil {
					tx.logger.Error("write waiting list cancelled email", "entry_id", o.ID, "error", err)
				}
				continue
			}
			if m == nil {
				continue
			}
			if _, err := tx.EnqueueEmail(ctx, m); err != nil {
				return fmt.Errorf("email of entry %s: %w", o.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("end waiting list of tour %s on %s: %w", tourID, day(date), err)
	}
	return ended, nil
}
