// Package api holds the JSON handlers under /api/v1. Every answer has the shape
// {status, message?, data?} (httpx.Response); handlers parse, validate, make one call
// and respond, and leave status codes and public messages to httpx.Classify.
package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"time"
	"unicode"

	"tourbook/internal/fault"
	"tourbook/internal/httpx"
	"tourbook/internal/tour"
)

// Handler serves the API.
type Handler struct {
	Tours      TourStore
	Accounts   Accounts
	Photos     Photos
	Bookings   Bookings
	Catalog    Catalog
	Office     Office
	Collect    Collector
	Refunds    Refunds
	Rebook     Rebook
	Outbox     Outbox
	Moderation Moderation
	Users      UserAdmin
	CheckIns   CheckIns
	Resets     Resets
	FirstStart FirstStart
	Waitlist   Waitlist
	Reviews    Reviews
	Offers     OfferPayer
	News       News
	Privacy    Privacy
	Business   Business
	Legal      Legal
	// Promotions writes promo codes; PromoQuotes checks one against a booking.
	Promotions  Promotions
	PromoQuotes PromoQuotes
	// Zone is the site's time zone: the back office's answers write instants in it.
	Zone    *time.Location
	Cookies httpx.Cookies
	// ClientIP finds the address failed logins are counted against.
	ClientIP httpx.ClientIP
	// SessionTTL is how long the session cookie lives; the account service's session
	// lifetime.
	SessionTTL time.Duration
	Log        *slog.Logger
	Now        func() time.Time

	// MailQueued wakes the email outbox's sender after a resend (mail.Sender.Wake); nil: none.
	MailQueued func()
	// Details changes a traveller's own booking's names and answers.
	Details Details
	// GiftCards sells gift cards; admins adjust and void them (issue #24 §2).
	GiftCards GiftCards
}

// TourStore is what the tour endpoints read.
type TourStore interface {
	ListTours(ctx context.Context, now time.Time) ([]tour.Tour, error)
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	httpx.Fail(w, r, h.Log, err)
}

// maxJSONBody bounds every JSON request: the largest legitimate one is a few hundred bytes.
const maxJSONBody = 64 << 10

// decodeJSON reads a JSON object into v, answering in words a person understands.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	return decodeJSONUpTo(w, r, v, maxJSONBody)
}

// decodeJSONUpTo is decodeJSON for a request of at most limit bytes.
func decodeJSONUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	return decodeJSONBody(w, r, v, limit, false)
}

// decodeJSONStrict is decodeJSONUpTo that refuses a field v does not have: for a call
// whose every field is the client's (a checkout), an unknown one is a tampered or stale
// page, never something to ignore.
func decodeJSONStrict(w http.ResponseWriter, r *http.Request, v any, limit int64) error {
	return decodeJSONBody(w, r, v, limit, true)
}

func decodeJSONBody(w http.ResponseWriter, r *http.Request, v any, limit int64, strict bool) error {
	ct := r.Header.Get("Content-Type")
	if !strings.HasPrefix(ct, "application/json") {
		return httpx.Errorf(http.StatusUnsupportedMediaType, "Please send the form as JSON.")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	if strict {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &httpx.Error{Status: http.StatusRequestEntityTooLarge, Message: "The request is too large.", Err: err}
		}
		var wrongType *json.UnmarshalTypeError
		if errors.As(err, &wrongType) && wrongType.Field != "" {
			// A form's input names its fields as the person sees them.
			if l, ok := v.(interface{ FieldLabel(key string) string }); ok {
				key := jsonKey(wrongType.Field)
				if label := l.FieldLabel(key); label != "" {
					return fault.FieldError(key, fmt.Sprintf("%s must be %s.", label, jsonKind(wrongType.Type.Kind())))
				}
			}
			return &httpx.Error{Status: http.StatusBadRequest, Err: err,
				Message: fmt.Sprintf("The field %s must be %s.", wrongType.Field, jsonKind(wrongType.Type.Kind()))}
		}
		return &httpx.Error{Status: http.StatusBadRequest, Message: "The request could not be read. Please reload the page and try again.", Err: fmt.Errorf("decode json: %w", err)}
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return httpx.Errorf(http.StatusBadRequest, "The request could not be read. Please reload the page and try again.")
	}
	return nil
}

// jsonKey is a field's key as the request names it: the decoder's path without the Go
// names of embedded structs ("TourInput.durationDays" is "durationDays").
func jsonKey(path string) string {
	parts := strings.Split(path, ".")
	for len(parts) > 1 && parts[0] != "" && unicode.IsUpper(rune(parts[0][0])) {
		parts = parts[1:]
	}
	return strings.Join(parts, ".")
}

// jsonKind names what a field of that kind must hold, in words.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "text"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return "of another kind"
}
