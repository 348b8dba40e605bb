package refund

import (
	"context"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
)

// Refund gives back amount of a paid booking that stays active (a traveller who dropped
// out of a group, a gesture): typed in the booking's currency ("1.290,00", money.Parse)
// or in minor units; through the provider that took the payment, once per key, up to
// what was paid and not yet refunded. The customer is told by email how much; reason is
// the operator's, kept in the booking's history and never sent.
func (s *Service) Refund(ctx context.Context, actor account.User, id string, amount money.Amount, reason, key string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	reason, err := cleanReason(reason, false)
	if err != nil {
		return backoffice.Detail{}, err
	}
	amountMinor, err := s.amountOf(ctx, id, amount, "amountMinor", "Amount to refund")
	if err != nil {
		return backoffice.Detail{}, err
	}
	if amountMinor <= 0 {
		return backoffice.Detail{}, fault.FieldError("amountMinor", "Amount to refund must be more than 0.")
	}
	err = s.RefundOnce(ctx, actor, backoffice.Refund{BookingID: id, Key: key, AmountMinor: amountMinor, Reason: reason},
		RefundRun{Action: "booking.refund", Keep: true, LowerPrice: true, Email: func(b booking.Booking, r backoffice.Refund) *mail.Message {
			return s.refunded(ctx, b, r)
		}})
	if err != nil {
		return backoffice.Detail{}, err
	}
	return backoffice.LoadDetail(ctx, s.store, id)
}

// refunded writes the customer's email about money given back on a booking that stays
// active; failing to is logged, not returned.
func (s *Service) refunded(ctx context.Context, b booking.Booking, r backoffice.Refund) *mail.Message {
	if s.mailer == nil {
		return nil
	}
	m, err := s.mailer.Refunded(ctx, b, r.AmountMinor, r.ID)
	if err != nil {
		s.log.Error("write refund email", "booking_id", b.ID, "error", err)
		return nil
	}
	return m
}
