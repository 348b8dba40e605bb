// Package httpx holds what the page handlers, the API handlers and the middleware share:
// the signed-in user in the request context, JSON responses in the API's shape, and the
// one place where an error becomes an HTTP status and a message a person can read.
package httpx

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"syscall"

	"tourbook/internal/account"
	"tourbook/internal/fault"
)

type ctxKey int

const (
	userKey ctxKey = iota
	tokenKey
	requestIDKey
)

// WithUser returns a context carrying the signed-in user and their session token.
func WithUser(ctx context.Context, u account.User, token string) context.Context {
	ctx = context.WithValue(ctx, userKey, u)
	return context.WithValue(ctx, tokenKey, token)
}

// User is the signed-in user, and false for a visitor.
func User(ctx context.Context) (account.User, bool) {
	u, ok := ctx.Value(userKey).(account.User)
	return u, ok
}

// SessionToken is the signed-in user's session token ("" for a visitor).
func SessionToken(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey).(string)
	return t
}

// WithRequestID returns a context carrying the request id the logs use.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey, id)
}

// RequestID of the request ("" outside one).
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// Response is the shape of every API answer: status is "success", "fail" (the client's
// fault, 4xx) or "error" (ours, 5xx); message is set on failures and safe to show.
type Response struct {
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	Data    any    `json:"data,omitempty"`
}

// JSON writes v with the given status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// OK writes a success response with data (nil for none).
func OK(w http.ResponseWriter, data any) {
	JSON(w, http.StatusOK, Response{Status: "success", Data: data})
}

// Error is an error with an HTTP status and a message that is safe to show a person.
// Anything else that reaches Fail is a 500 whose details go only to the log.
type Error = fault.Error

// Errorf is shorthand for a client error with a public message.
func Errorf(status int, message string) *Error { return &Error{Status: status, Message: message} }

// Public is implemented by the domain packages' errors that know their own status and
// safe message; Fail asks every error in the chain.
type Public interface {
	HTTPStatus() int
	PublicMessage() string
}

// Classify decides the status and public message of err, in one place for pages and API.
func Classify(err error) (int, string) {
	var pe Public // *Error among them
	if errors.As(err, &pe) {
		return pe.HTTPStatus(), pe.PublicMessage()
	}
	if errors.Is(err, context.Canceled) {
		return StatusClientClosed, "The request was cancelled."
	}
	if Unavailable(err) {
		return http.StatusServiceUnavailable, MsgUnavailable
	}
	return http.StatusInternalServerError, "Something went wrong on our side. Please try again in a moment."
}

// StatusClientClosed (nginx's 499) is the status logged for a request whose client
// closed the connection before the answer: not an error of the site.
const StatusClientClosed = 499

// MsgUnavailable is the answer when something the site depends on (the database) does
// not answer, or not in time.
const MsgUnavailable = "The site cannot answer right now. Please try again in a moment."

// RetryAfter is the Retry-After (seconds) sent with a 503.
const RetryAfter = "5"

// Unavailable reports whether err says that something the site depends on could not be
// reached or did not answer in time (the request's time limit, a refused, reset or
// dropped connection), as opposed to a bug: the answer is then 503, and the site is
// expected to recover by itself. Only standard error types are looked at, so the
// database driver need not be known here.
func Unavailable(err error) bool {
	var netErr net.Error
	return errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) ||
		errors.As(err, &netErr)
}

// Fail writes err as an API failure and logs it: client errors at info, ours at error.
func Fail(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	status, msg := Classify(err)
	LogError(r, log, status, err)
	kind := "fail"
	if status >= 500 {
		kind = "error"
	}
	if status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", RetryAfter)
	}
	// A refusal for a while (429) says how long, e.g. booking.LimitError.
	var wait interface{ RetryAfterSeconds() int }
	if errors.As(err, &wait) {
		w.Header().Set("Retry-After", strconv.Itoa(wait.RetryAfterSeconds()))
	}
	JSON(w, status, Response{Status: kind, Message: msg})
}

// LogError logs err once, at the boundary, with the request's id: ours (5xx) at ERROR,
// the client's at INFO, and a client gone away (499) at DEBUG only, since the request's
// own log line already says 499 at INFO.
func LogError(r *http.Request, log *slog.Logger, status int, err error) {
	level := slog.LevelInfo
	switch {
	case status == StatusClientClosed || (errors.Is(err, context.Canceled) && errors.Is(r.Context().Err(), context.Canceled)):
		level = slog.LevelDebug
	case status >= 500:
		level = slog.LevelError
	}
	log.LogAttrs(r.Context(), level, "request failed",
		slog.String("request_id", RequestID(r.Context())),
		slog.String("method", r.Method), slog.String("path", r.URL.Path),
		slog.Int("status", status), slog.String("error", err.Error()))
}
