package store

import (
	"context"
	"fmt"

	"tourbook/internal/booking"
)

// Changing a booking (internal/rebook): its departure, participants, price and the lead
// traveller's contact are written as the service decided them, under its locks.

// ChangeBooking writes b's departure day, participants, price (AmountMinor), the lead
// traveller's contact, its units, extras, travellers and answers, and the day its
// balance is due (a deposit's, which follows a move); everything else
// stays. Whether the departures have the
// seats is the service's to decide, under LockDeparture in the same transaction.
func (s *Store) ChangeBooking(ctx context.Context, b booking.Booking) error {
	if err := s.needTx("change booking"); err != nil {
		return err
	}
	lines, err := bookingLines(&b)
	if err != nil {
		return fmt.Errorf("change booking %s: %w", b.ID, err)
	}
	res, err := s.tx.ExecContext(ctx, `UPDATE bookings SET start_date = $2, participants = $3, amount_minor = $4,
		contact_name = $5, contact_email = $6, contact_phone = $7, units = $8, extras = $9, travellers = $10,
		answers = $11, balance_due_on = $12 WHERE id = $1`,
		b.ID, day(b.StartDate), b.Participants, b.AmountMinor, b.ContactName, b.ContactEmail, b.ContactPhone,
		lines[0], lines[1], lines[2], lines[3], dayNull(b.BalanceDue))
	if err := updated(res, err, "change booking "+b.ID, booking.ErrNotFound); err != nil {
		return err
	}
	// The lead's contact is searched for (booking_search.go).
	_, err = s.refreshSearch(ctx, `b.id = $1`, b.ID)
	return err
}

// BookingMoves counts the times a booking was moved to another departure (its history's
// "moved" lines): the calendar entry's sequence, so a file sent again replaces the entry.
func (s *Store) BookingMoves(ctx context.Context, bookingID string) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM booking_events WHERE booking_id = $1 AND kind = 'moved'`,
		bookingID).Scan(&n); err != nil {
		return 0, fmt.Errorf("moves of booking %s: %w", bookingID, err)
	}
	return n, nil
}
