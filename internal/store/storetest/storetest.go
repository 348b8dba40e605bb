// Package storetest opens a fresh, migrated store for other packages' tests, on every
// engine the suite runs on, and writes the few rows their fixtures need.
package storetest

import (
	"context"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/store"
	"tourbook/internal/store/testdb"
	"tourbook/internal/tour"
)

// SQLite is a new SQLite store in a temporary folder, closed when the test ends.
func SQLite(t testing.TB) *store.Store {
	t.Helper()
	return Open(t, testdb.SQLite)
}

// Open is a new store on engine (testdb.SQLite or testdb.Postgres), migrated, closed
// when the test ends.
func Open(t testing.TB, engine string) *store.Store {
	t.Helper()
	databaseURL, dataDir := testdb.Database(t, engine)
	st, err := store.Open(context.Background(), databaseURL, dataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return st
}

// Each runs test, in parallel subtests, on a fresh store of every test engine
// (PostgreSQL too when TOURBOOK_TEST_POSTGRES_URL is set).
func Each(t *testing.T, test func(t *testing.T, st *store.Store)) {
	t.Helper()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			test(t, Open(t, engine))
		})
	}
}

// InTx is st.InTx with the transaction typed as T, a service's Tx (as app wires it).
func InTx[T any](st *store.Store, as func(*store.Store) T) func(context.Context, func(T) error) error {
	return func(ctx context.Context, fn func(T) error) error {
		return st.InTx(ctx, func(tx *store.Store) error { return fn(as(tx)) })
	}
}

// AddUser creates an active user name@example.com with role.
func AddUser(t testing.TB, st *store.Store, name string, role account.Role) account.User {
	t.Helper()
	u := account.User{Name: name, Email: name + "@example.com", Role: role, Active: true,
		PasswordHash: "$argon2id$v=19$m=65536,t=1,p=2$c2FsdA$aGFzaA"}
	if err := st.CreateUser(context.Background(), &u); err != nil {
		t.Fatalf("create user %s: %v", name, err)
	}
	return u
}

// AddTour creates a published tour for groups of up to 10, priced 497.00 USD, with a
// departure of capacity seats on each of dates.
func AddTour(t testing.TB, st *store.Store, slug string, capacity int, dates ...time.Time) tour.Tour {
	t.Helper()
	tr := tour.Tour{Slug: slug, Name: "The " + slug, Summary: "A summary of " + slug, Description: "A tour.",
		DurationDays: 3, MaxGroupSize: 10, Difficulty: tour.Easy, PriceMinor: 49700, Currency: "usd",
		CoverImage: slug + "-cover.jpg", StartLocation: tour.Location{Point: tour.Point{Lng: 10.75, Lat: 59.91}, Description: "Oslo"}}
	for _, d := range dates {
		tr.StartDates = append(tr.StartDates, tour.StartDate{Date: d, Capacity: capacity})
	}
	if err := st.CreateTour(context.Background(), &tr); err != nil {
		t.Fatalf("create tour %s: %v", slug, err)
	}
	return tr
}
