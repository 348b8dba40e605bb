package backoffice

import (
	"context"
	"errors"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
)

// The email outbox for admins (docs/admin.md): what the site queued, its delivery
// history, and resending one.

var (
	// ErrEmailNotFound: no such email in the outbox.
	ErrEmailNotFound = fault.New(fault.NotFound, "email not found", "There is no such email.")
	// ErrEmailInFlight: a sender holds the email right now.
	ErrEmailInFlight = fault.New(fault.Conflict, "email in flight",
		"This email is being sent right now. Reload the page in a moment to see how it went.")
)

// EmailDetail is one email with its bodies, attachments and delivery history.
type EmailDetail struct {
	mail.Message
	History []mail.Attempt // oldest first
}

func emailError(err error) error {
	switch {
	case errors.Is(err, mail.ErrNotFound):
		return ErrEmailNotFound
	case errors.Is(err, mail.ErrInFlight):
		return ErrEmailInFlight
	}
	return err
}

// Emails lists the outbox for admins, newest first; the bodies are left empty.
func (s *Service) Emails(ctx context.Context, actor account.User, f mail.Filter, offset, limit int) ([]mail.Message, int, error) {
	if !CanAdminister(actor) {
		return nil, 0, ErrForbidden
	}
	return s.store.ListEmails(ctx, f, offset, limit)
}

// Email is one email of the outbox for admins.
func (s *Service) Email(ctx context.Context, actor account.User, id string) (EmailDetail, error) {
	if !CanAdminister(actor) {
		return EmailDetail{}, ErrForbidden
	}
	m, err := s.store.EmailByID(ctx, id)
	if err != nil {
		return EmailDetail{}, emailError(err)
	}
	history, err := s.store.EmailAttempts(ctx, id)
	if err != nil {
		return EmailDetail{}, err
	}
	return EmailDetail{Message: m, History: history}, nil
}

// ResendEmail makes an email due again now, whatever became of it (held, failed, even
// sent), and records "email.resend" in the audit log. The caller wakes the sender.
func (s *Service) ResendEmail(ctx context.Context, actor account.User, id string) (EmailDetail, error) {
	if !CanAdminister(actor) {
		return EmailDetail{}, ErrForbidden
	}
	if err := s.store.ResendEmailAudited(ctx, id, s.now(), entry(actor, "email.resend", "email", id)); err != nil {
		return EmailDetail{}, emailError(err)
	}
	return s.Email(ctx, actor, id)
}
