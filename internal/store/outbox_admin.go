package store

import (
	"context"
	"time"

	"tourbook/internal/audit"
)

// ResendEmailAudited is ResendEmail for an operator: the email is due again at now and
// entry (the back office's "email.resend") is written in the same transaction, so the
// audit log has every resend and nothing else.
func (s *Store) ResendEmailAudited(ctx context.Context, id string, now time.Time, entry audit.Entry) error {
	return s.InTx(ctx, func(tx *Store) error {
		if err := tx.ResendEmail(ctx, id, now); err != nil {
			return err
		}
		return tx.addAudit(ctx, &entry, id)
	})
}
