package account

import (
	"context"
	"fmt"
	"log/slog"
)

// ChangePassword replaces user's password after checking the current one, then ends every
// other session of the user (a stolen session dies with the old password) while keeping
// currentToken's, so the browser that made the change stays signed in.
//
// Wrong current passwords are counted (sessionLimit), recorded before the check like a
// login's: a stolen session must not become a way to guess the password.
func (s *Service) ChangePassword(ctx context.Context, user User, currentToken, passwordCurrent, password, passwordConfirm string) error {
	if err := s.checkCurrentPassword(ctx, user, passwordCurrent, "Please provide your current password."); err != nil {
		return err
	}
	if err := ValidatePassword(password, passwordConfirm); err != nil {
		return err
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return fmt.Errorf("change password of user %s: %w", user.ID, err)
	}
	if err := s.store.UpdateUserPassword(ctx, user.ID, hash, s.clock()); err != nil {
		return fmt.Errorf("change password of user %s: %w", user.ID, err)
	}
	if err := s.store.DeleteOtherSessions(ctx, user.ID, hashToken(currentToken)); err != nil {
		return fmt.Errorf("end other sessions of user %s: %w", user.ID, err)
	}
	s.log.Info("password changed", slog.String("user_id", user.ID))
	return nil
}
