package collect

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/payment"
)

// balanceKey starts the key of every balance checkout a traveller opens (PayBalance).
const balanceKey = "balance:"

// ErrNotYours: the booking is not the traveller's (told as not found).
var ErrNotYours = fault.New(fault.NotFound, "not the traveller's booking", "There is no such booking.")

// PayBalance is the address of a provider checkout for exactly what the customer's own
// booking still owes ("Pay the balance" on /my-tours/{id}): a payment link of the
// customer's. While one is open for that amount, the same checkout is returned, however
// often and however concurrently it is asked for, so that only one can be paid; once
// the money is in, nothing is due and a new one is refused. A link that ran out is
// replaced by a new one.
func (s *Service) PayBalance(ctx context.Context, customer account.User, id string) (string, error) {
	if s.provider == nil {
		return "", fault.New(fault.Conflict, "no provider", "This site takes no payments online. Please contact us to pay.")
	}
	now := s.now()
	row, err := s.store.BookingRow(ctx, id)
	if errors.Is(err, booking.ErrNotFound) || (err == nil && row.UserID != customer.ID) {
		return "", ErrNotYours
	}
	if err != nil {
		return "", err
	}
	// The link's payment is written first (pending, without a checkout) under the
	// booking's lock: a second click finds it and answers with its checkout.
	var p Payment
	var stale []Payment
	err = s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, id)
		if err != nil {
			return err
		}
		if b.Status != booking.Paid || !Due(b) {
			return ErrNothingDue
		}
		list, err := tx.BookingPayments(ctx, id)
		if err != nil {
			return err
		}
		for _, q := range list {
			if q.Method != Link || q.Status != Pending || !strings.HasPrefix(q.Key, balanceKey) {
				continue
			}
			if q.AmountMinor == b.DueMinor() && now.Before(q.CreatedAt.Add(s.linkFor)) {
				p = q
				continue
			}
			// Ran out, or for an amount no longer due: never to be paid.
			q.Status, q.UpdatedAt = Expired, now.UTC().Truncate(time.Microsecond)
			if err := tx.UpdatePayment(ctx, q); err != nil {
				return err
			}
			stale = append(stale, q)
		}
		if p.ID != "" {
			return nil
		}
		p = Payment{BookingID: id, Key: fmt.Sprintf("%s%s:%d", balanceKey, id, now.UnixNano()), Method: Link,
			AmountMinor: b.DueMinor(), Currency: b.Currency, Status: Pending, Provider: s.provider.Name(), ActorID: customer.ID}
		return tx.AddPayment(ctx, &p, now)
	})
	s.after(ctx, stale)
	if err != nil {
		return "", fmt.Errorf("balance checkout of booking %s: %w", id, err)
	}
	if p.CheckoutID != "" {
		return s.checkoutURL(ctx, p)
	}
	co, err := s.openCheckout(ctx, p, row, "balance", s.baseURL+"/my-tours/"+id, p.CreatedAt.Add(s.linkFor))
	if err != nil {
		return "", err
	}
	// Recorded under the lock: a concurrent click that opened its checkout first wins,
	// and this one is closed, so that only one checkout can take the balance.
	var extra []Payment
	err = s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, id)
		if err != nil {
			return err
		}
		cur, err := tx.PaymentByKey(ctx, p.Key)
		if err != nil {
			return err
		}
		if cur.CheckoutID != "" {
			if cur.CheckoutID != co.ID {
				extra = append(extra, Payment{BookingID: id, Provider: p.Provider, CheckoutID: co.ID})
			}
			p = cur
			return nil
		}
		if cur.Status != Pending || !Due(b) || b.DueMinor() != cur.AmountMinor {
			extra = append(extra, Payment{BookingID: id, Provider: p.Provider, CheckoutID: co.ID})
			p = cur
			return ErrNothingDue
		}
		p = cur
		p.CheckoutID, p.UpdatedAt = co.ID, now.UTC().Truncate(time.Microsecond)
		if err := tx.UpdatePayment(ctx, p); err != nil {
			return err
		}
		if err := tx.AddBookingEvent(ctx, bookingEvent(id, now, customer, "balance_checkout",
			fmt.Sprintf("%d|link|%s", p.AmountMinor, co.ID))); err != nil {
			return err
		}
		e := audit.Entry{ActorID: customer.ID, ActorName: customer.Name, Action: "booking.balance_checkout", ObjectType: "booking", ObjectID: id}
		e.Changes.Diff("balance checkout", nil, money.Format(p.AmountMinor, p.Currency))
		return tx.AddAudit(ctx, e, id)
	})
	s.after(ctx, extra)
	if err != nil {
		return "", fmt.Errorf("balance checkout of booking %s: %w", id, err)
	}
	if p.CheckoutID != co.ID {
		return s.checkoutURL(ctx, p)
	}
	s.log.Info("balance checkout opened", "booking_id", id, "payment_id", p.ID, "checkout_id", co.ID, "amount", p.AmountMinor)
	return co.URL, nil
}

// checkoutURL is where the customer pays the open link p: its checkout, or the return
// page when it is paid meanwhile.
func (s *Service) checkoutURL(ctx context.Context, p Payment) (string, error) {
	ev, err := s.provider.Checkout(ctx, p.CheckoutID)
	if err != nil {
		if errors.Is(err, payment.ErrUnavailable) {
			return "", &fault.Error{Kind: fault.Upstream, Err: err, Message: payment.UnavailableMessage}
		}
		return "", fmt.Errorf("look up balance checkout %s: %w", p.CheckoutID, err)
	}
	if ev.Paid {
		return s.baseURL + LinkReturnPath + "?session_id=" + p.CheckoutID, nil
	}
	if ev.URL == "" {
		return "", fault.New(fault.Conflict, "balance checkout closed", "This payment page has closed. Please reload the page and try again.")
	}
	return ev.URL, nil
}
