package store

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// offerMailer writes a plain offer email, as emails.Writer.WaitlistOffer does with
// React, so the store's tests see offers land in the outbox.
func offerMailer(o waitlist.Offer) (*mail.Message, error) {
	return &mail.Message{IdemKey: "waitlist-offer:" + o.BookingID, Kind: "waitlistOffer", To: o.UserEmail,
		Subject: "Seats are free on " + o.TourName, Text: "Pay by " + o.OfferUntil.Format(time.RFC3339)}, nil
}

// paidBooking books and pays n seats for u.
func paidBooking(t *testing.T, s *Store, tr tour.Tour, u account.User, d time.Time, n int, now time.Time) string {
	t.Helper()
	id := mustHold(t, s, tr, u, d, n, now)
	if _, _, err := s.FulfilBooking(t.Context(), id, "pi_"+id, tr.UnitPriceMinor()*int64(n), "usd", now, nil); err != nil {
		t.Fatal(err)
	}
	return id
}

func joinList(t *testing.T, s *Store, tr tour.Tour, u account.User, d time.Time, n int, now time.Time) waitlist.Entry {
	t.Helper()
	e := waitlist.Entry{TourID: tr.ID, StartDate: d, UserID: u.ID, Participants: n}
	if err := s.JoinWaitlist(t.Context(), &e, now); err != nil {
		t.Fatalf("%s joins with %d: %v", u.Name, n, err)
	}
	return e
}

// closeBooking cancels a paid booking in the back office, without a refund.
func closeBooking(ctx context.Context, s *Store, id string, now time.Time) error {
	_, err := s.CloseBooking(ctx, id, "cancelled", "", false, "Op", now,
		audit.Entry{ActorID: "op", Action: "booking.cancel", ObjectType: "booking"}, nil)
	return err
}

// seatsInUse counts, from the data, the seats paid for or held at now on a departure.
func seatsInUse(t *testing.T, s *Store, tr tour.Tour, d, now time.Time) int {
	t.Helper()
	var n int
	if err := s.read.QueryRowContext(t.Context(), `SELECT `+takenSum+` FROM bookings b WHERE `+holdsSeats+`
		AND b.tour_id = $2 AND b.start_date = $3`, ts(now), tr.ID, day(d)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func entryStatus(t *testing.T, s *Store, id string) waitlist.Entry {
	t.Helper()
	e, err := s.WaitlistEntry(t.Context(), id)
	must(t, err)
	return e
}

func offerEmails(t *testing.T, s *Store) map[string]bool {
	t.Helper()
	list, _, err := s.ListEmails(t.Context(), mail.Filter{Kind: "waitlistOffer"}, 0, 100)
	must(t, err)
	to := map[string]bool{}
	for _, m := range list {
		to[m.To] = true
	}
	return to
}

// Two cancellations at once, one seat each, while a third traveller tries to take a seat
// and the list has three single travellers: the first two on the list get an offer each,
// the third keeps waiting, the outsider gets nothing, and never more seats are in use than
// the departure has.
func TestWaitlistTwoCancellationsAtOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		s.SetOfferMailer(offerMailer)
		d := date(2031, 6, 1)
		for round := range 3 {
			day := d.AddDate(0, 0, round)
			tr := addTour(t, s, "duo-"+string(rune('a'+round)), 2, []time.Time{day})
			users := map[string]account.User{}
			for _, n := range []string{"ann", "bob", "carol", "dave", "erin", "frank"} {
				users[n] = addUser(t, s, n+string(rune('a'+round)), account.RoleUser)
			}
			ann := paidBooking(t, s, tr, users["ann"], day, 1, t0)
			bob := paidBooking(t, s, tr, users["bob"], day, 1, t0)
			carol := joinList(t, s, tr, users["carol"], day, 1, t0)
			dave := joinList(t, s, tr, users["dave"], day, 1, t0.Add(time.Second))
			erin := joinList(t, s, tr, users["erin"], day, 1, t0.Add(2*time.Second))

			now := t0.Add(time.Minute)
			var wg sync.WaitGroup
			var frankErr error
			wg.Go(func() { must(t, closeBooking(context.Background(), s, ann, now)) })
			wg.Go(func() { must(t, closeBooking(context.Background(), s, bob, now)) })
			wg.Go(func() { _, frankErr = hold(t, s, tr, users["frank"], day, 1, now) })
			wg.Wait()

			if !errors.Is(frankErr, booking.ErrNoSeats) {
				t.Errorf("round %d: a traveller outside the list took a freed seat: %v", round, frankErr)
			}
			for name, e := range map[string]waitlist.Entry{"carol": carol, "dave": dave} {
				if got := entryStatus(t, s, e.ID); got.Status != waitlist.Offered || got.BookingID == "" {
					t.Errorf("round %d: %s is %s, want offered", round, name, got.Status)
				}
			}
			if got := entryStatus(t, s, erin.ID); got.Status != waitlist.Waiting {
				t.Errorf("round %d: erin is %s, want waiting", round, got.Status)
			}
			if n := seatsInUse(t, s, tr, day, now); n != 2 {
				t.Errorf("round %d: %d seats held or sold on a departure of 2", round, n)
			}
			emails := offerEmails(t, s)
			if !emails[users["carol"].Email] || !emails[users["dave"].Email] || emails[users["erin"].Email] {
				t.Errorf("round %d: offer emails to %v", round, emails)
			}
		}
	})
}

// A group that does not fit is passed over for a later, smaller one, and is offered
// seats as soon as enough are free at once; the passes are counted.
func TestWaitlistGroupSizeFit(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "fit", 4, []time.Time{d})
		ann, bob := addUser(t, s, "ann", account.RoleUser), addUser(t, s, "bob", account.RoleUser)
		carol, dave := addUser(t, s, "carol", account.RoleUser), addUser(t, s, "dave", account.RoleUser)
		annB := paidBooking(t, s, tr, ann, d, 3, t0)
		bobB := paidBooking(t, s, tr, bob, d, 1, t0)
		big := joinList(t, s, tr, carol, d, 3, t0)
		small := joinList(t, s, tr, dave, d, 1, t0.Add(time.Second))

		must(t, closeBooking(t.Context(), s, bobB, t0.Add(time.Minute)))
		if e := entryStatus(t, s, big.ID); e.Status != waitlist.Waiting || e.Passes != 1 {
			t.Errorf("group of 3 with 1 seat free: %s, passed %d times; want waiting, 1", e.Status, e.Passes)
		}
		if e := entryStatus(t, s, small.ID); e.Status != waitlist.Offered {
			t.Errorf("group of 1 behind it: %s, want offered", e.Status)
		}
		must(t, closeBooking(t.Context(), s, annB, t0.Add(2*time.Minute)))
		if e := entryStatus(t, s, big.ID); e.Status != waitlist.Offered {
			t.Errorf("group of 3 with 3 seats free: %s, want offered", e.Status)
		}
		if n := seatsInUse(t, s, tr, d, t0.Add(2*time.Minute)); n != 4 {
			t.Errorf("%d seats in use, want the 4 of the departure", n)
		}
	})
}

// An offer that runs out unpaid passes to the next entry, from the periodic sweep.
func TestWaitlistExpiredOfferPassesOn(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		s.SetOfferMailer(offerMailer)
		d := date(2031, 6, 1)
		tr := addTour(t, s, "expiry", 1, []time.Time{d})
		ann, carol, dave := addUser(t, s, "ann", account.RoleUser), addUser(t, s, "carol", account.RoleUser), addUser(t, s, "dave", account.RoleUser)
		annB := paidBooking(t, s, tr, ann, d, 1, t0)
		first := joinList(t, s, tr, carol, d, 1, t0)
		second := joinList(t, s, tr, dave, d, 1, t0.Add(time.Second))
		must(t, closeBooking(t.Context(), s, annB, t0))
		offer := entryStatus(t, s, first.ID)
		if offer.Status != waitlist.Offered || !offer.OfferUntil.Equal(t0.Add(waitlist.OfferFor).UTC().Truncate(time.Second)) {
			t.Fatalf("first entry: %s until %s, want offered for %s", offer.Status, offer.OfferUntil, waitlist.OfferFor)
		}
		// Before the deadline the sweep changes nothing.
		_, err := s.OfferWaitlistSeats(t.Context(), offer.OfferUntil.Add(-time.Second))
		must(t, err)
		if e := entryStatus(t, s, second.ID); e.Status != waitlist.Waiting {
			t.Fatalf("second entry offered before the first offer ended: %s", e.Status)
		}
		after := offer.OfferUntil.Add(time.Second)
		for range 2 { // running it again changes nothing more
			_, err := s.OfferWaitlistSeats(t.Context(), after)
			must(t, err)
		}
		if e := entryStatus(t, s, first.ID); e.Status != waitlist.Lapsed {
			t.Errorf("first entry after its deadline: %s, want lapsed", e.Status)
		}
		if b, _ := s.BookingByID(t.Context(), offer.BookingID); b.Status != booking.Cancelled {
			t.Errorf("the lapsed offer's hold is %s, want cancelled", b.Status)
		}
		if e := entryStatus(t, s, second.ID); e.Status != waitlist.Offered {
			t.Errorf("second entry: %s, want offered", e.Status)
		}
		if n := seatsInUse(t, s, tr, d, after); n != 1 {
			t.Errorf("%d seats in use, want 1", n)
		}
		if to := offerEmails(t, s); !to[carol.Email] || !to[dave.Email] {
			t.Errorf("offer emails to %v, want carol and dave", to)
		}
	})
}

// Leaving declines an offer (the next entry gets it); one active entry per user; joining
// when the group fits is refused; others cannot take someone's entry off.
func TestWaitlistLeaveAndOneEntryPerUser(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "leave", 2, []time.Time{d})
		ann, carol, dave := addUser(t, s, "ann", account.RoleUser), addUser(t, s, "carol", account.RoleUser), addUser(t, s, "dave", account.RoleUser)
		annB := paidBooking(t, s, tr, ann, d, 1, t0)

		// One seat left: a single traveller books it, a pair may wait.
		e := waitlist.Entry{TourID: tr.ID, StartDate: d, UserID: carol.ID, Participants: 1}
		if err := s.JoinWaitlist(t.Context(), &e, t0); !errors.Is(err, waitlist.ErrSeatsFree) {
			t.Errorf("joining with a seat free: %v", err)
		}
		first := joinList(t, s, tr, carol, d, 2, t0)
		again := waitlist.Entry{TourID: tr.ID, StartDate: d, UserID: carol.ID, Participants: 1}
		if err := s.JoinWaitlist(t.Context(), &again, t0); !errors.Is(err, waitlist.ErrAlreadyWaiting) {
			t.Errorf("second entry: %v", err)
		}
		// Two joins of one user at once: one entry.
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Go(func() {
				e := waitlist.Entry{TourID: tr.ID, StartDate: d, UserID: dave.ID, Participants: 2}
				errs[i] = s.JoinWaitlist(context.Background(), &e, t0.Add(time.Second))
			})
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, waitlist.ErrAlreadyWaiting):
				t.Errorf("concurrent join: %v", err)
			}
		}
		rows, err := s.DepartureWaitlist(t.Context(), tr.ID, d)
		must(t, err)
		if ok != 1 || len(rows) != 2 {
			t.Errorf("%d of 4 concurrent joins succeeded, %d entries listed; want 1 and 2", ok, len(rows))
		}
		second := rows[1]

		must(t, closeBooking(t.Context(), s, annB, t0))
		offer := entryStatus(t, s, first.ID)
		if offer.Status != waitlist.Offered {
			t.Fatalf("first entry: %s", offer.Status)
		}
		if err := s.LeaveWaitlist(t.Context(), dave.ID, first.ID, t0); !errors.Is(err, waitlist.ErrNotFound) {
			t.Errorf("someone else leaving carol's entry: %v", err)
		}
		must(t, s.LeaveWaitlist(t.Context(), carol.ID, first.ID, t0))
		if err := s.LeaveWaitlist(t.Context(), carol.ID, first.ID, t0); !errors.Is(err, waitlist.ErrNotFound) {
			t.Errorf("leaving twice: %v", err)
		}
		if b, _ := s.BookingByID(t.Context(), offer.BookingID); b.Status != booking.Cancelled {
			t.Errorf("the declined offer's hold is %s", b.Status)
		}
		if e := entryStatus(t, s, second.ID); e.Status != waitlist.Offered {
			t.Errorf("next entry after a declined offer: %s, want offered", e.Status)
		}
		// Having left, carol may join again, at the end.
		rejoined := joinList(t, s, tr, carol, d, 1, t0.Add(time.Minute))
		places, err := s.UserWaitlist(t.Context(), carol.ID, t0.Add(time.Minute))
		must(t, err)
		if len(places) != 1 || places[0].ID != rejoined.ID || places[0].Position != 1 {
			t.Errorf("carol's places: %+v", places)
		}
	})
}

// A paid offer is a booking: the entry is booked, and the seats count once.
func TestWaitlistOfferPaid(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "paid", 3, []time.Time{d})
		ann, carol := addUser(t, s, "ann", account.RoleUser), addUser(t, s, "carol", account.RoleUser)
		annB := paidBooking(t, s, tr, ann, d, 3, t0)
		e := joinList(t, s, tr, carol, d, 2, t0)
		must(t, closeBooking(t.Context(), s, annB, t0))
		offer := entryStatus(t, s, e.ID)
		must(t, s.SetCheckout(t.Context(), offer.BookingID, "sandbox", "cs_offer"))
		b, changed, err := s.FulfilBooking(t.Context(), offer.BookingID, "pi_offer", tr.UnitPriceMinor()*2, "usd", t0.Add(time.Hour), nil)
		must(t, err)
		if !changed || b.Status != booking.Paid || b.Participants != 2 || len(b.Policy) == 0 {
			t.Errorf("offer paid: %+v; want 2 seats paid under the tour's cancellation policy", b)
		}
		if got := entryStatus(t, s, e.ID); got.Status != waitlist.Booked {
			t.Errorf("entry after payment: %s, want booked", got.Status)
		}
		if n := seatsInUse(t, s, tr, d, t0.Add(time.Hour)); n != 2 {
			t.Errorf("%d seats in use after the offer was paid, want 2", n)
		}
		// The seat left is for anyone; the booked entry no longer counts as an entry.
		mustHold(t, s, tr, ann, d, 1, t0.Add(time.Hour))
		if places, _ := s.UserWaitlist(t.Context(), carol.ID, t0.Add(time.Hour)); len(places) != 0 {
			t.Errorf("carol still has places: %+v", places)
		}
	})
}

// A raised capacity and a reopened departure offer their seats at once.
func TestWaitlistCapacityRaisedAndReopened(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "raise", 2, []time.Time{d})
		ann, carol, dave := addUser(t, s, "ann", account.RoleUser), addUser(t, s, "carol", account.RoleUser), addUser(t, s, "dave", account.RoleUser)
		paidBooking(t, s, tr, ann, d, 2, t0)
		first := joinList(t, s, tr, carol, d, 2, t0)
		second := joinList(t, s, tr, dave, d, 1, t0.Add(time.Second))
		entry := audit.Entry{ActorID: "a", Action: "departure.update", ObjectType: "tour"}
		closed, capacity := true, 4
		_, _, err := s.UpdateDeparture(t.Context(), tr.ID, d, catalog.DepartureChange{Closed: &closed, Capacity: &capacity}, t0, entry)
		must(t, err)
		if e := entryStatus(t, s, first.ID); e.Status != waitlist.Waiting {
			t.Errorf("offered on a closed departure: %s", e.Status)
		}
		open := false
		_, _, err = s.UpdateDeparture(t.Context(), tr.ID, d, catalog.DepartureChange{Closed: &open}, t0, entry)
		must(t, err)
		if e := entryStatus(t, s, first.ID); e.Status != waitlist.Offered {
			t.Errorf("reopened with 2 seats free: first entry %s", e.Status)
		}
		if e := entryStatus(t, s, second.ID); e.Status != waitlist.Waiting {
			t.Errorf("second entry %s with no seat left", e.Status)
		}
		capacity = 5
		_, _, err = s.UpdateDeparture(t.Context(), tr.ID, d, catalog.DepartureChange{Capacity: &capacity}, t0, entry)
		must(t, err)
		if e := entryStatus(t, s, second.ID); e.Status != waitlist.Offered {
			t.Errorf("capacity raised by 1: second entry %s", e.Status)
		}
		if n := seatsInUse(t, s, tr, d, t0); n != 5 {
			t.Errorf("%d seats in use, want 5", n)
		}
	})
}

// A cancelled departure's waiting list ends in one go: the open offer's hold is released,
// every active entry lapses and each traveller gets one notice (the offered one marked
// so); another departure's list is left alone, and running it again ends nothing.
func TestWaitlistEndsWithItsDeparture(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		s.SetOfferMailer(offerMailer)
		d, other := date(2031, 7, 1), date(2031, 7, 2)
		tr := addTour(t, s, "ends", 1, []time.Time{d, other})
		users := map[string]account.User{}
		for _, n := range []string{"ann", "carol", "dave", "erin"} {
			users[n] = addUser(t, s, n, account.RoleUser)
		}
		ann := paidBooking(t, s, tr, users["ann"], d, 1, t0)
		paidBooking(t, s, tr, users["ann"], other, 1, t0)
		carol := joinList(t, s, tr, users["carol"], d, 1, t0)
		dave := joinList(t, s, tr, users["dave"], d, 1, t0.Add(time.Second))
		erin := joinList(t, s, tr, users["erin"], other, 1, t0)
		now := t0.Add(time.Minute)
		must(t, closeBooking(t.Context(), s, ann, now))
		offer := entryStatus(t, s, carol.ID)
		if offer.Status != waitlist.Offered {
			t.Fatalf("carol is %s, want offered", offer.Status)
		}

		told := map[string]waitlist.Status{}
		notice := func(o waitlist.Offer) (*mail.Message, error) {
			told[o.UserEmail] = o.Status
			if o.TourName != tr.Name || o.Participants != 1 || !o.StartDate.Equal(d) {
				t.Errorf("the notice of %s: %+v", o.UserEmail, o)
			}
			return &mail.Message{IdemKey: "waitlist-cancelled:" + o.ID, Kind: "waitlistCancelled", To: o.UserEmail,
				Subject: "Cancelled", Text: "Cancelled"}, nil
		}
		n, err := s.EndDepartureWaitlist(t.Context(), tr.ID, d, now, notice)
		must(t, err)
		if n != 2 || len(told) != 2 || told[users["carol"].Email] != waitlist.Offered || told[users["dave"].Email] != waitlist.Waiting {
			t.Errorf("%d entries ended, told %v", n, told)
		}
		for name, id := range map[string]string{"carol": carol.ID, "dave": dave.ID} {
			if got := entryStatus(t, s, id); got.Status != waitlist.Lapsed {
				t.Errorf("%s is %s, want lapsed", name, got.Status)
			}
		}
		if b, err := s.BookingByID(t.Context(), offer.BookingID); err != nil || b.Status != booking.Cancelled {
			t.Errorf("carol's offer hold: %s, %v", b.Status, err)
		}
		if seats := seatsInUse(t, s, tr, d, now); seats != 0 {
			t.Errorf("%d seats held or sold on the cancelled departure", seats)
		}
		for _, u := range []string{"carol", "dave"} {
			places, err := s.UserWaitlist(t.Context(), users[u].ID, now)
			must(t, err)
			if len(places) != 0 {
				t.Errorf("%s still has a place: %+v", u, places)
			}
		}
		if got := entryStatus(t, s, erin.ID); got.Status != waitlist.Waiting {
			t.Errorf("erin, on another departure, is %s", got.Status)
		}
		list, _, err := s.ListEmails(t.Context(), mail.Filter{Kind: "waitlistCancelled"}, 0, 10)
		must(t, err)
		if len(list) != 2 {
			t.Errorf("%d notices in the outbox, want 2", len(list))
		}

		// Again: nothing left to end, nobody told twice.
		told = map[string]waitlist.Status{}
		if n, err := s.EndDepartureWaitlist(t.Context(), tr.ID, d, now, notice); err != nil || n != 0 || len(told) != 0 {
			t.Errorf("a second run ended %d, told %v: %v", n, told, err)
		}
	})
}

// Neither a walk-in recorded in the back office nor an online checkout jumps the waiting
// list: seats a hold left when it ran out (before the minute sweep) go to the list first,
// and the newcomer is refused when none are left, the offer standing all the same. Seats
// the list cannot use (a group too large for them) are sold.
func TestWaitlistWalkInDoesNotJumpTheList(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		s.SetOfferMailer(offerMailer)
		d, d2 := date(2031, 8, 1), date(2031, 8, 2)
		tr := addTour(t, s, "walkin", 2, []time.Time{d, d2})
		users := map[string]account.User{}
		for _, n := range []string{"ann", "bob", "carol", "dave", "erin"} {
			users[n] = addUser(t, s, n, account.RoleUser)
		}
		walkIn := func(u account.User, day time.Time, n int, now time.Time) error {
			b := newBooking(tr, u, day, n, now)
			b.Source = booking.Cash
			return s.CreatePaidBooking(t.Context(), &b, "Op", now, audit.Entry{ActorID: "op", Action: "booking.record", ObjectType: "booking"})
		}
		online := func(u account.User, day time.Time, n int, now time.Time) error {
			_, err := hold(t, s, tr, u, day, n, now)
			return err
		}
		now := t0.Add(time.Hour)
		for day, newcomer := range map[time.Time]func(account.User, time.Time, int, time.Time) error{d: walkIn, d2: online} {
			paidBooking(t, s, tr, users["ann"], day, 1, t0)
			mustHold(t, s, tr, users["bob"], day, 1, t0) // runs out at t0+30m
			carol := joinList(t, s, tr, users["carol"], day, 1, t0.Add(time.Second))
			// Bob's hold ran out and no sweep has run: the seat is carol's.
			if err := newcomer(users["dave"], day, 1, now); !errors.Is(err, booking.ErrNoSeats) {
				t.Errorf("%s: a newcomer took the seat the list was owed: %v", day.Format(time.DateOnly), err)
			}
			if got := entryStatus(t, s, carol.ID); got.Status != waitlist.Offered {
				t.Errorf("%s: carol is %s, want offered", day.Format(time.DateOnly), got.Status)
			}
			if n := seatsInUse(t, s, tr, day, now); n != 2 {
				t.Errorf("%s: %d seats in use of 2", day.Format(time.DateOnly), n)
			}
		}

		// Raised to 4: the two new seats cannot serve erin's group of three, so a walk-in
		// may have them, and erin keeps her place.
		four := 4
		_, _, err := s.UpdateDeparture(t.Context(), tr.ID, d, catalog.DepartureChange{Capacity: &four}, now,
			audit.Entry{ActorID: "op", Action: "departure.update", ObjectType: "tour"})
		must(t, err)
		erin := joinList(t, s, tr, users["erin"], d, 3, now)
		must(t, walkIn(users["dave"], d, 2, now))
		if got := entryStatus(t, s, erin.ID); got.Status != waitlist.Waiting {
			t.Errorf("erin is %s, want waiting", got.Status)
		}
	})
}
