package store

import (
	"context"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/mail"
	"tourbook/internal/store/testdb"
	"tourbook/internal/tour"
)

// eachEngine runs test, in parallel subtests, on a fresh migrated database of every
// test engine.
func eachEngine(t *testing.T, test func(t *testing.T, s *Store)) {
	t.Helper()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			test(t, openTest(t, engine))
		})
	}
}

// openTest opens and migrates a fresh database on engine, closed when the test ends.
func openTest(t testing.TB, engine string) *Store {
	t.Helper()
	databaseURL, dataDir := testdb.Database(t, engine)
	s, err := Open(context.Background(), databaseURL, dataDir, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

// t0 is a fixed "now" with sub-millisecond digits and a non-UTC zone, to catch lost
// precision and zone handling.
var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func addUser(t testing.TB, s *Store, name string, role account.Role) account.User {
	t.Helper()
	u := account.User{
		Name:         name,
		Email:        name + "@example.com",
		Role:         role,
		PasswordHash: "$argon2id$v=19$m=65536,t=1,p=2$c2FsdA$aGFzaA",
		Active:       true,
	}
	if err := s.CreateUser(t.Context(), &u); err != nil {
		t.Fatalf("create user %s: %v", name, err)
	}
	return u
}

// addTour creates a tour of maxGroup seats running on dates, led by guides.
func addTour(t testing.TB, s *Store, slug string, maxGroup int, dates []time.Time, guides ...account.User) tour.Tour {
	t.Helper()
	tr := tour.Tour{
		Slug:          slug,
		Name:          "The " + slug,
		Summary:       "A summary of " + slug,
		Description:   "First paragraph.\nSecond paragraph.",
		DurationDays:  5,
		MaxGroupSize:  maxGroup,
		Difficulty:    tour.Medium,
		PriceMinor:    49700,
		DiscountMinor: 0,
		Currency:      "usd",
		CoverImage:    slug + "-cover.jpg",
		Pictures:      []string{slug + "-1.jpg", slug + "-2.jpg", slug + "-3.jpg"},
		StartLocation: tour.Location{Point: tour.Point{Lng: -80.185942, Lat: 25.774772}, Description: "Miami, USA"},
		Locations: []tour.Location{
			{Point: tour.Point{Lng: -80.128473, Lat: 25.781842}, Day: 1, Description: "Lummus Park Beach"},
			{Point: tour.Point{Lng: -80.647885, Lat: 24.909047}, Day: 2, Description: "Islamorada"},
			{Point: tour.Point{Lng: -81.0784, Lat: 24.707496}, Day: 3, Description: "Sombrero Beach"},
		},
	}
	for _, d := range dates {
		tr.StartDates = append(tr.StartDates, tour.StartDate{Date: d})
	}
	for _, g := range guides {
		tr.Guides = append(tr.Guides, tour.Guide{UserID: g.ID})
	}
	if err := s.CreateTour(t.Context(), &tr); err != nil {
		t.Fatalf("create tour %s: %v", slug, err)
	}
	return tr
}

// hold books participants seats on tr's date at now, held for 30 minutes.
func hold(t testing.TB, s *Store, tr tour.Tour, u account.User, d time.Time, participants int, now time.Time) (bookingID string, err error) {
	t.Helper()
	b := newBooking(tr, u, d, participants, now)
	err = s.CreateHold(t.Context(), &b, now)
	return b.ID, err
}

func mustHold(t testing.TB, s *Store, tr tour.Tour, u account.User, d time.Time, participants int, now time.Time) string {
	t.Helper()
	id, err := hold(t, s, tr, u, d, participants, now)
	if err != nil {
		t.Fatalf("hold %d seats on %s: %v", participants, d.Format(time.DateOnly), err)
	}
	return id
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func newBooking(tr tour.Tour, u account.User, d time.Time, participants int, now time.Time) booking.Booking {
	return booking.Booking{
		TourID:       tr.ID,
		UserID:       u.ID,
		StartDate:    d,
		Participants: participants,
		AmountMinor:  tr.UnitPriceMinor() * int64(participants),
		Currency:     tr.Currency,
		Provider:     "sandbox",
		HoldUntil:    now.Add(30 * time.Minute),
	}
}

// recordPaid records a booking paid in time, as booking.Service.RecordPayment does (it
// decides the status; these tests only need paid bookings): paid with its ticket.
func recordPaid(s *Store, ctx context.Context, id, ref string, amount int64, currency string, now time.Time,
	_ *mail.Message) (booking.Booking, bool, error) {
	var b booking.Booking
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if b, err = tx.LockBooking(ctx, id); err != nil {
			return err
		}
		b.Status, b.PaymentRef, b.PaidAt = booking.Paid, ref, now.UTC().Truncate(time.Microsecond)
		b.AmountMinor, b.Currency = amount, currency
		if err := tx.RecordPayment(ctx, b); err != nil {
			return err
		}
		return tx.IssueTicket(ctx, id, now)
	})
	return b, err == nil, err
}
