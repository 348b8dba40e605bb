package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/mail"
)

// The transactional email outbox (internal/mail): rows written with the event that
// causes them, claimed and marked by the background sender.

const emailColumns = `id, idem_key, kind, to_address, subject, html, text, attachments, status,
	attempts, resends, next_attempt_at, locked_until, last_error, created_at, sent_at, props`

// emailListColumns are emailColumns without the bodies, for lists.
const emailListColumns = `id, idem_key, kind, to_address, subject, '', '', attachments, status,
	attempts, resends, next_attempt_at, locked_until, last_error, created_at, sent_at, ''`

func emailFields(m *mail.Message, attachments, props *string) []any {
	return []any{&m.ID, &m.IdemKey, &m.Kind, &m.To, &m.Subject, &m.HTML, &m.Text, attachments, &m.Status,
		&m.Attempts, &m.Resends, timeCol{&m.NextAttemptAt}, timeCol{&m.LockedUntil}, &m.LastError,
		timeCol{&m.CreatedAt}, timeCol{&m.SentAt}, props}
}

func scanEmail(row interface{ Scan(...any) error }, m *mail.Message) error {
	var attachments, props string
	if err := row.Scan(emailFields(m, &attachments, &props)...); err != nil {
		return err
	}
	if props != "" {
		m.Props = []byte(props)
	}
	return json.Unmarshal([]byte(attachments), &m.Attachments)
}

// EnqueueEmail writes m as a pending email, unless one with its IdemKey exists: then it
// writes nothing, returns false, and sets m.ID to the existing email's. It fills m's ID,
// Status and CreatedAt (the store's clock), and NextAttemptAt when zero (due at once).
//
// To commit an email with its event, call it on the transaction's Store, in the same
// InTx as the event's writes (as catalog.go writes an audit entry):
//
//	st.InTx(ctx, func(tx *store.Store) error {
//		... the event's writes on tx ...
//		_, err := tx.EnqueueEmail(ctx, &m)
//		return err
//	})
//
// A store method that causes an email takes a *mail.Message and calls
// tx.EnqueueEmail inside its own InTx. If the transaction rolls back, so does the email.
func (s *Store) EnqueueEmail(ctx context.Context, m *mail.Message) (bool, error) {
	if err := m.Validate(); err != nil {
		return false, err
	}
	attachments := m.Attachments
	if attachments == nil {
		attachments = []mail.Attachment{}
	}
	body, err := json.Marshal(attachments)
	if err != nil {
		return false, fmt.Errorf("enqueue email %s: %w", m.IdemKey, err)
	}
	s.ensureID(&m.ID)
	m.CreatedAt = time.Time{}
	s.ensureTime(&m.CreatedAt)
	if m.NextAttemptAt.IsZero() {
		m.NextAttemptAt = m.CreatedAt
	}
	m.NextAttemptAt = m.NextAttemptAt.UTC().Truncate(time.Microsecond)
	m.Status, m.Attempts, m.Resends, m.LockedUntil, m.LastError, m.SentAt = mail.Pending, 0, 0, time.Time{}, "", time.Time{}
	res, err := s.writer().ExecContext(ctx, `INSERT INTO emails (id, idem_key, kind, to_address, subject,
		html, text, attachments, status, next_attempt_at, created_at, props)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11)
		ON CONFLICT (idem_key) DO NOTHING`,
		m.ID, m.IdemKey, m.Kind, m.To, m.Subject, m.HTML, m.Text, string(body), ts(m.NextAttemptAt), ts(m.CreatedAt),
		string(m.Props))
	if err != nil {
		return false, fmt.Errorf("enqueue email %s: %w", m.IdemKey, err)
	}
	inserted, err := affected(res)
	if err != nil {
		return false, fmt.Errorf("enqueue email %s: %w", m.IdemKey, err)
	}
	if !inserted {
		// Read where the insert ran: a transaction must see the row it just met.
		if err := s.writer().QueryRowContext(ctx, `SELECT id FROM emails WHERE idem_key = $1`, m.IdemKey).Scan(&m.ID); err != nil {
			return false, fmt.Errorf("enqueue email %s: existing: %w", m.IdemKey, err)
		}
	}
	return inserted, nil
}

// EmailDrafts lists up to limit pending drafts (mail.Message.Drafted) still to be
// rendered, oldest first.
func (s *Store) EmailDrafts(ctx context.Context, limit int) ([]mail.Message, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+emailColumns+` FROM emails
		WHERE status = 'pending' AND subject = '' AND props <> '' ORDER BY created_at, id LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("email drafts: %w", err)
	}
	var list []mail.Message
	if err := scanAll(rows, func() error {
		var m mail.Message
		if err := scanEmail(rows, &m); err != nil {
			return err
		}
		list = append(list, m)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("email drafts: %w", err)
	}
	return list, nil
}

// SaveRenderedEmail stores the Subject, HTML and Text rendered for the draft m.ID and
// forgets its props, unless it was rendered already (by a second renderer): false then.
func (s *Store) SaveRenderedEmail(ctx context.Context, m mail.Message) (bool, error) {
	if m.Subject == "" {
		return false, fmt.Errorf("save rendered email %s: no subject", m.ID)
	}
	res, err := s.writer().ExecContext(ctx, `UPDATE emails SET subject = $2, html = $3, text = $4, props = ''
		WHERE id = $1 AND subject = ''`, m.ID, m.Subject, m.HTML, m.Text)
	if err != nil {
		return false, fmt.Errorf("save rendered email %s: %w", m.ID, err)
	}
	ok, err := affected(res)
	if err != nil {
		return false, fmt.Errorf("save rendered email %s: %w", m.ID, err)
	}
	return ok, nil
}

// ClaimDueEmails takes up to limit emails due at now: pending ones whose NextAttemptAt
// has come, and sending ones whose lease expired (their sender stopped before recording
// an outcome; that attempt is recorded as abandoned). Each is marked sending until
// now+lease with one more attempt counted; the Attempts returned fences the Mark
// methods. On PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED, so senders
// on several instances never take the same row; SQLite's single writer serialises them.
func (s *Store) ClaimDueEmails(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]mail.Message, error) {
	var list []mail.Message
	err := s.InTx(ctx, func(tx *Store) error {
		query := `SELECT id, status FROM emails
			WHERE (status = 'pending' AND next_attempt_at <= $1) OR (status = 'sending' AND locked_until <= $1)
			ORDER BY next_attempt_at, id LIMIT $2`
		if tx.dialect == Postgres {
			query += ` FOR UPDATE SKIP LOCKED`
		}
		rows, err := tx.tx.QueryContext(ctx, query, ts(now), limit)
		if err != nil {
			return err
		}
		type due struct{ id, status string }
		var ids []due
		if err := scanAll(rows, func() error {
			var d due
			if err := rows.Scan(&d.id, &d.status); err != nil {
				return err
			}
			ids = append(ids, d)
			return nil
		}); err != nil {
			return err
		}
		for _, d := range ids {
			if d.status == string(mail.Sending) {
				if err := tx.addEmailAttempt(ctx, d.id, now, mail.OutcomeAbandoned,
					"the lease expired before the sender recorded an outcome (stopped or killed); the server may have accepted it"); err != nil {
					return err
				}
			}
			var m mail.Message
			row := tx.tx.QueryRowContext(ctx, `UPDATE emails SET status = 'sending', attempts = attempts + 1,
				locked_until = $2 WHERE id = $1 RETURNING `+emailColumns, d.id, ts(now.Add(lease)))
			if err := scanEmail(row, &m); err != nil {
				return err
			}
			list = append(list, m)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("claim due emails: %w", err)
	}
	return list, nil
}

// MarkEmailSent records that attempt of email id was accepted by the SMTP server.
func (s *Store) MarkEmailSent(ctx context.Context, id string, attempt int, at time.Time) error {
	return s.markEmail(ctx, id, attempt, at, mail.OutcomeSent, "",
		`status = 'sent', sent_at = $4, locked_until = NULL, last_error = ''`, ts(at))
}

// MarkEmailRetry records a temporary failure of attempt and makes the email due again
// at next.
func (s *Store) MarkEmailRetry(ctx context.Context, id string, attempt int, at, next time.Time, reason string) error {
	return s.markEmail(ctx, id, attempt, at, mail.OutcomeRetry, reason,
		`status = 'pending', next_attempt_at = $4, locked_until = NULL, last_error = $5`, ts(next), reason)
}

// MarkEmailFailed records a permanent failure, or the last attempt's: the email is not
// tried again unless an operator resends it.
func (s *Store) MarkEmailFailed(ctx context.Context, id string, attempt int, at time.Time, reason string) error {
	return s.markEmail(ctx, id, attempt, at, mail.OutcomeFailed, reason,
		`status = 'failed', locked_until = NULL, last_error = $4`, reason)
}

// MarkEmailHeld records that no SMTP server is configured: the email stays in the
// outbox, held, without counting an attempt.
func (s *Store) MarkEmailHeld(ctx context.Context, id string, attempt int, at time.Time) error {
	return s.markEmail(ctx, id, attempt, at, mail.OutcomeHeld, "no SMTP server is configured",
		`status = 'held', attempts = attempts - 1, locked_until = NULL`)
}

// ReleaseEmail gives back a claimed email its sender did not try (it is shutting down):
// due at once, the attempt not counted.
func (s *Store) ReleaseEmail(ctx context.Context, id string, attempt int, at time.Time) error {
	return s.markEmail(ctx, id, attempt, at, mail.OutcomeReleased, "the sender stopped before trying it",
		`status = 'pending', attempts = attempts - 1, next_attempt_at = $4, locked_until = NULL`, ts(at))
}

// markEmail applies set ($4… are extra) to email id if it is still sending under the
// claim that counted attempt, and records the attempt in the history either way: what
// happened on the wire is a fact even when the row moved on. A lost claim is
// mail.ErrLeaseLost.
func (s *Store) markEmail(ctx context.Context, id string, attempt int, at time.Time, outcome, reason, set string, extra ...any) error {
	err := s.InTx(ctx, func(tx *Store) error {
		if err := tx.addEmailAttempt(ctx, id, at, outcome, reason); err != nil {
			return err
		}
		args := append([]any{id, attempt, string(mail.Sending)}, extra...)
		res, err := tx.tx.ExecContext(ctx, `UPDATE emails SET `+set+`
			WHERE id = $1 AND attempts = $2 AND status = $3`, args...)
		if err != nil {
			return err
		}
		if ok, err := affected(res); err != nil || ok {
			return err
		}
		var exists int
		err = tx.tx.QueryRowContext(ctx, `SELECT 1 FROM emails WHERE id = $1`, id).Scan(&exists)
		if errors.Is(err, sql.ErrNoRows) {
			return mail.ErrNotFound
		}
		if err != nil {
			return err
		}
		return errLeaseLost
	})
	if errors.Is(err, errLeaseLost) {
		// Keep the history line: commit it without the row's change.
		err = s.InTx(ctx, func(tx *Store) error { return tx.addEmailAttempt(ctx, id, at, outcome, reason) })
		if err == nil {
			err = mail.ErrLeaseLost
		}
	}
	if err != nil {
		return fmt.Errorf("mark email %s %s: %w", id, outcome, err)
	}
	return nil
}

// errLeaseLost rolls markEmail's first transaction back.
var errLeaseLost = errors.New("lease lost")

func (s *Store) addEmailAttempt(ctx context.Context, id string, at time.Time, outcome, reason string) error {
	_, err := s.tx.ExecContext(ctx, `INSERT INTO email_attempts (email_id, at, outcome, error)
		VALUES ($1, $2, $3, $4)`, id, ts(at), outcome, reason)
	if isForeignKey(err) {
		return mail.ErrNotFound
	}
	return err
}

// ResendEmail makes email id due again at now, whatever its status, with its attempts
// counted afresh and a new Message-ID (Resends+1), so receivers that discard duplicate
// Message-IDs still show it. An email a sender holds right now is mail.ErrInFlight.
func (s *Store) ResendEmail(ctx context.Context, id string, now time.Time) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE emails SET status = 'pending', attempts = 0,
		resends = resends + 1, next_attempt_at = $2, locked_until = NULL, last_error = '', sent_at = NULL
		WHERE id = $1 AND NOT (status = 'sending' AND locked_until > $2)`, id, ts(now))
	if err != nil {
		return fmt.Errorf("resend email %s: %w", id, err)
	}
	if ok, err := affected(res); err != nil || ok {
		return err
	}
	if _, err := s.EmailByID(ctx, id); err != nil {
		return fmt.Errorf("resend email: %w", err)
	}
	return fmt.Errorf("resend email %s: %w", id, mail.ErrInFlight)
}

// EmailByID returns one email with its bodies and attachments, or mail.ErrNotFound.
func (s *Store) EmailByID(ctx context.Context, id string) (mail.Message, error) {
	var m mail.Message
	err := scanEmail(s.reader().QueryRowContext(ctx, `SELECT `+emailColumns+` FROM emails WHERE id = $1`, id), &m)
	if errors.Is(err, sql.ErrNoRows) {
		return m, fmt.Errorf("email %s: %w", id, mail.ErrNotFound)
	}
	if err != nil {
		return m, fmt.Errorf("email %s: %w", id, err)
	}
	return m, nil
}

// EmailAttempts is email id's delivery history, oldest first.
func (s *Store) EmailAttempts(ctx context.Context, id string) ([]mail.Attempt, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT email_id, at, outcome, error FROM email_attempts
		WHERE email_id = $1 ORDER BY at, id`, id)
	if err != nil {
		return nil, fmt.Errorf("email %s attempts: %w", id, err)
	}
	list, err := collect(rows, func(a *mail.Attempt) []any {
		return []any{&a.EmailID, timeCol{&a.At}, &a.Outcome, &a.Error}
	})
	if err != nil {
		return nil, fmt.Errorf("email %s attempts: %w", id, err)
	}
	return list, nil
}

// ListEmails is a page of the emails matching f, newest first, and how many match in
// all. The list leaves HTML, Text and the attachments' Data empty (names and types are
// kept); EmailByID has them.
func (s *Store) ListEmails(ctx context.Context, f mail.Filter, offset, limit int) ([]mail.Message, int, error) {
	var conds []string
	var args []any
	if f.Status != "" {
		args = append(args, string(f.Status))
		conds = append(conds, fmt.Sprintf("status = $%d", len(args)))
	}
	if f.Kind != "" {
		args = append(args, f.Kind)
		conds = append(conds, fmt.Sprintf("kind = $%d", len(args)))
	}
	if f.To != "" {
		r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		args = append(args, "%"+r.Replace(strings.ToLower(f.To))+"%")
		conds = append(conds, fmt.Sprintf(`lower(to_address) LIKE $%d ESCAPE '\'`, len(args)))
	}
	where := ""
	if len(conds) > 0 {
		where = " WHERE " + strings.Join(conds, " AND ")
	}
	if limit <= 0 {
		limit = 50
	}
	var total int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM emails`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count emails: %w", err)
	}
	rows, err := s.reader().QueryContext(ctx, `SELECT `+emailListColumns+` FROM emails`+where+fmt.Sprintf(` ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d`, limit, max(offset, 0)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list emails: %w", err)
	}
	var list []mail.Message
	err = scanAll(rows, func() error {
		var m mail.Message
		if err := scanEmail(rows, &m); err != nil {
			return err
		}
		for i := range m.Attachments {
			m.Attachments[i].Data = nil
		}
		list = append(list, m)
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("list emails: %w", err)
	}
	return list, total, nil
}

var _ mail.Store = (*Store)(nil)

// EmailBacklog counts the emails still to send (pending, and leased by a sender), those
// that failed for good, and when the oldest due one became due. Both queries are on the
// partial and status indexes, so a scrape stays cheap however many emails were sent.
func (s *Store) EmailBacklog(ctx context.Context, now time.Time) (mail.Backlog, error) {
	var b mail.Backlog
	rows, err := s.reader().QueryContext(ctx,
		`SELECT status, COUNT(*) FROM emails WHERE status IN ('pending', 'sending', 'failed') GROUP BY status`)
	if err != nil {
		return b, fmt.Errorf("email backlog: %w", err)
	}
	err = scanAll(rows, func() error {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return err
		}
		switch mail.Status(status) {
		case mail.Pending:
			b.Pending = n
		case mail.Sending:
			b.Sending = n
		case mail.Failed:
			b.Failed = n
		}
		return nil
	})
	if err != nil {
		return b, fmt.Errorf("email backlog: %w", err)
	}
	if err := s.reader().QueryRowContext(ctx,
		`SELECT MIN(next_attempt_at) FROM emails WHERE status = 'pending' AND next_attempt_at <= $1`, ts(now)).
		Scan(timeCol{&b.OldestDue}); err != nil {
		return b, fmt.Errorf("email backlog: oldest due: %w", err)
	}
	return b, nil
}
