package account_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tourbook/internal/account"
)

// Simultaneous wrong passwords for one account must not all be checked: every attempt is
// recorded before its check, so at most MaxLoginFailures of them reach one, and the
// account is then locked like after sequential guesses.
func TestLogInConcurrentGuessesStayWithinLimit(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	// A slow lookup between the limit check and the password check, as under load.
	e.store.lookupDelay = 5 * time.Millisecond
	ctx := context.Background()

	const attempts = 40
	start := make(chan struct{})
	errs := make(chan error, attempts)
	var wg sync.WaitGroup
	for range attempts {
		wg.Go(func() {
			<-start
			_, _, err := e.svc.LogIn(ctx, "ada@example.com", "guess", "192.0.2.1")
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
			checked++ // only a password check answers this
		case errors.Is(err, account.ErrTooManyAttempts):
			refused++
		default:
			t.Fatalf("LogIn = %v", err)
		}
	}
	if checked > 10 || checked+refused != attempts {
		t.Fatalf("%d simultaneous guesses: %d checked, %d refused; want at most 10 checked", attempts, checked, refused)
	}
	// Refused attempts were not guesses: the account has exactly the checked ones
	// against it, and locks when the sequential ones make ten.
	for i := checked; i < 10; i++ {
		if _, _, err := e.svc.LogIn(ctx, "ada@example.com", "guess", "192.0.2.1"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("guess %d after %d checked: %v", i+1, checked, err)
		}
	}
	_, _, err := e.svc.LogIn(ctx, "ada@example.com", "guess", "192.0.2.1")
	wantTooMany(t, err, 15*time.Minute)
	_, _, err = e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.1")
	wantTooMany(t, err, 15*time.Minute)
}

// A password change that lands while a login with the old password is under way must win:
// afterwards only the new password signs in, and the login's session does not survive.
func TestLogInLosesToConcurrentPasswordChange(t *testing.T) {
	const newPassword = "a brand new secret"
	tests := []struct {
		desc string
		// bcrypt makes the login upgrade the hash. The change runs just before that write
		// (duringUpgrade) or just before the login's session is stored.
		bcrypt, duringUpgrade bool
	}{
		{"change before the hash upgrade", true, true},
		{"change before the session is stored, after an upgrade", true, false},
		{"change before the session is stored, no upgrade", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			u, current := e.signUp(t, "Ada", "ada@example.com")
			if tt.bcrypt {
				h, err := bcrypt.GenerateFromPassword([]byte(goodPassword), bcrypt.MinCost)
				if err != nil {
					t.Fatal(err)
				}
				u.PasswordHash = string(h)
				e.store.users[u.ID] = u
			}

			changeErr := errors.New("the change did not run")
			change := func() {
				changeErr = e.svc.ChangePassword(ctx, u, current, goodPassword, newPassword, newPassword)
			}
			if tt.duringUpgrade {
				e.store.beforePasswordWrite = change
			} else {
				e.store.beforeCreateSession = change
			}
			_, token, loginErr := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "")
			if changeErr != nil {
				t.Fatalf("ChangePassword during the login: %v", changeErr)
			}
			if loginErr == nil {
				if _, _, err := e.svc.Authenticate(ctx, token); err == nil {
					t.Error("the login with the old password kept its session after the change")
				}
			} else if !errors.Is(loginErr, account.ErrInvalidCredentials) {
				t.Errorf("login during the change = %v, want success or ErrInvalidCredentials", loginErr)
			}
			if n := e.store.sessionCount(u.ID); n != 1 {
				t.Errorf("Ada has %d sessions, want 1 (the one that changed the password)", n)
			}
			if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, ""); !errors.Is(err, account.ErrInvalidCredentials) {
				t.Errorf("old password after the change: %v, want ErrInvalidCredentials", err)
			}
			if _, _, err := e.svc.LogIn(ctx, "ada@example.com", newPassword, ""); err != nil {
				t.Errorf("new password after the change: %v", err)
			}
		})
	}
}

// Two logins upgrading the same bcrypt hash at once both succeed: the second's upgrade
// finds the hash changed, but the password still matches it.
func TestLogInConcurrentUpgradesOfOneHash(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u, _ := e.signUp(t, "Ada", "ada@example.com")
	h, err := bcrypt.GenerateFromPassword([]byte(goodPassword), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	u.PasswordHash = string(h)
	e.store.users[u.ID] = u

	var innerErr error
	e.store.beforePasswordWrite = func() {
		_, _, innerErr = e.svc.LogIn(ctx, "ada@example.com", goodPassword, "")
	}
	_, token, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "")
	if err != nil || innerErr != nil {
		t.Fatalf("logins = %v and %v, want both to succeed", err, innerErr)
	}
	if _, _, err := e.svc.Authenticate(ctx, token); err != nil {
		t.Fatalf("session of the second login: %v", err)
	}
	if got := e.store.users[u.ID].PasswordHash; !strings.HasPrefix(got, "$argon2id$") {
		t.Fatalf("hash = %q, want upgraded", got)
	}
	if n := e.store.sessionCount(u.ID); n != 3 {
		t.Errorf("sessions = %d, want 3 (sign-up and both logins)", n)
	}
}
