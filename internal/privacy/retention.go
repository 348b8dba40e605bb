package privacy

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
)

// RetentionKey is the site setting that holds how many days sent emails keep their
// bodies.
const RetentionKey = "email_retention_days"

// Retention's default and bounds, in days.
const (
	DefaultRetentionDays = 180
	MinRetentionDays     = 1
	MaxRetentionDays     = 3650
)

// RetentionDays is how many days sent emails keep their bodies (DefaultRetentionDays
// until an admin sets it).
func (s *Service) RetentionDays(ctx context.Context) (int, error) {
	v, ok, err := s.store.Setting(ctx, RetentionKey)
	if err != nil {
		return DefaultRetentionDays, fmt.Errorf("email retention: %w", err)
	}
	if !ok {
		return DefaultRetentionDays, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < MinRetentionDays || n > MaxRetentionDays {
		return DefaultRetentionDays, nil
	}
	return n, nil
}

// RetentionFor is the setting as an admin sees it; only admins may.
func (s *Service) RetentionFor(ctx context.Context, actor account.User) (int, error) {
	if !account.CanAdminister(actor) {
		return 0, account.ErrNotAllowed
	}
	return s.RetentionDays(ctx)
}

// RetentionLabel is the field's label, which its error names.
const RetentionLabel = "Keep sent emails for (days)"

// SetRetention changes the period (only admins), written in the audit log, and removes
// at once the bodies that the new period no longer keeps.
func (s *Service) SetRetention(ctx context.Context, actor account.User, days string) (int, error) {
	if !account.CanAdminister(actor) {
		return 0, account.ErrNotAllowed
	}
	n, err := strconv.Atoi(strings.TrimSpace(days))
	if err != nil || n < MinRetentionDays || n > MaxRetentionDays {
		return 0, fault.FieldError("days", fmt.Sprintf("%s must be a whole number from %d to %d.", RetentionLabel, MinRetentionDays, MaxRetentionDays))
	}
	old, err := s.RetentionDays(ctx)
	if err != nil {
		return 0, err
	}
	e := entry(actor, "setting.update", RetentionKey)
	e.ObjectType = "setting"
	e.Changes.Diff("days", old, n)
	if err := s.store.SetSetting(ctx, RetentionKey, strconv.Itoa(n), s.now(), e); err != nil {
		return 0, err
	}
	if _, err := s.PurgeEmails(ctx); err != nil {
		s.log.Warn("remove the bodies of old sent emails", slog.Any("error", err))
	}
	return n, nil
}

// PurgeEmails removes the bodies and attachments of the emails sent longer ago than the
// retention period; held, failed and unsent emails keep theirs. One statement that only
// touches bodies not yet removed: running it twice, or on two instances at once, does
// the same as once.
func (s *Service) PurgeEmails(ctx context.Context) (int, error) {
	days, err := s.RetentionDays(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	n, err := s.store.PurgeSentEmailBodies(ctx, now.Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		return 0, fmt.Errorf("remove the bodies of emails sent over %d days ago: %w", days, err)
	}
	if n > 0 {
		s.log.Info("removed the bodies of old sent emails", slog.Int("emails", n), slog.Int("days", days))
	}
	return n, nil
}

// RunRetention runs PurgeEmails now and every interval until ctx is done (every
// instance runs it; see PurgeEmails).
func (s *Service) RunRetention(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.PurgeEmails(ctx); err != nil && ctx.Err() == nil {
			s.log.Warn("email retention", slog.Any("error", err))
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
