package booking

import (
	"errors"

	"tourbook/internal/fault"
	"tourbook/internal/payment"
)

// Error is a failure the customer caused or can act on (see package fault): Message is
// safe to show as it is, Kind the sort of failure (the HTTP layer maps it to a status),
// Err the cause for the log (so errors.Is(err, payment.ErrUnavailable) still holds).
type Error = fault.Error

func badRequest(msg string) *Error { return &Error{Kind: fault.Invalid, Message: msg} }
func conflict(msg string) *Error   { return &Error{Kind: fault.Conflict, Message: msg} }

// noSeats is a conflict for want of seats (ErrNoSeats), which the metrics count apart.
func noSeats(msg string) *Error {
	return &Error{Kind: fault.Conflict, Message: msg, Err: ErrNoSeats}
}

// providerError turns a payment provider failure into what the customer is told.
func providerError(err error) error {
	if errors.Is(err, payment.ErrUnavailable) {
		return &Error{Kind: fault.Upstream, Message: payment.UnavailableMessage, Err: err}
	}
	return err
}
