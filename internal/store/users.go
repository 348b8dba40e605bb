package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/mail"
)

const userColumns = `u.id, u.name, u.email, u.photo, u.role, u.password_hash,
	u.password_changed_at, u.active, u.created_at, u.deleted_at`

func userFields(u *account.User) []any {
	return []any{&u.ID, &u.Name, &u.Email, &u.Photo, &u.Role, &u.PasswordHash,
		timeCol{&u.PasswordChangedAt}, &u.Active, timeCol{&u.CreatedAt}, timeCol{&u.DeletedAt}}
}

// The unique index on lower(email) shows up under these names (see isUnique).
var emailIndex = []string{"users_email_lower"}

// emailKey is how emails are stored and looked up: lower-cased in Go, because SQLite's
// lower() folds only A–Z, and "Élodie@" and "élodie@" must be one account on both
// engines. The unique index on lower(email) then compares like PostgreSQL's.
func emailKey(email string) string { return strings.ToLower(email) }

// CreateUser stores u, filling an empty ID and a zero CreatedAt; u.Email is stored
// lower-cased. An email used by another account, compared without case, is
// account.ErrEmailTaken.
func (s *Store) CreateUser(ctx context.Context, u *account.User) error {
	s.ensureID(&u.ID)
	u.Email = emailKey(u.Email)
	s.ensureTime(&u.CreatedAt)
	if u.Role == "" {
		u.Role = account.RoleUser
	}
	if !u.PasswordChangedAt.IsZero() {
		u.PasswordChangedAt = u.PasswordChangedAt.UTC().Truncate(time.Microsecond)
	}
	_, err := s.writer().ExecContext(ctx, `INSERT INTO users
		(id, name, email, photo, role, password_hash, password_changed_at, active, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		u.ID, u.Name, u.Email, u.Photo, string(u.Role), u.PasswordHash,
		tsNull(u.PasswordChangedAt), u.Active, ts(u.CreatedAt))
	if isUnique(err, emailIndex...) {
		err = account.ErrEmailTaken
	}
	if err != nil {
		return fmt.Errorf("create user %s: %w", u.ID, err)
	}
	return nil
}

// UserByID returns the user or account.ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id string) (account.User, error) {
	u, err := s.userWhere(ctx, `u.id = $1`, id)
	if err != nil {
		return u, fmt.Errorf("user %s: %w", id, err)
	}
	return u, nil
}

// UserByEmail finds a user by email without regard to case, or account.ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (account.User, error) {
	u, err := s.userWhere(ctx, `lower(u.email) = $1`, emailKey(email))
	if err != nil {
		return u, fmt.Errorf("user with email %q: %w", email, err)
	}
	return u, nil
}

func (s *Store) userWhere(ctx context.Context, where string, arg any) (account.User, error) {
	var u account.User
	err := s.reader().QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE `+where, arg).
		Scan(userFields(&u)...)
	if errors.Is(err, sql.ErrNoRows) {
		return account.User{}, account.ErrNotFound
	}
	return u, err
}

// UpdateUserProfile changes the name, email (stored lower-cased) and photo of a user,
// and what the user's bookings are found by in the back office, in one transaction.
func (s *Store) UpdateUserProfile(ctx context.Context, id string, p account.Profile) error {
	return s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx,
			`UPDATE users SET name = $2, email = $3, photo = $4 WHERE id = $1`, id, p.Name, emailKey(p.Email), p.Photo)
		if isUnique(err, emailIndex...) {
			err = account.ErrEmailTaken
		}
		if err := updated(res, err, "update profile of user "+id, account.ErrNotFound); err != nil {
			return err
		}
		_, err = tx.refreshSearch(ctx, `b.user_id = $1`, id)
		return err
	})
}

// UpdateUserPassword replaces a user's password hash.
func (s *Store) UpdateUserPassword(ctx context.Context, id, hash string, changedAt time.Time) error {
	res, err := s.writer().ExecContext(ctx,
		`UPDATE users SET password_hash = $2, password_changed_at = $3 WHERE id = $1`,
		id, hash, tsNull(changedAt))
	return updated(res, err, "update password of user "+id, account.ErrNotFound)
}

// UpgradePasswordHash replaces a user's password hash with newHash only while it is still
// oldHash, and reports whether it did. A login rehashing the password it just verified
// uses it, so that a password changed in the meantime is never overwritten by the old
// one. The password itself is the same, so password_changed_at stays.
func (s *Store) UpgradePasswordHash(ctx context.Context, id, oldHash, newHash string) (bool, error) {
	res, err := s.writer().ExecContext(ctx,
		`UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, id, oldHash, newHash)
	if err != nil {
		return false, fmt.Errorf("upgrade password hash of user %s: %w", id, err)
	}
	ok, err := affected(res)
	if err != nil {
		return false, fmt.Errorf("upgrade password hash of user %s: %w", id, err)
	}
	return ok, nil
}

// CountUsers is the number of accounts, active or not.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count users: %w", err)
	}
	return n, nil
}

// UsersWithRole lists the accounts of a role, active or not, by name.
func (s *Store) UsersWithRole(ctx context.Context, role account.Role) ([]account.User, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.role = $1
		ORDER BY u.name, u.id`, string(role))
	if err != nil {
		return nil, fmt.Errorf("users with role %s: %w", role, err)
	}
	list, err := collect(rows, userFields)
	if err != nil {
		return nil, fmt.Errorf("users with role %s: %w", role, err)
	}
	return list, nil
}

// updated finishes a single-row UPDATE: err wrapped with what, or notFound when no row
// matched.
func updated(res sql.Result, err error, what string, notFound error) error {
	if err == nil {
		var ok bool
		if ok, err = affected(res); err == nil && !ok {
			err = notFound
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// UpdateUserProfileWithEmail is UpdateUserProfile and the enqueueing of m in one
// transaction: the old address is told of a change of the sign-in email exactly when it
// happened.
func (s *Store) UpdateUserProfileWithEmail(ctx context.Context, id string, p account.Profile, m *mail.Message) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.UpdateUserProfile(ctx, id, p); err != nil {
			return err
		}
		_, err := tx.EnqueueEmail(ctx, m)
		return err
	})
}
