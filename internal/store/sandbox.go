package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/payment"
)

// The sandbox payment provider's state (payment.SandboxStore): its checkouts and
// refunds live here so that every instance on the database sees them.

var _ payment.SandboxStore = (*Store)(nil)

// CreateSandboxCheckout stores a new, unpaid sandbox checkout.
func (s *Store) CreateSandboxCheckout(ctx context.Context, c payment.SandboxCheckout) error {
	r := c.Request
	lines, err := jsonArg(r.Lines)
	if err != nil {
		return fmt.Errorf("create sandbox checkout: %w", err)
	}
	_, err = s.writer().ExecContext(ctx, `INSERT INTO sandbox_checkouts (id, booking_id, tour_id, user_id,
		customer_email, tour_name, description, start_date, image_url, unit_amount, quantity, currency,
		success_url, cancel_url, form_token, created_at, expires_at, terms, lines)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
		c.ID, r.BookingID, r.TourID, r.UserID, r.CustomerEmail, r.TourName, r.Description, r.StartDate,
		r.ImageURL, r.UnitAmountMinor, r.Quantity, r.Currency, r.SuccessURL, r.CancelURL, c.FormToken,
		ts(c.CreatedAt), ts(r.ExpiresAt), r.Terms, lines)
	if err != nil {
		return fmt.Errorf("create sandbox checkout: %w", err)
	}
	return nil
}

const sandboxCheckoutColumns = `id, booking_id, tour_id, user_id, customer_email, tour_name, description,
	start_date, image_url, unit_amount, quantity, currency, success_url, cancel_url, form_token, created_at,
	expires_at, COALESCE(payment_ref, ''), paid_at, terms, expired_at, lines`

func sandboxCheckoutFields(c *payment.SandboxCheckout) []any {
	r := &c.Request
	return []any{&c.ID, &r.BookingID, &r.TourID, &r.UserID, &r.CustomerEmail, &r.TourName, &r.Description,
		&r.StartDate, &r.ImageURL, &r.UnitAmountMinor, &r.Quantity, &r.Currency, &r.SuccessURL, &r.CancelURL,
		&c.FormToken, timeCol{&c.CreatedAt}, timeCol{&r.ExpiresAt}, &c.PaymentRef, timeCol{&c.PaidAt}, &r.Terms, timeCol{&c.ExpiredAt},
		jsonCol[[]payment.LineItem]{&r.Lines}}
}

// SandboxCheckout returns a sandbox checkout (payment.ErrNotFound when there is none).
func (s *Store) SandboxCheckout(ctx context.Context, id string) (payment.SandboxCheckout, error) {
	var c payment.SandboxCheckout
	err := s.reader().QueryRowContext(ctx, `SELECT `+sandboxCheckoutColumns+`
		FROM sandbox_checkouts WHERE id = $1`, id).Scan(sandboxCheckoutFields(&c)...)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("sandbox checkout %q: %w", id, payment.ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("sandbox checkout %q: %w", id, err)
	}
	return c, nil
}

// PaySandboxCheckout records a sandbox checkout's payment unless it is paid or expired
// already; the conditional update decides, so of two instances paying at once exactly
// one is first, and a checkout expired at the same moment is either paid or expired.
func (s *Store) PaySandboxCheckout(ctx context.Context, id, paymentRef string, paidAt time.Time) (payment.SandboxCheckout, bool, error) {
	var c payment.SandboxCheckout
	var first bool
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE sandbox_checkouts SET payment_ref = $2, paid_at = $3
			WHERE id = $1 AND payment_ref IS NULL AND expired_at IS NULL`, id, paymentRef, ts(paidAt))
		if err != nil {
			return err
		}
		if first, err = affected(res); err != nil {
			return err
		}
		c, err = tx.SandboxCheckout(ctx, id)
		return err
	})
	if err != nil {
		return c, false, fmt.Errorf("pay sandbox checkout: %w", err)
	}
	return c, first, nil
}

// ExpireSandboxCheckout closes an unpaid sandbox checkout at at, once, and returns it as
// stored: still paid when it was paid first (payment.ErrNotFound for an unknown id).
func (s *Store) ExpireSandboxCheckout(ctx context.Context, id string, at time.Time) (payment.SandboxCheckout, error) {
	var c payment.SandboxCheckout
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `UPDATE sandbox_checkouts SET expired_at = $2
			WHERE id = $1 AND payment_ref IS NULL AND expired_at IS NULL`, id, ts(at)); err != nil {
			return err
		}
		var err error
		c, err = tx.SandboxCheckout(ctx, id)
		return err
	})
	if err != nil {
		return c, fmt.Errorf("expire sandbox checkout: %w", err)
	}
	return c, nil
}

// PurgeSandboxCheckouts deletes sandbox checkouts that expired before before.
func (s *Store) PurgeSandboxCheckouts(ctx context.Context, before time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `DELETE FROM sandbox_checkouts WHERE expires_at < $1`, ts(before))
	if err != nil {
		return 0, fmt.Errorf("purge sandbox checkouts: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// SandboxRefund records a sandbox refund under its idempotency key, or finds the one
// recorded before: the insert that loses a race on the key does nothing, and the read
// after it sees the winner's row.
func (s *Store) SandboxRefund(ctx context.Context, req payment.RefundRequest, refundID string, at time.Time) (string, error) {
	var id string
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `INSERT INTO sandbox_refunds (idempotency_key, id, payment_ref, amount, currency, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
			req.Key, refundID, req.PaymentRef, req.AmountMinor, req.Currency, ts(at)); err != nil {
			return err
		}
		return tx.tx.QueryRowContext(ctx, `SELECT id FROM sandbox_refunds WHERE idempotency_key = $1`, req.Key).Scan(&id)
	})
	if err != nil {
		return "", fmt.Errorf("sandbox refund %q: %w", req.Key, err)
	}
	return id, nil
}

// SandboxWebhookSecret returns the secret every instance signs the sandbox's webhooks
// with: candidate when none is stored yet (it then becomes the stored one), the stored
// one otherwise, so instances that start at once agree.
func (s *Store) SandboxWebhookSecret(ctx context.Context, candidate string) (string, error) {
	var secret string
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `INSERT INTO sandbox_webhook_secret (id, secret) VALUES (1, $1)
			ON CONFLICT (id) DO NOTHING`, candidate); err != nil {
			return err
		}
		return tx.tx.QueryRowContext(ctx, `SELECT secret FROM sandbox_webhook_secret WHERE id = 1`).Scan(&secret)
	})
	if err != nil {
		return "", fmt.Errorf("sandbox webhook secret: %w", err)
	}
	return secret, nil
}
