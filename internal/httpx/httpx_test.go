package httpx

import (
	"fmt"
	"testing"

	"tourbook/internal/fault"
)

// TestClassify pins the one table from a domain error's kind to the status it answers,
// and that the HTTP layer's own errors keep theirs.
func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
	}{
		{fault.New(fault.Internal, "x", "m"), 500},
		{fault.New(fault.Invalid, "x", "m"), 400},
		{fault.New(fault.Unauthorized, "x", "m"), 401},
		{fault.New(fault.Forbidden, "x", "m"), 403},
		{fault.New(fault.NotFound, "x", "m"), 404},
		{fault.New(fault.Conflict, "x", "m"), 409},
		{fault.New(fault.TooLarge, "x", "m"), 413},
		{fault.New(fault.UnsupportedType, "x", "m"), 415},
		{fault.New(fault.Unprocessable, "x", "m"), 422},
		{fault.New(fault.TooManyAttempts, "x", "m"), 429},
		{fault.New(fault.Upstream, "x", "m"), 502},
		{fault.New(fault.Unavailable, "x", "m"), 503},
		{fmt.Errorf("wrapped: %w", fault.New(fault.Conflict, "x", "m")), 409},
		{Errorf(421, "m"), 421},
	} {
		if status, msg := Classify(tc.err); status != tc.status || msg != "m" {
			t.Errorf("Classify(%v) = %d %q, want %d %q", tc.err, status, msg, tc.status, "m")
		}
	}
	if status, _ := Classify(fmt.Errorf("boom")); status != 500 {
		t.Errorf("an internal error answers %d, want 500", status)
	}
}
