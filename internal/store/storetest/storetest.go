// Package storetest opens a fresh, migrated store for other packages' tests, on every
// engine the suite runs on, and writes the few rows their fixtures need.
package storetest

import (
	"context"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
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
	return OpenAt(t, databaseURL, dataDir)
}

// OpenAt is a new store on the database testdb.Database gave, migrated, closed when the
// test ends: a second one on the same database is a second instance of the site.
func OpenAt(t testing.TB, databaseURL, dataDir string) *store.Store {
	t.Helper()
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

// AddHold holds n seats of tr's departure on day, for 30 minutes from now, for a new
// traveller name.
func AddHold(t testing.TB, st *store.Store, tr tour.Tour, day, now time.Time, name string, n int) booking.Booking {
	t.Helper()
	u := AddUser(t, st, name, account.RoleUser)
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: n,
		AmountMinor: tr.UnitPriceMinor() * int64(n), Currency: "usd", Provider: "sandbox", HoldUntil: now.Add(30 * time.Minute)}
	if err := st.CreateHold(context.Background(), &b, now); err != nil {
		t.Fatalf("hold %d seats for %s: %v", n, name, err)
	}
	return b
}

// AddPaid is AddHold paid in full through bookings, whose rules give the payment its
// status.
func AddPaid(t testing.TB, st *store.Store, bookings *booking.Service, tr tour.Tour, day, now time.Time, name string, n int) booking.Booking {
	t.Helper()
	b := AddHold(t, st, tr, day, now, name, n)
	b, _, err := bookings.RecordPayment(context.Background(), b.ID, booking.Payment{Ref: "pi_" + b.ID, AmountMinor: b.AmountMinor, Currency: "usd"}, now, nil)
	if err != nil {
		t.Fatalf("pay the booking of %s: %v", name, err)
	}
	return b
}

// AddFamilyHold holds a family's seats on tr's departure on day, for 30 minutes from now,
// for a new traveller name: 2 adults at 497.00 and a child at 250.00 with a seat each,
// an infant on a lap (4 travellers, 3 seats), two wetsuits at 15.00 (1,274.00 in all),
// every traveller named, and answers: a pick-up hotel for the booking, the lead's "can
// swim?" and the child's dietary needs (two choices).
func AddFamilyHold(t testing.TB, st *store.Store, tr tour.Tour, day, now time.Time, name string) booking.Booking {
	t.Helper()
	u := AddUser(t, st, name, account.RoleUser)
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: 3,
		AmountMinor: 2*49700 + 25000 + 2*1500, Currency: "usd", Provider: "sandbox", HoldUntil: now.Add(30 * time.Minute),
		Units: []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 49700, TakesSeat: true},
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 25000, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1}},
		Extras: []booking.ExtraLine{{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 2, PriceMinor: 1500}},
		Travellers: []booking.Traveller{{CategoryID: "adult", Name: "Ingrid Berg", Phone: "+47 912 34 567"},
			{CategoryID: "adult", Name: "Olav Berg"}, {CategoryID: "child", Name: "Sol <b>Berg</b>"}, {CategoryID: "infant", Name: "Liv Berg"}},
		Answers: []booking.Answer{
			{QuestionID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText, Value: "Hotel Norge"},
			{QuestionID: "swim", Label: "Can swim?", Type: tour.YesNo, Traveller: 1, Value: "yes"},
			{QuestionID: "diet", Label: "Dietary needs", Type: tour.Choices, Traveller: 3, Value: "Nuts\nGluten"}}}
	if err := st.CreateHold(context.Background(), &b, now); err != nil {
		t.Fatalf("hold a family's seats for %s: %v", name, err)
	}
	return b
}
