// Package inject fills in what a service was not given: the clock, the log, the hooks it
// calls after a change and the store's transactions. The booking services (refund,
// collect, rebook) take these through their Options, any of them left nil by a test or a
// sub-command; one set of defaults keeps them alike: the real clock, a log that discards,
// hooks that do nothing, and transactions that fail with the service's own error (a
// write without them is a wiring mistake, never a silent no-op).
package inject

import (
	"context"
	"log/slog"
	"time"
)

// Clock is now, or the real clock when now is nil.
func Clock(now func() time.Time) func() time.Time {
	if now == nil {
		return time.Now
	}
	return now
}

// Logger is log, or one that discards when log is nil.
func Logger(log *slog.Logger) *slog.Logger {
	if log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return log
}

// Hook is fn, or one that does nothing when fn is nil.
func Hook(fn func()) func() {
	if fn == nil {
		return func() {}
	}
	return fn
}

// Tx is tx, or, when tx is nil, one that refuses every transaction with missing.
func Tx[T any](tx func(ctx context.Context, fn func(T) error) error, missing error) func(ctx context.Context, fn func(T) error) error {
	if tx == nil {
		return func(context.Context, func(T) error) error { return missing }
	}
	return tx
}
