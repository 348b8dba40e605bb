package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/payment"
	"tourbook/internal/waitlist"
)

// WaitlistStore is what paying a waiting list offer reads of the store.
type WaitlistStore interface {
	WaitlistEntry(ctx context.Context, id string) (waitlist.Entry, error)
}

// PayOffer opens the checkout of a waiting list offer made to user: the seats are already
// held by the offer's pending booking until its deadline, so the checkout pays that
// booking, and fulfilment (webhook or return) is the same as for any other. A second call
// returns the checkout already opened. While terms of booking are written, the first
// call must accept their current version (terms), which the booking then keeps.
// Errors are *Error or internal.
func (s *Service) PayOffer(ctx context.Context, user account.User, entryID string, terms int) (string, error) {
	if user.ID == "" {
		return "", &Error{Kind: fault.Unauthorized, Message: "Please log in to pay your offer."}
	}
	if s.offers == nil {
		return "", errors.New("pay offer: no waiting list store")
	}
	now := s.now()
	e, err := s.offers.WaitlistEntry(ctx, entryID)
	if err != nil || e.UserID != user.ID {
		return "", &Error{Kind: fault.NotFound, Message: "There is no such offer.", Err: err}
	}
	if e.Status != waitlist.Offered || !now.Before(e.OfferUntil) {
		return "", waitlist.ErrOfferGone
	}
	if e.CheckoutURL != "" {
		return e.CheckoutURL, nil
	}
	b, err := s.store.BookingByID(ctx, e.BookingID)
	if err != nil {
		return "", fmt.Errorf("booking of offer %s: %w", e.ID, err)
	}
	if b.Status != Pending || !b.HoldsSeats(now) {
		return "", waitlist.ErrOfferGone
	}
	accepted, err := s.acceptedTerms(ctx, terms)
	if err != nil {
		return "", err
	}
	t, err := s.tours.TourByID(ctx, b.TourID, now)
	if err != nil {
		return "", &Error{Kind: fault.Conflict, Message: "This tour can no longer be booked online.", Err: err}
	}
	req := payment.CheckoutRequest{
		BookingID:     b.ID,
		TourID:        t.ID,
		UserID:        user.ID,
		CustomerEmail: user.Email,
		TourName:      t.Name,
		Description:   fmt.Sprintf("%s · %s", b.StartDate.Format(dateLayout), travellersText(b.UnitsOf())),
		StartDate:     b.StartDate.Format(time.DateOnly),
		Lines:         b.lineItems(),
		Currency:      b.Currency,
		SuccessURL:    s.baseURL + "/bookings/success?session_id=" + payment.PlaceholderCheckoutID,
		// Walking away from the checkout keeps the offer until its deadline.
		CancelURL: s.baseURL + "/my-tours",
		ExpiresAt: b.HoldUntil,
		Terms:     format.PolicyText(b.Policy),
	}
	if s.imageURL != nil {
		req.ImageURL = s.imageURL(t)
	}
	co, err := s.provider.CreateCheckout(ctx, req)
	if err != nil {
		return "", providerError(fmt.Errorf("create %s checkout for offer %s: %w", s.provider.Name(), e.ID, err))
	}
	url, err := s.setOfferCheckout(ctx, waitlist.OfferCheckout{EntryID: e.ID, Provider: s.provider.Name(), CheckoutID: co.ID, URL: co.URL}, accepted, now)
	if err != nil {
		return "", fmt.Errorf("checkout of waiting list offer %s: %w", e.ID, err)
	}
	s.log.Info("offer checkout started", "entry_id", e.ID, "booking_id", b.ID, "checkout_id", co.ID)
	return url, nil
}

// setOfferCheckout records the checkout opened to pay an offer, unless one was recorded
// first (two clicks at once): it returns the URL to send the traveller to, the first
// checkout's. Under the lock of the offer's booking, the offer must still hold its
// seats (waitlist.ErrOfferGone otherwise). The booking keeps the version of the terms
// accepted (0: none asked).
func (s *Service) setOfferCheckout(ctx context.Context, c waitlist.OfferCheckout, terms int, now time.Time) (string, error) {
	url := c.URL
	err := s.inTx(ctx, func(tx Tx) error {
		e, err := tx.WaitlistEntry(ctx, c.EntryID)
		if err != nil {
			return err
		}
		b, err := tx.LockBooking(ctx, e.BookingID)
		if err != nil || e.Status != waitlist.Offered || b.Status != Pending || !now.Before(b.HoldUntil) {
			return waitlist.ErrOfferGone
		}
		if e.CheckoutURL != "" {
			url = e.CheckoutURL
			return nil
		}
		if terms > 0 {
			if err := tx.SetBookingTerms(ctx, b.ID, terms, now); err != nil {
				return err
			}
		}
		return tx.SetOfferCheckout(ctx, c)
	})
	return url, err
}
