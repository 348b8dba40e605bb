package app

import (
	"log/slog"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/emails"
	"tourbook/internal/tour"
)

// The reminder goes out in the 48 hours before a departure and the review request the
// day after the tour ends, once per booking however many instances run the schedule.
func TestScheduledEmails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		ctx := t.Context()
		zone := "Europe/Oslo"
		loc, _ := tour.LoadZone(zone)
		now := time.Date(2031, 5, 10, 12, 0, 0, 0, loc)
		soon := tour.Day(now.AddDate(0, 0, 1))   // departs tomorrow at 09:00: reminder due
		ended := tour.Day(now.AddDate(0, 0, -3)) // 2-day tour from 3 days ago: ended the day before yesterday
		later := tour.Day(now.AddDate(0, 0, 3))  // in three days: nothing yet
		tr := tour.Tour{Name: "Fjord Days", Slug: "fjord-days", Summary: "s", DurationDays: 2, MaxGroupSize: 8,
			Difficulty: tour.Easy, PriceMinor: 10000, Currency: "usd", TimeZone: zone,
			StartLocation: tour.Location{Description: "Bergen"},
			StartDates:    []tour.StartDate{{Date: soon}, {Date: ended}, {Date: later}}}
		if err := s.Store.CreateTour(ctx, &tr); err != nil {
			t.Fatal(err)
		}
		u, err := s.Store.UserByEmail(ctx, "hannah@example.com")
		if err != nil {
			t.Fatal(err)
		}
		paid := map[time.Time]string{}
		for _, d := range []time.Time{soon, ended, later} {
			paid[d] = payDirectly(t, s, tr, u, d, now.AddDate(0, 0, -30))
		}

		runSchedule(t, s, now)

		kinds := map[string]int{}
		for _, m := range s.outbox(t, "hannah@example.com") {
			kinds[m.Kind+" "+m.IdemKey]++
		}
		want := map[string]int{
			"reminder reminder:" + paid[soon]:             1,
			"reviewRequest review-request:" + paid[ended]: 1,
		}
		if len(kinds) != len(want) {
			t.Fatalf("queued %v, want %v", kinds, want)
		}
		for k, n := range want {
			if kinds[k] != n {
				t.Errorf("%s queued %d times, want %d (all: %v)", k, kinds[k], n, kinds)
			}
		}
	})
}

// runSchedule runs the scheduled emails at now as two instances at once, then once more:
// each email must still be queued once per booking.
func runSchedule(t *testing.T, s *testSite, now time.Time) {
	t.Helper()
	writer := emails.New(s.engine, emails.Site{Name: "Tourbook", URL: s.URL})
	run := func() {
		sched := emails.NewSchedule(s.Store, emails.NewBookings(writer, s.Store, func() time.Time { return now }),
			func() time.Time { return now }, slog.New(slog.DiscardHandler), func() {})
		if _, err := sched.RunOnce(t.Context()); err != nil {
			t.Error(err)
		}
	}
	var wg sync.WaitGroup
	wg.Go(run)
	wg.Go(run)
	wg.Wait()
	run()
}

// payDirectly makes a paid booking of u on day through the store and the booking
// service, as a checkout paid at at.
func payDirectly(t *testing.T, s *testSite, tr tour.Tour, u account.User, day, at time.Time) string {
	t.Helper()
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: 1, AmountMinor: tr.UnitPriceMinor(),
		Currency: tr.Currency, Provider: "sandbox", HoldUntil: at.Add(30 * time.Minute), Policy: tr.Policy}
	if err := s.Store.CreateHold(t.Context(), &b, at); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Bookings.RecordPayment(t.Context(), b.ID, booking.Payment{Ref: "pi_x", AmountMinor: b.AmountMinor,
		Currency: b.Currency}, at, nil); err != nil {
		t.Fatal(err)
	}
	return b.ID
}
