// Package outbox is the email outbox as admins see it (docs/admin.md): what the site
// queued, each email's delivery history, and resending one. Only admins may (checked
// here, once). It knows nothing of HTTP or SQL.
package outbox

import (
	"context"
	"errors"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
)

var (
	// ErrEmailNotFound: no such email in the outbox.
	ErrEmailNotFound = fault.New(fault.NotFound, "email not found", "There is no such email.")
	// ErrEmailInFlight: a sender holds the email right now.
	ErrEmailInFlight = fault.New(fault.Conflict, "email in flight",
		"This email is being sent right now. Reload the page in a moment to see how it went.")
	// ErrBodyRemoved: the email's body went after the retention period.
	ErrBodyRemoved = fault.New(fault.Conflict, "email body removed",
		"This email's text was removed after the retention period, so it cannot be sent again.")
)

// Store is what the outbox view needs of the store (*store.Store has it).
type Store interface {
	ListEmails(ctx context.Context, f mail.Filter, offset, limit int) ([]mail.Message, int, error)
	EmailByID(ctx context.Context, id string) (mail.Message, error)
	EmailAttempts(ctx context.Context, id string) ([]mail.Attempt, error)
	ResendEmailAudited(ctx context.Context, id string, now time.Time, entry audit.Entry) error
}

// Service shows the outbox to admins and resends its emails.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the service; now nil is time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

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
	if !account.CanAdminister(actor) {
		return nil, 0, account.ErrNotAllowed
	}
	return s.store.ListEmails(ctx, f, offset, limit)
}

// Email is one email of the outbox for admins.
func (s *Service) Email(ctx context.Context, actor account.User, id string) (EmailDetail, error) {
	if !account.CanAdminister(actor) {
		return EmailDetail{}, account.ErrNotAllowed
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
	if !account.CanAdminister(actor) {
		return EmailDetail{}, account.ErrNotAllowed
	}
	m, err := s.store.EmailByID(ctx, id)
	if err != nil {
		return EmailDetail{}, emailError(err)
	}
	if m.BodyRemoved() {
		return EmailDetail{}, ErrBodyRemoved
	}
	if err := s.store.ResendEmailAudited(ctx, id, s.now(), audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "email.resend", ObjectType: "email", ObjectID: id}); err != nil {
		return EmailDetail{}, emailError(err)
	}
	return s.Email(ctx, actor, id)
}
