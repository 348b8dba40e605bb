package api

import (
	"context"
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
// terms=N (the version of the terms of booking the traveller accepted; required while
// any are written). Amounts never come from the query: the service prices everything.
//
// The travellers' names, phones and answers never ride in the query: a URL lands in
// proxies' and CDNs' access logs, and URL-encoding their JSON inflates it 2–9× until the
// request line passes the server's header limit and the browser gets a bare 431. So
// details= is refused with a 400 that says to POST them (CheckoutSessionWithDetails);
// the panel and every test send them in the body, nothing relies on the query's.
func (h *Handler) CheckoutSession(w http.ResponseWriter, r *http.Request) {
	in, err := checkoutQuery(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	h.openCheckout(w, r, in)
}

// CheckoutSessionWithDetails is POST /api/v1/bookings/checkout-session/{tourId} with a
// JSON body {date, units, extras, participants, terms, details: {travellers, answers}}:
// the GET's checkout for a tour that asks who travels or questions. units and extras are
// the GET's "id:n,…" strings, participants and terms numbers, details details.Given. A
// field the body does not know is a 400, a body over maxDetailsBody a 413. The answer
// is the GET's, {status, session: {url}}; cross-site POSTs are refused by the router's
// cross-origin protection, like every other POST.
func (h *Handler) CheckoutSessionWithDetails(w http.ResponseWriter, r *http.Request) {
	var in checkoutRequest
	if err := decodeJSONStrict(w, r, &in, maxDetailsBody); err != nil {
		if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
			err = &httpx.Error{Status: http.StatusRequestEntityTooLarge, Err: err,
				Message: "The travellers' details and answers are too long to send. Please shorten the longest answers."}
		}
		h.fail(w, r, err)
		return
	}
	h.openCheckout(w, r, in)
}

// openCheckout opens the checkout in, whichever way it came, and answers with its url.
func (h *Handler) openCheckout(w http.ResponseWriter, r *http.Request, in checkoutRequest) {
	u, _ := httpx.User(r.Context()) // a visitor is the zero user: the service asks them to log in
	c, err := in.checkout(r.PathValue("tourId"))
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

// checkoutRequest is a checkout call as either form sends it: the GET's query or the
// POST's body.
type checkoutRequest struct {
	Date   string `json:"date"`
	Units  string `json:"units"`  // "adult:2,child:1"
	Extras string `json:"extras"` // "wetsuit:2"
	// Participants is N of the tour's first category, read only without units; nil when
	// not given.
	Participants *int          `json:"participants"`
	Terms        int           `json:"terms"`
	Details      details.Given `json:"details"`
	// Promo is the promo code typed (issue #24 §1); "" for none.
	Promo string `json:"promo"`
	// GiftCard is a gift card's code as typed (giftCard=), "" for none.
	GiftCard string `json:"giftCard"`
}

// checkout is the booking.Checkout in asks for; every part it cannot read is a 400 that
// says which.
func (in checkoutRequest) checkout(tourID string) (booking.Checkout, error) {
	c := booking.Checkout{TourID: tourID, Date: strings.TrimSpace(in.Date), Details: booking.Details(in.Details),
		GiftCard: strings.TrimSpace(in.GiftCard)}
	var err error
	if c.Units, err = booking.ParseCounts(strings.TrimSpace(in.Units), "travellers"); err != nil {
		return c, err
	}
	if c.Extras, err = booking.ParseCounts(strings.TrimSpace(in.Extras), "extras"); err != nil {
		return c, err
	}
	if in.Participants != nil && len(c.Units) == 0 {
		if *in.Participants < 1 {
			return c, httpx.Errorf(http.StatusBadRequest, "Please choose how many people are coming: a whole number, at least 1.")
		}
		c.Participants = *in.Participants
	}
	if in.Terms < 0 {
		return c, errUnreadableTerms
	}
	c.Terms = in.Terms
	c.PromoCode = strings.TrimSpace(in.Promo)
	return c, nil
}

var errUnreadableTerms = httpx.Errorf(http.StatusBadRequest, "The terms of booking accepted could not be read. Please reload the page and accept them again.")

// checkoutQuery reads a GET checkout call's query.
func checkoutQuery(r *http.Request) (checkoutRequest, error) {
	q := r.URL.Query()
	in := checkoutRequest{Date: q.Get("date"), Units: q.Get("units"), Extras: q.Get("extras"), Promo: q.Get("promo"),
		GiftCard: q.Get("giftCard")}
	if q.Has("details") {
		return in, httpx.Errorf(http.StatusBadRequest, "The travellers' details and answers cannot be sent in the address: "+
			"they are personal data, and addresses end up in logs. Please send them in the body of a POST to the same address.")
	}
	for _, key := range []string{"units", "extras", "participants", "terms", "promo", "giftCard"} {
		if len(q[key]) > 1 {
			return in, httpx.Errorf(http.StatusBadRequest, fmt.Sprintf("The booking could not be read: %s is given twice. Please reload the page and try again.", key))
		}
	}
	if s := strings.TrimSpace(q.Get("participants")); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			n = 0 // refused as not at least 1, unless units are given
		}
		in.Participants = &n
	}
	var err error
	in.Terms, err = acceptedTerms(r)
	return in, err
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
		return 0, errUnreadableTerms
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
