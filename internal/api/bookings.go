package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/details"
	"tourbook/internal/httpx"
	"tourbook/internal/legal"
)

// Bookings is the booking service the checkout and webhook endpoints call.
type Bookings interface {
	Open(ctx context.Context, user account.User, client string, c booking.Checkout) (string, error)
	HandleWebhook(ctx context.Context, payload []byte, header http.Header) error
	CancelReturn(ctx context.Context, user account.User, bookingID string) error
}

// ReleaseHold is POST /api/v1/my-bookings/{id}/release: the tour page, back from a checkout
// the traveller cancelled, gives the seats of that checkout's hold back at once. Only the
// signed-in user's own pending booking is released; anything else is answered the same,
// so the call tells nobody about other bookings.
func (h *Handler) ReleaseHold(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	if err := h.Bookings.CancelReturn(r.Context(), u, r.PathValue("id")); err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, nil)
}

// CheckoutSession is GET /api/v1/bookings/checkout-session/{tourId} (SPEC.md §7 #5):
// holds the seats and opens a checkout at the payment provider; the browser then goes to
// session.url. Optional query: date=YYYY-MM-DD; units=adult:2,child:1 (travellers per
// price category) or participants=N (N of the tour's first category); extras=id:n;
// details=<JSON of who travels and their answers>; terms=N (the version of the terms of
// booking the traveller accepted; required while any are written). Amounts never come
// from the query: the service prices everything. The details carry personal data: the
// request log writes the path only, never the query.
func (h *Handler) CheckoutSession(w http.ResponseWriter, r *http.Request) {
	u, _ := httpx.User(r.Context()) // a visitor is the zero user: the service asks them to log in
	c, err := checkoutOf(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	url, err := h.Bookings.Open(r.Context(), u, h.ClientIP.Of(r), c)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"status": "success", "session": map[string]string{"url": url}})
}

// maxDetails bounds the details' JSON: ten travellers' names and phones and the
// answers to a tour's questions, long text included, fit well within it.
const maxDetails = 64 << 10

// checkoutOf reads a checkout call's query; every part it cannot read is a 400 that
// says which.
func checkoutOf(r *http.Request) (booking.Checkout, error) {
	q := r.URL.Query()
	c := booking.Checkout{TourID: r.PathValue("tourId"), Date: strings.TrimSpace(q.Get("date"))}
	for _, key := range []string{"units", "extras", "details", "participants", "terms"} {
		if len(q[key]) > 1 {
			return c, httpx.Errorf(http.StatusBadRequest, fmt.Sprintf("The booking could not be read: %s is given twice. Please reload the page and try again.", key))
		}
	}
	var err error
	if c.Units, err = booking.ParseCounts(strings.TrimSpace(q.Get("units")), "travellers"); err != nil {
		return c, err
	}
	if c.Extras, err = booking.ParseCounts(strings.TrimSpace(q.Get("extras")), "extras"); err != nil {
		return c, err
	}
	if s := strings.TrimSpace(q.Get("participants")); s != "" && len(c.Units) == 0 {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return c, httpx.Errorf(http.StatusBadRequest, "Please choose how many people are coming: a whole number, at least 1.")
		}
		c.Participants = n
	}
	if c.Details, err = parseDetails(q.Get("details")); err != nil {
		return c, err
	}
	if c.Terms, err = acceptedTerms(r); err != nil {
		return c, err
	}
	return c, nil
}

// parseDetails reads the details of a checkout: details.Given as JSON, one object with
// no field it does not know and nothing after it; "" is none given.
func parseDetails(s string) (booking.Details, error) {
	var given details.Given
	if strings.TrimSpace(s) == "" {
		return booking.Details{}, nil
	}
	if len(s) > maxDetails {
		return booking.Details{}, httpx.Errorf(http.StatusRequestEntityTooLarge,
			"The travellers' details and answers are too long to send. Please shorten the longest answers.")
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.DisallowUnknownFields()
	err := dec.Decode(&given)
	if err == nil && dec.More() {
		err = errors.New("more than one value")
	}
	if err != nil {
		return booking.Details{}, &httpx.Error{Status: http.StatusBadRequest, Err: err,
			Message: "The travellers' details and answers could not be read. Please reload the page and fill them in again."}
	}
	return booking.Details(given), nil
}

// acceptedTerms is the version of the terms of booking a checkout call accepts (its
// query's terms=N), 0 for none.
func acceptedTerms(r *http.Request) (int, error) {
	s := r.URL.Query().Get("terms")
	if s == "" {
		return 0, nil
	}
	n, ok := legal.ParseNumber(s)
	if !ok {
		return 0, httpx.Errorf(http.StatusBadRequest, "The terms of booking accepted could not be read. Please reload the page and accept them again.")
	}
	return n, nil
}

// maxWebhookBody: Stripe's events are a few KB; 1 MB leaves room and bounds abuse.
const maxWebhookBody = 1 << 20

// Webhook is POST /webhook-checkout: the payment provider says a checkout was paid. The
// raw body is what the signature covers, so it is read as bytes, never re-encoded.
func (h *Handler) Webhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			h.fail(w, r, &httpx.Error{Status: http.StatusRequestEntityTooLarge, Message: "Payload too large.", Err: err})
			return
		}
		h.fail(w, r, &httpx.Error{Status: http.StatusBadRequest, Message: "Could not read the payload.", Err: err})
		return
	}
	if err := h.Bookings.HandleWebhook(r.Context(), payload, r.Header); err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, map[string]any{"received": true})
}
