package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/mail"
)

// UpdateProfile sets user's name and email and, when newPhoto is not "", their photo.
// A new email (the sign-in address) needs the current password, passwordCurrent, checked
// as ChangePassword checks it; the old address is then told of the change, so a stolen
// session cannot quietly take the account over. That email offers no way back by
// itself (a link there would be one more thing a thief could use): it says to reply.
//
// The HTTP handler stores an uploaded photo first (media.Photos.Process) and passes its
// file name; UpdateProfile then owns that file: if anything fails it removes it, so a
// refused update leaves no orphan, and on success it removes the photo being replaced
// (the remover keeps the shared default). It returns the updated user.
func (s *Service) UpdateProfile(ctx context.Context, user User, name, email, newPhoto, passwordCurrent string) (User, error) {
	updated, err := s.updateProfile(ctx, user, name, email, newPhoto, passwordCurrent)
	if err != nil {
		if newPhoto != "" {
			s.removePhoto(user.ID, newPhoto)
		}
		return User{}, err
	}
	if newPhoto != "" && user.Photo != "" && user.Photo != newPhoto {
		s.removePhoto(user.ID, user.Photo)
	}
	return updated, nil
}

// maxEmailChanges is how many changes of the sign-in email an account may try in an hour.
const maxEmailChanges = 10

// Notifier writes the emails that tell an account's owner what happened to it: the old
// address of a change of the sign-in email, and the owner of an address someone tried
// to sign up with.
type Notifier interface {
	EmailChanged(ctx context.Context, u User, newEmail string) (*mail.Message, error)
	SignupAttempt(ctx context.Context, u User) (*mail.Message, error)
}

// profileMailStore updates a profile and writes an email in one transaction
// (*store.Store is one).
type profileMailStore interface {
	UpdateUserProfileWithEmail(ctx context.Context, id string, p Profile, m *mail.Message) error
}

func (s *Service) updateProfile(ctx context.Context, user User, name, email, newPhoto, passwordCurrent string) (User, error) {
	name, err := ValidateName(name)
	if err != nil {
		return User{}, err
	}
	email, err = ValidateEmail(email)
	if err != nil {
		return User{}, err
	}
	photo := user.Photo
	if newPhoto != "" {
		photo = newPhoto
	}
	changed := !strings.EqualFold(email, user.Email)
	if changed {
		if err := s.checkCurrentPassword(ctx, user, passwordCurrent,
			"Please enter your current password to change your email address."); err != nil {
			return User{}, err
		}
		// "Already in use" tells whether an address has an account: an account may ask
		// that of at most maxEmailChanges addresses an hour, as sign-ups are limited.
		if _, err := s.beginAttemptWithin(ctx, time.Hour, func(retry time.Duration) error {
			return &TooManyAttemptsError{RetryAfter: retry, Message: "You have changed your email address too often. Please try again in %s."}
		}, limit{key: "email-change:" + user.ID, max: maxEmailChanges}); err != nil {
			return User{}, err
		}
	}
	if err := s.storeProfile(ctx, user, name, email, photo, changed); err != nil {
		return User{}, fmt.Errorf("update profile of user %s: %w", user.ID, err)
	}
	if changed {
		s.log.Info("sign-in email changed", slog.String("user_id", user.ID))
	}
	user.Name, user.Email, user.Photo = name, email, photo
	return user, nil
}

// storeProfile writes the profile, with the email to the old address when the email
// changed and the store and a notifier allow both in one transaction.
func (s *Service) storeProfile(ctx context.Context, user User, name, email, photo string, changed bool) error {
	ms, ok := s.store.(profileMailStore)
	if !changed || s.notices == nil || !ok {
		return s.store.UpdateUserProfile(ctx, user.ID, Profile{Name: name, Email: email, Photo: photo})
	}
	m, err := s.notices.EmailChanged(ctx, user, email)
	if err != nil {
		// The change is what the person asked for; not telling is logged loudly.
		s.log.Error("write email-changed email", slog.String("user_id", user.ID), slog.Any("error", err))
		return s.store.UpdateUserProfile(ctx, user.ID, Profile{Name: name, Email: email, Photo: photo})
	}
	m.IdemKey = "email-changed:" + user.ID + ":" + strconv.FormatInt(s.clock().UnixNano(), 36)
	if err := ms.UpdateUserProfileWithEmail(ctx, user.ID, Profile{Name: name, Email: email, Photo: photo}, m); err != nil {
		return err
	}
	s.queued()
	return nil
}

// checkCurrentPassword verifies the signed-in user's password before a sensitive change.
// Wrong passwords count against the account like failed logins of a signed-in session
// (sessionLimit), recorded before the check, so a stolen session cannot guess it.
func (s *Service) checkCurrentPassword(ctx context.Context, user User, passwordCurrent, missing string) error {
	if passwordCurrent == "" {
		return invalid("passwordCurrent", missing)
	}
	lim := s.sessionLimit(user.ID)
	att, err := s.beginAttempt(ctx, lim)
	if err != nil {
		return err
	}
	hash := user.PasswordHash
	if hash == "" {
		stored, err := s.store.UserByID(ctx, user.ID)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return fmt.Errorf("check password of user %s: %w", user.ID, err)
		}
		hash = stored.PasswordHash
	}
	ok, _, err := s.verify(ctx, hash, passwordCurrent)
	if err != nil {
		return fmt.Errorf("check password of user %s: %w", user.ID, err)
	}
	if !ok {
		return ErrWrongPassword // the attempt stays recorded as the failure
	}
	s.forget(ctx, att, lim)
	return nil
}

// CheckPassword verifies the signed-in user's password before an action that needs it
// (deleting the account), counted like a password change's check: a wrong one is
// ErrWrongPassword, too many are TooManyAttemptsError.
func (s *Service) CheckPassword(ctx context.Context, user User, password, missing string) error {
	return s.checkCurrentPassword(ctx, user, password, missing)
}

// removePhoto deletes a file that no row points to any more. A failure leaves an orphan
// file, not a broken account, so it is logged rather than returned.
func (s *Service) removePhoto(userID, name string) {
	if s.photos == nil || name == DefaultPhoto {
		return
	}
	if err := s.photos.Remove(name); err != nil {
		s.log.Warn("photo not removed", slog.String("user_id", userID), slog.String("photo", name), slog.Any("error", err))
	}
}
