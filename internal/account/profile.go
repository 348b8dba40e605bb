package account

import (
	"context"
	"fmt"
	"log/slog"
)

// UpdateProfile sets user's name and email and, when newPhoto is not "", their photo.
//
// The HTTP handler stores an uploaded photo first (media.Photos.Process) and passes its
// file name; UpdateProfile then owns that file: if anything fails it removes it, so a
// refused update leaves no orphan, and on success it removes the photo being replaced
// (the remover keeps the shared default). It returns the updated user.
func (s *Service) UpdateProfile(ctx context.Context, user User, name, email, newPhoto string) (User, error) {
	updated, err := s.updateProfile(ctx, user, name, email, newPhoto)
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

func (s *Service) updateProfile(ctx context.Context, user User, name, email, newPhoto string) (User, error) {
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
	if err := s.store.UpdateUserProfile(ctx, user.ID, Profile{Name: name, Email: email, Photo: photo}); err != nil {
		return User{}, fmt.Errorf("update profile of user %s: %w", user.ID, err)
	}
	user.Name, user.Email, user.Photo = name, email, photo
	return user, nil
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
