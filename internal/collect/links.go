package collect

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
)

// LinkReturnPath is where the provider sends a customer back after paying a link.
const LinkReturnPath = "/payment-link/return"

// SendLink opens a provider checkout for exactly what a booking owes and emails it to
// the customer; an older link of the booking expires, so that only one can be paid.
// key makes it idempotent: the same key again sends nothing more.
func (s *Service) SendLink(ctx context.Context, actor account.User, id, key string) (Detail, error) {
	if !account.CanManageBookings(actor) {
		return Detail{}, account.ErrNotAllowed
	}
	key, err := cleanKey(key)
	if err != nil {
		return Detail{}, err
	}
	if s.provider == nil {
		return Detail{}, fault.New(fault.Conflict, "no provider", "This site takes no payments online, so it cannot send payment links.")
	}
	now := s.now()
	// The link's payment is written first (pending, without a checkout), so that a retry
	// with the same key finds it and opens the same checkout rather than a second.
	var p Payment
	var b booking.Booking
	err = s.inTx(ctx, func(tx Tx) error {
		var err error
		if b, err = tx.LockBooking(ctx, id); err != nil {
			return err
		}
		var found bool
		if p, found, err = paymentByKey(ctx, tx, key, id); err != nil || found {
			return err // or sent already, or on its way
		}
		if !Due(b) {
			return ErrNothingDue
		}
		p = Payment{BookingID: id, Key: key, Method: Link, AmountMinor: b.DueMinor(), Currency: b.Currency,
			Status: Pending, Provider: s.provider.Name(), ActorID: actor.ID}
		return tx.AddPayment(ctx, &p, now)
	})
	if err != nil {
		return Detail{}, fmt.Errorf("payment link of booking %s: %w", id, err)
	}
	if p.CheckoutID != "" || p.Status != Pending {
		return s.detail(ctx, id) // sent already
	}
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	expires := now.Add(s.linkFor)
	co, err := s.openCheckout(ctx, p, row, "payment of what is due", s.baseURL+"/", expires)
	if err != nil {
		return Detail{}, err
	}
	// Written before the transaction, which must not wait for a connection to read.
	var email *mail.Message
	if s.mailer != nil {
		if email, err = s.mailer.PaymentLink(ctx, row.Booking, p.AmountMinor, co.URL, expires); err != nil {
			return Detail{}, fmt.Errorf("write the payment link's email: %w", err)
		}
		email.IdemKey = "payment-link:" + p.ID
	}
	var expired []Payment
	stale, lost := false, false
	err = s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, id)
		if err != nil {
			return err
		}
		// A concurrent send with the same key that opened its checkout first wins: this
		// one's checkout is closed, so that the link emailed is the one recorded.
		cur, err := tx.PaymentByKey(ctx, p.Key)
		if err != nil {
			return err
		}
		if cur.CheckoutID != "" || cur.Status != Pending {
			lost = true
			expired = append(expired, Payment{BookingID: id, Provider: p.Provider, CheckoutID: co.ID})
			return nil
		}
		p.CheckoutID, p.UpdatedAt = co.ID, now.UTC().Truncate(time.Microsecond)
		if !Due(b) || b.DueMinor() != p.AmountMinor {
			// Paid or changed while the checkout opened: this link must not be paid.
			p.Status, stale = Expired, true
			expired = append(expired, p)
			return tx.UpdatePayment(ctx, p)
		}
		if err := tx.UpdatePayment(ctx, p); err != nil {
			return err
		}
		if expired, err = s.expireLinks(ctx, tx, id, p.ID, now); err != nil {
			return err
		}
		if err := tx.AddBookingEvent(ctx, bookingEvent(b.ID, now, actor, "payment_link_sent",
			fmt.Sprintf("%d|link|%s", p.AmountMinor, co.ID))); err != nil {
			return err
		}
		e := entry(actor, "booking.payment_link", id)
		e.Changes.Diff("payment link", nil, money.Format(p.AmountMinor, p.Currency))
		if err := tx.AddAudit(ctx, e, id); err != nil {
			return err
		}
		if email == nil {
			return nil
		}
		_, err = tx.EnqueueEmail(ctx, email)
		return err
	})
	s.after(ctx, expired)
	if err == nil && stale {
		err = ErrNothingDue
	}
	if err != nil {
		return Detail{}, fmt.Errorf("payment link of booking %s: %w", id, err)
	}
	if lost {
		return s.detail(ctx, id) // sent by the concurrent send
	}
	s.log.Info("payment link sent", "booking_id", id, "payment_id", p.ID, "checkout_id", co.ID, "amount", p.AmountMinor, "by", actor.ID)
	return s.detail(ctx, id)
}

// openCheckout opens the provider checkout of the link p of the booking row, for
// exactly p's amount (what names what it pays in its description).
func (s *Service) openCheckout(ctx context.Context, p Payment, row backoffice.BookingRow, what, cancelURL string,
	expires time.Time) (payment.Checkout, error) {
	co, err := s.provider.CreateCheckout(ctx, payment.CheckoutRequest{
		// The payment's id, not the booking's: each link is a checkout of its own, and
		// its webhook must never be taken for the booking's own checkout.
		BookingID: p.ID, TourID: row.TourID, UserID: row.UserID, CustomerEmail: row.CustomerEmail,
		TourName:    row.TourName,
		Description: fmt.Sprintf("%s · %s · %s", format.Date(row.StartDate), row.TravellersText(), what),
		StartDate:   row.StartDate.Format(time.DateOnly), UnitAmountMinor: p.AmountMinor, Quantity: 1, Currency: p.Currency,
		SuccessURL: s.baseURL + LinkReturnPath + "?session_id=" + payment.PlaceholderCheckoutID,
		CancelURL:  cancelURL, ExpiresAt: expires, Terms: format.PolicyText(row.Policy),
	})
	if err != nil {
		if errors.Is(err, payment.ErrUnavailable) {
			return payment.Checkout{}, &fault.Error{Kind: fault.Upstream, Err: err, Message: payment.UnavailableMessage}
		}
		return payment.Checkout{}, fmt.Errorf("open payment link of booking %s: %w", p.BookingID, err)
	}
	return co, nil
}

// FulfilLink records a paid checkout when it is a payment link's (booking.Links): false
// when the checkout is not a link's, for the booking's own fulfilment to handle.
// Idempotent: the webhook, the customer's return and any replay may all call it.
func (s *Service) FulfilLink(ctx context.Context, ev payment.Event) (bool, error) {
	if s.provider == nil {
		return false, nil
	}
	p, err := s.store.PaymentByCheckout(ctx, s.provider.Name(), ev.CheckoutID)
	if errors.Is(err, ErrPaymentNotFound) {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	_, err = s.linkPaid(ctx, p, ev)
	return true, err
}

// linkPaid records the link p as paid by ev, once, and returns it as it now is.
func (s *Service) linkPaid(ctx context.Context, p Payment, ev payment.Event) (Payment, error) {
	now := s.now()
	row, err := s.store.BookingRow(ctx, p.BookingID)
	if err != nil {
		return p, err
	}
	confirmation := s.confirmation(ctx, row.Booking)
	var expired []Payment
	changed := false
	err = s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, p.BookingID)
		if err != nil {
			return err
		}
		if p, err = tx.PaymentByCheckout(ctx, p.Provider, p.CheckoutID); err != nil {
			return err
		}
		if p.Status == Received {
			return nil
		}
		if !Due(b) {
			// The booking owes nothing (cancelled, or paid otherwise meanwhile) but the
			// customer paid: the money is recorded, and is to be given back.
			s.log.Error("REFUND DUE: a payment link was paid for a booking that owes nothing", "booking_id", b.ID,
				"status", string(b.Status), "payment_id", p.ID, "amount", ev.AmountTotal, "currency", ev.Currency)
		}
		if ev.AmountTotal != p.AmountMinor || !strings.EqualFold(ev.Currency, p.Currency) {
			s.log.Error("payment link paid a different amount than asked", "booking_id", b.ID, "payment_id", p.ID,
				"asked", p.AmountMinor, "currency", p.Currency, "paid", ev.AmountTotal, "paid_currency", ev.Currency)
		}
		p.Status, p.AmountMinor, p.Reference = Received, ev.AmountTotal, ev.PaymentRef
		p.ReceivedOn, p.UpdatedAt = dayOf(now), now.UTC().Truncate(time.Microsecond)
		if err := tx.UpdatePayment(ctx, p); err != nil {
			return err
		}
		changed = true
		e := audit.Entry{ActorName: "Customer (payment link)", Action: "booking.link_paid", ObjectType: "booking", ObjectID: b.ID}
		expired, err = s.receive(ctx, tx, b, p, "Customer", now, e, confirmation)
		return err
	})
	if err != nil {
		return p, fmt.Errorf("payment link %s paid: %w", p.ID, err)
	}
	if changed {
		s.after(ctx, expired)
		s.log.Info("payment link paid", "booking_id", p.BookingID, "payment_id", p.ID, "checkout_id", p.CheckoutID,
			"amount", p.AmountMinor, "currency", p.Currency)
	}
	return p, nil
}

func dayOf(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// ConfirmLink settles the link the customer came back from (the webhook may not have
// arrived yet) and says what became of it. Anyone holding the address may ask: it
// names the payment's checkout, which only its customer was sent, and says nothing but
// whether it was paid.
func (s *Service) ConfirmLink(ctx context.Context, checkoutID string) (string, error) {
	notFound := &fault.Error{Kind: fault.NotFound, Message: "We could not find that payment."}
	if checkoutID == "" || s.provider == nil {
		return "", notFound
	}
	p, err := s.store.PaymentByCheckout(ctx, s.provider.Name(), checkoutID)
	if errors.Is(err, ErrPaymentNotFound) {
		notFound.Err = err
		return "", notFound
	}
	if err != nil {
		return "", err
	}
	if p.Status != Received {
		ev, err := s.provider.Checkout(ctx, checkoutID)
		if err != nil {
			s.log.Warn("payment link lookup on return failed", "payment_id", p.ID, "checkout_id", checkoutID, "err", err)
			return "Your payment is being processed. We will email you as soon as it is confirmed.", nil
		}
		if !ev.Paid {
			return "This payment link was not paid, so nothing was charged.", nil
		}
		if p, err = s.linkPaid(ctx, p, ev); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("Thank you: your payment of %s is received.", money.Format(p.AmountMinor, p.Currency)), nil
}

// CloseLinks expires a cancelled booking's open payment links, at the provider too, so
// that nobody pays for a booking that is gone (refund.Options.Cancelled), or those of a
// booking whose price changed, for what was due before (rebook.Options.PriceChanged). A failure is
// logged: the cancellation stands, and an unexpired link paid later is recorded as
// refund due.
func (s *Service) CloseLinks(ctx context.Context, bookingID string) {
	var expired []Payment
	err := s.inTx(ctx, func(tx Tx) error {
		var err error
		expired, err = s.expireLinks(ctx, tx, bookingID, "", s.now())
		return err
	})
	if err != nil {
		s.log.Error("close the payment links of a cancelled booking", "booking_id", bookingID, "error", err)
		return
	}
	if len(expired) > 0 {
		s.after(ctx, expired)
	}
}

// SendPaymentLink sends the customer of a booking just taken by an operator a link for
// all that is due (backoffice.PaymentLinks, for New booking's "Send a payment link"),
// once per booking: a retry of the same booking sends the same link.
func (s *Service) SendPaymentLink(ctx context.Context, actor account.User, bookingID string) error {
	_, err := s.SendLink(ctx, actor, bookingID, "new-booking:"+bookingID)
	return err
}
