package collect

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/receipt"
)

// ErrNotOwed: the refund is not one owed outside the site.
var ErrNotOwed = fault.New(fault.Conflict, "refund not owed", "This refund is not one to pay back outside the site. Reload the page to see its state.")

// Settlement is how an owed refund was paid back.
type Settlement struct {
	// PaidOn is the day the money went back, YYYY-MM-DD; "" is today.
	PaidOn    string `json:"paidOn"`
	Reference string `json:"reference"`
}

// SettleRefund records a refund owed outside the site as paid back, with the day and
// the operator's reference. Idempotent: a refund already paid back stays as it was
// recorded.
func (s *Service) SettleRefund(ctx context.Context, actor account.User, bookingID, refundID string, in Settlement) (Detail, error) {
	if !account.CanManageBookings(actor) {
		return Detail{}, account.ErrNotAllowed
	}
	now := s.now()
	_, ref, day, err := s.moneyForm(ctx, bookingID, in.Reference, in.PaidOn, now)
	if err != nil {
		return Detail{}, err
	}
	err = s.inTx(ctx, func(tx Tx) error {
		if _, err := tx.LockBooking(ctx, bookingID); err != nil {
			return err
		}
		r, err := tx.RefundByID(ctx, refundID)
		if errors.Is(err, backoffice.ErrRefundNotFound) || (err == nil && r.BookingID != bookingID) {
			return &fault.Error{Kind: fault.NotFound, Err: err, Message: "This booking has no such refund."}
		}
		if err != nil {
			return err
		}
		if !r.SettledAt.IsZero() {
			return nil // paid back already
		}
		if r.Status != backoffice.RefundOwed {
			return ErrNotOwed
		}
		r.Status, r.SettledAt, r.SettledRef = backoffice.RefundSucceeded, day, ref
		r.ProviderRef, r.UpdatedAt = "paid back outside the site", now.UTC().Truncate(time.Microsecond)
		if err := tx.UpdateRefund(ctx, r); err != nil {
			return err
		}
		if s.receipts != nil {
			method, err := offlineMethod(ctx, tx, bookingID)
			if err != nil {
				return err
			}
			if _, err := s.receipts.Issue(ctx, tx, receipt.Issue{Kind: receipt.CreditNote, BookingID: bookingID, Source: "refund:" + r.ID,
				AmountMinor: r.AmountMinor, Currency: r.Currency, Method: method, At: now}, nil); err != nil {
				return err
			}
		}
		if err := tx.AddBookingEvent(ctx, bookingEvent(bookingID, now, actor, "refund_paid_back",
			fmt.Sprintf("%d|%s|%s", r.AmountMinor, day.Format(time.DateOnly), ref))); err != nil {
			return err
		}
		e := entry(actor, "booking.refund_paid_back", bookingID)
		e.Changes.Diff("refund "+r.ID, string(backoffice.RefundOwed), fmt.Sprintf("paid back %s on %s %s",
			money.Format(r.AmountMinor, r.Currency), day.Format(time.DateOnly), ref))
		return tx.AddAudit(ctx, e, bookingID)
	})
	if err != nil {
		return Detail{}, fmt.Errorf("settle refund %s: %w", refundID, err)
	}
	s.changed()
	return s.detail(ctx, bookingID)
}

// offlineMethod is how the latest money the booking received outside the site came in,
// which is how an owed refund goes back: cash, else bank transfer.
func offlineMethod(ctx context.Context, tx Tx, bookingID string) (receipt.Method, error) {
	list, err := tx.BookingPayments(ctx, bookingID)
	if err != nil {
		return "", err
	}
	method := receipt.BankTransfer
	for _, p := range list {
		if p.Status == Received && p.Method.Offline() {
			method = receipt.MethodOf(string(p.Method))
		}
	}
	return method, nil
}

func bookingEvent(bookingID string, now time.Time, actor account.User, kind, detail string) backoffice.Event {
	return backoffice.Event{BookingID: bookingID, At: now, ActorID: actor.ID, ActorName: actor.Name, Kind: kind, Detail: detail}
}
