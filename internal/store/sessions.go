package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
)

// CreateSession stores a signed-in browser by the SHA-256 of its token.
// An unknown user is account.ErrNotFound.
func (s *Store) CreateSession(ctx context.Context, sess account.Session) error {
	_, err := s.writer().ExecContext(ctx,
		`INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		sess.TokenHash, sess.UserID, ts(sess.CreatedAt), ts(sess.ExpiresAt))
	if isForeignKey(err) {
		err = account.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("create session for user %s: %w", sess.UserID, err)
	}
	return nil
}

// SessionByTokenHash returns the session and its user when the session has not expired
// at now and the user is active; anything else is account.ErrNotFound.
func (s *Store) SessionByTokenHash(ctx context.Context, hash []byte, now time.Time) (account.Session, account.User, error) {
	var sess account.Session
	var u account.User
	err := s.reader().QueryRowContext(ctx, `SELECT s.token_hash, s.user_id, s.created_at, s.expires_at, `+userColumns+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.active`,
		hash, ts(now)).
		Scan(append([]any{&sess.TokenHash, &sess.UserID, timeCol{&sess.CreatedAt}, timeCol{&sess.ExpiresAt}}, userFields(&u)...)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = account.ErrNotFound
	}
	if err != nil {
		return account.Session{}, account.User{}, fmt.Errorf("session: %w", err)
	}
	return sess, u, nil
}

// DeleteSession ends one session; an unknown one is not an error (logging out twice is
// fine).
func (s *Store) DeleteSession(ctx context.Context, hash []byte) error {
	if _, err := s.writer().ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hash); err != nil {
		return fmt.Errorf("delete session: %w", err)
	}
	return nil
}

// DeleteOtherSessions ends every session of the user except keep (all of them when keep
// is nil), as after a password change.
func (s *Store) DeleteOtherSessions(ctx context.Context, userID string, keep []byte) error {
	if keep == nil {
		keep = []byte{} // compares unequal to every stored hash; NULL would match none
	}
	if _, err := s.writer().ExecContext(ctx,
		`DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keep); err != nil {
		return fmt.Errorf("delete other sessions of user %s: %w", userID, err)
	}
	return nil
}

// DeleteExpiredSessions removes sessions that expired at or before now and says how many.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `DELETE FROM sessions WHERE expires_at <= $1`, ts(now))
	if err != nil {
		return 0, fmt.Errorf("delete expired sessions: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
