package refund

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// The traveller's side of a booking: their own booking's page, and cancelling it
// themselves under the policy it was made with, through the same refund as an operator's.

// Own is a traveller's booking as they see it: its tour, departure, refunds, and what
// cancelling it now would give back.
type Own struct {
	backoffice.BookingRow
	Tour      tour.Tour
	Departure tour.StartDate
	Quote     booking.Quote
	// Ended: the departure is over (tour.Tour.EndsAt): a paid booking's traveller may
	// review the tour.
	Ended bool
	// At is when it was read: what the page says of the quote and of the details'
	// cut-off is at this moment.
	At time.Time
}

// selfCancelKey is the idempotency key of a traveller's own cancellation: one per
// booking, so that double clicks, retries and two tabs refund once.
func selfCancelKey(bookingID string) string { return "self-cancel-" + bookingID }

// OwnBooking is customer's booking id, or booking.ErrNotFound when it is not theirs
// (whoever asks: operators have the back office's page).
func (s *Service) OwnBooking(ctx context.Context, customer account.User, id string) (Own, error) {
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return Own{}, err
	}
	if customer.ID == "" || row.UserID != customer.ID {
		return Own{}, fmt.Errorf("booking %s of another user: %w", id, booking.ErrNotFound)
	}
	now := s.now()
	t, err := s.store.TourByIDAnyStatus(ctx, row.TourID, now)
	if err != nil {
		return Own{}, err
	}
	dep := departureOf(t, row.StartDate)
	return Own{BookingRow: row, Tour: t, Departure: dep, Quote: booking.QuoteCancellation(row.Booking, t, dep, now),
		Ended: !now.Before(t.EndsAt(dep.Date)), At: now}, nil
}

// CancelOwn cancels customer's own booking and refunds what its policy gives at this
// moment, through the provider, as an operator's cancellation does. expectRefundMinor,
// when given, is the refund the traveller was shown: if a tier ended since, nothing
// happens and the answer says what the refund is now. A booking already cancelled is
// answered as it is, so a second click or tab changes nothing; a refund that failed at
// the provider is tried again for the amount first asked.
func (s *Service) CancelOwn(ctx context.Context, customer account.User, id string, expectRefundMinor *int64) (Own, error) {
	own, err := s.OwnBooking(ctx, customer, id)
	if err != nil {
		return Own{}, err
	}
	if own.Status == booking.Cancelled || own.Status == booking.Refunded {
		return own, nil
	}
	q := own.Quote
	if !q.Allowed {
		return Own{}, &fault.Error{Kind: fault.Conflict, Log: "self-cancel refused", Message: q.Refusal}
	}
	key, refund := selfCancelKey(id), q.RefundMinor
	refunds, err := s.store.BookingRefunds(ctx, id)
	if err != nil {
		return Own{}, err
	}
	for _, r := range refunds {
		if r.Key == key {
			refund = r.AmountMinor
		}
	}
	if expectRefundMinor != nil && *expectRefundMinor != refund {
		return Own{}, &fault.Error{Kind: fault.Conflict, Log: "self-cancel quote changed",
			Message: fmt.Sprintf("The refund for cancelling is now %s, not %s: a cancellation deadline passed. Nothing was cancelled; please check the new amount and confirm again.",
				money.Format(refund, own.Currency), money.Format(*expectRefundMinor, own.Currency))}
	}
	reason := fmt.Sprintf("You cancelled it %s; its cancellation policy refunds %d%%.", daysText(q.DaysBefore), q.Percent)
	// The traveller's own words back to them: what their cancellation gave.
	// The quote is checked again under the booking's lock: an operator's refund or a
	// change of the booking between the quote and the lock changes what the policy gives.
	check := func(b booking.Booking) error {
		now := booking.QuoteCancellation(b, own.Tour, own.Departure, s.now())
		if !now.Allowed {
			return &fault.Error{Kind: fault.Conflict, Log: "self-cancel refused under lock", Message: now.Refusal}
		}
		if now.RefundMinor != refund {
			return &fault.Error{Kind: fault.Conflict, Log: "self-cancel quote changed under lock",
				Message: fmt.Sprintf("The refund for cancelling is now %s, not %s: the booking changed meanwhile. Nothing was cancelled; please check the new amount and confirm again.",
					money.Format(now.RefundMinor, own.Currency), money.Format(refund, own.Currency))}
		}
		return nil
	}
	err = s.cancelChecked(ctx, customer, id, refund, reason, booking.CustomerText(reason), key, "booking.self_cancel", check)
	if errors.Is(err, ErrNotCancellable) {
		// Another request of the traveller's cancelled it first.
		if after, aerr := s.OwnBooking(ctx, customer, id); aerr == nil &&
			(after.Status == booking.Cancelled || after.Status == booking.Refunded) {
			return after, nil
		}
	}
	if err != nil {
		return Own{}, err
	}
	s.log.Info("booking cancelled by its traveller", "booking_id", id, "user_id", customer.ID,
		"days_before", q.DaysBefore, "percent", q.Percent, "refund", refund)
	return s.OwnBooking(ctx, customer, id)
}

// departureOf is t's departure on day. A departure with bookings is never deleted; its
// day at the default time otherwise.
func departureOf(t tour.Tour, day time.Time) tour.StartDate {
	dep := tour.StartDate{Date: tour.Day(day)}
	for _, d := range t.StartDates {
		if d.Date.Equal(dep.Date) {
			dep = d
		}
	}
	return dep
}

func daysText(n int) string {
	switch n {
	case 0:
		return "on the day of departure"
	case 1:
		return "1 day before departure"
	}
	return fmt.Sprintf("%d days before departure", n)
}
