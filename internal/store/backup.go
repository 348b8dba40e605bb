package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// ErrInUse: another connection, most likely a running `tourbook serve`, has the SQLite
// database open.
var ErrInUse = errors.New("the database is in use")

// BackupSQLite writes a consistent copy of the SQLite database to dest, which must not
// exist, while the site keeps running: VACUUM INTO reads one snapshot in a read
// transaction, which WAL lets writers go on beside. It runs on a connection of its own,
// since the read pool is query-only and the single writer must stay free.
func (s *Store) BackupSQLite(ctx context.Context, dest string) error {
	if s.dialect != SQLite {
		return errors.New("backup: only a SQLite database is copied this way; back up PostgreSQL with pg_dump")
	}
	db, err := sql.Open("sqlite", s.path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, dest); err != nil {
		return fmt.Errorf("backup: copy the database: %w", err)
	}
	return nil
}

// SQLiteCheck is what InspectSQLite finds in a database file.
type SQLiteCheck struct {
	// Problems are integrity_check's and foreign_key_check's findings; none when sound.
	Problems []string
	// Unknown are schema versions applied to the file that this binary does not have:
	// it was written by a newer Tourbook.
	Unknown []int
}

// InspectSQLite checks a SQLite file that no site is using (a backup, or one about to be
// restored): PRAGMA integrity_check, PRAGMA foreign_key_check, and its schema versions
// against this binary's migrations. It opens the file read-only and changes nothing.
func InspectSQLite(ctx context.Context, path string) (SQLiteCheck, error) {
	var c SQLiteCheck
	if _, err := os.Stat(path); err != nil {
		return c, fmt.Errorf("inspect %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return c, fmt.Errorf("inspect %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	lines, err := queryStrings(ctx, db, `PRAGMA integrity_check`)
	if err != nil {
		return c, fmt.Errorf("inspect %s: not a readable SQLite database: %w", path, err)
	}
	if len(lines) != 1 || lines[0] != "ok" {
		c.Problems = append(c.Problems, lines...)
	}
	fk, err := queryStrings(ctx, db, `SELECT "table" || ' row ' || rowid || ' refers to a missing ' || parent FROM pragma_foreign_key_check`)
	if err != nil {
		return c, fmt.Errorf("inspect %s: foreign keys: %w", path, err)
	}
	c.Problems = append(c.Problems, fk...)
	versions, err := queryStrings(ctx, db, `SELECT CAST(version AS TEXT) FROM schema_migrations`)
	if err != nil {
		return c, fmt.Errorf("inspect %s: not a Tourbook database (no schema_migrations): %w", path, err)
	}
	known, err := (&Store{dialect: SQLite}).migrations()
	if err != nil {
		return c, err
	}
	for _, v := range versions {
		var n int
		fmt.Sscan(v, &n)
		if !slices.ContainsFunc(known, func(m migration) bool { return m.version == n }) {
			c.Unknown = append(c.Unknown, n)
		}
	}
	return c, nil
}

func queryStrings(ctx context.Context, db *sql.DB, query string) ([]string, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(s *string) []any { return []any{s} })
}

// ReleaseSQLite makes the SQLite file at path stand alone, so it can be moved: it folds
// the write-ahead log back in and leaves WAL mode, which SQLite allows only when no other
// connection has the file open; ErrInUse otherwise. A running site keeps its
// connections open, so this is how a restore knows the site is stopped.
func ReleaseSQLite(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", path+"?_pragma=busy_timeout(0)")
	if err != nil {
		return fmt.Errorf("open %s: %w", path, err)
	}
	defer db.Close()
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode=DELETE`).Scan(&mode); err != nil {
		var liteErr *sqlite.Error
		if errors.As(err, &liteErr) && (liteErr.Code()&0xff == sqlite3.SQLITE_BUSY || liteErr.Code()&0xff == sqlite3.SQLITE_LOCKED) {
			return fmt.Errorf("%s: %w", path, ErrInUse)
		}
		return fmt.Errorf("release %s: %w", path, err)
	}
	if mode != "delete" {
		return fmt.Errorf("%s: %w", path, ErrInUse)
	}
	return nil
}
