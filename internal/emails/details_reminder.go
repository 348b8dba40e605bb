package emails

import (
	"context"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/details"
	"tourbook/internal/format"
	tbmail "tourbook/internal/mail"
	"tourbook/internal/tour"
)

// detailsHorizon is how far ahead the details reminders look for departures: a
// cut-off up to this long before the start, plus details.ReminderBefore.
const detailsHorizon = 30 * 24 * time.Hour

// DetailsReminder is the email 72 hours before the cut-off to a booking whose required
// names or answers (missing) are not given: what is missing, and the page to give it on.
func (e *Bookings) DetailsReminder(ctx context.Context, b booking.Booking, missing []string) (*tbmail.Message, error) {
	t, d, u, err := e.departure(ctx, b)
	if err != nil {
		return nil, fmt.Errorf("details reminder of booking %s: %w", b.ID, err)
	}
	m, err := e.w.Render(ctx, "detailsReminder", u, map[string]any{
		"name": u.Name, "reference": b.Reference, "tourName": t.Name, "date": format.Date(d.Date),
		"cutoff": format.Moment(t.AnswersCutoffAt(d), t.Zone()), "missing": strings.Join(missing, "\n"),
		"bookingUrl": bookingURL(e.w.Site(ctx), b),
	})
	if err != nil {
		return nil, err
	}
	m.IdemKey = "details-reminder:" + b.ID
	return &m, nil
}

// detailsReminders queues the details reminders due at now: for every paid booking
// whose departure's cut-off is at most details.ReminderBefore away and still lacks
// required details. The key makes it one per booking, whichever instance runs first.
func (s *Schedule) detailsReminders(ctx context.Context, now time.Time, tours map[string]tour.Tour) (int, error) {
	today := tour.Day(now)
	list, err := s.store.PaidBookingsDeparting(ctx, today, today.Add(detailsHorizon+details.ReminderBefore))
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, b := range list {
		t, ok := s.tourOf(ctx, tours, b.TourID, now)
		if !ok || len(t.Questions) == 0 && t.Travellers == tour.AskNobody {
			continue
		}
		cutoff := t.AnswersCutoffAt(details.DepartureOf(t, b.StartDate))
		if now.Before(cutoff.Add(-details.ReminderBefore)) || !now.Before(cutoff) {
			continue
		}
		missing := details.Missing(t, b)
		if len(missing) == 0 {
			continue
		}
		msg, err := s.mail.DetailsReminder(ctx, b, missing)
		fresh, err := s.enqueue(ctx, b, msg, err)
		if err != nil {
			return queued, err
		}
		if fresh {
			queued++
		}
	}
	return queued, nil
}
