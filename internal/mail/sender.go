package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	netmail "net/mail"
	"strings"
	"time"
)

// Store is what the Sender needs from the database. The Mark methods are fenced by
// attempt, the Attempts value the claim returned: a sender whose lease expired and whose
// row was taken by another cannot overwrite the other's outcome (it gets ErrLeaseLost).
type Store interface {
	// ClaimDueEmails takes up to limit emails that are due at now (pending and past
	// NextAttemptAt, or sending with an expired lease), marks them Sending until
	// now+lease and counts an attempt; with several senders each row goes to one.
	ClaimDueEmails(ctx context.Context, now time.Time, limit int, lease time.Duration) ([]Message, error)
	MarkEmailSent(ctx context.Context, id string, attempt int, at time.Time) error
	MarkEmailRetry(ctx context.Context, id string, attempt int, at, next time.Time, reason string) error
	MarkEmailFailed(ctx context.Context, id string, attempt int, at time.Time, reason string) error
	MarkEmailHeld(ctx context.Context, id string, attempt int, at time.Time) error
	// ReleaseEmail gives back a claimed email that was not tried, due at once, without
	// counting the attempt.
	ReleaseEmail(ctx context.Context, id string, attempt int, at time.Time) error
}

// Transport delivers one message. An error wrapped with Permanent is final; any other
// is temporary and the message is retried.
type Transport interface {
	Send(ctx context.Context, m Message) error
}

// PermanentError is a refusal that retrying cannot fix, such as a 550 for an unknown
// recipient.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Permanent marks err as final.
func Permanent(err error) error { return &PermanentError{Err: err} }

// IsPermanent reports whether err was marked final.
func IsPermanent(err error) bool {
	var p *PermanentError
	return errors.As(err, &p)
}

// Backoff is the retry schedule: the n-th retry waits Base·2^(n-1), at most Max, and an
// email that failed MaxAttempts times is Failed.
type Backoff struct {
	Base        time.Duration
	Max         time.Duration
	MaxAttempts int
}

// DefaultBackoff retries for about three and a half hours: 30 s, 1, 2, 4, 8, 16, 32 min,
// then hourly, ten attempts in all; long enough to ride out a relay's restart or a
// greylisting delay, short enough that a booking confirmation is not days late.
var DefaultBackoff = Backoff{Base: 30 * time.Second, Max: time.Hour, MaxAttempts: 10}

// Delay is the wait after the attempt-th failed attempt (1-based). There is no jitter:
// rows already fall due at different times, and tests need a predictable schedule.
func (b Backoff) Delay(attempt int) time.Duration {
	d := b.Base
	for i := 1; i < attempt && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}

// SenderOptions configure a Sender. Zero values get the defaults.
type SenderOptions struct {
	// Transport delivers the messages; nil means no SMTP server is configured: due
	// emails are then Held (logged at INFO and kept for the admin page), not sent.
	Transport Transport
	Now       func() time.Time
	Logger    *slog.Logger
	Batch     int           // emails claimed at once (20)
	Lease     time.Duration // how long a claim holds a row (5 min); must exceed a send's worst case
	Backoff   Backoff       // DefaultBackoff
	// Render renders a draft (Message.Drafted) that is due before it was rendered after
	// its commit (the process stopped in between), and keeps the result; nil leaves
	// such an email to fail its attempts.
	Render func(ctx context.Context, m Message) (Message, error)
	// Secrets holds the secrets of sealed emails (SecretPlaceholder), put in only when
	// the email goes out; nil: a sealed email cannot be sent.
	Secrets *Secrets
}

// Sender delivers the outbox's due emails.
//
// What "never lost, never sent twice" means here. An email row commits with its event
// or not at all. A sender claims a row under a lease, sends it, then records the outcome;
// if the process dies anywhere in between, the lease expires and another pass sends the
// row again, so nothing is lost. What cannot be closed is the window between the SMTP
// server's "250 OK" for the message and the commit of MarkEmailSent: a crash (or a lost
// database connection) exactly there leaves the row Sending, and after the lease it is
// sent a second time. No protocol between two independent systems can close that window;
// we keep it small (the mark follows the 250 at once) and make the copy recognisable: it
// carries the same Message-ID, and its history shows an "abandoned" attempt. A sender
// that outlives its own lease (a send slower than the lease) can also race a second
// sender; the lease (5 min) is far longer than the SMTP timeouts (30 s per step) so this
// needs a stalled process, and the fenced marks keep the row's record consistent.
type Sender struct {
	store     Store
	transport Transport
	now       func() time.Time
	log       *slog.Logger
	batch     int
	lease     time.Duration
	backoff   Backoff
	render    func(ctx context.Context, m Message) (Message, error)
	secrets   *Secrets
	wake      chan struct{}
}

// NewSender makes a Sender over st.
func NewSender(st Store, o SenderOptions) *Sender {
	s := &Sender{store: st, transport: o.Transport, now: o.Now, log: o.Logger, batch: o.Batch,
		lease: o.Lease, backoff: o.Backoff, render: o.Render, secrets: o.Secrets, wake: make(chan struct{}, 1)}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.batch <= 0 {
		s.batch = 20
	}
	if s.lease <= 0 {
		s.lease = 5 * time.Minute
	}
	if s.backoff.Base <= 0 {
		s.backoff = DefaultBackoff
	}
	return s
}

// Undeliverable reports whether to ("Name <address>" or an address) is in the .invalid
// domain, which RFC 2606 reserves: a deleted account's placeholder address, which no
// email is ever sent to.
func Undeliverable(to string) bool {
	addr := to
	if a, err := netmail.ParseAddress(to); err == nil {
		addr = a.Address
	}
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return false
	}
	domain := strings.TrimSuffix(strings.ToLower(addr[at+1:]), ".")
	return domain == "invalid" || strings.HasSuffix(domain, ".invalid")
}

// Holding reports whether no transport is configured, so emails are held, not sent.
func (s *Sender) Holding() bool { return s.transport == nil }

// Wake asks a running Run to look for due emails now instead of at its next tick; call
// it after committing a transaction that enqueued an email. It never blocks.
func (s *Sender) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run sends due emails every interval (and when woken) until ctx is done. An email
// being sent when ctx ends is finished and recorded; claimed ones not yet tried are
// released.
func (s *Sender) Run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		for ctx.Err() == nil {
			n, err := s.RunOnce(ctx)
			if err != nil {
				if ctx.Err() == nil {
					s.log.Error("email outbox", "err", err)
				}
				break
			}
			if n < s.batch {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		case <-s.wake:
		}
	}
}

// RunOnce claims one batch of due emails and sends them, and returns how many it
// claimed. Errors of single emails are recorded on them and logged; the error returned
// is the claim's, or a failure to record an outcome.
func (s *Sender) RunOnce(ctx context.Context) (int, error) {
	list, err := s.store.ClaimDueEmails(ctx, s.now(), s.batch, s.lease)
	if err != nil {
		return 0, fmt.Errorf("claim due emails: %w", err)
	}
	var errs []error
	for i, m := range list {
		if ctx.Err() != nil {
			// Shutting down: give the rest back rather than leave them leased.
			for _, r := range list[i:] {
				if err := s.store.ReleaseEmail(context.WithoutCancel(ctx), r.ID, r.Attempts, s.now()); err != nil {
					errs = append(errs, fmt.Errorf("release email %s: %w", r.ID, err))
				}
			}
			break
		}
		if err := s.deliver(ctx, m); err != nil {
			errs = append(errs, err)
		}
	}
	return len(list), errors.Join(errs...)
}

// deliver sends one claimed email and records the outcome. Once the transport is
// called the outcome is recorded even if ctx ends: a 250 must not be forgotten.
func (s *Sender) deliver(ctx context.Context, m Message) error {
	rec := context.WithoutCancel(ctx)
	attrs := []any{"id", m.ID, "kind", m.Kind, "to", m.To, "attempt", m.Attempts}
	if m.Drafted() {
		rendered, err := s.renderDraft(rec, m)
		if err != nil {
			return s.retryOrFail(rec, m, attrs, fmt.Errorf("render draft: %w", err))
		}
		m = rendered
	}
	if Undeliverable(m.To) {
		// A deleted account's placeholder address (internal/privacy): nobody is there.
		s.log.Info("email not sent: the address is a deleted account's placeholder", attrs...)
		s.secrets.forget(m.IdemKey)
		return markErr(m, s.store.MarkEmailFailed(rec, m.ID, m.Attempts, s.now(), "not sent: the account was deleted (its address ends in .invalid)"))
	}
	if s.transport == nil {
		// The subject may be shown, the bodies never: they can hold sign-in tokens.
		s.log.Info("email held: no SMTP server is configured", append(attrs[:6:6], "subject", m.Subject)...)
		// A held email is never sent, so its secret has no further use.
		s.secrets.forget(m.IdemKey)
		return markErr(m, s.store.MarkEmailHeld(rec, m.ID, m.Attempts, s.now()))
	}
	var sendErr error
	if out, ok := s.secrets.Reveal(m); ok {
		// Not cancelled with ctx: a shutdown lets the message on the wire finish (bounded
		// by the transport's timeouts) rather than cut it after the server may have taken it.
		sendErr = s.transport.Send(rec, out)
	} else {
		// Written by another instance (which keeps the secret and retries it), or before
		// a restart: retried on the usual schedule, then failed.
		sendErr = errors.New("the secret link of this email is not known to this instance (written by another, or before a restart)")
	}
	if sendErr == nil {
		s.secrets.forget(m.IdemKey)
		s.log.Info("email sent", attrs...)
		return markErr(m, s.store.MarkEmailSent(rec, m.ID, m.Attempts, s.now()))
	}
	return s.retryOrFail(rec, m, attrs, sendErr)
}

func (s *Sender) renderDraft(ctx context.Context, m Message) (Message, error) {
	if s.render == nil {
		return m, errors.New("no renderer")
	}
	return s.render(ctx, m)
}

// retryOrFail records a failed attempt: tried again later, or failed for good when
// sendErr is permanent or the attempts ran out.
func (s *Sender) retryOrFail(rec context.Context, m Message, attrs []any, sendErr error) error {
	at := s.now()
	reason := oneLine(sendErr.Error())
	if IsPermanent(sendErr) || m.Attempts >= s.backoff.MaxAttempts {
		s.log.Error("email failed", append(attrs, "err", reason, "permanent", IsPermanent(sendErr))...)
		return markErr(m, s.store.MarkEmailFailed(rec, m.ID, m.Attempts, at, reason))
	}
	next := at.Add(s.backoff.Delay(m.Attempts))
	s.log.Warn("email not sent, will retry", append(attrs, "err", reason, "next_attempt_at", next)...)
	return markErr(m, s.store.MarkEmailRetry(rec, m.ID, m.Attempts, at, next, reason))
}

func markErr(m Message, err error) error {
	if err != nil {
		return fmt.Errorf("record outcome of email %s attempt %d: %w", m.ID, m.Attempts, err)
	}
	return nil
}

// oneLine flattens an error for the last_error column and the history.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 1000 {
		s = strings.ToValidUTF8(s[:1000], "")
	}
	return s
}
