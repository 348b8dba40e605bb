package refund

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/receipt"
)

// The rules of cancelling and refunding, applied under the store's row locks in one
// transaction each: what may be cancelled or refunded, and a refund made once per key.

// Cancellable reports whether an operator may cancel or refund b: it was paid (or taken
// by an operator to be paid) and is not yet cancelled.
func Cancellable(b booking.Booking) bool {
	return b.Status == booking.Paid || b.Status == booking.RefundDue || b.Status == booking.AwaitingPayment
}

// beginRefund starts the refund r (BookingID, Key, AmountMinor, ActorID, Reason) of a
// booking, or finds the one already started with r.Key, under the booking's lock:
//   - the key's refund succeeded: it is returned as it is (nothing more to do);
//   - it is pending (a retry, or a crash after the provider was asked) or failed: it is
//     returned pending, to ask the provider again with the same key;
//   - a new key: the booking must be paid or refund due (ErrNotCancellable; paid alone
//     when it is to stay active), without another refund pending
//     (backoffice.ErrRefundInProgress); run.Before, when set, writes its change and says
//     the amount; and the amount is at most what was paid and not yet refunded.
//
// The booking is returned as it is.
func (s *Service) beginRefund(ctx context.Context, r backoffice.Refund, run RefundRun, now time.Time) (backoffice.Refund, booking.Booking, error) {
	var b booking.Booking
	err := s.inTx(ctx, func(tx Tx) error {
		var err error
		if b, err = tx.LockBooking(ctx, r.BookingID); err != nil {
			return err
		}
		found, err := tx.RefundByKey(ctx, r.Key)
		switch {
		case err == nil && found.BookingID != r.BookingID:
			return ErrKeyReused
		case err == nil && found.Status == backoffice.RefundFailed:
			found.Status, found.Error, found.UpdatedAt = backoffice.RefundPending, "", now.UTC().Truncate(time.Microsecond)
			r = found
			return tx.UpdateRefund(ctx, found)
		case err == nil:
			r = found
			return nil
		case !errors.Is(err, backoffice.ErrRefundNotFound):
			return err
		}
		if !Cancellable(b) || (run.Keep && b.Status != booking.Paid) {
			return ErrNotCancellable
		}
		pending, err := tx.PendingRefunds(ctx, b.ID)
		if err != nil {
			return err
		}
		if pending > 0 {
			return backoffice.ErrRefundInProgress
		}
		if run.Before != nil {
			if b, r.AmountMinor, err = run.Before(ctx, tx, b); err != nil {
				return err
			}
		}
		if r.AmountMinor <= 0 {
			return invalid("Please give an amount to refund greater than 0.")
		}
		if left := Refundable(b); r.AmountMinor > left {
			return fault.FieldError("refundMinor", "Refund amount is more than was paid and not yet refunded. Reload the page to see what is left.")
		}
		r.Currency, r.Provider, r.Status = b.Currency, b.Provider, backoffice.RefundPending
		return tx.AddRefund(ctx, &r, now)
	})
	if err != nil {
		return r, b, fmt.Errorf("begin refund of booking %s: %w", r.BookingID, err)
	}
	return r, b, nil
}

// Refundable is what may still be given back of b: what was received less what was
// refunded.
func Refundable(b booking.Booking) int64 {
	return max(0, b.PaidMinor-b.RefundedMinor)
}

// Outcome is how the provider answered a refund: Failure "" is success, ProviderRef
// then the provider's refund id. Keep: the booking stays active.
type Outcome struct {
	ProviderRef string
	Failure     string
	// Owed: the money goes back outside the site; the refund is owed until an operator
	// records it paid back.
	Owed bool
	Keep bool
	// LowerPrice: a refund kept on an active booking lowers its price by the amount
	// (RefundRun.LowerPrice; a change that lowered the price itself needs it not).
	LowerPrice bool
}

// finishRefund records how a pending refund ended: on success the booking becomes
// Refunded with the amount added to what was refunded, its seats free (or, with
// out.Keep, stays as it is with the amount added); otherwise the
// refund is marked failed and the booking stays as it was. Either way the booking's
// history says so; a refund that already succeeded is left alone (the same key finished
// twice adds its amount once). done, when not nil, is the customer's email, which the
// caller queues last in the transaction with the credit note (creditNote), after the
// waiting list's offers, so that the year's counter is the last lock it takes: numbered
// now with a success recorded now (finished), or the one the request that recorded the
// refund numbered. It returns the booking as it now is.
func (s *Service) finishRefund(ctx context.Context, tx Tx, refundID string, out Outcome, actorName string, now time.Time,
	e audit.Entry, done *mail.Message) (b booking.Booking, finished bool, err error) {
	defer wrap(&err, "finish refund %s", refundID)
	r, err := tx.RefundByID(ctx, refundID)
	if err != nil {
		return booking.Booking{}, false, err
	}
	// The booking is locked before the refund is read again: two requests finishing the
	// same refund then run one after the other, and the second sees the first's outcome.
	b, err = tx.LockBooking(ctx, r.BookingID)
	if err != nil {
		return b, false, err
	}
	if r, err = tx.RefundByID(ctx, refundID); err != nil {
		return b, false, err
	}
	// Another request with the same key finished it, perhaps without the email this one
	// carries (a retry of a change does not write it again): the caller queues that
	// email (once by its key, whoever brings it) with the credit note the other request
	// issued (creditNote).
	finishedElsewhere := func() (booking.Booking, bool, error) {
		return b, false, nil
	}
	if r.Status == backoffice.RefundSucceeded || r.Status == backoffice.RefundOwed {
		return finishedElsewhere()
	}
	r.UpdatedAt = now.UTC().Truncate(time.Microsecond)
	event := backoffice.Event{BookingID: b.ID, At: now, ActorID: r.ActorID, ActorName: actorName}
	if out.Failure != "" {
		r.Status, r.Error = backoffice.RefundFailed, out.Failure
		if wrote, err := tx.FinishRefund(ctx, r); err != nil || !wrote {
			return b, false, err
		}
		event.Kind, event.Detail = "refund_failed", out.Failure
		return b, false, tx.AddBookingEvent(ctx, event)
	}
	r.Status, r.ProviderRef = backoffice.RefundSucceeded, out.ProviderRef
	if out.Owed {
		r.Status = backoffice.RefundOwed
	}
	// Only the request whose write records the refund adds its amount, and adds it to
	// the booking as stored (AddRefunded), not to the copy in hand: the lock above
	// already orders the requests; the store makes the rule hold without it too.
	if wrote, err := tx.FinishRefund(ctx, r); err != nil {
		return b, false, err
	} else if !wrote {
		return finishedElsewhere()
	}
	before := b
	b.RefundedMinor += r.AmountMinor
	if out.Keep && out.LowerPrice {
		// Money given back on a booking that stays: its price is that much lower, so
		// nothing becomes due (booking.DueMinor).
		b.AmountMinor = max(0, b.AmountMinor-r.AmountMinor)
		if err := tx.ChangeBooking(ctx, b); err != nil {
			return b, false, err
		}
	}
	event.Kind = "refunded_kept"
	if !out.Keep {
		b.Status, event.Kind = booking.Refunded, "refunded"
	}
	if err := tx.AddRefunded(ctx, b.ID, b.Status, r.AmountMinor); err != nil {
		return b, false, err
	}
	event.Detail = fmt.Sprintf("%d|%s", r.AmountMinor, r.Reason)
	if out.Owed {
		event.Kind = "refund_owed" // paid back outside the site, the booking kept or not
	}
	if err := tx.AddBookingEvent(ctx, event); err != nil {
		return b, false, err
	}
	e.Changes.Diff("status", before.Status, b.Status)
	e.Changes.Diff("refunded", before.RefundedMinor, b.RefundedMinor)
	e.Changes.Diff("amount", before.AmountMinor, b.AmountMinor)
	return b, true, tx.AddAudit(ctx, e, b.ID)
}

// creditNote numbers the credit note of r, refunded now by method (not owed:
// that one's comes when it is paid back), attaches it to done and queues done; last in
// the refund's transaction.
func (s *Service) creditNote(ctx context.Context, tx Tx, r backoffice.Refund, owed bool, method receipt.Method, now time.Time, done *mail.Message) error {
	if s.receipts != nil && !owed {
		if _, err := s.receipts.Issue(ctx, tx, receipt.Issue{Kind: receipt.CreditNote, BookingID: r.BookingID, Source: "refund:" + r.ID,
			AmountMinor: r.AmountMinor, Currency: r.Currency, Method: method, At: now}, done); err != nil {
			return err
		}
	}
	if done == nil {
		return nil
	}
	_, err := tx.EnqueueEmail(ctx, done)
	return err
}

// Closing is how an operator ends a booking without a refund through the site.
type Closing struct {
	BookingID string
	Kind      string // the history's word: "cancelled", "resolved"
	Reason    string
	// OnlyRefundDue: only a booking whose refund is due may be closed (a resolution).
	OnlyRefundDue bool
	ActorName     string
	// Check, when not nil, may refuse the closing of the booking, locked.
	Check func(b booking.Booking) error
}

// closeBooking ends a paid or refund-due booking (ErrNotCancellable otherwise):
// Cancelled, its seats free, with c.Kind and the operator's reason in its history. done,
// when not nil, is the customer's email, queued with it.
func (s *Service) closeBooking(ctx context.Context, tx Tx, c Closing, now time.Time, e audit.Entry, done *mail.Message) (b booking.Booking, err error) {
	defer wrap(&err, "close booking %s", c.BookingID)
	b, err = tx.LockBooking(ctx, c.BookingID)
	if err != nil {
		return b, err
	}
	if !Cancellable(b) || (c.OnlyRefundDue && b.Status != booking.RefundDue) {
		return b, ErrNotCancellable
	}
	if c.Check != nil {
		if err := c.Check(b); err != nil {
			return b, err
		}
	}
	before := b.Status
	b.Status = booking.Cancelled
	if err := tx.SetBookingState(ctx, b.ID, b.Status, b.RefundedMinor); err != nil {
		return b, err
	}
	if err := tx.AddBookingEvent(ctx, backoffice.Event{BookingID: b.ID, At: now, ActorID: e.ActorID, ActorName: c.ActorName,
		Kind: c.Kind, Detail: c.Reason}); err != nil {
		return b, err
	}
	e.Changes.Diff("status", before, b.Status)
	if done != nil {
		if _, err := tx.EnqueueEmail(ctx, done); err != nil {
			return b, err
		}
	}
	return b, tx.AddAudit(ctx, e, b.ID)
}

// wrap gives *err, when not nil, the context of what failed.
func wrap(err *error, format string, args ...any) {
	if *err != nil {
		*err = fmt.Errorf(format+": %w", append(args, *err)...)
	}
}
