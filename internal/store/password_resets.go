package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/mail"
)

// CreatePasswordReset stores a reset link's token hash for a user, valid until expires,
// with the email that carries the link, in one transaction: no link without its email,
// no email without its link.
func (s *Store) CreatePasswordReset(ctx context.Context, tokenHash []byte, userID string, now, expires time.Time, m *mail.Message) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
			VALUES ($1, $2, $3, $4)`, tokenHash, userID, ts(now), ts(expires)); err != nil {
			if isForeignKey(err) {
				return account.ErrNotFound
			}
			return err
		}
		if m == nil { // a link handed over otherwise (tourbook admin create -link)
			return nil
		}
		_, err := tx.EnqueueEmail(ctx, m)
		return err
	})
	if err != nil {
		return fmt.Errorf("create password reset for user %s: %w", userID, err)
	}
	return nil
}

// PasswordResetUsable reports whether a reset link's token is unused and unexpired at
// now, for an active user.
func (s *Store) PasswordResetUsable(ctx context.Context, tokenHash []byte, now time.Time) (bool, error) {
	var n int
	err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM password_resets r JOIN users u ON u.id = r.user_id
		WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2 AND u.active`, tokenHash, ts(now)).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("password reset: %w", err)
	}
	return n > 0, nil
}

// ResetPassword spends a reset link: when its token is unused and unexpired at now
// (account.ErrResetLinkInvalid otherwise), the user's password hash becomes
// passwordHash, every reset link of the user is spent and every session ends, in one
// transaction. It returns the user.
func (s *Store) ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (account.User, error) {
	var u account.User
	err := s.InTx(ctx, func(tx *Store) error {
		var userID string
		var expires, used time.Time
		err := tx.tx.QueryRowContext(ctx, tx.forUpdate(`SELECT user_id, expires_at, used_at FROM password_resets
			WHERE token_hash = $1`), tokenHash).Scan(&userID, timeCol{&expires}, timeCol{&used})
		if errors.Is(err, sql.ErrNoRows) {
			return account.ErrResetLinkInvalid
		}
		if err != nil {
			return err
		}
		if !used.IsZero() || !now.Before(expires) {
			return account.ErrResetLinkInvalid
		}
		if u, err = tx.userWhere(ctx, `u.id = $1`, userID); err != nil {
			return err
		}
		if !u.Active {
			return account.ErrResetLinkInvalid
		}
		u.PasswordHash, u.PasswordChangedAt = passwordHash, now.UTC().Truncate(time.Microsecond)
		if _, err := tx.tx.ExecContext(ctx, `UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1`,
			userID, passwordHash, ts(now)); err != nil {
			return err
		}
		if _, err := tx.tx.ExecContext(ctx, `UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`,
			userID, ts(now)); err != nil {
			return err
		}
		_, err = tx.tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
		return err
	})
	if err != nil {
		return u, fmt.Errorf("reset password: %w", err)
	}
	return u, nil
}

// PurgePasswordResets forgets reset links that expired before before.
func (s *Store) PurgePasswordResets(ctx context.Context, before time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `DELETE FROM password_resets WHERE expires_at < $1`, ts(before))
	if err != nil {
		return 0, fmt.Errorf("purge password resets: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// CreateUserWithEmail is CreateUser with the new account's welcome email in the same
// transaction.
func (s *Store) CreateUserWithEmail(ctx context.Context, u *account.User, m *mail.Message) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		_, err := tx.EnqueueEmail(ctx, m)
		return err
	})
}
