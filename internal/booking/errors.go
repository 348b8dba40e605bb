package booking

import (
	"errors"
	"net/http"

	"tourbook/internal/payment"
)

// Error is a failure the customer caused or can act on. Message is safe to show a person
// as it is; Status is the HTTP status the HTTP layer should answer with; Err, when set,
// is the cause, for the log only. The HTTP layer reads it through HTTPStatus and
// PublicMessage (or errors.As), so status and wording are decided where the rule is.
type Error struct {
	Status  int
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap exposes the cause, so errors.Is(err, payment.ErrUnavailable) still holds.
func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status the HTTP layer answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// PublicMessage is the text shown to the customer.
func (e *Error) PublicMessage() string { return e.Message }

func badRequest(msg string) *Error { return &Error{Status: http.StatusBadRequest, Message: msg} }
func conflict(msg string) *Error   { return &Error{Status: http.StatusConflict, Message: msg} }

// providerError turns a payment provider failure into what the customer is told.
func providerError(err error) error {
	if errors.Is(err, payment.ErrUnavailable) {
		return &Error{Status: http.StatusBadGateway, Message: payment.UnavailableMessage, Err: err}
	}
	return err
}
