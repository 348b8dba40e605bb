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
// Fields, on a form's failure, holds each field's message by the field's key (as the
// request names it): the page shows each next to its field, and message sums them up.
type Response struct {
	Status  string            `json:"status"`
	Message string            `json:"message,omitempty"`
	Fields  map[string]string `json:"fields,omitempty"`
	Data    any               `json:"data,omitempty"`
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

// Error is an error the HTTP layer itself raises (a form it cannot read, a method not
// allowed) with the status to answer and a message that is safe to show a person. The
// domain packages return a *fault.Error instead, whose Kind StatusOf maps. Anything else
// that reaches Fail is a 500 whose details go only to the log.
type Error struct {
	Status  int    // the HTTP status to answer with
	Message string // shown to the person as it is
	Log     string // terse text for the log; Message when empty
	Err     error  // the cause, for the log only; may be nil
}

// Error is the log text, as fault.Error writes it.
func (e *Error) Error() string {
	return (&fault.Error{Message: e.Message, Log: e.Log, Err: e.Err}).Error()
}

// Unwrap exposes the cause, so errors.Is sees through to it.
func (e *Error) Unwrap() error { return e.Err }

// Errorf is shorthand for a client error with a public message.
func Errorf(status int, message string) *Error { return &Error{Status: status, Message: message} }

// statuses is the one table from a domain error's kind to the HTTP status it answers.
var statuses = map[fault.Kind]int{
	fault.Internal:        http.StatusInternalServerError,
	fault.Invalid:         http.StatusBadRequest,
	fault.Unauthorized:    http.StatusUnauthorized,
	fault.Forbidden:       http.StatusForbidden,
	fault.NotFound:        http.StatusNotFound,
	fault.Conflict:        http.StatusConflict,
	fault.TooLarge:        http.StatusRequestEntityTooLarge,
	fault.UnsupportedType: http.StatusUnsupportedMediaType,
	fault.Unprocessable:   http.StatusUnprocessableEntity,
	fault.TooManyAttempts: http.StatusTooManyRequests,
	fault.Upstream:        http.StatusBadGateway,
	fault.Unavailable:     http.StatusServiceUnavailable,
}

// StatusOf is the HTTP status a domain error of kind k answers with (500 for a kind
// this table does not know).
func StatusOf(k fault.Kind) int {
	if s, ok := statuses[k]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// Classify decides the status and public message of err, in one place for pages and API:
// the HTTP layer's own *Error keeps its status, a domain error's kind is mapped by StatusOf.
func Classify(err error) (int, string) {
	var he *Error
	if errors.As(err, &he) {
		return he.Status, he.Message
	}
	var pe fault.Public // *fault.Error among them
	if errors.As(err, &pe) {
		return StatusOf(pe.FaultKind()), pe.PublicMessage()
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
	JSON(w, status, Response{Status: kind, Message: msg, Fields: FieldsOf(err)})
}

// FieldsOf is the per-field messages err carries (fault.Fields), by field key; nil for
// an error that is not about a form's fields.
func FieldsOf(err error) map[string]string {
	var fe interface{ FieldMessages() map[string]string }
	if errors.As(err, &fe) {
		return fe.FieldMessages()
	}
	return nil
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

// CrossSite reports whether the browser says the request came from another site
// (Sec-Fetch-Site other than same-origin or none). A GET that changes state does nothing
// for such a request; clients that send no Sec-Fetch-Site (not browsers) are not
// cross-site, as for http.CrossOriginProtection.
func CrossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
		return false
	}
	return true
}
