package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/ticket"
)

// Tickets (internal/ticket): each booking that was paid has one, with the check-in the
// departure's guide recorded.

// IssueTicket gives a booking its ticket, unless it has one: every booking that was
// paid has one, even one due a refund, whose code then answers "not valid" at the door
// rather than "unknown".
func (s *Store) IssueTicket(ctx context.Context, bookingID string, now time.Time) error {
	if err := s.needTx("issue ticket"); err != nil {
		return err
	}
	return s.issueTicket(ctx, bookingID, now)
}

// issueTicket gives a booking its ticket unless it has one. The code comes from
// crypto/rand; one already taken (a chance of about one in 10^12 per ticket at a
// million tickets) is skipped by the NOT EXISTS and another drawn, so the transaction
// never fails on the unique index.
func (s *Store) issueTicket(ctx context.Context, bookingID string, now time.Time) error {
	for range 5 {
		code := ticket.NewCode()
		if _, err := s.tx.ExecContext(ctx, `INSERT INTO tickets (booking_id, code, created_at)
			SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM tickets WHERE code = $2)
			ON CONFLICT (booking_id) DO NOTHING`, bookingID, code, ts(now)); err != nil {
			return fmt.Errorf("ticket of booking %s: %w", bookingID, err)
		}
		var n int
		if err := s.tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM tickets WHERE booking_id = $1`, bookingID).Scan(&n); err != nil {
			return fmt.Errorf("ticket of booking %s: %w", bookingID, err)
		}
		if n == 1 {
			// The booking is found by its ticket's code too.
			_, err := s.refreshSearch(ctx, `b.id = $1`, bookingID)
			return err
		}
	}
	return fmt.Errorf("ticket of booking %s: no free code in 5 draws", bookingID)
}

// issueMissingTickets gives every booking that was paid and has no ticket its own: the
// bookings paid before tickets existed, and any a path that knows nothing of tickets
// recorded. Migrate runs it at every start.
func (s *Store) issueMissingTickets(ctx context.Context) (int, error) {
	ids, err := s.txStrings(ctx, `SELECT b.id FROM bookings b
		WHERE b.paid_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tickets k WHERE k.booking_id = b.id)`)
	if err != nil {
		return 0, fmt.Errorf("bookings without tickets: %w", err)
	}
	for _, id := range ids {
		if err := s.issueTicket(ctx, id, s.now()); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

const ticketQuery = `SELECT k.booking_id, k.code, b.user_id, b.tour_id, t.name, t.time_zone, b.start_date,
		COALESCE(sd.start_time, ''), u.name, b.participants, b.status,
		k.arrived, k.checked_in_at, k.checked_in_by, k.checked_in_by_name
	FROM tickets k JOIN bookings b ON b.id = k.booking_id JOIN tours t ON t.id = b.tour_id
	JOIN users u ON u.id = b.user_id
	LEFT JOIN tour_start_dates sd ON sd.tour_id = b.tour_id AND sd.start_date = b.start_date`

// ticketRow is a ticket as scanned: its check-in columns become CheckIn in done.
type ticketRow struct {
	k ticket.Ticket
	c checkInCols
}

func ticketFields(r *ticketRow) []any {
	k := &r.k
	return []any{&k.BookingID, &k.Code, &k.UserID, &k.TourID, &k.TourName, &k.TimeZone, timeCol{&k.Date},
		&k.StartTime, &k.CustomerName, &k.Participants, &k.Status,
		&r.c.arrived, timeCol{&r.c.at}, &r.c.byID, &r.c.byName}
}

func (r ticketRow) done() ticket.Ticket {
	r.k.CheckIn = r.c.checkIn()
	return r.k
}

func (s *Store) ticketWhere(ctx context.Context, q querier, where string, arg any) (ticket.Ticket, error) {
	var r ticketRow
	err := q.QueryRowContext(ctx, ticketQuery+` WHERE `+where, arg).Scan(ticketFields(&r)...)
	if errors.Is(err, sql.ErrNoRows) {
		return r.k, ticket.ErrNotFound
	}
	return r.done(), err
}

// checkInCols are a ticket's check-in columns as scanned.
type checkInCols struct {
	arrived      sql.NullInt64
	at           time.Time
	byID, byName string
}

func (c checkInCols) checkIn() *ticket.CheckIn {
	if !c.arrived.Valid {
		return nil
	}
	return &ticket.CheckIn{Arrived: int(c.arrived.Int64), At: c.at, ByID: c.byID, ByName: c.byName}
}

// TicketByCode returns the ticket with a canonical code, or ticket.ErrNotFound.
func (s *Store) TicketByCode(ctx context.Context, code string) (ticket.Ticket, error) {
	k, err := s.ticketWhere(ctx, s.reader(), `k.code = $1`, code)
	if err != nil {
		return k, fmt.Errorf("ticket by code: %w", err)
	}
	return k, nil
}

// BookingTicket returns a booking's ticket, or ticket.ErrNotFound when it has none (it
// was never paid).
func (s *Store) BookingTicket(ctx context.Context, bookingID string) (ticket.Ticket, error) {
	k, err := s.ticketWhere(ctx, s.reader(), `k.booking_id = $1`, bookingID)
	if err != nil {
		return k, fmt.Errorf("ticket of booking %s: %w", bookingID, err)
	}
	return k, nil
}

// DepartureCheckIns returns the check-ins recorded on a departure, by booking.
func (s *Store) DepartureCheckIns(ctx context.Context, tourID string, date time.Time) (map[string]ticket.CheckIn, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT k.booking_id, k.arrived, k.checked_in_at, k.checked_in_by,
			k.checked_in_by_name
		FROM tickets k JOIN bookings b ON b.id = k.booking_id
		WHERE b.tour_id = $1 AND b.start_date = $2 AND k.checked_in_at IS NOT NULL`, tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("check-ins of %s on tour %s: %w", day(date), tourID, err)
	}
	out := map[string]ticket.CheckIn{}
	var id string
	var c checkInCols
	if err := scanAll(rows, func() error {
		if err := rows.Scan(&id, &c.arrived, timeCol{&c.at}, &c.byID, &c.byName); err != nil {
			return err
		}
		out[id] = *c.checkIn()
		return nil
	}); err != nil {
		return nil, fmt.Errorf("check-ins of %s on tour %s: %w", day(date), tourID, err)
	}
	return out, nil
}

// CheckIn records that arrived of a paid booking's participants came (0: a no-show),
// at now by the entry's actor, unless a check-in is already recorded or the booking is
// no longer paid: one conditional UPDATE, so of two guides scanning one ticket at once
// exactly one records it (recorded says whether this call did). It returns the ticket
// as it now is.
func (s *Store) CheckIn(ctx context.Context, bookingID string, arrived int, now time.Time, entry audit.Entry) (k ticket.Ticket, recorded bool, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE tickets SET arrived = $2, checked_in_at = $3, checked_in_by = $4,
				checked_in_by_name = $5
			WHERE booking_id = $1 AND checked_in_at IS NULL
			AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = $1 AND b.status = 'paid')`,
			bookingID, arrived, ts(now), entry.ActorID, entry.ActorName)
		if err != nil {
			return err
		}
		if recorded, err = affected(res); err != nil {
			return err
		}
		if recorded {
			entry.Changes.Diff("arrived", nil, arrived)
			if err := tx.addAudit(ctx, &entry, bookingID); err != nil {
				return err
			}
		}
		k, err = tx.ticketWhere(ctx, tx.tx, `k.booking_id = $1`, bookingID)
		return err
	})
	if err != nil {
		return k, false, fmt.Errorf("check in booking %s: %w", bookingID, err)
	}
	return k, recorded, nil
}

// RaiseArrived records that more of a checked-in booking's participants came (a
// latecomer), keeping when and by whom it was checked in; raised says whether this call
// changed it: one conditional UPDATE, so a count is only ever raised, once per value,
// and never on a booking no longer paid.
func (s *Store) RaiseArrived(ctx context.Context, bookingID string, arrived int, entry audit.Entry) (k ticket.Ticket, raised bool, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		var before int
		err := tx.tx.QueryRowContext(ctx, tx.forUpdate(`SELECT COALESCE(arrived, 0) FROM tickets WHERE booking_id = $1`), bookingID).Scan(&before)
		if errors.Is(err, sql.ErrNoRows) {
			return ticket.ErrNotFound
		}
		if err != nil {
			return err
		}
		res, err := tx.tx.ExecContext(ctx, `UPDATE tickets SET arrived = $2
			WHERE booking_id = $1 AND checked_in_at IS NOT NULL AND arrived < $2
			AND EXISTS (SELECT 1 FROM bookings b WHERE b.id = $1 AND b.status = 'paid')`, bookingID, arrived)
		if err != nil {
			return err
		}
		if raised, err = affected(res); err != nil {
			return err
		}
		if raised {
			entry.Changes.Diff("arrived", before, arrived)
			if err := tx.addAudit(ctx, &entry, bookingID); err != nil {
				return err
			}
		}
		k, err = tx.ticketWhere(ctx, tx.tx, `k.booking_id = $1`, bookingID)
		return err
	})
	if err != nil {
		return k, false, fmt.Errorf("raise arrivals of booking %s: %w", bookingID, err)
	}
	return k, raised, nil
}

// UndoCheckIn forgets a booking's check-in (a mistake at the door); undone says whether
// there was one. The audit entry keeps what was recorded.
func (s *Store) UndoCheckIn(ctx context.Context, bookingID string, entry audit.Entry) (k ticket.Ticket, undone bool, err error) {
	err = s.InTx(ctx, func(tx *Store) error {
		// Locked first: two undos at once then audit one change, not two.
		var id string
		err := tx.tx.QueryRowContext(ctx, tx.forUpdate(`SELECT booking_id FROM tickets WHERE booking_id = $1`), bookingID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return ticket.ErrNotFound
		}
		if err != nil {
			return err
		}
		before, err := tx.ticketWhere(ctx, tx.tx, `k.booking_id = $1`, bookingID)
		if err != nil {
			return err
		}
		res, err := tx.tx.ExecContext(ctx, `UPDATE tickets SET arrived = NULL, checked_in_at = NULL, checked_in_by = '',
				checked_in_by_name = '' WHERE booking_id = $1 AND checked_in_at IS NOT NULL`, bookingID)
		if err != nil {
			return err
		}
		if undone, err = affected(res); err != nil {
			return err
		}
		if undone && before.CheckIn != nil {
			entry.Changes.Diff("arrived", before.CheckIn.Arrived, nil)
			entry.Changes.Diff("checked in by", before.CheckIn.ByName, nil)
			if err := tx.addAudit(ctx, &entry, bookingID); err != nil {
				return err
			}
		}
		k, err = tx.ticketWhere(ctx, tx.tx, `k.booking_id = $1`, bookingID)
		return err
	})
	if err != nil {
		return k, false, fmt.Errorf("undo check-in of booking %s: %w", bookingID, err)
	}
	return k, undone, nil
}

// UserTickets returns the tickets of a user's bookings, by booking.
func (s *Store) UserTickets(ctx context.Context, userID string) (map[string]ticket.Ticket, error) {
	rows, err := s.reader().QueryContext(ctx, ticketQuery+` WHERE b.user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("tickets of user %s: %w", userID, err)
	}
	list, err := collect(rows, ticketFields)
	if err != nil {
		return nil, fmt.Errorf("tickets of user %s: %w", userID, err)
	}
	out := make(map[string]ticket.Ticket, len(list))
	for _, r := range list {
		out[r.k.BookingID] = r.done()
	}
	return out, nil
}
