package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
)

// Migrations are append-only: a released file is never edited, a change is a new file.
// Each dialect has its own folder because the column types differ.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationFiles embed.FS

// migrateLock is the PostgreSQL advisory lock that serialises instances starting at the
// same time ("tour" in ASCII, as a number).
const migrateLock = 0x746f7572

type migration struct {
	version int
	name    string
	sql     string
}

// migrations lists the dialect's migrations in version order.
func (s *Store) migrations() ([]migration, error) {
	dir := path.Join("migrations", s.dialect)
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var list []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		version, err := strconv.Atoi(num)
		if !ok || err != nil || version <= 0 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and _", e.Name())
		}
		body, err := fs.ReadFile(migrationFiles, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		list = append(list, migration{version: version, name: e.Name(), sql: string(body)})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	for i := 1; i < len(list); i++ {
		if list[i].version == list[i-1].version {
			return nil, fmt.Errorf("migrations %s and %s share a version", list[i-1].name, list[i].name)
		}
	}
	return list, nil
}

// Migrate brings the schema up to date: every embedded migration not yet recorded in
// schema_migrations is applied, in order, in one transaction, so a failed start leaves
// the schema as it was. Running it again is a no-op.
func (s *Store) Migrate(ctx context.Context) error {
	return s.migrate(ctx, math.MaxInt)
}

// migrate applies the migrations up to version upTo (the upgrade tests stop at an older
// schema, write its data and then migrate the rest).
func (s *Store) migrate(ctx context.Context, upTo int) error {
	list, err := s.migrations()
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if s.dialect == SQLite {
		// SQLite changes a constraint by rebuilding the table (0015): with foreign keys
		// on, dropping the old table would delete what refers to it. The pragma is a
		// no-op inside a transaction, so it is set on the single writer connection
		// around it, and every key is checked before the commit instead.
		if _, err := s.write.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
			return fmt.Errorf("migrate: foreign keys off: %w", err)
		}
		defer func() {
			if _, err := s.write.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`); err != nil {
				s.logger.ErrorContext(ctx, "migrate: foreign keys back on", "error", err)
			}
		}()
	}
	return s.InTx(ctx, func(tx *Store) error {
		if tx.dialect == Postgres {
			// Released at commit; a second instance waits here and then finds nothing to do.
			if err := tx.lockSchema(ctx, migrateLock); err != nil {
				return fmt.Errorf("migrate: %w", err)
			}
		}
		if _, err := tx.tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at TEXT NOT NULL
		)`); err != nil {
			return fmt.Errorf("migrate: create schema_migrations: %w", err)
		}
		applied := map[int]bool{}
		latest := 0
		rows, err := tx.tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				return fmt.Errorf("migrate: read schema_migrations: %w", err)
			}
			applied[v] = true
			latest = max(latest, v)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("migrate: read schema_migrations: %w", err)
		}
		if known := list[len(list)-1].version; latest > known {
			// A newer binary migrated this database; an older one still runs on it while
			// a rolling deploy finishes, which append-only migrations allow.
			tx.logger.WarnContext(ctx, "database schema is newer than this binary", "database_version", latest, "binary_version", known)
		}
		for _, m := range list {
			if applied[m.version] || m.version > upTo {
				continue
			}
			if _, err := tx.tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migrate: apply %s: %w", m.name, err)
			}
			if _, err := tx.tx.ExecContext(ctx,
				`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
				m.version, m.name, ts(tx.now())); err != nil {
				return fmt.Errorf("migrate: record %s: %w", m.name, err)
			}
			tx.logger.InfoContext(ctx, "applied migration", "name", m.name, "dialect", tx.dialect)
		}
		if tx.dialect == SQLite {
			if err := tx.checkForeignKeys(ctx); err != nil {
				return err
			}
		}
		if upTo < list[len(list)-1].version {
			return nil // an older schema, for an upgrade test: what follows needs the latest
		}
		// Codes come from crypto/rand, which SQL has not: the bookings paid before
		// tickets existed get theirs here, once.
		n, err := tx.issueMissingTickets(ctx)
		if n > 0 {
			tx.logger.InfoContext(ctx, "issued tickets", "bookings", n)
		}
		if err != nil {
			return err
		}
		// References likewise, and the search columns of bookings folded by an
		// older version of booking.SearchDoc.
		n, err = tx.issueMissingReferences(ctx)
		if n > 0 {
			tx.logger.InfoContext(ctx, "gave bookings references", "bookings", n)
		}
		return err
	})
}

// PendingMigrations counts the embedded migrations the database has not recorded: 0
// once Migrate has run. A readiness probe asks it, so an instance never takes traffic
// on a schema older than its code.
func (s *Store) PendingMigrations(ctx context.Context) (int, error) {
	list, err := s.migrations()
	if err != nil {
		return 0, err
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return 0, fmt.Errorf("read schema_migrations: %w", err)
	}
	applied := map[int]bool{}
	if err := scanAll(rows, func() error {
		var v int
		err := rows.Scan(&v)
		applied[v] = true
		return err
	}); err != nil {
		return 0, fmt.Errorf("read schema_migrations: %w", err)
	}
	pending := 0
	for _, m := range list {
		if !applied[m.version] {
			pending++
		}
	}
	return pending, nil
}

// checkForeignKeys fails when a row refers to one that is not there: SQLite's
// migrations run with foreign keys off (Migrate), so they are checked here, before the
// commit.
func (s *Store) checkForeignKeys(ctx context.Context) error {
	rows, err := s.tx.QueryContext(ctx, `PRAGMA foreign_key_check`)
	if err != nil {
		return fmt.Errorf("migrate: check foreign keys: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fkid int
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			return fmt.Errorf("migrate: check foreign keys: %w", err)
		}
		return fmt.Errorf("migrate: a row of %s (rowid %d) refers to a missing row of %s", table, rowid.Int64, parent)
	}
	return rows.Err()
}
