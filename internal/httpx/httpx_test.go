package httpx

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
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

// A form's refusal answers with each field's message beside the summing-up one; other
// failures have no fields.
func TestFailWritesFields(t *testing.T) {
	for _, tc := range []struct {
		err    error
		fields map[string]string
	}{
		{fmt.Errorf("create tour: %w", fault.FieldError("price", "Price per person must be a number, e.g. 1290 or 1290.50.")),
			map[string]string{"price": "Price per person must be a number, e.g. 1290 or 1290.50."}},
		{fault.New(fault.Conflict, "x", "m"), nil},
	} {
		w := httptest.NewRecorder()
		Fail(w, httptest.NewRequest("POST", "/api/v1/tours", nil), slog.New(slog.DiscardHandler), tc.err)
		var got Response
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		if len(got.Fields) != len(tc.fields) || got.Fields["price"] != tc.fields["price"] {
			t.Errorf("%v: fields %v, want %v", tc.err, got.Fields, tc.fields)
		}
		if tc.fields == nil && strings.Contains(w.Body.String(), `"fields"`) {
			t.Errorf("%v: %s", tc.err, w.Body)
		}
	}
}
