package store

import (
	"errors"
	"os"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/store/testdb"
	"tourbook/internal/tour"
)

func TestMigrateTwiceIsNoOp(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		u := addUser(t, s, "ann", account.RoleUser)
		must(t, s.Migrate(ctx))
		var n int
		must(t, s.read.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n))
		list, err := s.migrations()
		must(t, err)
		if n != len(list) {
			t.Errorf("schema_migrations has %d rows, want %d", n, len(list))
		}
		if _, err := s.UserByID(ctx, u.ID); err != nil {
			t.Errorf("user lost after second Migrate: %v", err)
		}
	})
}

// TestMigrateConcurrently starts several instances on one empty database at once, as a
// deploy of several tourbook processes does: each must come up, and the schema must be
// created once.
func TestMigrateConcurrently(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, dataDir := testdb.Database(t, engine)
			stores := make([]*Store, 4)
			for i := range stores {
				s, err := Open(t.Context(), databaseURL, dataDir, nil)
				must(t, err)
				t.Cleanup(func() { _ = s.Close() })
				stores[i] = s
			}
			var wg sync.WaitGroup
			for _, s := range stores {
				wg.Go(func() {
					if err := s.Migrate(t.Context()); err != nil {
						t.Errorf("concurrent Migrate: %v", err)
					}
				})
			}
			wg.Wait()
			list, err := stores[0].migrations()
			must(t, err)
			var n int
			must(t, stores[0].read.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM schema_migrations`).Scan(&n))
			if n != len(list) {
				t.Errorf("schema_migrations has %d rows, want %d", n, len(list))
			}
		})
	}
}

func TestDialect(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		if got := s.Dialect(); got != strings.Split(t.Name(), "/")[1] {
			t.Errorf("Dialect() = %q in %s", got, t.Name())
		}
	})
}

func TestTimeRoundTrip(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		in := account.User{
			Name: "Tim", Email: "tim@example.com", PasswordHash: "h", Active: true,
			CreatedAt:         t0,
			PasswordChangedAt: t0.Add(time.Hour),
		}
		must(t, s.CreateUser(ctx, &in))
		got, err := s.UserByID(ctx, in.ID)
		must(t, err)
		want := t0.UTC().Truncate(time.Microsecond)
		if got.CreatedAt != want || in.CreatedAt != want {
			t.Errorf("CreatedAt: stored %v, read %v, want %v (UTC, microseconds)", in.CreatedAt, got.CreatedAt, want)
		}
		if got.PasswordChangedAt != want.Add(time.Hour) {
			t.Errorf("PasswordChangedAt = %v, want %v", got.PasswordChangedAt, want.Add(time.Hour))
		}
		if got.CreatedAt.Location() != time.UTC {
			t.Errorf("CreatedAt location = %v, want UTC", got.CreatedAt.Location())
		}
		// A time not given is the zero time, not the epoch.
		u2 := addUser(t, s, "nopw", account.RoleUser)
		got2, err := s.UserByID(ctx, u2.ID)
		must(t, err)
		if !got2.PasswordChangedAt.IsZero() {
			t.Errorf("unset PasswordChangedAt read back as %v", got2.PasswordChangedAt)
		}
	})
}

func TestUsers(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		ann := account.User{Name: "Ann", Email: "Ann.Lee@Example.com", Role: account.RoleLeadGuide,
			PasswordHash: "hash-1", Photo: "ann.jpg", Active: true}
		must(t, s.CreateUser(ctx, &ann))
		if !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(ann.ID) {
			t.Errorf("ID = %q, want 24 lower-case hex digits", ann.ID)
		}
		if ann.CreatedAt.IsZero() {
			t.Error("CreatedAt not set")
		}

		got, err := s.UserByID(ctx, ann.ID)
		must(t, err)
		if !reflect.DeepEqual(got, ann) {
			t.Errorf("UserByID = %+v\nwant %+v", got, ann)
		}
		got, err = s.UserByEmail(ctx, "ann.lee@EXAMPLE.com")
		if err != nil || got.ID != ann.ID {
			t.Errorf("UserByEmail in other case = %v, %v", got.ID, err)
		}

		dup := account.User{Name: "Other", Email: "ANN.LEE@example.COM", PasswordHash: "x", Active: true}
		if err := s.CreateUser(ctx, &dup); !errors.Is(err, account.ErrEmailTaken) {
			t.Errorf("CreateUser with the email in other case: %v, want ErrEmailTaken", err)
		}
		if ann.Email != "ann.lee@example.com" {
			t.Errorf("stored email %q, want it lower-cased", ann.Email)
		}
		// Beyond ASCII too: SQLite's lower() alone would let these be two accounts.
		elodie := account.User{Name: "Élodie", Email: "Élodie@example.com", PasswordHash: "x", Active: true}
		must(t, s.CreateUser(ctx, &elodie))
		twin := account.User{Name: "Twin", Email: "élodie@example.com", PasswordHash: "x", Active: true}
		if err := s.CreateUser(ctx, &twin); !errors.Is(err, account.ErrEmailTaken) {
			t.Errorf("CreateUser with É in other case: %v, want ErrEmailTaken", err)
		}
		if got, err := s.UserByEmail(ctx, "ÉLODIE@EXAMPLE.COM"); err != nil || got.ID != elodie.ID {
			t.Errorf("UserByEmail with É in other case = %v, %v", got.ID, err)
		}

		// An imported ID is kept.
		bob := account.User{ID: "5c8a1dfa2f8fb814b56fa181", Name: "Bob", Email: "bob@example.com",
			PasswordHash: "x", Active: true}
		must(t, s.CreateUser(ctx, &bob))
		if bob.ID != "5c8a1dfa2f8fb814b56fa181" || bob.Role != account.RoleUser {
			t.Errorf("bob = %+v, want the given ID and the user role", bob)
		}

		if err := s.UpdateUserProfile(ctx, bob.ID, account.Profile{Name: "Bob B", Email: "ann.lee@example.com", Photo: "b.jpg"}); !errors.Is(err, account.ErrEmailTaken) {
			t.Errorf("UpdateUserProfile to a taken email: %v, want ErrEmailTaken", err)
		}
		// Changing only the case of one's own email is allowed.
		must(t, s.UpdateUserProfile(ctx, bob.ID, account.Profile{Name: "Bob B", Email: "BOB@example.com", Photo: "b.jpg"}))
		got, err = s.UserByEmail(ctx, "bob@example.com")
		must(t, err)
		if got.Name != "Bob B" || got.Email != "bob@example.com" || got.Photo != "b.jpg" {
			t.Errorf("after UpdateUserProfile: %+v", got)
		}

		changed := t0.Add(time.Minute)
		must(t, s.UpdateUserPassword(ctx, bob.ID, "hash-2", changed))
		got, err = s.UserByID(ctx, bob.ID)
		must(t, err)
		if got.PasswordHash != "hash-2" || !got.PasswordChangedAt.Equal(changed) {
			t.Errorf("after UpdateUserPassword: hash %q changed %v", got.PasswordHash, got.PasswordChangedAt)
		}

		n, err := s.CountUsers(ctx)
		if err != nil || n != 3 {
			t.Errorf("CountUsers = %d, %v; want 3", n, err)
		}

		for name, err := range map[string]error{
			"UserByID":           errOf(s.UserByID(ctx, "000000000000000000000000")),
			"UserByEmail":        errOf(s.UserByEmail(ctx, "nobody@example.com")),
			"UpdateUserProfile":  s.UpdateUserProfile(ctx, "000000000000000000000000", account.Profile{Name: "n", Email: "n@example.com", Photo: ""}),
			"UpdateUserPassword": s.UpdateUserPassword(ctx, "000000000000000000000000", "h", t0),
		} {
			if !errors.Is(err, account.ErrNotFound) {
				t.Errorf("%s of an unknown user: %v, want account.ErrNotFound", name, err)
			}
		}

		bad := account.User{Name: "X", Email: "x@example.com", Role: "root", PasswordHash: "x"}
		if err := s.CreateUser(ctx, &bad); err == nil {
			t.Error("CreateUser with an unknown role succeeded")
		}
	})
}

// errOf keeps the error of a two-value call, for tables of calls.
func errOf[T any](_ T, err error) error { return err }

func TestSessions(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)
		mk := func(token string, u account.User, ttl time.Duration) account.Session {
			sess := account.Session{TokenHash: []byte("sha256-of-" + token), UserID: u.ID,
				CreatedAt: t0.UTC().Truncate(time.Microsecond), ExpiresAt: t0.Add(ttl).UTC().Truncate(time.Microsecond)}
			must(t, s.CreateSession(ctx, sess))
			return sess
		}
		a1 := mk("a1", ann, time.Hour)
		a2 := mk("a2", ann, 2*time.Hour)
		a3 := mk("a3", ann, 3*time.Hour)
		b1 := mk("b1", bob, time.Hour)

		sess, u, err := s.SessionByTokenHash(ctx, a1.TokenHash, t0.Add(59*time.Minute))
		must(t, err)
		if !reflect.DeepEqual(sess, a1) || u.ID != ann.ID || u.Email != ann.Email {
			t.Errorf("SessionByTokenHash = %+v, %s; want %+v, %s", sess, u.ID, a1, ann.ID)
		}
		if _, _, err := s.SessionByTokenHash(ctx, a1.TokenHash, t0.Add(time.Hour)); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("session at its expiry: %v, want ErrNotFound", err)
		}
		if _, _, err := s.SessionByTokenHash(ctx, []byte("unknown"), t0); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("unknown session: %v, want ErrNotFound", err)
		}
		if err := s.CreateSession(ctx, account.Session{TokenHash: []byte("x"), UserID: "000000000000000000000000",
			CreatedAt: t0, ExpiresAt: t0}); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("session of an unknown user: %v, want ErrNotFound", err)
		}

		must(t, s.DeleteOtherSessions(ctx, ann.ID, a2.TokenHash))
		for _, c := range []struct {
			sess account.Session
			live bool
		}{{a1, false}, {a2, true}, {a3, false}, {b1, true}} {
			_, _, err := s.SessionByTokenHash(ctx, c.sess.TokenHash, t0)
			if (err == nil) != c.live {
				t.Errorf("after DeleteOtherSessions, session %s: err %v, want live=%v", c.sess.TokenHash, err, c.live)
			}
		}

		must(t, s.DeleteSession(ctx, a2.TokenHash))
		must(t, s.DeleteSession(ctx, a2.TokenHash)) // twice is fine
		if _, _, err := s.SessionByTokenHash(ctx, a2.TokenHash, t0); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("deleted session: %v, want ErrNotFound", err)
		}

		mk("b2", bob, 2*time.Hour)
		must(t, s.DeleteOtherSessions(ctx, bob.ID, nil))
		if _, _, err := s.SessionByTokenHash(ctx, b1.TokenHash, t0); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("DeleteOtherSessions with nil keep left %v", err)
		}

		mk("b3", bob, time.Hour)
		mk("b4", bob, 2*time.Hour)
		mk("b5", bob, 3*time.Hour)
		n, err := s.DeleteExpiredSessions(ctx, t0.Add(2*time.Hour))
		if err != nil || n != 2 {
			t.Errorf("DeleteExpiredSessions = %d, %v; want 2", n, err)
		}

		// A deactivated user's sessions stop working.
		_, err = s.write.ExecContext(ctx, `UPDATE users SET active = $1 WHERE id = $2`, false, bob.ID)
		must(t, err)
		if _, _, err := s.SessionByTokenHash(ctx, []byte("sha256-of-b5"), t0); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("session of an inactive user: %v, want ErrNotFound", err)
		}
	})
}

func TestLoginFailures(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		for _, d := range []time.Duration{0, time.Minute, 10 * time.Minute, 10*time.Minute + time.Microsecond} {
			must(t, s.AddLoginFailure(ctx, "ann@example.com", t0.Add(d)))
		}
		must(t, s.AddLoginFailure(ctx, "bob@example.com", t0.Add(10*time.Minute)))
		for _, c := range []struct {
			key   string
			since time.Duration
			want  int
		}{
			{"ann@example.com", -time.Hour, 4},
			{"ann@example.com", time.Minute, 3}, // the window includes its start
			{"ann@example.com", 5 * time.Minute, 2},
			{"ann@example.com", 10*time.Minute + time.Microsecond, 1},
			{"ann@example.com", time.Hour, 0},
			{"bob@example.com", 0, 1},
			{"eve@example.com", 0, 0},
		} {
			n, err := s.CountLoginFailures(ctx, c.key, t0.Add(c.since))
			if err != nil || n != c.want {
				t.Errorf("CountLoginFailures(%s, t0%+v) = %d, %v; want %d", c.key, c.since, n, err, c.want)
			}
		}
		must(t, s.ClearLoginFailures(ctx, "ann@example.com"))
		if n, _ := s.CountLoginFailures(ctx, "ann@example.com", t0.Add(-time.Hour)); n != 0 {
			t.Errorf("after clear: %d failures", n)
		}
		if n, err := s.PurgeLoginFailures(ctx, t0.Add(10*time.Minute)); err != nil || n != 0 {
			t.Errorf("PurgeLoginFailures before bob's only failure = %d, %v; want 0", n, err)
		}
		if n, _ := s.CountLoginFailures(ctx, "bob@example.com", t0.Add(-time.Hour)); n != 1 {
			t.Errorf("clearing ann's failures changed bob's to %d", n)
		}
		if n, err := s.PurgeLoginFailures(ctx, t0.Add(10*time.Minute+time.Second)); err != nil || n != 1 {
			t.Errorf("PurgeLoginFailures after bob's failure = %d, %v; want 1", n, err)
		}
		if n, _ := s.CountLoginFailures(ctx, "bob@example.com", t0.Add(-time.Hour)); n != 0 {
			t.Errorf("after the purge bob has %d failures", n)
		}
	})
}

func TestTourRoundTrip(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		lead := addUser(t, s, "lead", account.RoleLeadGuide)
		guide := addUser(t, s, "guide", account.RoleGuide)
		must(t, s.UpdateUserProfile(ctx, guide.ID, account.Profile{Name: "Gina Guide", Email: guide.Email, Photo: "gina.jpg"}))
		// Dates out of order: they come back sorted.
		dates := []time.Time{date(2031, 7, 19), date(2031, 4, 25), date(2031, 10, 5)}
		in := addTour(t, s, "forest-hiker", 10, dates, guide, lead)
		if !regexp.MustCompile(`^[0-9a-f]{24}$`).MatchString(in.ID) || in.CreatedAt.IsZero() {
			t.Fatalf("CreateTour left ID %q, CreatedAt %v", in.ID, in.CreatedAt)
		}
		other := addTour(t, s, "sea-explorer", 15, nil)

		want := in
		// Departures get the default start time and the tour's group size as capacity.
		want.StartDates = []tour.StartDate{
			{Date: dates[1], StartTime: "09:00", Capacity: 10},
			{Date: dates[0], StartTime: "09:00", Capacity: 10},
			{Date: dates[2], StartTime: "09:00", Capacity: 10},
		}
		want.Guides = []tour.Guide{
			{UserID: guide.ID, Name: "Gina Guide", Role: "guide", Photo: "gina.jpg"},
			{UserID: lead.ID, Name: lead.Name, Role: "lead-guide", Photo: ""},
		}
		want.Reviews = []tour.Review{}

		got, err := s.TourBySlug(ctx, "forest-hiker", t0)
		must(t, err)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("TourBySlug =\n%+v\nwant\n%+v", got, want)
		}
		if got.Locations[0].Point.Lng != -80.128473 || got.Locations[0].Point.Lat != 25.781842 {
			t.Errorf("first location = %+v, want lng -80.128473, lat 25.781842", got.Locations[0].Point)
		}
		got, err = s.TourByID(ctx, in.ID, t0)
		must(t, err)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("TourByID =\n%+v\nwant\n%+v", got, want)
		}

		list, err := s.ListTours(ctx, t0)
		must(t, err)
		if len(list) != 2 {
			t.Fatalf("ListTours returned %d tours, want 2", len(list))
		}
		want.Reviews = nil
		if !reflect.DeepEqual(list[0], want) {
			t.Errorf("ListTours[0] =\n%+v\nwant\n%+v", list[0], want)
		}
		wantOther := other
		wantOther.StartDates, wantOther.Guides = []tour.StartDate{}, []tour.Guide{}
		if !reflect.DeepEqual(list[1], wantOther) {
			t.Errorf("ListTours[1] =\n%+v\nwant\n%+v", list[1], wantOther)
		}

		if _, err := s.TourBySlug(ctx, "no-such-tour", t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("unknown slug: %v, want tour.ErrNotFound", err)
		}
		if _, err := s.TourByID(ctx, "000000000000000000000000", t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("unknown id: %v, want tour.ErrNotFound", err)
		}

		dup := tour.Tour{Slug: "forest-hiker", Name: "Again", DurationDays: 1, MaxGroupSize: 1,
			Difficulty: tour.Easy, Currency: "usd"}
		if err := s.CreateTour(ctx, &dup); err == nil {
			t.Error("CreateTour with a taken slug succeeded")
		}
		// A failed CreateTour leaves no half tour behind.
		bad := tour.Tour{Slug: "half", Name: "Half", DurationDays: 1, MaxGroupSize: 1, Difficulty: tour.Easy,
			Currency: "usd", Guides: []tour.Guide{{UserID: "000000000000000000000000"}}}
		if err := s.CreateTour(ctx, &bad); err == nil {
			t.Error("CreateTour with an unknown guide succeeded")
		}
		if _, err := s.TourBySlug(ctx, "half", t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("half-created tour: %v, want tour.ErrNotFound", err)
		}
	})
}

func TestReviews(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)
		must(t, s.UpdateUserProfile(ctx, bob.ID, account.Profile{Name: bob.Name, Email: bob.Email, Photo: "bob.jpg"}))
		tr := addTour(t, s, "snow-adventurer", 4, nil)

		r1 := tour.Review{TourID: tr.ID, UserID: ann.ID, Rating: 5, Text: "Wonderful", CreatedAt: t0}
		must(t, s.CreateReview(ctx, &r1))
		r2 := tour.Review{TourID: tr.ID, UserID: bob.ID, Rating: 4, Text: "Good", CreatedAt: t0.Add(time.Hour)}
		must(t, s.CreateReview(ctx, &r2))

		got, err := s.TourBySlug(ctx, tr.Slug, t0)
		must(t, err)
		if got.RatingsAverage != 4.5 || got.RatingsCount != 2 {
			t.Errorf("ratings = %v from %d, want 4.5 from 2", got.RatingsAverage, got.RatingsCount)
		}
		want := []tour.Review{
			{ID: r2.ID, TourID: tr.ID, UserID: bob.ID, UserName: "bob", UserPhoto: "bob.jpg", Rating: 4, Text: "Good",
				CreatedAt: t0.Add(time.Hour).UTC().Truncate(time.Microsecond)},
			{ID: r1.ID, TourID: tr.ID, UserID: ann.ID, UserName: "ann", Rating: 5, Text: "Wonderful",
				CreatedAt: t0.UTC().Truncate(time.Microsecond)},
		}
		if !reflect.DeepEqual(got.Reviews, want) {
			t.Errorf("Reviews =\n%+v\nwant (newest first)\n%+v", got.Reviews, want)
		}

		again := tour.Review{TourID: tr.ID, UserID: ann.ID, Rating: 1, Text: "Changed my mind"}
		if err := s.CreateReview(ctx, &again); !errors.Is(err, tour.ErrDuplicateReview) {
			t.Errorf("second review by ann: %v, want ErrDuplicateReview", err)
		}
		got, err = s.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if got.RatingsAverage != 4.5 || got.RatingsCount != 2 || len(got.Reviews) != 2 {
			t.Errorf("after a refused review: %v from %d, %d reviews", got.RatingsAverage, got.RatingsCount, len(got.Reviews))
		}

		third := addUser(t, s, "cid", account.RoleUser)
		must(t, s.CreateReview(ctx, &tour.Review{TourID: tr.ID, UserID: third.ID, Rating: 3}))
		got, err = s.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if got.RatingsAverage != 4 || got.RatingsCount != 3 {
			t.Errorf("ratings = %v from %d, want 4 from 3", got.RatingsAverage, got.RatingsCount)
		}

		lost := tour.Review{TourID: "000000000000000000000000", UserID: ann.ID, Rating: 3}
		if err := s.CreateReview(ctx, &lost); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("review of an unknown tour: %v, want tour.ErrNotFound", err)
		}
		zero := tour.Review{TourID: tr.ID, UserID: addUser(t, s, "dan", account.RoleUser).ID, Rating: 0}
		if err := s.CreateReview(ctx, &zero); err == nil {
			t.Error("a rating of 0 was accepted")
		}
	})
}

func TestInTx(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		boom := errors.New("boom")
		var userID string
		err := s.InTx(ctx, func(tx *Store) error {
			u := addUser(t, tx, "ghost", account.RoleUser)
			userID = u.ID
			addTour(t, tx, "ghost-tour", 5, []time.Time{date(2031, 5, 1)}, u)
			// Inside, the transaction sees its own writes.
			if _, err := tx.TourBySlug(ctx, "ghost-tour", t0); err != nil {
				t.Errorf("inside the transaction: %v", err)
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Errorf("InTx = %v, want the function's error", err)
		}
		if _, err := s.UserByID(ctx, userID); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("user after rollback: %v, want ErrNotFound", err)
		}
		if _, err := s.TourBySlug(ctx, "ghost-tour", t0); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("tour after rollback: %v, want ErrNotFound", err)
		}
		if n, _ := s.CountUsers(ctx); n != 0 {
			t.Errorf("%d users after rollback", n)
		}

		func() {
			defer func() { _ = recover() }()
			_ = s.InTx(ctx, func(tx *Store) error {
				addUser(t, tx, "panicky", account.RoleUser)
				panic("oops")
			})
		}()
		if n, _ := s.CountUsers(ctx); n != 0 {
			t.Errorf("%d users after a panic in InTx", n)
		}

		must(t, s.InTx(ctx, func(tx *Store) error {
			addUser(t, tx, "kept", account.RoleUser)
			return nil
		}))
		if _, err := s.UserByEmail(ctx, "kept@example.com"); err != nil {
			t.Errorf("user after commit: %v", err)
		}
	})
}

func TestHolds(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		d1, d2 := date(2031, 6, 1), date(2031, 7, 1)
		tr := addTour(t, s, "small", 5, []time.Time{d2, d1})
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)

		b := newBooking(tr, ann, d1.Add(13*time.Hour), 4, t0) // a time of day is dropped
		must(t, s.CreateHold(ctx, &b, t0))
		if b.Status != booking.Pending || b.StartDate != d1 || !b.CreatedAt.Equal(t0) || len(b.ID) != 24 {
			t.Errorf("after CreateHold: %+v", b)
		}
		got, err := s.BookingByID(ctx, b.ID)
		must(t, err)
		if !reflect.DeepEqual(got, b) {
			t.Errorf("BookingByID =\n%+v\nwant\n%+v", got, b)
		}

		mustHold(t, s, tr, bob, d2, 5, t0) // the other date is separate

		taken := func(now time.Time) []int {
			tr, err := s.TourBySlug(ctx, tr.Slug, now)
			must(t, err)
			var n []int
			for _, sd := range tr.StartDates {
				n = append(n, sd.Taken)
			}
			return n
		}
		if got := taken(t0); !reflect.DeepEqual(got, []int{4, 5}) {
			t.Errorf("Taken at t0 = %v, want [4 5]", got)
		}
		// The holds end 30 minutes after t0: the seats are free again without anyone
		// cancelling them.
		later := t0.Add(30 * time.Minute)
		if got := taken(later); !reflect.DeepEqual(got, []int{0, 0}) {
			t.Errorf("Taken when the holds end = %v, want [0 0]", got)
		}
		mustHold(t, s, tr, bob, d1, 5, later)

		n, err := s.ExpireHolds(ctx, later)
		if err != nil || n != 2 {
			t.Errorf("ExpireHolds = %d, %v; want 2", n, err)
		}
		got, err = s.BookingByID(ctx, b.ID)
		must(t, err)
		if got.Status != booking.Cancelled {
			t.Errorf("expired hold is %s, want cancelled", got.Status)
		}

		if _, err := hold(t, s, tr, ann, d2, 0, later); err == nil {
			t.Error("hold of 0 participants succeeded")
		}
		ended := newBooking(tr, ann, d2, 1, later)
		ended.HoldUntil = later
		if err := s.CreateHold(ctx, &ended, later); err == nil {
			t.Error("a hold that ends at now was accepted")
		}
		ghost := account.User{ID: "000000000000000000000000"}
		if _, err := hold(t, s, tr, ghost, d2, 1, later); !errors.Is(err, account.ErrNotFound) {
			t.Errorf("hold by an unknown user: %v, want account.ErrNotFound", err)
		}
	})
}

func TestBookingLookups(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		d := date(2031, 6, 1)
		tr := addTour(t, s, "lookups", 20, []time.Time{d})
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)

		first := mustHold(t, s, tr, ann, d, 1, t0)
		second := mustHold(t, s, tr, ann, d, 2, t0.Add(time.Minute))
		mustHold(t, s, tr, bob, d, 1, t0)

		must(t, s.SetCheckout(ctx, first, "sandbox", "cs_test_1"))
		got, err := s.BookingByCheckout(ctx, "sandbox", "cs_test_1")
		if err != nil || got.ID != first || got.CheckoutID != "cs_test_1" || got.Provider != "sandbox" {
			t.Errorf("BookingByCheckout = %+v, %v", got, err)
		}
		if err := s.SetCheckout(ctx, second, "sandbox", "cs_test_1"); err == nil {
			t.Error("two bookings share a checkout")
		}
		must(t, s.SetCheckout(ctx, second, "stripe", "cs_test_1")) // another provider's namespace

		list, err := s.UserBookings(ctx, ann.ID)
		must(t, err)
		if len(list) != 2 || list[0].ID != second || list[1].ID != first {
			t.Errorf("UserBookings = %v, want [%s %s] (newest first)", ids(list), second, first)
		}
		if list, err := s.UserBookings(ctx, "000000000000000000000000"); err != nil || len(list) != 0 {
			t.Errorf("UserBookings of nobody = %v, %v", list, err)
		}

		for name, err := range map[string]error{
			"BookingByID":             errOf(s.BookingByID(ctx, "000000000000000000000000")),
			"BookingByCheckout":       errOf(s.BookingByCheckout(ctx, "sandbox", "cs_unknown")),
			"BookingByCheckout empty": errOf(s.BookingByCheckout(ctx, "sandbox", "")),
			"SetCheckout":             s.SetCheckout(ctx, "000000000000000000000000", "sandbox", "cs_x"),
			"CancelBooking":           s.CancelBooking(ctx, "000000000000000000000000"),
		} {
			if !errors.Is(err, booking.ErrNotFound) {
				t.Errorf("%s: %v, want booking.ErrNotFound", name, err)
			}
		}

		must(t, s.CancelBooking(ctx, first))
		b, err := s.BookingByID(ctx, first)
		must(t, err)
		if b.Status != booking.Cancelled {
			t.Errorf("cancelled booking is %s", b.Status)
		}
		_, _, err = recordPaid(s, ctx, second, "pi_2", tr.UnitPriceMinor()*2, "usd", t0, nil)
		must(t, err)
		must(t, s.CancelBooking(ctx, second)) // paid: unchanged, not an error
		if b, _ := s.BookingByID(ctx, second); b.Status != booking.Paid {
			t.Errorf("CancelBooking changed a paid booking to %s", b.Status)
		}
	})
}

func ids(list []booking.Booking) []string {
	var out []string
	for _, b := range list {
		out = append(out, b.ID)
	}
	return out
}

func TestOpen(t *testing.T) {
	t.Parallel()
	t.Run("unreachable postgres", func(t *testing.T) {
		t.Parallel()
		start := time.Now()
		s, err := Open(t.Context(), "postgres://tourbook:s3cret-pw@127.0.0.1:1/tourbook?sslmode=disable", "", nil)
		if err == nil {
			_ = s.Close()
			t.Fatal("Open of an unreachable database succeeded")
		}
		msg := err.Error()
		if msg != "connect to postgres at 127.0.0.1:1: connection refused" {
			t.Errorf("error = %q, want %q", msg, "connect to postgres at 127.0.0.1:1: connection refused")
		}
		if strings.Contains(msg, "s3cret") || strings.Contains(msg, "\n") {
			t.Errorf("error shows the password or spans lines: %q", msg)
		}
		if d := time.Since(start); d > 6*time.Second {
			t.Errorf("Open took %v to fail", d)
		}
	})
	t.Run("bad postgres url keeps the password out", func(t *testing.T) {
		t.Parallel()
		_, err := Open(t.Context(), "postgres://tourbook:s3cret-pw@127.0.0.1:notaport/tourbook", "", nil)
		if err == nil || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "\n") {
			t.Errorf("error = %v", err)
		}
	})
	t.Run("unknown scheme", func(t *testing.T) {
		t.Parallel()
		_, err := Open(t.Context(), "mysql://root:s3cret-pw@localhost/db", "", nil)
		if err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("error = %v", err)
		}
	})
	t.Run("sqlite default and explicit paths", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		for _, c := range []struct{ url, file string }{
			{"", dir + "/data/tourbook.db"},
			{"sqlite:" + dir + "/other/x.db", dir + "/other/x.db"},
		} {
			s, err := Open(t.Context(), c.url, dir+"/data", nil)
			must(t, err)
			must(t, s.Migrate(t.Context()))
			var mode string
			must(t, s.write.QueryRowContext(t.Context(), `PRAGMA journal_mode`).Scan(&mode))
			var fk int
			must(t, s.read.QueryRowContext(t.Context(), `PRAGMA foreign_keys`).Scan(&fk))
			must(t, s.Close())
			if mode != "wal" || fk != 1 {
				t.Errorf("%q: journal_mode %s, foreign_keys %d", c.url, mode, fk)
			}
			s, err = Open(t.Context(), c.url, dir+"/data", nil)
			if err != nil {
				t.Fatalf("reopen %q: %v", c.url, err)
			}
			must(t, s.Close())
			if _, err := os.Stat(c.file); err != nil {
				t.Errorf("%q did not create %s", c.url, c.file)
			}
		}
	})
}
