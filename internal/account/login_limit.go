package account

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"
)

// A limit is one counter of failed logins (a key such as "email:…" or "ip:…") and how
// many failures it allows within the login window.
type limit struct {
	key string
	max int
}

// loginLimits are the counters a login attempt from clientAddr for email counts against:
//
//   - the account and the client together ("email-ip:"), MaxLoginFailures: guessing from
//     one place stops there, and a stranger's guesses lock only the stranger out, never
//     the owner signing in from elsewhere;
//   - the client ("ip:", when known), MaxLoginFailuresPerAddress, across accounts;
//   - the account ("email:"), MaxLoginFailuresPerAccount, across clients: guesses spread
//     over many addresses stop there. A client with no failure on this account within
//     the window is not held by it (its attempt still counts), so an owner who types the
//     password right is not locked out by strangers.
func (s *Service) loginLimits(ctx context.Context, email, clientAddr string) ([]limit, error) {
	email = strings.ToLower(email)
	pair := limit{key: "email-ip:" + email + "|" + clientAddr, max: s.maxFailures}
	limits := []limit{pair}
	if clientAddr != "" {
		limits = append(limits, limit{key: "ip:" + clientAddr, max: s.maxPerAddr})
	}
	acct := limit{key: "email:" + email, max: s.maxPerAcct}
	n, err := s.store.CountLoginFailures(ctx, pair.key, s.clock().Add(-s.window))
	if err != nil {
		return nil, fmt.Errorf("count login failures: %w", err)
	}
	if n == 0 {
		acct.max = math.MaxInt
	}
	return append(limits, acct), nil
}

// sessionLimit counts wrong current passwords given by a signed-in session (a password
// or email change): a stolen session cannot guess the password, and cannot lock the
// owner's sign-in either.
func (s *Service) sessionLimit(userID string) limit {
	return limit{key: "session-password:" + userID, max: s.maxFailures}
}

// attempt is a password check in progress: it was recorded as a failure under each of
// its limits at time at, and stays one unless it proves good.
type attempt struct {
	at     time.Time
	limits []limit
}

// beginAttempt records an attempt as a failure under every limit before the password is
// checked, then counts. The count includes the attempt itself and every concurrent one
// recorded before it, so of N simultaneous attempts at most max reach a password check:
// the last of any max+1 of them to count sees all of them. An attempt over a limit is
// refused with a *TooManyAttemptsError and its rows are taken back, because a password
// that was not checked is no failure (and the lock must not outlast the window for
// someone who keeps retrying).
func (s *Service) beginAttempt(ctx context.Context, limits ...limit) (attempt, error) {
	return s.beginAttemptWithin(ctx, s.window, func(retry time.Duration) error {
		return &TooManyAttemptsError{RetryAfter: retry}
	}, limits...)
}

// beginAttemptWithin is beginAttempt counting within window, refusing with refuse(window).
func (s *Service) beginAttemptWithin(ctx context.Context, window time.Duration, refuse func(time.Duration) error, limits ...limit) (attempt, error) {
	a := attempt{at: s.clock(), limits: limits}
	for _, l := range limits {
		if err := s.store.AddLoginFailure(ctx, l.key, a.at); err != nil {
			return attempt{}, fmt.Errorf("record login attempt: %w", err)
		}
	}
	since := a.at.Add(-window)
	for _, l := range limits {
		n, err := s.store.CountLoginFailures(ctx, l.key, since)
		if err != nil {
			return attempt{}, fmt.Errorf("count login failures: %w", err)
		}
		if n > l.max {
			s.log.Warn("attempt refused: too many", slog.String("key_kind", strings.SplitN(l.key, ":", 2)[0]))
			s.forget(ctx, a, limits...)
			// The store tells a count, not when the oldest failure leaves the window, so
			// the whole window is the honest upper bound.
			return attempt{}, refuse(window)
		}
	}
	return a, nil
}

// forget takes back the attempt's failure under the given limits. Failing to is logged,
// not returned: the attempt then merely counts against the limit, which is the safe side.
func (s *Service) forget(ctx context.Context, a attempt, limits ...limit) {
	for _, l := range limits {
		if err := s.store.RemoveLoginFailure(ctx, l.key, a.at); err != nil {
			s.log.Warn("could not take back a login attempt", slog.String("key_kind", strings.SplitN(l.key, ":", 2)[0]), slog.Any("error", err))
		}
	}
}
