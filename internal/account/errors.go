package account

import (
	"errors"
	"fmt"
	"time"
	"tourbook/internal/fault"
)

// Error is an account error whose text is safe to show a person (see package fault): the
// HTTP layer maps its kind to a status and shows its sentence, so the wording lives next to the rule.
type Error = fault.Error

var (
	// ErrInvalidCredentials: unknown email, wrong password or a deactivated account; the
	// three are deliberately indistinguishable.
	ErrInvalidCredentials = fault.New(fault.Unauthorized, "invalid credentials", "Incorrect email or password.")
	// ErrWrongPassword: the current password given to ChangePassword is wrong.
	ErrWrongPassword = fault.New(fault.Unauthorized, "wrong current password", "Your current password is wrong.")
	// ErrNotSignedIn: the session token is missing, malformed, unknown or expired, or its
	// user was deactivated.
	ErrNotSignedIn = fault.New(fault.Unauthorized, "not signed in", "You are not logged in. Please log in to get access.")
	// ErrTooManyAttempts is matched with errors.Is; the error returned is a
	// *TooManyAttemptsError that carries RetryAfter.
	ErrTooManyAttempts = fault.New(fault.TooManyAttempts, "too many failed login attempts", "Too many failed login attempts. Please try again later.")
)

// TooManyAttemptsError is returned while an account or a client address is locked out.
type TooManyAttemptsError struct {
	RetryAfter time.Duration // for the Retry-After header
	// Message words the refusal with a %s for "N minutes"; "" says too many failed logins.
	Message string
}

func (e *TooManyAttemptsError) Error() string {
	return fmt.Sprintf("too many failed login attempts; retry after %s", e.RetryAfter)
}

func (e *TooManyAttemptsError) Is(target error) bool { return target == ErrTooManyAttempts }

func (e *TooManyAttemptsError) FaultKind() fault.Kind { return fault.TooManyAttempts }

func (e *TooManyAttemptsError) PublicMessage() string {
	minutes := int((e.RetryAfter + time.Minute - 1) / time.Minute) // round up: never promise too early
	wait := fmt.Sprintf("%d minutes", minutes)
	if minutes <= 1 {
		wait = "1 minute"
	}
	if e.Message != "" {
		return fmt.Sprintf(e.Message, wait)
	}
	return "Too many failed login attempts. Please try again in " + wait + "."
}

// ValidationError is one rule broken by one form field. Field is the form's field name
// (name, email, password, passwordConfirm, passwordCurrent), so a form can mark it.
type ValidationError struct {
	Field   string
	Message string
}

func (e *ValidationError) Error() string         { return "invalid " + e.Field + ": " + e.Message }
func (e *ValidationError) FaultKind() fault.Kind { return fault.Invalid }

func (e *ValidationError) PublicMessage() string { return e.Message }

func invalid(field, message string) *ValidationError {
	return &ValidationError{Field: field, Message: message}
}

// PublicMessage returns the text safe to show a person for any error this package
// returns, and false for internal errors (store failures and the like), which the caller
// should log and replace with a generic sentence.
func PublicMessage(err error) (string, bool) {
	var p interface{ PublicMessage() string }
	if errors.As(err, &p) {
		return p.PublicMessage(), true
	}
	return "", false
}
