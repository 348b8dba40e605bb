package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// Bookings an operator takes (internal/backoffice, "New booking"): the booking as the
// back office decided it, its travellers' names and the money received, in one
// transaction.

// CreateOfficeBooking writes b as the back office decided it (its Status, PaidAt,
// PaidMinor, PayBy, HoldUntil and Travellers are the service's), with the payment
// received (rec.Payment, when not nil), a ticket when it is paid, a history line and the
// audit entry. Whether the departure has the seats is the back office's to decide, under
// LockDeparture in the same transaction. Sets ID when empty, and CreatedAt to now.
func (s *Store) CreateOfficeBooking(ctx context.Context, b *booking.Booking, rec backoffice.NewBookingRecord, actorName string, now time.Time, entry audit.Entry) error {
	s.ensureID(&b.ID)
	b.StartDate = tour.Day(b.StartDate)
	b.CreatedAt = now.UTC().Truncate(time.Microsecond)
	if b.HoldUntil.IsZero() {
		b.HoldUntil = b.CreatedAt
	}
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.insertBooking(ctx, b); err != nil {
			return err
		}
		if p := rec.Payment; p != nil {
			tx.ensureID(&p.ID)
			p.BookingID = b.ID
			if _, err := tx.tx.ExecContext(ctx, `INSERT INTO payments (id, booking_id, idem_key, method, amount_minor,
					currency, status, reference, received_on, actor_id, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, 'received', $7, $8, $9, $10, $10)`,
				p.ID, p.BookingID, p.Key, string(p.Method), p.AmountMinor, p.Currency, p.Reference,
				dayNull(p.ReceivedOn), p.ActorID, ts(now)); err != nil {
				return fmt.Errorf("payment: %w", err)
			}
		}
		if b.Status == booking.Paid {
			if err := tx.issueTicket(ctx, b.ID, now); err != nil {
				return err
			}
		}
		detail := string(b.Source)
		if b.Status != booking.Paid {
			detail = string(b.Status)
		}
		if err := tx.addEvent(ctx, backoffice.Event{BookingID: b.ID, At: now, ActorID: entry.ActorID, ActorName: actorName,
			Kind: "recorded", Detail: detail}); err != nil {
			return err
		}
		entry.Changes.Diff("booking", nil, fmt.Sprintf("%d × %s on %s, %s", b.Participants, b.TourID, day(b.StartDate), detail))
		return tx.addAudit(ctx, &entry, b.ID)
	})
	if err != nil {
		return fmt.Errorf("record booking on tour %s on %s: %w", b.TourID, day(b.StartDate), err)
	}
	return nil
}

// BookingTravellers lists the names of a booking's travellers that have one, the lead
// first; none for a booking whose travellers were not named.
func (s *Store) BookingTravellers(ctx context.Context, bookingID string) ([]string, error) {
	var travellers []booking.Traveller
	err := s.reader().QueryRowContext(ctx, `SELECT travellers FROM bookings WHERE id = $1`, bookingID).
		Scan(jsonCol[[]booking.Traveller]{&travellers})
	if errors.Is(err, sql.ErrNoRows) {
		err = booking.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("travellers of booking %s: %w", bookingID, err)
	}
	return booking.TravellerNames(travellers), nil
}

// BookingPaymentsReceived lists what was received for a booking, oldest first.
func (s *Store) BookingPaymentsReceived(ctx context.Context, bookingID string) ([]backoffice.PaymentReceived, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT id, booking_id, idem_key, method, amount_minor, currency,
			reference, received_on, actor_id
		FROM payments WHERE booking_id = $1 AND status = 'received' ORDER BY created_at, id`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("payments of booking %s: %w", bookingID, err)
	}
	list, err := collect(rows, func(p *backoffice.PaymentReceived) []any {
		return []any{&p.ID, &p.BookingID, &p.Key, &p.Method, &p.AmountMinor, &p.Currency, &p.Reference,
			timeCol{&p.ReceivedOn}, &p.ActorID}
	})
	if err != nil {
		return nil, fmt.Errorf("payments of booking %s: %w", bookingID, err)
	}
	return list, nil
}
