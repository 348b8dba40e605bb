package store

import (
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
)

// RemoveLoginFailure takes back exactly one failure of one key and time.
func TestRemoveLoginFailure(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		since := t0.Add(-time.Hour)
		count := func(key string) int {
			t.Helper()
			n, err := s.CountLoginFailures(ctx, key, since)
			must(t, err)
			return n
		}
		for range 2 {
			must(t, s.AddLoginFailure(ctx, "email:ann@example.com", t0))
		}
		must(t, s.AddLoginFailure(ctx, "email:ann@example.com", t0.Add(time.Second)))
		must(t, s.AddLoginFailure(ctx, "ip:192.0.2.1", t0))

		must(t, s.RemoveLoginFailure(ctx, "email:ann@example.com", t0))
		if n := count("email:ann@example.com"); n != 2 {
			t.Errorf("after removing one of two at t0: %d failures, want 2", n)
		}
		must(t, s.RemoveLoginFailure(ctx, "email:ann@example.com", t0))
		must(t, s.RemoveLoginFailure(ctx, "email:ann@example.com", t0)) // none left at t0: no error
		if n := count("email:ann@example.com"); n != 1 {
			t.Errorf("after removing both at t0: %d failures, want the one at t0+1s", n)
		}
		if n := count("ip:192.0.2.1"); n != 1 {
			t.Errorf("another key's failure at t0 went too: %d left", n)
		}
	})
}

// Simultaneous wrong passwords for one account, through the account service on the real
// database: at most MaxLoginFailures of them get their password checked, whatever the
// engine's isolation, and the account is locked afterwards.
func TestLoginLimitHoldsUnderConcurrency(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		svc, err := account.NewService(s, account.Options{
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Argon2: account.Argon2Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32},
		})
		must(t, err)
		const password = "correct horse"
		if _, _, err := svc.SignUp(ctx, "Ann", "ann@example.com", password, password, ""); err != nil {
			t.Fatal(err)
		}

		const attempts = 40
		start := make(chan struct{})
		errs := make(chan error, attempts)
		var wg sync.WaitGroup
		for range attempts {
			wg.Go(func() {
				<-start
				_, _, err := svc.LogIn(ctx, "ann@example.com", "guess", "192.0.2.1")
				errs <- err
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		checked, refused := 0, 0
		for err := range errs {
			switch {
			case errors.Is(err, account.ErrInvalidCredentials):
				checked++
			case errors.Is(err, account.ErrTooManyAttempts):
				refused++
			default:
				t.Fatalf("LogIn = %v", err)
			}
		}
		if checked > 10 || checked+refused != attempts {
			t.Fatalf("%d simultaneous guesses: %d checked, %d refused; want at most 10 checked", attempts, checked, refused)
		}
		for i := checked; i < 10; i++ {
			if _, _, err := svc.LogIn(ctx, "ann@example.com", "guess", "192.0.2.1"); !errors.Is(err, account.ErrInvalidCredentials) {
				t.Fatalf("guess %d after %d checked: %v", i+1, checked, err)
			}
		}
		if _, _, err := svc.LogIn(ctx, "ann@example.com", password, "192.0.2.1"); !errors.Is(err, account.ErrTooManyAttempts) {
			t.Fatalf("right password while locked: %v, want ErrTooManyAttempts", err)
		}
	})
}
