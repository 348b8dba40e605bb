package store

import (
	"context"
	"fmt"
	"time"
)

// Failed sign-ins live in the database rather than in memory so that every instance
// behind a load balancer counts the same attempts.

// AddLoginFailure records one failed sign-in for key (an email, an address, ...).
func (s *Store) AddLoginFailure(ctx context.Context, key string, at time.Time) error {
	if _, err := s.writer().ExecContext(ctx,
		`INSERT INTO login_failures (key, at) VALUES ($1, $2)`, key, ts(at)); err != nil {
		return fmt.Errorf("add login failure for %q: %w", key, err)
	}
	return nil
}

// CountLoginFailures counts the failures for key at or after since.
func (s *Store) CountLoginFailures(ctx context.Context, key string, since time.Time) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx,
		`SELECT COUNT(*) FROM login_failures WHERE key = $1 AND at >= $2`, key, ts(since)).Scan(&n); err != nil {
		return 0, fmt.Errorf("count login failures for %q: %w", key, err)
	}
	return n, nil
}

// RemoveLoginFailure forgets one failure of key recorded at at. The service records every
// sign-in attempt as a failure before checking the password, so that concurrent attempts
// count each other, and takes the row back when the attempt was refused unchecked or
// proved good. The table has no row id: rows of one key and time are interchangeable, so
// any one of them goes. Nothing to remove is not an error.
func (s *Store) RemoveLoginFailure(ctx context.Context, key string, at time.Time) error {
	// Both engines have a physical row address (SQLite's rowid, PostgreSQL's ctid, stable
	// here because the rows are never updated) to delete exactly one row by.
	row := "rowid"
	if s.dialect == Postgres {
		row = "ctid"
	}
	if _, err := s.writer().ExecContext(ctx, `DELETE FROM login_failures WHERE `+row+` IN
		(SELECT `+row+` FROM login_failures WHERE key = $1 AND at = $2 LIMIT 1)`, key, ts(at)); err != nil {
		return fmt.Errorf("remove login failure for %q: %w", key, err)
	}
	return nil
}

// ClearLoginFailures forgets the failures for key, after a successful sign-in.
func (s *Store) ClearLoginFailures(ctx context.Context, key string) error {
	if _, err := s.writer().ExecContext(ctx, `DELETE FROM login_failures WHERE key = $1`, key); err != nil {
		return fmt.Errorf("clear login failures for %q: %w", key, err)
	}
	return nil
}

// PurgeLoginFailures deletes failures older than before: once outside every window they
// count for nothing, and a flood of bad logins must not grow the table for ever.
func (s *Store) PurgeLoginFailures(ctx context.Context, before time.Time) (int, error) {
	res, err := s.writer().ExecContext(ctx, `DELETE FROM login_failures WHERE at < $1`, ts(before))
	if err != nil {
		return 0, fmt.Errorf("purge login failures: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
