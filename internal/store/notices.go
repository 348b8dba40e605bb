package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/mail"
	"tourbook/internal/notify"
)

// Site settings and the booking news for staff (notify.Store).

// Setting is a site setting's value; ok is false when it was never set.
func (s *Store) Setting(ctx context.Context, key string) (value string, ok bool, err error) {
	err = s.reader().QueryRowContext(ctx, `SELECT value FROM site_settings WHERE key = $1`, key).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("setting %s: %w", key, err)
	}
	return value, true, nil
}

// SetSetting writes a site setting, with its audit entry, in one transaction.
func (s *Store) SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, $3)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			key, value, ts(now)); err != nil {
			return err
		}
		if len(entry.Changes) == 0 {
			return nil
		}
		return tx.addAudit(ctx, &entry, key)
	})
	if err != nil {
		return fmt.Errorf("set setting %s: %w", key, err)
	}
	return nil
}

// UpdateSetting changes a site setting in one transaction: change gets the value as
// stored (ok false when it was never set), read under the row's lock, and returns the new
// value with its audit entry (written when it lists changes). Two instances changing the
// setting at once each see the other's change; an error from change writes nothing.
func (s *Store) UpdateSetting(ctx context.Context, key string, now time.Time, change func(value string, ok bool) (string, audit.Entry, error)) error {
	err := s.InTx(ctx, func(tx *Store) error {
		var value string
		err := tx.tx.QueryRowContext(ctx, tx.forUpdate(`SELECT value FROM site_settings WHERE key = $1`), key).Scan(&value)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		next, entry, err := change(value, err == nil)
		if err != nil {
			return err
		}
		return tx.SetSetting(ctx, key, next, now, entry)
	})
	if err != nil {
		return fmt.Errorf("update setting %s: %w", key, err)
	}
	return nil
}

// ActiveAdmins are the active users with the admin role, by name.
func (s *Store) ActiveAdmins(ctx context.Context) ([]account.User, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+userColumns+` FROM users u
		WHERE u.role = $1 AND u.active ORDER BY u.name, u.id`, string(account.RoleAdmin))
	if err != nil {
		return nil, fmt.Errorf("active admins: %w", err)
	}
	list, err := collect(rows, userFields)
	if err != nil {
		return nil, fmt.Errorf("active admins: %w", err)
	}
	return list, nil
}

// AddBookingNotice writes n unless a notice with its key exists; fresh says whether it did.
func (s *Store) AddBookingNotice(ctx context.Context, n *notify.Notice) (fresh bool, err error) {
	s.ensureID(&n.ID)
	s.ensureTime(&n.CreatedAt)
	res, err := s.writer().ExecContext(ctx, `INSERT INTO booking_notices (id, notice_key, booking_id, tour_id, kind, line, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (notice_key) DO NOTHING`,
		n.ID, n.Key, n.BookingID, n.TourID, string(n.Kind), n.Line, ts(n.CreatedAt))
	if err != nil {
		return false, fmt.Errorf("booking notice %s: %w", n.Key, err)
	}
	return affected(res)
}

// UnsentNotices are the notices not emailed yet, written before before, oldest first.
func (s *Store) UnsentNotices(ctx context.Context, before time.Time) ([]notify.Notice, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT n.id, n.notice_key, n.booking_id, b.user_id, n.tour_id, n.kind, n.line,
			n.created_at
		FROM booking_notices n JOIN bookings b ON b.id = n.booking_id
		WHERE n.sent_at IS NULL AND n.created_at < $1 ORDER BY n.created_at, n.id`, ts(before))
	if err != nil {
		return nil, fmt.Errorf("unsent booking notices: %w", err)
	}
	list, err := collect(rows, func(n *notify.Notice) []any {
		return []any{&n.ID, &n.Key, &n.BookingID, &n.CustomerID, &n.TourID, &n.Kind, &n.Line, timeCol{&n.CreatedAt}}
	})
	if err != nil {
		return nil, fmt.Errorf("unsent booking notices: %w", err)
	}
	return list, nil
}

// NoticesSent queues msgs (once per idempotency key) and marks the notices ids sent at
// now, in one transaction: a notice is emailed with its digest or not at all.
func (s *Store) NoticesSent(ctx context.Context, ids []string, msgs []*mail.Message, now time.Time) error {
	err := s.InTx(ctx, func(tx *Store) error {
		for _, m := range msgs {
			if _, err := tx.EnqueueEmail(ctx, m); err != nil {
				return err
			}
		}
		if len(ids) == 0 {
			return nil
		}
		marks := make([]string, len(ids))
		args := []any{ts(now)}
		for i, id := range ids {
			marks[i] = fmt.Sprintf("$%d", i+2)
			args = append(args, id)
		}
		_, err := tx.tx.ExecContext(ctx, `UPDATE booking_notices SET sent_at = $1
			WHERE sent_at IS NULL AND id IN (`+strings.Join(marks, ", ")+`)`, args...)
		return err
	})
	if err != nil {
		return fmt.Errorf("booking notices sent: %w", err)
	}
	return nil
}

// FirstTourZone is the time zone of the tour made first, or "" when there is none.
func (s *Store) FirstTourZone(ctx context.Context) (string, error) {
	var zone string
	err := s.reader().QueryRowContext(ctx, `SELECT time_zone FROM tours ORDER BY created_at, id LIMIT 1`).Scan(&zone)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("first tour's time zone: %w", err)
	}
	return zone, nil
}
