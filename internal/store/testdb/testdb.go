// Package testdb gives tests a fresh, empty database on each engine the suite runs on:
// SQLite always, PostgreSQL too when TOURBOOK_TEST_POSTGRES_URL is set.
// It knows nothing of the store, so the store's own tests use it as well as the site's.
package testdb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// PostgresURLEnv names the PostgreSQL server the tests also run on when set, e.g.
// postgres://postgres@127.0.0.1:5432/test?sslmode=disable.
const PostgresURLEnv = "TOURBOOK_TEST_POSTGRES_URL"

// Engine names, as store.Store.Dialect gives them.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Engines are the engines the tests run on.
func Engines() []string {
	if os.Getenv(PostgresURLEnv) != "" {
		return []string{SQLite, Postgres}
	}
	return []string{SQLite}
}

// Database returns the store.Open arguments of a fresh, empty database on engine: a file
// in a temporary folder, or a PostgreSQL schema of its own (so that tests run in
// parallel on one server), dropped when the test ends.
func Database(t testing.TB, engine string) (databaseURL, dataDir string) {
	t.Helper()
	if engine == SQLite {
		return "", t.TempDir()
	}
	pgURL := os.Getenv(PostgresURLEnv)
	ctx := context.Background()
	admin, err := sql.Open("pgx", pgURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	// Cleanups run last-registered first: the test's stores are closed before this.
	t.Cleanup(func() {
		if _, err := admin.ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema: %v", err)
		}
	})
	u, err := url.Parse(pgURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema) // pgx sends unknown parameters as run-time settings
	u.RawQuery = q.Encode()
	return u.String(), ""
}
