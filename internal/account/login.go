package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
)

// LogIn checks email and password and starts a session. Unknown email, wrong password
// and deactivated account all give ErrInvalidCredentials after the same work (one
// argon2id verification). Every attempt counts as a failure until it proves good, against
// the counters of loginLimits (account and client together, the client, the account),
// and is recorded before the password is checked, so simultaneous attempts cannot slip
// past a limit together. An attempt over a limit is refused with a *TooManyAttemptsError
// without checking the password. Success clears the account-and-client count but takes
// back only its own attempt from the others, so one good login cannot reset an address
// that is guessing at other accounts, nor an account that strangers are guessing at.
func (s *Service) LogIn(ctx context.Context, email, password, clientAddr string) (User, string, error) {
	email = strings.TrimSpace(email)
	if email == "" || password == "" {
		return User{}, "", invalid("email", "Please provide email and password.")
	}
	limits, err := s.loginLimits(ctx, email, clientAddr)
	if err != nil {
		return User{}, "", err
	}
	att, err := s.beginAttempt(ctx, limits...)
	if err != nil {
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
		// The attempt stays recorded: it is the failure.
		s.log.Info("login failed", slog.String("user_id", u.ID), slog.String("client_addr", clientAddr))
		return User{}, "", ErrInvalidCredentials
	}

	if err := s.store.ClearLoginFailures(ctx, limits[0].key); err != nil {
		return User{}, "", fmt.Errorf("log in user %s: %w", u.ID, err)
	}
	s.forget(ctx, att, limits[1:]...)
	verified := u.PasswordHash
	if rehash {
		s.upgradeHash(ctx, &u, password)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	if err := s.confirmPassword(ctx, u.ID, token, password, verified, u.PasswordHash); err != nil {
		return User{}, "", err
	}
	s.log.Info("login", slog.String("user_id", u.ID))
	return u, token, nil
}

// upgradeHash replaces a bcrypt (or weaker argon2id) hash after a successful login, when
// the password is at hand, but only if the stored hash is still the one just verified: a
// password changed meanwhile must not be overwritten by the old one. Failing to upgrade
// is not worth failing the login over.
func (s *Service) upgradeHash(ctx context.Context, u *User, password string) {
	hash, err := s.hash(ctx, password)
	var done bool
	if err == nil {
		done, err = s.store.UpgradePasswordHash(ctx, u.ID, u.PasswordHash, hash)
	}
	if err != nil {
		s.log.Warn("password hash upgrade failed", slog.String("user_id", u.ID), slog.Any("error", err))
		return
	}
	if !done {
		// confirmPassword decides whether the login still stands.
		s.log.Info("password hash upgrade skipped: the hash changed meanwhile", slog.String("user_id", u.ID))
		return
	}
	u.PasswordHash = hash
	s.log.Info("password hash upgraded", slog.String("user_id", u.ID))
}

// confirmPassword ends the new session of token unless password is still the user's. A
// password change that stored its hash after the login read the old one, but ended the
// other sessions before this session existed, would otherwise leave the old password a
// way in. Checked after the session is stored: a change stored later ends the session
// itself (ChangePassword ends other sessions after storing the hash). Only in that race,
// or when a concurrent login upgraded the same password's hash, is the password verified
// a second time.
func (s *Service) confirmPassword(ctx context.Context, userID, token, password string, known ...string) error {
	u, err := s.store.UserByID(ctx, userID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		s.endSession(ctx, userID, token)
		return fmt.Errorf("log in user %s: %w", userID, err)
	}
	if err == nil && slices.Contains(known, u.PasswordHash) {
		return nil
	}
	ok := false
	if err == nil {
		if ok, _, err = s.verify(ctx, u.PasswordHash, password); err != nil && ctx.Err() != nil {
			s.endSession(ctx, userID, token)
			return ctx.Err()
		}
	}
	if !ok {
		s.endSession(ctx, userID, token)
		s.log.Info("login failed: password changed during login", slog.String("user_id", userID))
		return ErrInvalidCredentials
	}
	return nil
}

func (s *Service) endSession(ctx context.Context, userID, token string) {
	// Without the caller's deadline: a session left behind would outlive the refusal.
	ctx = context.WithoutCancel(ctx)
	if err := s.store.DeleteSession(ctx, hashToken(token)); err != nil && !errors.Is(err, ErrNotFound) {
		s.log.Error("could not end the session of a refused login", slog.String("user_id", userID), slog.Any("error", err))
	}
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
