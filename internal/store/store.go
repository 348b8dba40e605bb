// Package store is the only place with SQL: it keeps users, sessions, tours, reviews and
// bookings in SQLite (the default, one file next to the binary) or PostgreSQL (when the
// site runs as several instances on one database).
//
// SQL is written once with $N placeholders, which both engines accept; where the engines
// need different text (row locks), both versions sit side by side in the method. Times are
// passed to the database as fixed-width RFC 3339 text in UTC with microseconds, which
// SQLite stores and compares as text and PostgreSQL parses into timestamptz, so a time
// round-trips identically on both.
package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

// Dialect names returned by Store.Dialect.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Store is a handle on the database. Inside InTx it is bound to one transaction; every
// method then runs in it.
type Store struct {
	dialect string
	// write takes every transaction and write. On SQLite it holds a single connection
	// that begins transactions with BEGIN IMMEDIATE, so writers queue in Go instead of
	// failing with SQLITE_BUSY; on PostgreSQL it is the same pool as read.
	write *sql.DB
	// read serves reads outside transactions; on SQLite WAL lets it run beside the writer.
	read *sql.DB
	// readStmts, on SQLite only, serves reads outside transactions from prepared
	// statements.
	readStmts *stmtCache
	tx        *sql.Tx
	// path is the SQLite database file ("" on PostgreSQL), for backups.
	path   string
	logger *slog.Logger
	now    func() time.Time // the clock for CreatedAt defaults and IDs
	// references draws booking references; nil is booking.NewReference (tests draw
	// taken ones on purpose).
	references func() string
}

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Dialect is "sqlite" or "postgres".
func (s *Store) Dialect() string { return s.dialect }

// Close closes the connection pools.
func (s *Store) Close() error {
	if s.tx != nil {
		return errors.New("close store: called inside a transaction")
	}
	var err error
	if s.readStmts != nil {
		err = s.readStmts.Close()
	}
	err = errors.Join(err, s.write.Close())
	if s.read != s.write {
		err = errors.Join(err, s.read.Close())
	}
	return err
}

// reader is where a read runs: the open transaction, which must see its own writes, or
// the read pool.
func (s *Store) reader() querier {
	if s.tx != nil {
		return s.tx
	}
	if s.readStmts != nil {
		return s.readStmts
	}
	return s.read
}

// writer is where a single-statement write runs.
func (s *Store) writer() querier {
	if s.tx != nil {
		return s.tx
	}
	return s.write
}

// InTx runs fn in one transaction: committed when fn returns nil, rolled back otherwise
// (or on panic). Called inside a transaction, fn joins it, so methods that need a
// transaction of their own compose with a caller's.
func (s *Store) InTx(ctx context.Context, fn func(tx *Store) error) error {
	if s.tx != nil {
		return fn(s)
	}
	sqlTx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	txStore := *s
	txStore.tx = sqlTx
	committed := false
	defer func() {
		// Also on panic or runtime.Goexit: a transaction left open would hold SQLite's
		// only writer connection for good.
		if !committed {
			_ = sqlTx.Rollback()
		}
	}()
	if err := fn(&txStore); err != nil {
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	committed = true
	return nil
}

// forUpdate appends a row lock on PostgreSQL. SQLite has no row locks and needs none:
// its single writer connection and BEGIN IMMEDIATE already serialise writing
// transactions.
func (s *Store) forUpdate(query string) string {
	if s.dialect == Postgres {
		return query + " FOR UPDATE"
	}
	return query
}

// newID makes a 24-hex-digit ID shaped like a MongoDB ObjectID (seconds since the epoch,
// then random bytes), so IDs imported from the original data look the same as new ones
// and sort roughly by creation time.
func (s *Store) newID() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(s.now().Unix()))
	_, _ = rand.Read(b[4:]) // never fails (crypto/rand documents it)
	return hex.EncodeToString(b[:])
}

// ensureID fills an empty ID.
func (s *Store) ensureID(id *string) {
	if *id == "" {
		*id = s.newID()
	}
}

// ensureTime fills a zero time with now, and keeps a given one at the stored precision so
// that the caller's struct equals what a later read returns.
func (s *Store) ensureTime(t *time.Time) {
	if t.IsZero() {
		*t = s.now()
	}
	*t = t.UTC().Truncate(time.Microsecond)
}

// affected reports whether a write touched a row, for the not-found sentinels.
func affected(res sql.Result) (bool, error) {
	n, err := res.RowsAffected()
	return n > 0, err
}

// Ping checks that the database answers. It asks the read pool: on SQLite the single
// writer may be held by a long transaction, which is busy, not down.
func (s *Store) Ping(ctx context.Context) error {
	return s.read.PingContext(ctx)
}

// Pool is one of the store's connection pools, named for metrics.
type Pool struct {
	Name string
	DB   *sql.DB
}

// Pools are the store's connection pools: on SQLite the single writer and the readers,
// on PostgreSQL the one pool that serves both.
func (s *Store) Pools() []Pool {
	if s.read == s.write {
		return []Pool{{"postgres", s.write}}
	}
	return []Pool{{"writer", s.write}, {"reader", s.read}}
}
