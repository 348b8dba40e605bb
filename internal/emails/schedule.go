package emails

import (
	"context"
	"log/slog"
	"time"

	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/tour"
)

// ScheduleStore is what the scheduled emails read and write.
type ScheduleStore interface {
	PaidBookingsDeparting(ctx context.Context, from, to time.Time) ([]booking.Booking, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	EnqueueEmail(ctx context.Context, m *tbmail.Message) (bool, error)
	// BalancesDue lists the paid bookings still owing a balance due before a day.
	BalancesDue(ctx context.Context, from, before time.Time, limit int) ([]backoffice.BookingRow, error)
}

// Timing of the scheduled emails.
const (
	ReminderBefore = 48 * time.Hour // the reminder goes out this long before the start
	// The review request goes out at this local hour on the day after the tour ends,
	// and not at all once a week has passed (a site that was down that long).
	reviewHour   = 10
	reviewWithin = 7 * 24 * time.Hour
	// Tours are looked at this many days back for their end.
	lookBackDays = 60
)

// Schedule writes the emails that come at a time rather than after an event: the
// reminder two days before a departure, the review request the day after the tour
// ends, the details reminder and the balance reminders (balance_reminder.go). Each has its booking's idempotency key, so every instance may run it: the
// outbox keeps one email per booking.
type Schedule struct {
	store  ScheduleStore
	mail   *Bookings
	now    func() time.Time
	log    *slog.Logger
	queued func()
}

// NewSchedule returns the scheduled emails' writer.
func NewSchedule(store ScheduleStore, mail *Bookings, now func() time.Time, log *slog.Logger, queued func()) *Schedule {
	return &Schedule{store: store, mail: mail, now: now, log: log, queued: queued}
}

// RunOnce queues the reminders and review requests due at now and says how many were new.
func (s *Schedule) RunOnce(ctx context.Context) (int, error) {
	now := s.now()
	today := tour.Day(now)
	list, err := s.store.PaidBookingsDeparting(ctx, today.AddDate(0, 0, -lookBackDays), today.AddDate(0, 0, 3))
	if err != nil {
		return 0, err
	}
	tours := map[string]tour.Tour{}
	queued := 0
	for _, b := range list {
		t, ok := s.tourOf(ctx, tours, b.TourID, now)
		if !ok {
			continue
		}
		dep := tour.StartDate{Date: b.StartDate, StartTime: startTimeOf(t, b.StartDate)}
		start := t.StartsAt(dep)
		end := t.EndsAt(b.StartDate)
		y, m, d := end.Date()
		reviewAt := time.Date(y, m, d, reviewHour, 0, 0, 0, end.Location())
		var write func(context.Context, booking.Booking) (*tbmail.Message, error)
		switch {
		case !now.Before(start.Add(-ReminderBefore)) && now.Before(start):
			write = s.mail.Reminder
		case !now.Before(reviewAt) && now.Before(reviewAt.Add(reviewWithin)):
			write = s.mail.ReviewRequest
		default:
			continue
		}
		msg, err := write(ctx, b)
		fresh, err := s.enqueue(ctx, b, msg, err)
		if err != nil {
			return queued, err
		}
		if fresh {
			queued++
		}
	}
	n, err := s.detailsReminders(ctx, now, tours)
	queued += n
	if err == nil {
		n, err = s.balanceReminders(ctx, now, tours)
		queued += n
	}
	if queued > 0 {
		s.queued()
	}
	return queued, err
}

// tourOf is the tour id, read once per run (tours); false when it cannot be read.
func (s *Schedule) tourOf(ctx context.Context, tours map[string]tour.Tour, id string, now time.Time) (tour.Tour, bool) {
	if t, ok := tours[id]; ok {
		return t, true
	}
	t, err := s.store.TourByIDAnyStatus(ctx, id, now)
	if err != nil {
		s.log.Warn("scheduled emails: tour", "tour_id", id, "error", err)
		return t, false
	}
	tours[id] = t
	return t, true
}

// enqueue queues msg, the email written for b (writeErr: it could not be, which is
// logged and skipped), and says whether it is new: its key keeps one per booking.
func (s *Schedule) enqueue(ctx context.Context, b booking.Booking, msg *tbmail.Message, writeErr error) (bool, error) {
	if writeErr != nil {
		s.log.Error("scheduled email", "booking_id", b.ID, "error", writeErr)
		return false, nil
	}
	return s.store.EnqueueEmail(ctx, msg)
}

func startTimeOf(t tour.Tour, day time.Time) string {
	for _, d := range t.StartDates {
		if d.Date.Equal(tour.Day(day)) {
			return d.StartTime
		}
	}
	return tour.DefaultStartTime
}

// Run calls RunOnce now and then every interval until ctx is done.
func (s *Schedule) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("scheduled emails", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
