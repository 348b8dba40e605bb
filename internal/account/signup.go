package account

import (
	"context"
	"fmt"
	"log/slog"

	"tourbook/internal/mail"
)

// SignUp creates an active user with role user and the default photo, and signs them in.
// It returns the first broken rule as a *ValidationError (in form order), or
// ErrEmailTaken from the store.
func (s *Service) SignUp(ctx context.Context, name, email, password, passwordConfirm string) (User, string, error) {
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
	if err := s.createUser(ctx, &u); err != nil {
		return User{}, "", fmt.Errorf("sign up: %w", err)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	s.log.Info("signed up", slog.String("user_id", u.ID))
	return u, token, nil
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
