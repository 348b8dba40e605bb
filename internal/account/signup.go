package account

import (
	"context"
	"fmt"
	"log/slog"
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
	if err := s.store.CreateUser(ctx, &u); err != nil {
		return User{}, "", fmt.Errorf("sign up: %w", err)
	}
	token, err := s.newSession(ctx, u.ID)
	if err != nil {
		return User{}, "", err
	}
	s.log.Info("signed up", slog.String("user_id", u.ID))
	return u, token, nil
}
