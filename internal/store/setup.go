package store

import (
	"context"
	"fmt"
	"time"
)

// The first administrator's one-time setup addresses (useradmin.Setup).

// AddSetupToken keeps the hash of a new setup address's token.
func (s *Store) AddSetupToken(ctx context.Context, tokenHash []byte, now time.Time) error {
	if _, err := s.writer().ExecContext(ctx, `INSERT INTO setup_tokens (token_hash, created_at) VALUES ($1, $2)`,
		tokenHash, ts(now)); err != nil {
		return fmt.Errorf("add setup token: %w", err)
	}
	return nil
}

// SetupTokenUnused reports whether a setup token is known and not used yet.
func (s *Store) SetupTokenUnused(ctx context.Context, tokenHash []byte) (bool, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM setup_tokens WHERE token_hash = $1 AND used_at IS NULL`,
		tokenHash).Scan(&n); err != nil {
		return false, fmt.Errorf("setup token: %w", err)
	}
	return n > 0, nil
}

// UseSetupToken spends an unused setup token: false when it is unknown or used.
func (s *Store) UseSetupToken(ctx context.Context, tokenHash []byte, now time.Time) (bool, error) {
	res, err := s.writer().ExecContext(ctx, `UPDATE setup_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL`,
		tokenHash, ts(now))
	if err != nil {
		return false, fmt.Errorf("use setup token: %w", err)
	}
	return affected(res)
}

// setupLockKey is the PostgreSQL advisory lock that serialises first-start setups: with
// no admin yet there is no row to lock.
const setupLock = 0x73657475 // "setu"

// LockSetup makes first-start setups wait for each other until the transaction ends (on
// PostgreSQL; SQLite's single writer serialises anyway).
func (s *Store) LockSetup(ctx context.Context) error {
	if s.dialect != Postgres {
		return nil
	}
	if err := s.lockSchema(ctx, setupLock); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	return nil
}

// lockSchema takes the transaction's advisory lock of purpose for this site's schema:
// the instances of one site share a schema and wait for each other, while other sites on
// the same server (a schema each, as the tests run in parallel) do not. With one lock
// for the whole server every test's migration waited for every other's: measured 2.3 s
// to open a store on PostgreSQL while other packages' tests ran, 0.1–0.2 s now.
func (s *Store) lockSchema(ctx context.Context, purpose int32) error {
	if _, err := s.tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))`, purpose); err != nil {
		return fmt.Errorf("take lock: %w", err)
	}
	return nil
}

// CountActiveAdmins is the number of administrators who may sign in.
func (s *Store) CountActiveAdmins(ctx context.Context) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = 'admin' AND active`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count admins: %w", err)
	}
	return n, nil
}
