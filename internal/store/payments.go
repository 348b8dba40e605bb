package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	coll "tourbook/internal/collect"
)

// Payments (internal/collect): each sum a booking received, or asked for by a payment
// link, one row per idempotency key; and the refunds owed outside the site.

const paymentColumns = `id, booking_id, idem_key, method, amount_minor, currency, status, provider, checkout_id,
	reference, received_on, actor_id, created_at, updated_at`

func paymentFields(p *coll.Payment) []any {
	return []any{&p.ID, &p.BookingID, &p.Key, &p.Method, &p.AmountMinor, &p.Currency, &p.Status, &p.Provider,
		&p.CheckoutID, &p.Reference, timeCol{&p.ReceivedOn}, &p.ActorID, timeCol{&p.CreatedAt}, timeCol{&p.UpdatedAt}}
}

// AddPayment writes p (its ID set when empty, CreatedAt and UpdatedAt to now). Whether
// the booking may receive it is the collect service's to decide, under LockBooking in the
// same transaction.
func (s *Store) AddPayment(ctx context.Context, p *coll.Payment, now time.Time) error {
	s.ensureID(&p.ID)
	p.CreatedAt = now.UTC().Truncate(time.Microsecond)
	p.UpdatedAt = p.CreatedAt
	_, err := s.writer().ExecContext(ctx, `INSERT INTO payments (`+paymentColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		p.ID, p.BookingID, p.Key, string(p.Method), p.AmountMinor, p.Currency, string(p.Status), p.Provider,
		p.CheckoutID, p.Reference, dayNull(p.ReceivedOn), p.ActorID, ts(p.CreatedAt), ts(p.UpdatedAt))
	if err != nil {
		return fmt.Errorf("add payment of booking %s: %w", p.BookingID, err)
	}
	return nil
}

// UpdatePayment writes a payment's Status, Provider, CheckoutID, Reference, ReceivedOn,
// AmountMinor and UpdatedAt.
func (s *Store) UpdatePayment(ctx context.Context, p coll.Payment) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE payments SET status = $2, provider = $3, checkout_id = $4,
		reference = $5, received_on = $6, amount_minor = $7, updated_at = $8 WHERE id = $1`,
		p.ID, string(p.Status), p.Provider, p.CheckoutID, p.Reference, dayNull(p.ReceivedOn), p.AmountMinor, ts(p.UpdatedAt))
	return updated(res, err, "update payment "+p.ID, coll.ErrPaymentNotFound)
}

// PaymentByKey finds the payment made with an idempotency key (collect.ErrPaymentNotFound).
func (s *Store) PaymentByKey(ctx context.Context, key string) (coll.Payment, error) {
	return s.paymentWhere(ctx, `idem_key = $1`, key)
}

// PaymentByCheckout finds the payment link of a provider's checkout
// (collect.ErrPaymentNotFound).
func (s *Store) PaymentByCheckout(ctx context.Context, provider, checkoutID string) (coll.Payment, error) {
	if checkoutID == "" {
		return coll.Payment{}, fmt.Errorf("payment of empty %s checkout: %w", provider, coll.ErrPaymentNotFound)
	}
	return s.paymentWhere(ctx, `provider = $1 AND checkout_id = $2`, provider, checkoutID)
}

func (s *Store) paymentWhere(ctx context.Context, where string, args ...any) (coll.Payment, error) {
	var p coll.Payment
	err := s.reader().QueryRowContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE `+where, args...).
		Scan(paymentFields(&p)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = coll.ErrPaymentNotFound
	}
	if err != nil {
		return p, fmt.Errorf("payment %v: %w", args, err)
	}
	return p, nil
}

// BookingPayments lists a booking's payments, oldest first.
func (s *Store) BookingPayments(ctx context.Context, bookingID string) ([]coll.Payment, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE booking_id = $1
		ORDER BY created_at, id`, bookingID)
	if err != nil {
		return nil, fmt.Errorf("payments of booking %s: %w", bookingID, err)
	}
	list, err := collect(rows, paymentFields)
	if err != nil {
		return nil, fmt.Errorf("payments of booking %s: %w", bookingID, err)
	}
	return list, nil
}

// OfflineMethod is how the latest money a booking received outside the site came in
// (cash or bank transfer), or "" when it received none that way.
func (s *Store) OfflineMethod(ctx context.Context, bookingID string) (booking.Source, error) {
	var m string
	err := s.reader().QueryRowContext(ctx, `SELECT method FROM payments WHERE booking_id = $1 AND status = 'received'
		AND method IN ('cash', 'bank_transfer') ORDER BY created_at DESC, id DESC LIMIT 1`, bookingID).Scan(&m)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("offline payments of booking %s: %w", bookingID, err)
	}
	return booking.Source(m), nil
}

// AwaitingPayment lists the bookings awaiting payment outside the site, by departure
// (oldest first), at most limit.
func (s *Store) AwaitingPayment(ctx context.Context, limit int) ([]backoffice.BookingRow, error) {
	list, err := s.bookingRows(ctx, s.reader(), `SELECT `+bookingRowColumns+bookingRowFrom+`
		WHERE b.status = 'awaiting_payment' ORDER BY b.start_date, b.created_at, b.id LIMIT `+fmt.Sprint(limit))
	if err != nil {
		return nil, fmt.Errorf("bookings awaiting payment: %w", err)
	}
	return list, nil
}

// OwedRefunds lists the refunds owed outside the site with their bookings, oldest first.
func (s *Store) OwedRefunds(ctx context.Context) ([]coll.OwedRefund, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT r.id, r.booking_id, r.idem_key, r.amount_minor, r.currency, r.provider, r.provider_ref,
		r.status, r.error, r.actor_id, r.reason, r.created_at, r.updated_at, r.settled_at, r.settled_ref, `+bookingRowColumns+`
		FROM refunds r JOIN bookings b ON b.id = r.booking_id`+bookingRowJoins+`
		WHERE r.status = 'owed' ORDER BY r.created_at, r.id`)
	if err != nil {
		return nil, fmt.Errorf("refunds owed: %w", err)
	}
	list, err := collect(rows, func(o *coll.OwedRefund) []any {
		return append(refundFields(&o.Refund), bookingRowFields(&o.Booking)...)
	})
	if err != nil {
		return nil, fmt.Errorf("refunds owed: %w", err)
	}
	return list, nil
}

var _ coll.Store = (*Store)(nil)

// BalancesDue lists the paid bookings sold with a deposit that still owe their balance
// and whose balance falls due from the day from, before the day before (by due day, at
// most limit), for the balance reminders and the overdue bookings. Which are overdue
// where their tour runs is the services' to decide.
func (s *Store) BalancesDue(ctx context.Context, from, before time.Time, limit int) ([]backoffice.BookingRow, error) {
	list, err := s.bookingRows(ctx, s.reader(), `SELECT `+bookingRowColumns+bookingRowFrom+`
		WHERE b.status = 'paid' AND b.balance_due_on >= $1 AND b.balance_due_on < $2
			AND b.amount_minor > b.paid_minor - b.refunded_minor
		ORDER BY b.balance_due_on, b.id LIMIT $3`, day(from), day(before), limit)
	if err != nil {
		return nil, fmt.Errorf("balances due before %s: %w", day(before), err)
	}
	return list, nil
}
