package account

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/mail"
)

// SignUp creates an active user with role user and the default photo, and signs them in.
// It returns the first broken rule as a *ValidationError (in form order), or a
// *TooManyAttemptsError when clientAddr ("" counts nothing) has made MaxSignupsPerClient
// sign-ups within the hour.
//
// An address that already has an account is not told apart from a new one: the answer
// is the same (a user and a session token, here one that is stored nowhere and so signs
// nobody in), after the same work (a password hash, an email written), and the owner is
// emailed that someone tried (at most once an hour per address). Only the next page,
// signed out, shows it, and each such probe costs one of the client's sign-ups.
func (s *Service) SignUp(ctx context.Context, name, email, password, passwordConfirm, clientAddr string) (User, string, error) {
	name, err := ValidateName(name)
	if err != nil {
		return User{}, "", err
	}
	email, err = ValidateEmail(email)
	if err != nil {
		return User{}, "", err
	}
	if err := ValidatePassword(password, passwordConfirm); err != nil {
		return User{}, "", err
	}
	if clientAddr != "" {
		lim := limit{key: "signup-ip:" + clientAddr, max: s.maxSignups}
		if _, err := s.beginAttemptWithin(ctx, time.Hour, tooManySignups, lim); err != nil {
			return User{}, "", err
		}
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return User{}, "", fmt.Errorf("sign up: %w", err)
	}
	u := User{
		Name:              name,
		Email:             email,
		Photo:             DefaultPhoto,
		Role:              RoleUser,
		PasswordHash:      hash,
		PasswordChangedAt: s.clock(),
		Active:            true,
	}
	err = s.createUser(ctx, &u)
	if errors.Is(err, ErrEmailTaken) {
		return s.signUpTaken(ctx, u)
	}
	if err != nil {
		return User{}, "", fmt.Errorf("sign up: %w", err)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	s.log.Info("signed up", slog.String("user_id", u.ID))
	return u, token, nil
}

// tooManySignups words the refusal of a client that signed up too often.
func tooManySignups(retry time.Duration) error {
	return &TooManyAttemptsError{RetryAfter: retry,
		Message: "Too many accounts were created from your network. Please try again in %s."}
}

// emailQueue writes an email to the outbox (*store.Store is one).
type emailQueue interface {
	EnqueueEmail(ctx context.Context, m *mail.Message) (bool, error)
}

// signUpTaken answers a sign-up for an address that has an account as a new one is
// answered, and tells the owner.
func (s *Service) signUpTaken(ctx context.Context, attempt User) (User, string, error) {
	owner, err := s.store.UserByEmail(ctx, attempt.Email)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return User{}, "", fmt.Errorf("sign up: %w", err)
	}
	q, ok := s.store.(emailQueue)
	if err == nil && owner.Active && s.notices != nil && ok {
		m, err := s.notices.SignupAttempt(ctx, owner)
		if err == nil {
			// One a hour per address, however often strangers try it.
			m.IdemKey = "signup-attempt:" + strings.ToLower(owner.Email) + ":" + strconv.FormatInt(s.clock().Unix()/3600, 10)
			_, err = q.EnqueueEmail(ctx, m)
		}
		if err != nil {
			s.log.Error("write signup-attempt email", slog.String("user_id", owner.ID), slog.Any("error", err))
		} else {
			s.queued()
		}
	}
	s.log.Info("sign-up with an address that has an account", slog.String("user_id", owner.ID))
	var id [12]byte
	var token [32]byte
	_, _ = rand.Read(id[:]) // never fails (crypto/rand documents it)
	_, _ = rand.Read(token[:])
	attempt.ID = hex.EncodeToString(id[:])
	attempt.Email = strings.ToLower(attempt.Email) // as the store keeps a new account's
	return attempt, base64.RawURLEncoding.EncodeToString(token[:]), nil
}

// welcomeStore is a Store that writes an account and its welcome email in one
// transaction (*store.Store is one).
type welcomeStore interface {
	CreateUserWithEmail(ctx context.Context, u *User, m *mail.Message) error
}

// createUser stores u, with the welcome email when there is a writer for it and the
// store can commit both together; failing to write the email is logged: the account
// matters more.
func (s *Service) createUser(ctx context.Context, u *User) error {
	ws, ok := s.store.(welcomeStore)
	if s.welcome == nil || !ok {
		return s.store.CreateUser(ctx, u)
	}
	m, err := s.welcome.Welcome(ctx, *u)
	if err != nil {
		s.log.Error("write welcome email", slog.Any("error", err))
		return s.store.CreateUser(ctx, u)
	}
	if err := ws.CreateUserWithEmail(ctx, u, m); err != nil {
		return err
	}
	s.queued()
	return nil
}
