// Package fault is the one error type whose message is safe to show a person. The domain
// packages decide the status and the wording next to the rule that fails; the HTTP layer
// (httpx.Classify) only reads them, so handlers stay a single call and never leak an
// internal error's text.
package fault

// Error is a failure a person caused or can act on.
type Error struct {
	Status  int    // the HTTP status to answer with (a plain number: no net/http here)
	Message string // shown to the person as it is
	Log     string // terse text for the log; Message when empty
	Err     error  // the cause, for the log only; may be nil
}

// New is an error with a terse log text and the sentence a person reads.
func New(status int, log, message string) *Error {
	return &Error{Status: status, Message: message, Log: log}
}

func (e *Error) Error() string {
	s := e.Log
	if s == "" {
		s = e.Message
	}
	if e.Err != nil {
		return s + ": " + e.Err.Error()
	}
	return s
}

// Unwrap exposes the cause, so errors.Is sees through to it.
func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status the HTTP layer answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// PublicMessage is the sentence shown to the person.
func (e *Error) PublicMessage() string { return e.Message }
