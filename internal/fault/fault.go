// Package fault is the one error type whose message is safe to show a person. The domain
// packages decide the kind of failure and the wording next to the rule that fails; the
// HTTP layer (httpx.Classify) alone turns a Kind into a status, so the domain packages
// know nothing of HTTP, handlers stay a single call and never leak an internal error's
// text.
package fault

// Kind is what sort of failure an error is, in the domain's words: the HTTP layer maps
// each to a status (httpx.StatusOf).
type Kind uint8

const (
	// Internal is ours: a bug or a failure with nothing the person can do.
	Internal Kind = iota
	// Invalid is input that breaks a rule (a missing field, a number out of range).
	Invalid
	// Unauthorized asks the person to sign in, or says their credentials are wrong.
	Unauthorized
	// Forbidden is a signed-in person doing what their role or history does not allow.
	Forbidden
	// NotFound is a thing that does not exist, or not for this person.
	NotFound
	// Conflict is a request that the current state refuses (no seats, already done).
	Conflict
	// TooLarge is an upload or request over its size limit.
	TooLarge
	// UnsupportedType is content in a format that is not taken.
	UnsupportedType
	// Unprocessable is well-formed content that cannot be used (an undecodable image).
	Unprocessable
	// TooManyAttempts is a limit on repeated attempts reached.
	TooManyAttempts
	// Upstream is a service the site relies on (the payment provider) that failed.
	Upstream
	// Unavailable is the site itself unable to answer for now (not ready, overloaded).
	Unavailable
)

// Error is a failure a person caused or can act on.
type Error struct {
	Kind    Kind   // what sort of failure; the HTTP layer decides the status from it
	Message string // shown to the person as it is
	Log     string // terse text for the log; Message when empty
	Err     error  // the cause, for the log only; may be nil
	// Fields are the messages about single fields of a form (Fields.Err); Message then
	// sums them up.
	Fields []Field
}

// New is an error with a terse log text and the sentence a person reads.
func New(kind Kind, log, message string) *Error {
	return &Error{Kind: kind, Message: message, Log: log}
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

// FaultKind is the kind the HTTP layer maps to a status.
func (e *Error) FaultKind() Kind { return e.Kind }

// PublicMessage is the sentence shown to the person.
func (e *Error) PublicMessage() string { return e.Message }

// Public is implemented by every error whose kind and message are meant for a person:
// *Error and the domain packages' own error types that carry more data.
type Public interface {
	FaultKind() Kind
	PublicMessage() string
}
