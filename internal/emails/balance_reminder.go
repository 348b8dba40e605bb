package emails

import (
	"context"
	"fmt"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/format"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/tour"
)

// BalanceReminder is the email days before the balance of b, paid by a deposit, is due:
// what is paid, what is due by when, and the booking's page to pay it on. Its key makes
// it one per booking and day.
func (e *Bookings) BalanceReminder(ctx context.Context, b booking.Booking, days int) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("balance reminder of booking %s: %w", b.ID, err)
	}
	m, err := e.w.Render(ctx, "balanceReminder", u, map[string]any{
		"name": u.Name, "reference": b.Reference, "tourName": t.Name, "date": format.Date(d.Date),
		"paid": money.Format(b.PaidMinor-b.RefundedMinor, b.Currency), "due": money.Format(b.DueMinor(), b.Currency),
		"dueBy": format.Date(b.BalanceDue), "bookingUrl": bookingURL(e.w.Site(ctx), b),
	})
	if err != nil {
		return nil, err
	}
	m.IdemKey = fmt.Sprintf("balance-reminder-%d:%s", days, b.ID)
	return &m, nil
}

// balanceReminders queues the balance reminders due at now: for every paid booking
// still owing its balance, on the days before it is due where the
// tour runs (balanceReminderDue), 7 days and 1 day before, once each.
func (s *Schedule) balanceReminders(ctx context.Context, now time.Time, tours map[string]tour.Tour) (int, error) {
	list, err := s.store.BalancesDue(ctx, tour.Day(now).AddDate(0, 0, -1), tour.Day(now).AddDate(0, 0, 9), 1000)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, r := range list {
		t, ok := s.tourOf(ctx, tours, r.TourID, now)
		if !ok {
			continue
		}
		days, ok := balanceReminderDue(r.Booking, tour.Today(now, t.Zone()), tour.Today(r.PaidAt, t.Zone()))
		if !ok {
			continue
		}
		msg, err := s.mail.BalanceReminder(ctx, r.Booking, days)
		fresh, err := s.enqueue(ctx, r.Booking, msg, err)
		if err != nil {
			return queued, err
		}
		if fresh {
			queued++
		}
	}
	return queued, nil
}

// balanceReminderDue is which reminder b gets today, as days before its balance's due
// day: 1 from the day before it is due until it is, else 7 from a week before, unless
// the deposit was paid within that week (paidOn), when the traveller has just booked.
func balanceReminderDue(b booking.Booking, today, paidOn time.Time) (int, bool) {
	due := b.BalanceDue
	switch week := due.AddDate(0, 0, -7); {
	case today.After(due):
		return 0, false // overdue: the operator's to deal with
	case !today.Before(due.AddDate(0, 0, -1)):
		return 1, true
	case !today.Before(week) && paidOn.Before(week):
		return 7, true
	}
	return 0, false
}
