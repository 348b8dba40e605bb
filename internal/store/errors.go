package store

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// isUnique reports whether err is a unique violation of the constraint named by one of
// names. PostgreSQL reports the index name; SQLite names an expression index
// ("index 'users_email_lower'") but lists the columns of a plain one
// ("reviews.tour_id, reviews.user_id"), so callers pass both forms.
func isUnique(err error, names ...string) bool {
	var where string
	var pgErr *pgconn.PgError
	var liteErr *sqlite.Error
	switch {
	case errors.As(err, &pgErr) && pgErr.Code == "23505":
		where = pgErr.ConstraintName
	case errors.As(err, &liteErr) && (liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE ||
		liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY):
		where = liteErr.Error()
	default:
		return false
	}
	for _, n := range names {
		if strings.Contains(where, n) {
			return true
		}
	}
	return false
}

// isForeignKey reports whether err is a foreign key violation (a reference to a user or
// tour that does not exist).
func isForeignKey(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23503"
	}
	var liteErr *sqlite.Error
	return errors.As(err, &liteErr) && liteErr.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
}
