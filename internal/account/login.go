package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
)

// LogIn checks email and password and starts a session. Unknown email, wrong password
// and deactivated account all give ErrInvalidCredentials after the same work (one
// argon2id verification). Failures count against the account ("email:"+lower(email))
// and the client address ("ip:"+addr, skipped when addr is empty); while either has
// MaxLoginFailures within LoginWindow the password is not even checked and a
// *TooManyAttemptsError is returned. Success clears the account's count only, so one
// good login cannot reset an address that is guessing at other accounts.
func (s *Service) LogIn(ctx context.Context, email, password, clientAddr string) (User, string, error) {
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return User{}, "", invalid("email", "Please provide email and password.")
	}
	keys := []string{"email:" + strings.ToLower(email)}
	if clientAddr != "" {
		keys = append(keys, "ip:"+clientAddr)
	}
	if err := s.checkLimits(ctx, keys); err != nil {
		return User{}, "", err
	}

	u, err := s.store.UserByEmail(ctx, email)
	known := err == nil
	if err != nil && !errors.Is(err, ErrNotFound) {
		return User{}, "", fmt.Errorf("log in: %w", err)
	}
	hash := s.dummyHash
	if known {
		hash = u.PasswordHash
	}
	ok, rehash, err := s.verify(ctx, hash, password)
	if err != nil {
		if ctx.Err() != nil {
			return User{}, "", ctx.Err()
		}
		// A hash we cannot read is a data problem to fix, not a reason to let anyone in.
		s.log.Error("unreadable password hash", slog.String("user_id", u.ID), slog.Any("error", err))
		ok = false
	}
	if !known || !ok || !u.Active {
		if err := s.recordFailure(ctx, keys); err != nil {
			return User{}, "", err
		}
		s.log.Info("login failed", slog.String("user_id", u.ID), slog.String("client_addr", clientAddr))
		return User{}, "", ErrInvalidCredentials
	}

	if err := s.store.ClearLoginFailures(ctx, keys[0]); err != nil {
		return User{}, "", fmt.Errorf("log in user %s: %w", u.ID, err)
	}
	if rehash {
		s.upgradeHash(ctx, &u, password)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	s.log.Info("login", slog.String("user_id", u.ID))
	return u, token, nil
}

// upgradeHash replaces a bcrypt (or weaker argon2id) hash after a successful login, when
// the password is at hand. Failing to do so is not worth failing the login over.
func (s *Service) upgradeHash(ctx context.Context, u *User, password string) {
	hash, err := s.hash(ctx, password)
	if err == nil {
		// The password itself did not change, so neither does PasswordChangedAt.
		err = s.store.UpdateUserPassword(ctx, u.ID, hash, u.PasswordChangedAt)
	}
	if err != nil {
		s.log.Warn("password hash upgrade failed", slog.String("user_id", u.ID), slog.Any("error", err))
		return
	}
	u.PasswordHash = hash
	s.log.Info("password hash upgraded", slog.String("user_id", u.ID))
}

func (s *Service) checkLimits(ctx context.Context, keys []string) error {
	since := s.clock().Add(-s.window)
	for _, key := range keys {
		n, err := s.store.CountLoginFailures(ctx, key, since)
		if err != nil {
			return fmt.Errorf("count login failures: %w", err)
		}
		if n >= s.maxFailures {
			// The store tells a count, not when the oldest failure leaves the window, so
			// the whole window is the honest upper bound.
			s.log.Warn("login refused: too many failures", slog.String("key_kind", strings.SplitN(key, ":", 2)[0]))
			return &TooManyAttemptsError{RetryAfter: s.window}
		}
	}
	return nil
}

func (s *Service) recordFailure(ctx context.Context, keys []string) error {
	now := s.clock()
	for _, key := range keys {
		if err := s.store.AddLoginFailure(ctx, key, now); err != nil {
			return fmt.Errorf("record login failure: %w", err)
		}
	}
	return nil
}

// errNoSession is what Authenticate returns for a token that signs nobody in. It is both
// ErrNotSignedIn (the public 401 text) and ErrNotFound (what the session middleware
// tests for to clear a stale cookie).
var errNoSession = fmt.Errorf("%w: %w", ErrNotSignedIn, ErrNotFound)

// Authenticate returns the user and session of a token. A token that is malformed,
// unknown or expired, or whose user is deactivated, gives an error matching both
// ErrNotSignedIn and ErrNotFound; any other error is the store's.
func (s *Service) Authenticate(ctx context.Context, token string) (User, Session, error) {
	if !wellFormedToken(token) {
		return User{}, Session{}, errNoSession
	}
	now := s.clock()
	sess, u, err := s.store.SessionByTokenHash(ctx, hashToken(token), now)
	if errors.Is(err, ErrNotFound) {
		return User{}, Session{}, errNoSession
	}
	if err != nil {
		return User{}, Session{}, fmt.Errorf("authenticate: %w", err)
	}
	// The store filters these too; checking again keeps the rule here, where it is tested.
	if !now.Before(sess.ExpiresAt) || !u.Active {
		return User{}, Session{}, errNoSession
	}
	return u, sess, nil
}

// LogOut ends the session of token. Logging out twice, or with a malformed token, is
// not an error: the browser ends up signed out either way.
func (s *Service) LogOut(ctx context.Context, token string) error {
	if !wellFormedToken(token) {
		return nil
	}
	if err := s.store.DeleteSession(ctx, hashToken(token)); err != nil && !errors.Is(err, ErrNotFound) {
		return fmt.Errorf("log out: %w", err)
	}
	return nil
}
