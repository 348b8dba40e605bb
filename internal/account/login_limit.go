package account

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// A limit is one counter of failed logins (a key such as "email:…" or "ip:…") and how
// many failures it allows within the login window.
type limit struct {
	key string
	max int
}

func (s *Service) accountLimit(email string) limit {
	return limit{key: "email:" + strings.ToLower(email), max: s.maxFailures}
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
