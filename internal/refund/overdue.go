package refund

import (
	"context"
	"errors"
	"fmt"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// ErrNotOverdue: the booking's balance is not overdue (paid meanwhile, or not due yet).
var ErrNotOverdue = fault.New(fault.Conflict, "balance not overdue",
	"This booking's balance is not overdue, so it cannot be cancelled for it. Reload the page to see its state.")

// CancelOverdue cancels, in one step, a booking whose balance was not paid by its due
// day (booking.Booking.BalanceOverdue where its tour runs), refunding what its
// cancellation policy gives today on what was paid (booking.QuoteCancellation). key
// makes it idempotent, as for Cancel: a retry refunds once.
func (s *Service) CancelOverdue(ctx context.Context, actor account.User, id, key string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return backoffice.Detail{}, err
	}
	if row.WithDeposit() && (row.Status == booking.Refunded || row.Status == booking.Cancelled) {
		// Cancelled already (a second click, another operator): answered as it is.
		return backoffice.LoadDetail(ctx, s.store, id)
	}
	now := s.now()
	t, err := s.store.TourByIDAnyStatus(ctx, row.TourID, now)
	if err != nil {
		return backoffice.Detail{}, err
	}
	if !row.BalanceOverdue(tour.Today(now, t.Zone())) {
		return backoffice.Detail{}, ErrNotOverdue
	}
	q := booking.QuoteCancellation(row.Booking, t, departureOf(t, row.StartDate), now)
	refund := max(q.RefundMinor, 0)
	reason := fmt.Sprintf("The balance was not paid by %s; the cancellation policy refunds %d%% of what was paid.",
		row.BalanceDue.Format("2 January 2006"), q.Percent)
	message := booking.CustomerText(fmt.Sprintf("The balance of your booking was due by %s and has not been paid, so the booking is cancelled.",
		row.BalanceDue.Format("2 January 2006")))
	// Checked again under the booking's lock: a balance paid meanwhile (a late payment,
	// cash at the office) is not cancelled for being overdue, nor refunded on the
	// deposit alone.
	check := func(b booking.Booking) error {
		if !b.BalanceOverdue(tour.Today(now, t.Zone())) {
			return ErrNotOverdue
		}
		if q := booking.QuoteCancellation(b, t, departureOf(t, b.StartDate), now); max(q.RefundMinor, 0) != refund {
			return ErrNotOverdue
		}
		return nil
	}
	if err := s.cancelChecked(ctx, actor, id, refund, reason, message, key, "booking.cancel_overdue", check); err != nil {
		if errors.Is(err, ErrNotCancellable) {
			// A concurrent click (nothing to refund: no key to meet on) cancelled it
			// first: answered as it is.
			if cur, rerr := s.store.BookingRow(ctx, id); rerr == nil && (cur.Status == booking.Refunded || cur.Status == booking.Cancelled) {
				return backoffice.LoadDetail(ctx, s.store, id)
			}
		}
		return backoffice.Detail{}, err
	}
	s.log.Info("booking cancelled for an overdue balance", "booking_id", id, "by", actor.ID, "refund", refund, "percent", q.Percent)
	return backoffice.LoadDetail(ctx, s.store, id)
}
