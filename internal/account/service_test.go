package account_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/httpx"
	"tourbook/internal/media"
)

// cheapArgon keeps the tests fast (and fast under -race); the production parameters are
// exercised by TestHashPasswordDefault and the benchmark.
var cheapArgon = account.Argon2Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const goodPassword = "correct horse"

type env struct {
	svc    *account.Service
	store  *fakeStore
	photos *fakePhotos
	clock  *clock
	logs   *bytes.Buffer
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{
		store:  newFakeStore(),
		photos: &fakePhotos{},
		clock:  &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)},
		logs:   &bytes.Buffer{},
	}
	svc, err := account.NewService(e.store, account.Options{
		Now:    e.clock.Now,
		Logger: slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Photos: e.photos,
		Argon2: cheapArgon,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.svc = svc
	return e
}

func (e *env) signUp(t *testing.T, name, email string) (account.User, string) {
	t.Helper()
	u, token, err := e.svc.SignUp(context.Background(), name, email, goodPassword, goodPassword, "")
	if err != nil {
		t.Fatalf("SignUp(%q, %q): %v", name, email, err)
	}
	return u, token
}

// wantValidation asserts err is a *ValidationError on field with message.
func wantValidation(t *testing.T, err error, field, message string) {
	t.Helper()
	var ve *account.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("error = %v, want a ValidationError on %s", err, field)
	}
	if ve.Field != field || ve.Message != message {
		t.Fatalf("ValidationError = {%s, %q}, want {%s, %q}", ve.Field, ve.Message, field, message)
	}
	if msg, ok := account.PublicMessage(err); !ok || msg != message {
		t.Fatalf("PublicMessage = %q, %v; want %q", msg, ok, message)
	}
}

func TestSignUp(t *testing.T) {
	e := newEnv(t)
	u, token := e.signUp(t, "  Ada Lovelace \n", " Ada@Example.COM ")

	if u.Name != "Ada Lovelace" || u.Email != "Ada@Example.COM" {
		t.Errorf("stored name, email = %q, %q; want trimmed, case kept", u.Name, u.Email)
	}
	if u.Role != account.RoleUser || !u.Active || u.Photo != account.DefaultPhoto || u.ID == "" {
		t.Errorf("new user = %+v; want role user, active, default photo, an id", u)
	}
	if !strings.HasPrefix(u.PasswordHash, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("hash = %q, want argon2id PHC with the service's parameters", u.PasswordHash)
	}
	if !u.PasswordChangedAt.Equal(e.clock.Now()) {
		t.Errorf("PasswordChangedAt = %v, want now", u.PasswordChangedAt)
	}
	got, _, err := e.svc.Authenticate(context.Background(), token)
	if err != nil || got.ID != u.ID {
		t.Fatalf("Authenticate(signup token) = %v, %v; want the new user", got.ID, err)
	}
}

func TestSignUpRules(t *testing.T) {
	long := strings.Repeat("é", 128) // 256 bytes: past bcrypt's limit, fine for argon2id
	tests := []struct {
		name, email, password, confirm string
		field, message                 string // "" = accepted
	}{
		{"Ada", "ada@example.com", goodPassword, goodPassword, "", ""},
		{strings.Repeat("ü", 70), "a@example.com", goodPassword, goodPassword, "", ""},
		{"Ada", "a@example.com", long, long, "", ""},
		{"Ada", "a@example.com", "12345678", "12345678", "password", "This password is one of the most common ones, which people guessing try first. Please choose another."},
		{"Ada", "a@example.com", "PassWord1", "PassWord1", "password", "This password is one of the most common ones, which people guessing try first. Please choose another."},
		{"", "a@example.com", goodPassword, goodPassword, "name", "Please tell us your name."},
		{" \t ", "a@example.com", goodPassword, goodPassword, "name", "Please tell us your name."},
		{strings.Repeat("ü", 71), "a@example.com", goodPassword, goodPassword, "name", "Your name must be at most 70 characters long."},
		{"Ada\x00", "a@example.com", goodPassword, goodPassword, "name", "Your name must not contain control characters."},
		{"Ada\u202Eevil", "a@example.com", goodPassword, goodPassword, "name", "Your name must not contain control characters."},
		{"Ada\xff", "a@example.com", goodPassword, goodPassword, "name", "Your name contains characters we cannot read."},
		{"Ada", "", goodPassword, goodPassword, "email", "Please provide your email address."},
		{"Ada", "not-an-email", goodPassword, goodPassword, "email", "Please provide a valid email address."},
		{"Ada", "ada@localhost", goodPassword, goodPassword, "email", "Please provide a valid email address."},
		{"Ada", "Ada <ada@example.com>", goodPassword, goodPassword, "email", "Please provide a valid email address."},
		{"Ada", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", goodPassword, goodPassword, "email", "Your email address must be at most 254 characters long."},
		{"Ada", "a@example.com", "", "", "password", "Please provide a password."},
		{"Ada", "a@example.com", "1234567", "1234567", "password", "Password must be at least 8 characters long."},
		{"Ada", "a@example.com", long + "x", long + "x", "password", "Password must be at most 128 characters long."},
		{"Ada", "a@example.com", goodPassword, "", "passwordConfirm", "Please confirm your password."},
		{"Ada", "a@example.com", goodPassword, goodPassword + "!", "passwordConfirm", "Passwords do not match."},
	}
	for _, tt := range tests {
		t.Run(tt.field+"/"+tt.message+"/"+tt.name[:min(len(tt.name), 8)], func(t *testing.T) {
			e := newEnv(t)
			_, token, err := e.svc.SignUp(context.Background(), tt.name, tt.email, tt.password, tt.confirm, "")
			if tt.field == "" {
				if err != nil || token == "" {
					t.Fatalf("SignUp = %v, want accepted", err)
				}
				return
			}
			wantValidation(t, err, tt.field, tt.message)
			if token != "" || len(e.store.users) != 0 {
				t.Fatal("a refused sign-up must create neither user nor session")
			}
		})
	}
}

// An address that has an account gets the answer a new one gets, and no account or
// session comes of it (issue 20, item 3).
func TestSignUpWithTakenEmailAnswersAsANewOne(t *testing.T) {
	e := newEnv(t)
	ada, _ := e.signUp(t, "Ada", "ada@example.com")
	u, token, err := e.svc.SignUp(context.Background(), "Other", "ADA@example.com", goodPassword, goodPassword, "192.0.2.1")
	if err != nil || token == "" || u.ID == "" || u.ID == ada.ID || u.Name != "Other" || u.Email != "ada@example.com" || u.Photo != account.DefaultPhoto {
		t.Fatalf("SignUp = %+v, %q, %v; want the answer of a new account", u, token, err)
	}
	if _, _, err := e.svc.Authenticate(context.Background(), token); !errors.Is(err, account.ErrNotSignedIn) {
		t.Errorf("the token signs someone in: %v", err)
	}
	if len(e.store.users) != 1 || e.store.users[ada.ID].Name != "Ada" {
		t.Errorf("users after the attempt: %+v", e.store.users)
	}
}

// At most 10 sign-ups an hour from one client address, whether the address had an
// account or not; then 429 with a readable message; other clients are not affected.
func TestSignUpLimitPerClient(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	for i := range 10 {
		email := fmt.Sprintf("user%d@example.com", i)
		if i == 3 {
			email = "ada@example.com"
		}
		if _, _, err := e.svc.SignUp(ctx, "U", email, goodPassword, goodPassword, "192.0.2.1"); err != nil {
			t.Fatalf("sign-up %d: %v", i+1, err)
		}
	}
	// Refused before any check: even a form with mistakes past the limit is the same 429.
	_, _, err := e.svc.SignUp(ctx, "U", "late@example.com", goodPassword, goodPassword, "192.0.2.1")
	var tm *account.TooManyAttemptsError
	if !errors.As(err, &tm) || tm.RetryAfter != time.Hour {
		t.Fatalf("11th sign-up: %v, want 429 for an hour", err)
	}
	if msg, _ := account.PublicMessage(err); msg != "Too many accounts were created from your network. Please try again in 60 minutes." {
		t.Errorf("message %q", msg)
	}
	if _, _, err := e.svc.SignUp(ctx, "U", "late@example.com", goodPassword, goodPassword, "192.0.2.2"); err != nil {
		t.Errorf("another client: %v", err)
	}
	e.clock.Advance(time.Hour + time.Second)
	if _, _, err := e.svc.SignUp(ctx, "U", "later@example.com", goodPassword, goodPassword, "192.0.2.1"); err != nil {
		t.Errorf("an hour later: %v", err)
	}
}

func TestLogIn(t *testing.T) {
	e := newEnv(t)
	ada, _ := e.signUp(t, "Ada", "Ada@Example.com")
	inactive, _ := e.signUp(t, "Gone", "gone@example.com")
	e.store.users[inactive.ID] = func(u account.User) account.User { u.Active = false; return u }(e.store.users[inactive.ID])

	tests := []struct {
		desc, email, password string
		wantErr               error
	}{
		{"right password", "Ada@Example.com", goodPassword, nil},
		{"email in other case, spaces", "  ada@example.COM ", goodPassword, nil},
		{"wrong password", "ada@example.com", "wrong password", account.ErrInvalidCredentials},
		{"unknown email", "nobody@example.com", goodPassword, account.ErrInvalidCredentials},
		{"deactivated account", "gone@example.com", goodPassword, account.ErrInvalidCredentials},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			u, token, err := e.svc.LogIn(context.Background(), tt.email, tt.password, "192.0.2.1")
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("LogIn error = %v, want %v", err, tt.wantErr)
			}
			if tt.wantErr != nil {
				// Unknown email and wrong password must read the same to the visitor.
				if msg, _ := account.PublicMessage(err); msg != "Incorrect email or password." {
					t.Errorf("PublicMessage = %q", msg)
				}
				if token != "" || u.ID != "" {
					t.Error("a failed login returned a user or token")
				}
				return
			}
			if u.ID != ada.ID || len(token) != 43 {
				t.Fatalf("LogIn = %s, token of %d chars; want Ada and a 43-char token", u.ID, len(token))
			}
			if _, _, err := e.svc.Authenticate(context.Background(), token); err != nil {
				t.Fatalf("Authenticate(login token) = %v", err)
			}
		})
	}
}

func TestLogInMissingFields(t *testing.T) {
	e := newEnv(t)
	for _, c := range [][2]string{{"", "x"}, {"a@example.com", ""}, {"  ", "x"}} {
		_, _, err := e.svc.LogIn(context.Background(), c[0], c[1], "192.0.2.1")
		wantValidation(t, err, "email", "Please provide email and password.")
	}
}

func TestLogInUpgradesBcrypt(t *testing.T) {
	for _, prefix := range []string{"$2a$", "$2b$", "$2y$"} {
		t.Run(prefix, func(t *testing.T) {
			e := newEnv(t)
			u, _ := e.signUp(t, "Imported", "imp@example.com")
			h, err := bcrypt.GenerateFromPassword([]byte("imported pass"), bcrypt.MinCost)
			if err != nil {
				t.Fatal(err)
			}
			changed := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
			u.PasswordHash = prefix + string(h[4:])
			u.PasswordChangedAt = changed
			e.store.users[u.ID] = u

			if _, _, err := e.svc.LogIn(context.Background(), "imp@example.com", "wrong pass", ""); !errors.Is(err, account.ErrInvalidCredentials) {
				t.Fatalf("wrong password on bcrypt hash: %v", err)
			}
			if e.store.users[u.ID].PasswordHash != u.PasswordHash {
				t.Fatal("a failed login changed the hash")
			}
			if _, _, err := e.svc.LogIn(context.Background(), "imp@example.com", "imported pass", ""); err != nil {
				t.Fatalf("login with bcrypt hash: %v", err)
			}
			after := e.store.users[u.ID]
			if !strings.HasPrefix(after.PasswordHash, "$argon2id$") {
				t.Fatalf("hash after login = %q, want argon2id", after.PasswordHash)
			}
			if !after.PasswordChangedAt.Equal(changed) {
				t.Errorf("PasswordChangedAt = %v, want unchanged %v", after.PasswordChangedAt, changed)
			}
			if _, _, err := e.svc.LogIn(context.Background(), "imp@example.com", "imported pass", ""); err != nil {
				t.Fatalf("login with upgraded hash: %v", err)
			}
		})
	}
}

func TestLogInRehashesWeakerArgon2(t *testing.T) {
	e := newEnv(t)
	u, _ := e.signUp(t, "Ada", "ada@example.com")
	old, err := account.HashPassword(goodPassword) // DefaultArgon2 differs from cheapArgon
	if err != nil {
		t.Fatal(err)
	}
	u.PasswordHash = old
	e.store.users[u.ID] = u
	if _, _, err := e.svc.LogIn(context.Background(), "ada@example.com", goodPassword, ""); err != nil {
		t.Fatal(err)
	}
	if got := e.store.users[u.ID].PasswordHash; !strings.HasPrefix(got, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash = %q, want rewritten with the service's parameters", got)
	}
}

func wantTooMany(t *testing.T, err error, window time.Duration) {
	t.Helper()
	var tm *account.TooManyAttemptsError
	if !errors.Is(err, account.ErrTooManyAttempts) || !errors.As(err, &tm) {
		t.Fatalf("error = %v, want ErrTooManyAttempts", err)
	}
	if tm.RetryAfter != window {
		t.Errorf("RetryAfter = %v, want %v", tm.RetryAfter, window)
	}
	if msg, _ := account.PublicMessage(err); msg != "Too many failed login attempts. Please try again in 15 minutes." {
		t.Errorf("PublicMessage = %q", msg)
	}
}

// Ten wrong passwords from one place lock that place out of the account, not the owner
// signing in from elsewhere: a stranger can no longer lock anyone out (issue 20).
func TestLogInLimitPerAccountAndClient(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	for i := range 10 {
		// Case must not matter.
		if _, _, err := e.svc.LogIn(ctx, "ADA@example.com", "guess", "198.51.100.1"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
		e.clock.Advance(time.Minute)
	}
	// The guesser is locked: even the right password is not checked.
	_, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "198.51.100.1")
	wantTooMany(t, err, 15*time.Minute)
	// The owner, from their own address, signs in.
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "203.0.113.9"); err != nil {
		t.Fatalf("the owner from elsewhere: %v", err)
	}
	// The window slides: after the oldest failures age out, the guesser may try again.
	e.clock.Advance(6 * time.Minute)
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "198.51.100.1"); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

// Guesses spread over many addresses stop at the account's ceiling for every address
// that has guessed; an address with no failure on the account still gets its password
// checked, so the owner signs in.
func TestLogInCeilingPerAccount(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	svc, err := account.NewService(e.store, account.Options{Now: e.clock.Now, Argon2: cheapArgon, MaxLoginFailuresPerAccount: 6})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, _, err := svc.LogIn(ctx, "ada@example.com", "guess", fmt.Sprintf("198.51.100.%d", i%3)); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	_, _, err = svc.LogIn(ctx, "ada@example.com", goodPassword, "198.51.100.1")
	wantTooMany(t, err, 15*time.Minute)
	if _, _, err := svc.LogIn(ctx, "ada@example.com", goodPassword, "203.0.113.9"); err != nil {
		t.Fatalf("the owner, with no failure of their own: %v", err)
	}
}

func TestLogInLimitPerAddress(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	// Many people share one address, so it gets 50 failures, not an account's 10.
	for i := range 50 {
		email := fmt.Sprintf("guess%d@example.com", i) // a different account each time
		if _, _, err := e.svc.LogIn(ctx, email, "guess", "192.0.2.7"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	_, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.7")
	wantTooMany(t, err, 15*time.Minute)

	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.8"); err != nil {
		t.Fatalf("another address is not limited: %v", err)
	}
	e.clock.Advance(15*time.Minute + time.Second)
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.7"); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

func TestLogInLimitPerAddressIsItsOwn(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	svc, err := account.NewService(e.store, account.Options{
		Now: e.clock.Now, Argon2: cheapArgon, MaxLoginFailures: 3, MaxLoginFailuresPerAddress: 5,
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, _, err := svc.LogIn(ctx, fmt.Sprintf("guess%d@example.com", i), "guess", "192.0.2.7"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	_, _, err = svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.7")
	wantTooMany(t, err, 15*time.Minute)
	for i := range 3 {
		if _, _, err := svc.LogIn(ctx, "ada@example.com", "guess", "198.51.100.1"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("account attempt %d: %v", i+1, err)
		}
	}
	_, _, err = svc.LogIn(ctx, "ada@example.com", goodPassword, "198.51.100.1")
	wantTooMany(t, err, 15*time.Minute)
}

// Good logins from a shared address do not use up its limit: each attempt counted
// against the address until it proved good.
func TestLogInSuccessDoesNotCountAgainstAddress(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	for i := range 49 {
		if _, _, err := e.svc.LogIn(ctx, fmt.Sprintf("guess%d@example.com", i), "guess", "192.0.2.7"); !errors.Is(err, account.ErrInvalidCredentials) {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	for i := range 5 {
		if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.7"); err != nil {
			t.Fatalf("good login %d from the office: %v", i+1, err)
		}
	}
	if _, _, err := e.svc.LogIn(ctx, "nobody@example.com", "guess", "192.0.2.7"); !errors.Is(err, account.ErrInvalidCredentials) {
		t.Fatalf("50th failure: %v, want ErrInvalidCredentials", err)
	}
	_, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.7")
	wantTooMany(t, err, 15*time.Minute)
}

func TestLogInSuccessClearsAccountFailures(t *testing.T) {
	e := newEnv(t)
	e.signUp(t, "Ada", "ada@example.com")
	ctx := context.Background()
	fail := func(n int) {
		for range n {
			if _, _, err := e.svc.LogIn(ctx, "ada@example.com", "guess", ""); !errors.Is(err, account.ErrInvalidCredentials) {
				t.Fatalf("failure: %v", err)
			}
		}
	}
	fail(9)
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, ""); err != nil {
		t.Fatal(err)
	}
	fail(9) // would be 18 without the reset
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, ""); err != nil {
		t.Fatalf("after reset and 9 failures: %v", err)
	}
}

func TestAuthenticate(t *testing.T) {
	tests := []struct {
		desc         string
		ignoreExpiry bool // the store returns whatever it has
		token        func(e *env, token string) string
		wantErr      error
	}{
		{"valid", false, func(_ *env, tok string) string { return tok }, nil},
		{"empty", false, func(*env, string) string { return "" }, account.ErrNotSignedIn},
		{"malformed", false, func(*env, string) string { return "not a token!" }, account.ErrNotSignedIn},
		{"unknown", false, func(*env, string) string { return strings.Repeat("A", 43) }, account.ErrNotSignedIn},
		{"logged out", false, func(e *env, tok string) string {
			if err := e.svc.LogOut(context.Background(), tok); err != nil {
				panic(err)
			}
			return tok
		}, account.ErrNotSignedIn},
		{"expired (store filters)", false, expire, account.ErrNotSignedIn},
		{"expired (store does not)", true, expire, account.ErrNotSignedIn},
		{"just before expiry", true, func(e *env, tok string) string {
			e.clock.Advance(30*24*time.Hour - time.Second)
			return tok
		}, nil},
		{"deactivated user", true, func(e *env, tok string) string {
			for id, u := range e.store.users {
				u.Active = false
				e.store.users[id] = u
			}
			return tok
		}, account.ErrNotSignedIn},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			e := newEnv(t)
			e.store.ignoreExpiry = tt.ignoreExpiry
			u, tok := e.signUp(t, "Ada", "ada@example.com")
			got, sess, err := e.svc.Authenticate(context.Background(), tt.token(e, tok))
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Authenticate error = %v, want %v", err, tt.wantErr)
			}
			if err == nil && (got.ID != u.ID || sess.UserID != u.ID) {
				t.Fatalf("Authenticate = %s/%s, want %s", got.ID, sess.UserID, u.ID)
			}
			if err != nil {
				if msg, _ := account.PublicMessage(err); msg != "You are not logged in. Please log in to get access." {
					t.Errorf("PublicMessage = %q", msg)
				}
			}
		})
	}
}

func expire(e *env, tok string) string {
	e.clock.Advance(30 * 24 * time.Hour)
	return tok
}

func TestStoreKeepsOnlyTokenHash(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signUp(t, "Ada", "ada@example.com")
	for k, s := range e.store.sessions {
		if len(s.TokenHash) != 32 || strings.Contains(k, tok) {
			t.Fatalf("stored session key %x: want a 32-byte SHA-256, never the token", k)
		}
		if want := e.clock.Now().Add(30 * 24 * time.Hour); !s.ExpiresAt.Equal(want) {
			t.Errorf("ExpiresAt = %v, want now + 30 days", s.ExpiresAt)
		}
	}
}

func TestLogOutTwiceIsFine(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signUp(t, "Ada", "ada@example.com")
	for range 2 {
		if err := e.svc.LogOut(context.Background(), tok); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.svc.LogOut(context.Background(), "garbage"); err != nil {
		t.Fatal(err)
	}
}

func TestChangePassword(t *testing.T) {
	const newPassword = "a brand new secret"
	tests := []struct {
		desc                       string
		current, password, confirm string
		wantErr                    error
		field, message             string
	}{
		{"ok", goodPassword, newPassword, newPassword, nil, "", ""},
		{"wrong current", "not it", newPassword, newPassword, account.ErrWrongPassword, "", ""},
		{"missing current", "", newPassword, newPassword, nil, "passwordCurrent", "Please provide your current password."},
		{"too short", goodPassword, "short", "short", nil, "password", "Password must be at least 8 characters long."},
		{"mismatch", goodPassword, newPassword, newPassword + "x", nil, "passwordConfirm", "Passwords do not match."},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			u, current := e.signUp(t, "Ada", "ada@example.com")
			_, other, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "")
			if err != nil {
				t.Fatal(err)
			}
			e.signUp(t, "Bob", "bob@example.com") // someone else's session must survive
			e.clock.Advance(time.Hour)

			err = e.svc.ChangePassword(ctx, u, current, tt.current, tt.password, tt.confirm)
			switch {
			case tt.field != "":
				wantValidation(t, err, tt.field, tt.message)
			case !errors.Is(err, tt.wantErr):
				t.Fatalf("ChangePassword = %v, want %v", err, tt.wantErr)
			}
			if tt.wantErr == account.ErrWrongPassword {
				if msg, _ := account.PublicMessage(err); msg != "Your current password is wrong." {
					t.Errorf("PublicMessage = %q", msg)
				}
			}
			changed := err == nil
			_, _, errCurrent := e.svc.Authenticate(ctx, current)
			_, _, errOther := e.svc.Authenticate(ctx, other)
			if errCurrent != nil {
				t.Errorf("current session ended: %v", errCurrent)
			}
			if changed != (errOther != nil) {
				t.Errorf("other session error = %v; password changed = %v", errOther, changed)
			}
			if e.store.sessionCount(e.store.users[u.ID].ID) != map[bool]int{true: 1, false: 2}[changed] {
				t.Errorf("sessions left = %d", e.store.sessionCount(u.ID))
			}
			bobSessions := 0
			for id, bu := range e.store.users {
				if bu.Name == "Bob" {
					bobSessions = e.store.sessionCount(id)
				}
			}
			if bobSessions != 1 {
				t.Errorf("Bob's sessions = %d, want 1", bobSessions)
			}
			_, _, errNew := e.svc.LogIn(ctx, "ada@example.com", newPassword, "")
			_, _, errOld := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "")
			if changed != (errNew == nil) || changed != (errOld != nil) {
				t.Errorf("after change=%v: new password login %v, old password login %v", changed, errNew, errOld)
			}
			if changed && !e.store.users[u.ID].PasswordChangedAt.Equal(e.clock.Now()) {
				t.Errorf("PasswordChangedAt = %v, want now", e.store.users[u.ID].PasswordChangedAt)
			}
		})
	}
}

func TestChangePasswordCountsWrongPasswords(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u, tok := e.signUp(t, "Ada", "ada@example.com")
	for range 10 {
		if err := e.svc.ChangePassword(ctx, u, tok, "guess", "new password", "new password"); !errors.Is(err, account.ErrWrongPassword) {
			t.Fatal(err)
		}
	}
	err := e.svc.ChangePassword(ctx, u, tok, goodPassword, "new password", "new password")
	wantTooMany(t, err, 15*time.Minute)
	// Its own counter: a stolen session's guesses do not lock the owner's sign-in.
	if _, _, err := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.1"); err != nil {
		t.Fatalf("sign-in after a session's wrong passwords: %v", err)
	}
}

func TestUpdateProfile(t *testing.T) {
	tests := []struct {
		desc               string
		oldPhoto, newPhoto string
		name, email        string
		password           string // the current password sent with the form
		storeErr           error
		wantErr            error
		field              string
		wantPhoto          string
		wantRemoved        []string
	}{
		{desc: "name and email only", oldPhoto: "user-old.jpg", name: " Ada L. ", email: "ada.l@example.com", password: goodPassword,
			wantPhoto: "user-old.jpg"},
		{desc: "the email's case needs no password", oldPhoto: "user-old.jpg", name: "Ada", email: "ADA@example.com",
			wantPhoto: "user-old.jpg"},
		{desc: "a new email needs the current password", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "ada.l@example.com",
			field: "passwordCurrent", wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
		{desc: "a new email with a wrong password", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "ada.l@example.com",
			password: "not it at all", wantErr: account.ErrWrongPassword, wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
		{desc: "new photo replaces old", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "ada@example.com",
			wantPhoto: "user-new.jpg", wantRemoved: []string{"user-old.jpg"}},
		{desc: "default photo is kept", oldPhoto: account.DefaultPhoto, newPhoto: "user-new.jpg", name: "Ada", email: "ada@example.com",
			wantPhoto: "user-new.jpg"},
		{desc: "invalid name drops the upload", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "", email: "ada@example.com",
			field: "name", wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
		{desc: "invalid email drops the upload", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "nope",
			field: "email", wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
		{desc: "email taken drops the upload", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "BOB@example.com",
			password: goodPassword, wantErr: account.ErrEmailTaken, wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
		{desc: "store failure drops the upload", oldPhoto: "user-old.jpg", newPhoto: "user-new.jpg", name: "Ada", email: "ada@example.com",
			storeErr: errors.New("disk full"), wantPhoto: "user-old.jpg", wantRemoved: []string{"user-new.jpg"}},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			e := newEnv(t)
			ctx := context.Background()
			u, _ := e.signUp(t, "Ada", "ada@example.com")
			e.signUp(t, "Bob", "bob@example.com")
			u.Photo = tt.oldPhoto
			e.store.users[u.ID] = u
			e.store.updateErr = tt.storeErr

			got, err := e.svc.UpdateProfile(ctx, u, tt.name, tt.email, tt.newPhoto, tt.password)
			switch {
			case tt.field != "":
				var ve *account.ValidationError
				if !errors.As(err, &ve) || ve.Field != tt.field {
					t.Fatalf("error = %v, want ValidationError on %s", err, tt.field)
				}
			case tt.storeErr != nil:
				if !errors.Is(err, tt.storeErr) {
					t.Fatalf("error = %v, want %v", err, tt.storeErr)
				}
				if _, public := account.PublicMessage(err); public {
					t.Error("a store failure must not have a public message")
				}
			case !errors.Is(err, tt.wantErr):
				t.Fatalf("error = %v, want %v", err, tt.wantErr)
			}
			stored := e.store.users[u.ID]
			if stored.Photo != tt.wantPhoto {
				t.Errorf("stored photo = %q, want %q", stored.Photo, tt.wantPhoto)
			}
			if err == nil {
				if got.Name != strings.TrimSpace(tt.name) || got.Email != tt.email || got.Photo != tt.wantPhoto || got != stored {
					t.Errorf("returned user %+v, stored %+v", got, stored)
				}
			}
			if removed := e.photos.removedNames(); strings.Join(removed, ",") != strings.Join(tt.wantRemoved, ",") {
				t.Errorf("removed photos = %v, want %v", removed, tt.wantRemoved)
			}
		})
	}
}

func TestPublicMessageOfInternalError(t *testing.T) {
	if msg, ok := account.PublicMessage(errors.New("database is locked")); ok || msg != "" {
		t.Fatalf("PublicMessage(internal) = %q, %v; want nothing", msg, ok)
	}
}

func TestTooManyAttemptsMessageRoundsUp(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{30 * time.Second, "Please try again in 1 minute."},
		{time.Minute, "Please try again in 1 minute."},
		{61 * time.Second, "Please try again in 2 minutes."},
		{15 * time.Minute, "Please try again in 15 minutes."},
	} {
		err := &account.TooManyAttemptsError{RetryAfter: tt.d}
		if got := err.PublicMessage(); !strings.HasSuffix(got, tt.want) {
			t.Errorf("%v: %q, want …%q", tt.d, got, tt.want)
		}
		if httpx.StatusOf(err.FaultKind()) != 429 {
			t.Errorf("status %d", httpx.StatusOf(err.FaultKind()))
		}
	}
}

// Secrets must never reach the log, whatever happens.
func TestLogsHoldNoSecrets(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u, tok := e.signUp(t, "Ada", "ada@example.com")
	_, tok2, _ := e.svc.LogIn(ctx, "ada@example.com", goodPassword, "192.0.2.1")
	_, _, _ = e.svc.LogIn(ctx, "ada@example.com", "secret guess", "192.0.2.1")
	_ = e.svc.ChangePassword(ctx, u, tok, goodPassword, "new secret value", "new secret value")
	logs := e.logs.String()
	if !strings.Contains(logs, u.ID) {
		t.Fatalf("logs do not name the user id:\n%s", logs)
	}
	for _, secret := range []string{goodPassword, "secret guess", "new secret value", tok, tok2, u.PasswordHash} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains a secret %q:\n%s", secret, logs)
		}
	}
}

// The session middleware clears the cookie on account.ErrNotFound; the API answers 401
// with ErrNotSignedIn's text. One error must satisfy both.
func TestAuthenticateErrorMatchesNotFound(t *testing.T) {
	e := newEnv(t)
	_, _, err := e.svc.Authenticate(context.Background(), strings.Repeat("A", 43))
	if !errors.Is(err, account.ErrNotFound) || !errors.Is(err, account.ErrNotSignedIn) {
		t.Fatalf("error = %v, want both ErrNotFound and ErrNotSignedIn", err)
	}
	var pub fault.Public
	if !errors.As(err, &pub) || httpx.StatusOf(pub.FaultKind()) != 401 {
		t.Fatalf("status of %v: want 401", err)
	}
}

func TestDefaultPhotoIsMediasDefault(t *testing.T) {
	if account.DefaultPhoto != media.DefaultPhoto {
		t.Fatalf("account.DefaultPhoto %q != media.DefaultPhoto %q", account.DefaultPhoto, media.DefaultPhoto)
	}
}

// Ten picture uploads a minute per account, then 429 for a minute; other accounts are
// not affected (issue 20, also seen).
func TestCountUpload(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for i := range 10 {
		if err := e.svc.CountUpload(ctx, "u1"); err != nil {
			t.Fatalf("upload %d: %v", i+1, err)
		}
	}
	err := e.svc.CountUpload(ctx, "u1")
	var tm *account.TooManyAttemptsError
	if !errors.As(err, &tm) || tm.RetryAfter != time.Minute {
		t.Fatalf("11th upload: %v, want 429 for a minute", err)
	}
	if msg, _ := account.PublicMessage(err); msg != "You are uploading pictures too quickly. Please try again in 1 minute." {
		t.Errorf("message %q", msg)
	}
	if err := e.svc.CountUpload(ctx, "u2"); err != nil {
		t.Errorf("another account: %v", err)
	}
	e.clock.Advance(time.Minute + time.Second)
	if err := e.svc.CountUpload(ctx, "u1"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

// An account may try at most 10 new sign-in emails an hour: "already in use" must not
// become a way to test addresses (issue 20, item 3).
func TestEmailChangesAreLimited(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	u, _ := e.signUp(t, "Ada", "ada@example.com")
	e.signUp(t, "Bob", "bob@example.com")
	for i := range 10 {
		email := fmt.Sprintf("ada%d@example.com", i)
		if i%2 == 1 {
			email = "bob@example.com" // taken: counted all the same
		}
		_, err := e.svc.UpdateProfile(ctx, e.store.users[u.ID], "Ada", email, "", goodPassword)
		if err != nil && !errors.Is(err, account.ErrEmailTaken) {
			t.Fatalf("change %d: %v", i+1, err)
		}
	}
	_, err := e.svc.UpdateProfile(ctx, e.store.users[u.ID], "Ada", "bob@example.com", "", goodPassword)
	var tm *account.TooManyAttemptsError
	if !errors.As(err, &tm) || tm.RetryAfter != time.Hour {
		t.Fatalf("11th change: %v, want 429 for an hour", err)
	}
	// The name alone is not limited.
	if _, err := e.svc.UpdateProfile(ctx, e.store.users[u.ID], "Ada L", e.store.users[u.ID].Email, "", ""); err != nil {
		t.Errorf("a name change: %v", err)
	}
}
