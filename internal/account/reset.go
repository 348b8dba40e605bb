package account

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/mail"
)

// ErrResetLinkInvalid: the reset link is unknown, used or expired.
var ErrResetLinkInvalid = fault.New(fault.Invalid, "reset link invalid",
	"This link to reset your password is not valid any more: it works once, for 30 minutes. Please ask for a new one.")

// ResetSentMessage is the one answer to a reset request, whether or not the email
// belongs to an account: the answer must not tell who has one.
const ResetSentMessage = "If an account uses that email address, we have sent it a link to reset the password. The link works for 30 minutes."

// ResetStore is what password resets need of the store (*store.Store has it).
type ResetStore interface {
	UserByEmail(ctx context.Context, email string) (User, error)
	CreatePasswordReset(ctx context.Context, tokenHash []byte, userID string, now, expires time.Time, m *mail.Message) error
	PasswordResetUsable(ctx context.Context, tokenHash []byte, now time.Time) (bool, error)
	ResetPassword(ctx context.Context, tokenHash []byte, passwordHash string, now time.Time) (User, error)
	AddLoginFailure(ctx context.Context, key string, at time.Time) error
	CountLoginFailures(ctx context.Context, key string, since time.Time) (int, error)
	RemoveLoginFailure(ctx context.Context, key string, at time.Time) error
}

// ResetMailer writes the email that carries a reset link.
type ResetMailer interface {
	PasswordReset(ctx context.Context, u User, link string, valid time.Duration) (mail.Message, error)
}

// ResetOptions configures NewResets; zero values take the defaults.
type ResetOptions struct {
	Now     func() time.Time
	Logger  *slog.Logger
	BaseURL string        // the site's public address; links point at BaseURL/reset-password/TOKEN
	Valid   time.Duration // how long a link works; default 30 minutes
	// Requests allowed per hour for one email address (default 5) and one client
	// address (default 20), whether or not the email has an account.
	PerEmail, PerClient int
	// MinDuration is the least time a request takes (default 400 ms), so that one for an
	// account and one for none take the same time: the work differs, the wait evens it.
	MinDuration time.Duration
	Hash        func(string) (string, error) // default HashPassword
	// Queued is called when an email is in the outbox, to wake its sender.
	Queued func()
	// Secrets keeps each link's token in memory for the outbox's sender, which puts it
	// into the email only when sending: the stored email holds mail.SecretPlaceholder,
	// so neither the database, its backups nor the back office hold a usable link.
	// Default: a store of its own (its emails can then not be sent).
	Secrets *mail.Secrets
}

// Resets lets people who forgot their password set a new one through a link sent to
// their email.
type Resets struct {
	store  ResetStore
	mailer ResetMailer
	o      ResetOptions
}

// NewResets returns the password reset service.
func NewResets(store ResetStore, mailer ResetMailer, o ResetOptions) *Resets {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Valid <= 0 {
		o.Valid = 30 * time.Minute
	}
	if o.PerEmail <= 0 {
		o.PerEmail = 5
	}
	if o.PerClient <= 0 {
		o.PerClient = 20
	}
	if o.MinDuration == 0 {
		o.MinDuration = 400 * time.Millisecond
	}
	if o.Hash == nil {
		o.Hash = HashPassword
	}
	if o.Queued == nil {
		o.Queued = func() {}
	}
	if o.Secrets == nil {
		o.Secrets = mail.NewSecrets(o.Now)
	}
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	return &Resets{store: store, mailer: mailer, o: o}
}

// newToken is a reset link's secret: 32 random bytes, URL-safe.
func newToken() string {
	var raw [32]byte
	_, _ = rand.Read(raw[:]) // never fails (crypto/rand documents it)
	return base64.RawURLEncoding.EncodeToString(raw[:])
}

func tokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// Request sends a reset link to email when it belongs to an active account. It answers
// the same way, in the same time, whether it does or not; only too many requests for
// one email or from one client are refused (*TooManyAttemptsError).
func (r *Resets) Request(ctx context.Context, email, clientAddr string) error {
	start := time.Now()
	defer r.wait(ctx, start)
	email, err := ValidateEmail(email)
	if err != nil {
		return err
	}
	now := r.o.Now()
	// Counted before anything is done, as logins are (login_limit.go): of N requests at
	// once at most the limit get through. A refused request is taken back, so that
	// asking again and again does not keep the lock for ever.
	limits := []limit{
		{key: "reset-email:" + strings.ToLower(email), max: r.o.PerEmail},
		{key: "reset-ip:" + clientAddr, max: r.o.PerClient},
	}
	for _, l := range limits {
		if err := r.store.AddLoginFailure(ctx, l.key, now); err != nil {
			return fmt.Errorf("count reset request: %w", err)
		}
	}
	for _, l := range limits {
		n, err := r.store.CountLoginFailures(ctx, l.key, now.Add(-time.Hour))
		if err != nil {
			return fmt.Errorf("count reset requests: %w", err)
		}
		if n > l.max {
			for _, l := range limits {
				if err := r.store.RemoveLoginFailure(ctx, l.key, now); err != nil {
					r.o.Logger.Warn("could not take back a reset request", "error", err)
				}
			}
			return &TooManyAttemptsError{RetryAfter: time.Hour}
		}
	}
	u, err := r.store.UserByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) || (err == nil && !u.Active) {
		r.o.Logger.Info("password reset asked for no active account")
		return nil
	}
	if err != nil {
		return err
	}
	token := newToken()
	// The email is written and stored with the token masked; the sender puts it in.
	m, err := r.mailer.PasswordReset(ctx, u, r.o.BaseURL+"/reset-password/"+mail.SecretPlaceholder, r.o.Valid)
	if err != nil {
		return fmt.Errorf("write reset email: %w", err)
	}
	// One email per link: the key is the link's, never the token itself.
	m.IdemKey = "password-reset:" + base64.RawURLEncoding.EncodeToString(tokenHash(token))
	// Kept before the row commits: the sender may take the email at once.
	r.o.Secrets.Put(m.IdemKey, token, now.Add(r.o.Valid))
	if err := r.store.CreatePasswordReset(ctx, tokenHash(token), u.ID, now, now.Add(r.o.Valid), &m); err != nil {
		r.o.Secrets.Forget(m.IdemKey)
		return err
	}
	r.o.Logger.Info("password reset link queued", "user_id", u.ID)
	r.o.Queued()
	return nil
}

// SignInLink makes a reset link for the active account of email and returns it instead
// of emailing it: `tourbook admin create -link` prints it for an operator whose site
// cannot send email yet. It works once, for Valid (30 minutes), and leads to setting a
// password, as an emailed one does.
func (r *Resets) SignInLink(ctx context.Context, email string) (string, error) {
	u, err := r.store.UserByEmail(ctx, email)
	if err != nil {
		return "", err
	}
	if !u.Active {
		return "", fmt.Errorf("sign-in link for %s: the account is deactivated", email)
	}
	token := newToken()
	now := r.o.Now()
	if err := r.store.CreatePasswordReset(ctx, tokenHash(token), u.ID, now, now.Add(r.o.Valid), nil); err != nil {
		return "", err
	}
	r.o.Logger.Info("sign-in link made at the command line", "user_id", u.ID)
	return r.o.BaseURL + "/reset-password/" + token, nil
}

// wait lets the request take at least MinDuration from start.
func (r *Resets) wait(ctx context.Context, start time.Time) {
	left := r.o.MinDuration - time.Since(start)
	if left <= 0 {
		return
	}
	t := time.NewTimer(left)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// Usable reports whether a reset link can still be used.
func (r *Resets) Usable(ctx context.Context, token string) (bool, error) {
	if token == "" || len(token) > 100 {
		return false, nil
	}
	return r.store.PasswordResetUsable(ctx, tokenHash(token), r.o.Now())
}

// Reset sets a new password through a reset link, which is then spent with every
// other; every session of the user ends, so a stolen session dies with the old
// password.
func (r *Resets) Reset(ctx context.Context, token, password, confirm string) (User, error) {
	if err := ValidatePassword(password, confirm); err != nil {
		return User{}, err
	}
	if token == "" || len(token) > 100 {
		return User{}, ErrResetLinkInvalid
	}
	hash, err := r.o.Hash(password)
	if err != nil {
		return User{}, err
	}
	u, err := r.store.ResetPassword(ctx, tokenHash(token), hash, r.o.Now())
	if err != nil {
		return User{}, err
	}
	r.o.Logger.Info("password reset", "user_id", u.ID)
	return u, nil
}
