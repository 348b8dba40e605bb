// Package storetest opens a fresh, migrated store for other packages' tests.
package storetest

import (
	"testing"

	"tourbook/internal/store"
)

// SQLite is a new SQLite store in a temporary folder, closed when the test ends.
func SQLite(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(t.Context(), "", t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	return st
}
