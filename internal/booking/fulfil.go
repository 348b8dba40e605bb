package booking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/payment"
	"tourbook/internal/receipt"
	"tourbook/internal/tour"
)

// Messages for the alert on the success return page.
const (
	msgRefundLate     = "Your payment arrived after your seat hold expired and the date is now full. We will refund you in full within 5 days."
	msgRefundMismatch = "Your payment did not match the price of this booking. We will refund you in full within 5 days."
	msgProcessing     = "Your payment is being processed. Your booking will show on My tours as soon as it is confirmed."
	msgNotPaid        = "This checkout was not paid, so nothing was booked."
)

// HandleWebhook verifies and applies a provider's webhook. A bad signature is a 400
// *Error and records nothing; events other than a paid checkout are acknowledged and
// ignored; replays change nothing.
func (s *Service) HandleWebhook(ctx context.Context, payload []byte, header payment.Header) error {
	ev, err := s.provider.ParseWebhook(payload, header)
	if errors.Is(err, payment.ErrBadSignature) {
		return &Error{Kind: fault.Invalid, Message: "The webhook signature is not valid.", Err: err}
	}
	if err != nil {
		return &Error{Kind: fault.Invalid, Message: "The webhook could not be read.", Err: err}
	}
	if !ev.Paid {
		return nil
	}
	if s.links != nil {
		if handled, err := s.links.FulfilLink(ctx, ev); handled || err != nil {
			return err
		}
	}
	b, err := s.bookingForEvent(ctx, ev)
	if errors.Is(err, ErrNotFound) {
		// Not ours (another integration on the same provider account): acknowledge, or
		// the provider would retry for days.
		s.log.Warn("webhook for an unknown checkout", "provider", s.provider.Name(), "checkout_id", ev.CheckoutID, "booking_id", ev.BookingID)
		return nil
	}
	if err != nil {
		return err
	}
	_, err = s.fulfil(ctx, b, ev)
	return err
}

// ConfirmReturn settles the checkout the customer came back from (the webhook may not
// have arrived yet) and returns the booking and the alert to show. Only the booking's own
// user may look it up; anyone else gets the same 404 as for an unknown checkout.
func (s *Service) ConfirmReturn(ctx context.Context, user account.User, checkoutID string) (Booking, string, error) {
	notFound := &Error{Kind: fault.NotFound, Message: "We could not find that booking."}
	if checkoutID == "" {
		return Booking{}, "", notFound
	}
	b, err := s.store.BookingByCheckout(ctx, s.provider.Name(), checkoutID)
	if errors.Is(err, ErrNotFound) {
		notFound.Err = err
		return Booking{}, "", notFound
	}
	if err != nil {
		return Booking{}, "", fmt.Errorf("booking for checkout %s: %w", checkoutID, err)
	}
	if b.UserID != user.ID {
		return Booking{}, "", notFound
	}
	t, err := s.tours.TourByID(ctx, b.TourID, s.now())
	if err != nil {
		return Booking{}, "", fmt.Errorf("load tour %s of booking %s: %w", b.TourID, b.ID, err)
	}

	switch b.Status {
	case Paid, RefundDue, Refunded:
		// Already settled (usually by the webhook): no need to ask the provider.
		return b, s.message(t, b), nil
	}
	ev, err := s.provider.Checkout(ctx, checkoutID)
	if err != nil {
		// The provider will still send its webhook; the customer need not wait here.
		s.log.Warn("checkout lookup on return failed", "booking_id", b.ID, "checkout_id", checkoutID, "err", err)
		return b, msgProcessing, nil
	}
	if !ev.Paid {
		if b.Status == Cancelled {
			return b, msgNotPaid, nil
		}
		return b, msgProcessing, nil
	}
	b, err = s.fulfil(ctx, b, ev)
	if err != nil {
		return Booking{}, "", err
	}
	return b, s.message(t, b), nil
}

// message is the alert for a settled booking.
func (s *Service) message(t tour.Tour, b Booking) string {
	switch b.Status {
	case Paid:
		return fmt.Sprintf("Your booking of %s on %s for %s is confirmed. Thank you!",
			t.Name, b.StartDate.Format(dateLayout), participantsText(b.Participants))
	case RefundDue, Refunded:
		// A payment made while the hold still kept the seats can only have been refused
		// for its amount; a later one was (almost always) refused for want of seats.
		// The booking says when it was paid, even after the store has recorded the
		// amount paid in place of the price asked.
		if b.PaidAt.Before(b.HoldUntil) {
			return msgRefundMismatch
		}
		return msgRefundLate
	}
	return msgProcessing
}

// bookingForEvent finds the event's booking by its checkout id, or by the booking id
// the provider echoes back in case the checkout id was never recorded.
func (s *Service) bookingForEvent(ctx context.Context, ev payment.Event) (Booking, error) {
	b, err := s.store.BookingByCheckout(ctx, s.provider.Name(), ev.CheckoutID)
	if !errors.Is(err, ErrNotFound) || ev.BookingID == "" {
		return b, err
	}
	b, err = s.store.BookingByID(ctx, ev.BookingID)
	if err != nil {
		return Booking{}, err
	}
	if b.CheckoutID != "" && b.CheckoutID != ev.CheckoutID {
		// The booking belongs to another checkout: this event is not about it.
		return Booking{}, fmt.Errorf("checkout %s names booking %s of checkout %s: %w", ev.CheckoutID, b.ID, b.CheckoutID, ErrNotFound)
	}
	return b, nil
}

// fulfil records a paid checkout, once: RecordPayment is idempotent, so the webhook, the
// customer's return and any replay may all call it.
func (s *Service) fulfil(ctx context.Context, b Booking, ev payment.Event) (Booking, error) {
	now := s.now()
	var err error
	currency := strings.ToLower(ev.Currency)
	mismatch := ev.AmountTotal != b.ChargeMinor() || currency != b.Currency
	// The confirmation is written first and goes out only if the booking becomes paid,
	// in the same transaction.
	var confirmation *mail.Message
	if s.mailer != nil && b.Status != Paid {
		if confirmation, err = s.mailer.Confirmation(ctx, b); err != nil {
			s.log.Error("write booking confirmation", "booking_id", b.ID, "error", err)
			confirmation = nil
		}
	}
	nb, changed, err := s.RecordPayment(ctx, b.ID, Payment{Ref: ev.PaymentRef, AmountMinor: ev.AmountTotal, Currency: currency},
		now, confirmation)
	if err != nil {
		return Booking{}, err
	}
	if changed && confirmation != nil && nb.Status == Paid {
		s.queued()
	}
	if changed {
		s.counter.PaymentRecorded(string(nb.Status))
	}
	if changed && nb.Status == Paid {
		s.notifier.BookingNew(ctx, nb.ID)
	}
	if !changed {
		s.log.Info("payment already recorded", "booking_id", b.ID, "checkout_id", ev.CheckoutID, "status", string(nb.Status))
		return nb, nil
	}
	switch {
	case nb.Status == RefundDue && mismatch:
		// An operator must refund: say exactly what differed. Never card data or keys.
		s.log.Error("REFUND DUE: payment does not match the booking's price",
			"booking_id", b.ID, "provider", s.provider.Name(), "checkout_id", ev.CheckoutID, "payment_ref", ev.PaymentRef,
			"expected_amount", b.ChargeMinor(), "expected_currency", b.Currency,
			"got_amount", ev.AmountTotal, "got_currency", currency)
	case nb.Status == RefundDue:
		s.log.Error("REFUND DUE: payment arrived after the seat hold expired and the date is full",
			"booking_id", b.ID, "provider", s.provider.Name(), "checkout_id", ev.CheckoutID, "payment_ref", ev.PaymentRef,
			"amount", ev.AmountTotal, "currency", currency, "hold_until", b.HoldUntil.Format(time.RFC3339))
	default:
		s.log.Info("booking paid", "booking_id", b.ID, "checkout_id", ev.CheckoutID, "payment_ref", ev.PaymentRef,
			"amount", ev.AmountTotal, "currency", currency)
	}
	return nb, nil
}

// ExpireHolds cancels Pending bookings whose hold has run out, freeing their seats for
// the tour pages' counts (the store already ignores expired holds when it checks
// capacity; this makes their state say so too), and closes their checkouts.
func (s *Service) ExpireHolds(ctx context.Context) (int, error) {
	now := s.now()
	due, err := s.store.DueHolds(ctx, now)
	if err != nil {
		return 0, fmt.Errorf("expire holds: %w", err)
	}
	n, err := s.store.ExpireHolds(ctx, now)
	if err != nil {
		return 0, fmt.Errorf("expire holds: %w", err)
	}
	if n > 0 {
		s.counter.HoldsReleased("expired", n)
	}
	// Gift card spends of holds that ended unpaid go back on their cards (giftcard.go).
	if s.giftCards != nil {
		if _, err := s.giftCards.ReleaseLapsed(ctx); err != nil {
			return n, fmt.Errorf("give back gift card spends: %w", err)
		}
	}
	// Their checkouts close too: Stripe's may outlive the hold (it lasts at least 30
	// minutes). Another instance may close them as well, which changes nothing.
	s.expireCheckouts(ctx, due)
	// Then the waiting lists: seats of expired holds are offered, offers that ran out
	// pass to the next entry. Safe to run again: it works from the data, under locks.
	if s.waitlist != nil {
		if _, err := s.waitlist.OfferWaitlistSeats(ctx, now); err != nil {
			return n, fmt.Errorf("run waiting lists: %w", err)
		}
		s.queued()
	}
	return n, nil
}

// RunExpiry calls ExpireHolds now and then every interval until ctx is done. Failures
// are logged and retried on the next tick.
func (s *Service) RunExpiry(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		n, err := s.ExpireHolds(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("expire seat holds", "err", err)
		case n > 0:
			s.log.Info("expired seat holds", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Payment is what the provider says was paid for a booking.
type Payment struct {
	Ref         string // the provider's payment id
	AmountMinor int64
	Currency    string
}

// RecordPayment records a payment for a booking at now, in one transaction under the
// booking's lock and idempotently:
//   - Paid, RefundDue or Refunded already: nothing changes (changed is false);
//   - amount or currency different from the booking's: RefundDue;
//   - Pending with its hold still running at now: Paid;
//   - Pending with an expired hold, or Cancelled: Paid if the seats are still free under
//     the departure's capacity (counted under its lock), else RefundDue.
//
// It sets PaymentRef and PaidAt (to now), and AmountMinor and Currency to what was paid,
// which is what an operator refunds; the booking gets its ticket, and a paid waiting-list
// offer its entry booked, and a paid booking its numbered receipt (Options.Receipts).
// paid, when not nil, is the confirmation email: it goes to the outbox, with the
// receipt's PDF, in the same transaction when, and only when, the booking becomes Paid.
func (s *Service) RecordPayment(ctx context.Context, id string, p Payment, now time.Time, paid *mail.Message) (b Booking, changed bool, err error) {
	err = s.inTx(ctx, func(tx Tx) error {
		// Locking the booking first makes a second, concurrent payment of the same
		// booking wait and then see it paid.
		var err error
		if b, err = tx.LockBooking(ctx, id); err != nil {
			return err
		}
		switch b.Status {
		case Paid, RefundDue, Refunded:
			return nil
		}
		// What a gift card pays is not the provider's to pay (giftcard.go); a card's spend
		// given back when the hold lapsed leaves the provider's payment short: refund due.
		_, cardMinor, err := tx.GiftCardSpent(ctx, b.ID)
		if err != nil {
			return err
		}
		next := Paid
		switch {
		case p.AmountMinor != b.ChargeMinor()-cardMinor || !strings.EqualFold(p.Currency, b.Currency):
			next = RefundDue
		case b.Status == Pending && now.Before(b.HoldUntil):
			// The hold kept the seats.
		default:
			if next, err = s.seatsStillFree(ctx, tx, b, now); err != nil {
				return err
			}
		}
		b.Status, b.PaymentRef, b.PaidAt = next, p.Ref, now.UTC().Truncate(time.Microsecond)
		// Received: the provider's payment and the gift card's part.
		received := p.AmountMinor + cardMinor
		b.Currency, b.PaidMinor = strings.ToLower(p.Currency), received
		if next != Paid || !b.WithDeposit() {
			// What was paid is what an operator refunds; a deposit keeps the whole price,
			// whose balance is still due.
			b.AmountMinor = received
		}
		if err := tx.RecordPayment(ctx, b); err != nil {
			return err
		}
		changed = true
		// Every booking that was paid has a ticket, even one due a refund.
		if err := tx.IssueTicket(ctx, b.ID, now); err != nil {
			return err
		}
		if b.Status != Paid {
			return nil
		}
		if err := tx.BookOffer(ctx, b.ID); err != nil {
			return err
		}
		if s.receipts != nil {
			// Numbered last: the year's counter stays locked until the commit.
			if _, err := s.receipts.Issue(ctx, tx, receipt.Issue{Kind: receipt.Receipt, BookingID: b.ID, Source: "booking-paid:" + b.ID,
				AmountMinor: b.PaidMinor, Currency: b.Currency, Method: paidBy(p.AmountMinor, cardMinor), At: now}, paid); err != nil {
				return err
			}
		}
		if paid != nil {
			if _, err := tx.EnqueueEmail(ctx, paid); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Booking{}, false, fmt.Errorf("fulfil booking %s: %w", id, err)
	}
	if changed {
		s.seats()
	}
	return b, changed, nil
}

// seatsStillFree is Paid when a late payment's seats, and the extras it bought, are
// still free on its departure (not counting itself: its hold ran out or was cancelled),
// else RefundDue; a departure withdrawn after the checkout opened is RefundDue too.
func (s *Service) seatsStillFree(ctx context.Context, tx Tx, b Booking, now time.Time) (Status, error) {
	dep, taken, err := tour.LockSeats(ctx, tx, b.TourID, b.StartDate, now)
	if errors.Is(err, tour.ErrNotFound) {
		return RefundDue, nil
	}
	if err != nil {
		return "", err
	}
	if taken+b.Participants > dep.Capacity {
		return RefundDue, nil
	}
	if len(b.Extras) > 0 {
		t, err := s.tours.TourByID(ctx, b.TourID, now)
		if errors.Is(err, tour.ErrNotFound) {
			return RefundDue, nil
		}
		if err != nil {
			return "", err
		}
		err = CheckStock(ctx, tx, &b, t.Extras, now)
		if errors.Is(err, ErrNoStock) {
			return RefundDue, nil
		}
		if err != nil {
			return "", err
		}
	}
	// Its promo code's use ended with the hold: others may have used the code up since.
	// Honoured past its limit, two buyers would have passed it together.
	if s.promos != nil {
		ok, err := s.promos.StillHonoured(ctx, tx, b.ID, b.UserID)
		if err != nil || !ok {
			return RefundDue, err
		}
	}
	return Paid, nil
}
