package waitlist_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/mail"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// The waiting list's workflow against the real store, on every test engine. The
// changes that free or take seats are made as the services make them (booking, back
// office, catalogue): the store's write and OfferIn in one transaction.

// t0 is a fixed "now" with sub-second digits and a non-UTC zone.
var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

func date(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// mailer drafts plain emails, as emails.Writer does with its templates, and remembers
// whom the cancelled-departure notice went to, with the entry's status.
type mailer struct {
	mu    sync.Mutex
	told  map[string]waitlist.Status
	notes []waitlist.Offer // what each notice was written from
	t     *testing.T
}

func (m *mailer) WaitlistOffer(o waitlist.Offer) (*mail.Message, error) {
	return &mail.Message{IdemKey: "waitlist-offer:" + o.BookingID, Kind: "waitlistOffer", To: o.UserEmail,
		Props: []byte(`{"tourName":"` + o.TourName + `"}`)}, nil
}

func (m *mailer) WaitlistCancelled(o waitlist.Offer, reason string) (*mail.Message, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.told[o.UserEmail] = o.Status
	m.notes = append(m.notes, o)
	return &mail.Message{IdemKey: "waitlist-cancelled:" + o.ID, Kind: "waitlistCancelled", To: o.UserEmail,
		Subject: "Cancelled: " + reason, Text: "Cancelled"}, nil
}

// env is a store, the waiting list service over it with a clock the test sets, and the
// other services' seat changes.
type env struct {
	t      *testing.T
	st     *store.Store
	svc    *waitlist.Service
	office *backoffice.Service
	// refunds cancels bookings, freeing their seats.
	refunds *refund.Service
	// bookings records payments, booking a paid offer's entry.
	bookings *booking.Service
	admin    account.User
	mailer   *mailer
	mu       sync.Mutex
	now      time.Time
}

func newEnv(t *testing.T, st *store.Store) *env {
	e := &env{t: t, st: st, mailer: &mailer{told: map[string]waitlist.Status{}, t: t}, now: t0}
	e.svc = waitlist.NewService(st, st, waitlist.Options{Mailer: e.mailer, Now: e.clock,
		Tx: storetest.InTx(st, func(tx *store.Store) waitlist.Tx { return tx })})
	e.office = backoffice.NewService(st, backoffice.Options{Now: e.clock, Waitlist: e.svc,
		Tx: storetest.InTx(st, func(tx *store.Store) backoffice.Tx { return tx })})
	e.refunds = refund.NewService(st, nil, nil, refund.Options{Now: e.clock, Waitlist: e.svc,
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
	e.bookings = booking.NewService(st, st, nil, booking.Options{Waitlist: e.svc,
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	e.admin = storetest.AddUser(t, st, "admin", account.RoleAdmin)
	return e
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *env) at(now time.Time) *env {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.now = now
	return e
}

func (e *env) inTx(fn func(tx *store.Store) error) error {
	return e.st.InTx(context.Background(), fn)
}

// pay records a payment of amountMinor USD for a booking at now.
func (e *env) pay(id string, amountMinor int64, now time.Time) (booking.Booking, bool, error) {
	return e.bookings.RecordPayment(context.Background(), id, booking.Payment{Ref: "pi_" + id, AmountMinor: amountMinor, Currency: "usd"}, now, nil)
}

// paid books and pays n seats for u.
func (e *env) paid(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) string {
	e.t.Helper()
	id := e.mustHold(tr, u, d, n, now)
	if _, _, err := e.pay(id, tr.UnitPriceMinor()*int64(n), now); err != nil {
		e.t.Fatal(err)
	}
	return id
}

func newBooking(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) booking.Booking {
	return booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: d, Participants: n,
		AmountMinor: tr.UnitPriceMinor() * int64(n), Currency: tr.Currency, Provider: "sandbox",
		HoldUntil: now.Add(30 * time.Minute)}
}

// hold holds n seats for u at now as a checkout does (booking.Service.Hold).
func (e *env) hold(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) (string, error) {
	b := newBooking(tr, u, d, n, now)
	err := e.bookings.Hold(context.Background(), &b, now)
	return b.ID, err
}

func (e *env) mustHold(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) string {
	e.t.Helper()
	id, err := e.hold(tr, u, d, n, now)
	if err != nil {
		e.t.Fatalf("hold %d seats on %s: %v", n, d.Format(time.DateOnly), err)
	}
	return id
}

// walkIn records n seats paid in cash in the back office.
func (e *env) walkIn(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) error {
	_, err := e.at(now).office.RecordWalkIn(context.Background(), e.admin, tr.ID, d.Format(time.DateOnly),
		backoffice.WalkIn{Email: u.Email, Name: u.Name, Participants: n, PaymentMethod: string(booking.Cash)})
	return err
}

// closeBooking cancels a paid booking in the back office, without a refund.
func (e *env) closeBooking(id string, now time.Time) error {
	_, err := e.at(now).refunds.Cancel(context.Background(), e.admin, id, 0, "", "")
	return err
}

// updateDeparture changes a departure, as the catalogue does.
func (e *env) updateDeparture(tr tour.Tour, d time.Time, c catalog.DepartureChange, now time.Time) error {
	return e.inTx(func(tx *store.Store) error {
		if _, _, err := tx.UpdateDeparture(context.Background(), tr.ID, d, c, now,
			audit.Entry{ActorID: "op", Action: "departure.update", ObjectType: "tour"}); err != nil {
			return err
		}
		return e.svc.OfferIn(context.Background(), tx, tr.ID, d, now)
	})
}

func (e *env) join(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) (waitlist.Entry, error) {
	return e.at(now).svc.Join(context.Background(), u, tr.ID, d.Format(time.DateOnly), n)
}

func (e *env) mustJoin(tr tour.Tour, u account.User, d time.Time, n int, now time.Time) waitlist.Entry {
	e.t.Helper()
	entry, err := e.join(tr, u, d, n, now)
	if err != nil {
		e.t.Fatalf("%s joins with %d: %v", u.Name, n, err)
	}
	return entry
}

// seatsInUse counts, from the data, the seats paid for or held at now on a departure.
func (e *env) seatsInUse(tr tour.Tour, d, now time.Time) int {
	e.t.Helper()
	n, err := e.st.SeatsTaken(e.t.Context(), tr.ID, d, now)
	must(e.t, err)
	return n
}

func (e *env) entry(id string) waitlist.Entry {
	e.t.Helper()
	entry, err := e.st.WaitlistEntry(e.t.Context(), id)
	must(e.t, err)
	return entry
}

func (e *env) emails(kind string) map[string]bool {
	e.t.Helper()
	list, _, err := e.st.ListEmails(e.t.Context(), mail.Filter{Kind: kind}, 0, 100)
	must(e.t, err)
	to := map[string]bool{}
	for _, m := range list {
		to[m.To] = true
	}
	return to
}

// departure is a fresh env with a tour of capacity seats on d and the users names.
func departure(t *testing.T, st *store.Store, slug string, capacity int, d time.Time, names ...string) (*env, tour.Tour, map[string]account.User) {
	return newEnv(t, st), storetest.AddTour(t, st, slug, capacity, d), users(t, st, "", names...)
}

func users(t *testing.T, st *store.Store, suffix string, names ...string) map[string]account.User {
	m := map[string]account.User{}
	for _, n := range names {
		m[n] = storetest.AddUser(t, st, n+suffix, account.RoleUser)
	}
	return m
}

// Two cancellations at once, one seat each, while a third traveller tries to take a seat
// and the list has three single travellers: the first two on the list get an offer each,
// the third keeps waiting, the outsider gets nothing, and never more seats are in use than
// the departure has. The offers' emails are drafts, rendered after the commit.
func TestTwoCancellationsAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		d := date(2031, 6, 1)
		for round := range 3 {
			day := d.AddDate(0, 0, round)
			suffix := string(rune('a' + round))
			tr := storetest.AddTour(t, st, "duo-"+suffix, 2, day)
			u := users(t, st, suffix, "ann", "bob", "carol", "dave", "erin", "frank")
			ann := e.paid(tr, u["ann"], day, 1, t0)
			bob := e.paid(tr, u["bob"], day, 1, t0)
			carol := e.mustJoin(tr, u["carol"], day, 1, t0)
			dave := e.mustJoin(tr, u["dave"], day, 1, t0.Add(time.Second))
			erin := e.mustJoin(tr, u["erin"], day, 1, t0.Add(2*time.Second))

			now := t0.Add(time.Minute)
			var wg sync.WaitGroup
			var frankErr error
			wg.Go(func() { must(t, e.closeBooking(ann, now)) })
			wg.Go(func() { must(t, e.closeBooking(bob, now)) })
			wg.Go(func() { _, frankErr = e.hold(tr, u["frank"], day, 1, now) })
			wg.Wait()

			if !errors.Is(frankErr, booking.ErrNoSeats) {
				t.Errorf("round %d: a traveller outside the list took a freed seat: %v", round, frankErr)
			}
			for name, entry := range map[string]waitlist.Entry{"carol": carol, "dave": dave} {
				if got := e.entry(entry.ID); got.Status != waitlist.Offered || got.BookingID == "" {
					t.Errorf("round %d: %s is %s, want offered", round, name, got.Status)
				}
			}
			if got := e.entry(erin.ID); got.Status != waitlist.Waiting {
				t.Errorf("round %d: erin is %s, want waiting", round, got.Status)
			}
			if n := e.seatsInUse(tr, day, now); n != 2 {
				t.Errorf("round %d: %d seats held or sold on a departure of 2", round, n)
			}
			emails := e.emails("waitlistOffer")
			if !emails[u["carol"].Email] || !emails[u["dave"].Email] || emails[u["erin"].Email] {
				t.Errorf("round %d: offer emails to %v", round, emails)
			}
		}
		drafts, err := st.EmailDrafts(t.Context(), 100)
		must(t, err)
		if len(drafts) != 6 || string(drafts[0].Props) == "" {
			t.Errorf("%d offer drafts waiting to be rendered, want 6: %+v", len(drafts), drafts)
		}
	})
}

// A group that does not fit is passed over for a later, smaller one, and is offered
// seats as soon as enough are free at once; the passes are counted.
func TestGroupSizeFit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "fit", 4, d, "ann", "bob", "carol", "dave")
		annB := e.paid(tr, u["ann"], d, 3, t0)
		bobB := e.paid(tr, u["bob"], d, 1, t0)
		big := e.mustJoin(tr, u["carol"], d, 3, t0)
		small := e.mustJoin(tr, u["dave"], d, 1, t0.Add(time.Second))

		must(t, e.closeBooking(bobB, t0.Add(time.Minute)))
		if got := e.entry(big.ID); got.Status != waitlist.Waiting || got.Passes != 1 {
			t.Errorf("group of 3 with 1 seat free: %s, passed %d times; want waiting, 1", got.Status, got.Passes)
		}
		if got := e.entry(small.ID); got.Status != waitlist.Offered {
			t.Errorf("group of 1 behind it: %s, want offered", got.Status)
		}
		must(t, e.closeBooking(annB, t0.Add(2*time.Minute)))
		if got := e.entry(big.ID); got.Status != waitlist.Offered {
			t.Errorf("group of 3 with 3 seats free: %s, want offered", got.Status)
		}
		if n := e.seatsInUse(tr, d, t0.Add(2*time.Minute)); n != 4 {
			t.Errorf("%d seats in use, want the 4 of the departure", n)
		}
	})
}

// An offer that runs out unpaid passes to the next entry, from the periodic sweep.
func TestExpiredOfferPassesOn(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "expiry", 1, d, "ann", "carol", "dave")
		annB := e.paid(tr, u["ann"], d, 1, t0)
		first := e.mustJoin(tr, u["carol"], d, 1, t0)
		second := e.mustJoin(tr, u["dave"], d, 1, t0.Add(time.Second))
		must(t, e.closeBooking(annB, t0))
		offer := e.entry(first.ID)
		if offer.Status != waitlist.Offered || !offer.OfferUntil.Equal(t0.Add(waitlist.OfferFor).UTC().Truncate(time.Second)) {
			t.Fatalf("first entry: %s until %s, want offered for %s", offer.Status, offer.OfferUntil, waitlist.OfferFor)
		}
		// Before the deadline the sweep changes nothing.
		_, err := e.svc.OfferWaitlistSeats(t.Context(), offer.OfferUntil.Add(-time.Second))
		must(t, err)
		if got := e.entry(second.ID); got.Status != waitlist.Waiting {
			t.Fatalf("second entry offered before the first offer ended: %s", got.Status)
		}
		after := offer.OfferUntil.Add(time.Second)
		for range 2 { // running it again changes nothing more
			_, err := e.svc.OfferWaitlistSeats(t.Context(), after)
			must(t, err)
		}
		if got := e.entry(first.ID); got.Status != waitlist.Lapsed {
			t.Errorf("first entry after its deadline: %s, want lapsed", got.Status)
		}
		if b, _ := st.BookingByID(t.Context(), offer.BookingID); b.Status != booking.Cancelled {
			t.Errorf("the lapsed offer's hold is %s, want cancelled", b.Status)
		}
		if got := e.entry(second.ID); got.Status != waitlist.Offered {
			t.Errorf("second entry: %s, want offered", got.Status)
		}
		if n := e.seatsInUse(tr, d, after); n != 1 {
			t.Errorf("%d seats in use, want 1", n)
		}
		if to := e.emails("waitlistOffer"); !to[u["carol"].Email] || !to[u["dave"].Email] {
			t.Errorf("offer emails to %v, want carol and dave", to)
		}
	})
}

// Leaving declines an offer (the next entry gets it); one active entry per user; joining
// when the group fits is refused; others cannot take someone's entry off.
func TestLeaveAndOneEntryPerUser(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "leave", 2, d, "ann", "carol", "dave")
		annB := e.paid(tr, u["ann"], d, 1, t0)

		// One seat left: a single traveller books it, a pair may wait.
		if _, err := e.join(tr, u["carol"], d, 1, t0); !errors.Is(err, waitlist.ErrSeatsFree) {
			t.Errorf("joining with a seat free: %v", err)
		}
		first := e.mustJoin(tr, u["carol"], d, 2, t0)
		if _, err := e.join(tr, u["carol"], d, 1, t0); !errors.Is(err, waitlist.ErrAlreadyWaiting) {
			t.Errorf("second entry: %v", err)
		}
		// Two joins of one user at once: one entry.
		e.at(t0.Add(time.Second))
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = e.svc.Join(context.Background(), u["dave"], tr.ID, d.Format(time.DateOnly), 2)
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
		rows, err := st.DepartureWaitlist(t.Context(), tr.ID, d)
		must(t, err)
		if ok != 1 || len(rows) != 2 {
			t.Fatalf("%d of 4 concurrent joins succeeded, %d entries listed; want 1 and 2", ok, len(rows))
		}
		second := rows[1]

		must(t, e.closeBooking(annB, t0))
		offer := e.entry(first.ID)
		if offer.Status != waitlist.Offered {
			t.Fatalf("first entry: %s", offer.Status)
		}
		e.at(t0)
		if err := e.svc.Leave(t.Context(), u["dave"], first.ID); !errors.Is(err, waitlist.ErrNotFound) {
			t.Errorf("someone else leaving carol's entry: %v", err)
		}
		must(t, e.svc.Leave(t.Context(), u["carol"], first.ID))
		if err := e.svc.Leave(t.Context(), u["carol"], first.ID); !errors.Is(err, waitlist.ErrNotFound) {
			t.Errorf("leaving twice: %v", err)
		}
		if b, _ := st.BookingByID(t.Context(), offer.BookingID); b.Status != booking.Cancelled {
			t.Errorf("the declined offer's hold is %s", b.Status)
		}
		if got := e.entry(second.ID); got.Status != waitlist.Offered {
			t.Errorf("next entry after a declined offer: %s, want offered", got.Status)
		}
		// Having left, carol may join again, at the end.
		rejoined := e.mustJoin(tr, u["carol"], d, 1, t0.Add(time.Minute))
		places, err := e.svc.Places(t.Context(), u["carol"])
		must(t, err)
		if len(places) != 1 || places[0].ID != rejoined.ID || places[0].Position != 1 {
			t.Errorf("carol's places: %+v", places)
		}
	})
}

// A paid offer is a booking: the entry is booked, and the seats count once.
func TestOfferPaid(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "paid", 3, d, "ann", "carol")
		annB := e.paid(tr, u["ann"], d, 3, t0)
		entry := e.mustJoin(tr, u["carol"], d, 2, t0)
		must(t, e.closeBooking(annB, t0))
		offer := e.entry(entry.ID)
		must(t, st.SetCheckout(t.Context(), offer.BookingID, "sandbox", "cs_offer"))
		b, changed, err := e.pay(offer.BookingID, tr.UnitPriceMinor()*2, t0.Add(time.Hour))
		must(t, err)
		if !changed || b.Status != booking.Paid || b.Participants != 2 || len(b.Policy) == 0 {
			t.Errorf("offer paid: %+v; want 2 seats paid under the tour's cancellation policy", b)
		}
		if got := e.entry(entry.ID); got.Status != waitlist.Booked {
			t.Errorf("entry after payment: %s, want booked", got.Status)
		}
		if n := e.seatsInUse(tr, d, t0.Add(time.Hour)); n != 2 {
			t.Errorf("%d seats in use after the offer was paid, want 2", n)
		}
		// The seat left is for anyone; the booked entry no longer counts as an entry.
		e.mustHold(tr, u["ann"], d, 1, t0.Add(time.Hour))
		if places, _ := e.at(t0.Add(time.Hour)).svc.Places(t.Context(), u["carol"]); len(places) != 0 {
			t.Errorf("carol still has places: %+v", places)
		}
	})
}

// A raised capacity and a reopened departure offer their seats at once.
func TestCapacityRaisedAndReopened(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "raise", 2, d, "ann", "carol", "dave")
		e.paid(tr, u["ann"], d, 2, t0)
		first := e.mustJoin(tr, u["carol"], d, 2, t0)
		second := e.mustJoin(tr, u["dave"], d, 1, t0.Add(time.Second))
		closed, capacity := true, 4
		must(t, e.updateDeparture(tr, d, catalog.DepartureChange{Closed: &closed, Capacity: &capacity}, t0))
		if got := e.entry(first.ID); got.Status != waitlist.Waiting {
			t.Errorf("offered on a closed departure: %s", got.Status)
		}
		open := false
		must(t, e.updateDeparture(tr, d, catalog.DepartureChange{Closed: &open}, t0))
		if got := e.entry(first.ID); got.Status != waitlist.Offered {
			t.Errorf("reopened with 2 seats free: first entry %s", got.Status)
		}
		if got := e.entry(second.ID); got.Status != waitlist.Waiting {
			t.Errorf("second entry %s with no seat left", got.Status)
		}
		capacity = 5
		must(t, e.updateDeparture(tr, d, catalog.DepartureChange{Capacity: &capacity}, t0))
		if got := e.entry(second.ID); got.Status != waitlist.Offered {
			t.Errorf("capacity raised by 1: second entry %s", got.Status)
		}
		if n := e.seatsInUse(tr, d, t0); n != 5 {
			t.Errorf("%d seats in use, want 5", n)
		}
	})
}

// A cancelled departure's waiting list ends in one go: the open offer's hold is released,
// every active entry lapses and each traveller gets one notice (the offered one marked
// so); another departure's list is left alone, and running it again ends nothing.
func TestListEndsWithItsDeparture(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		d, other := date(2031, 7, 1), date(2031, 7, 2)
		tr := storetest.AddTour(t, st, "ends", 1, d, other)
		u := users(t, st, "", "ann", "carol", "dave", "erin")
		ann := e.paid(tr, u["ann"], d, 1, t0)
		e.paid(tr, u["ann"], other, 1, t0)
		carol := e.mustJoin(tr, u["carol"], d, 1, t0)
		dave := e.mustJoin(tr, u["dave"], d, 1, t0.Add(time.Second))
		erin := e.mustJoin(tr, u["erin"], other, 1, t0)
		now := t0.Add(time.Minute)
		must(t, e.closeBooking(ann, now))
		offer := e.entry(carol.ID)
		if offer.Status != waitlist.Offered {
			t.Fatalf("carol is %s, want offered", offer.Status)
		}

		n, err := e.at(now).svc.EndDeparture(t.Context(), tr.ID, d, "Storm")
		must(t, err)
		told := e.mailer.told
		if n != 2 || len(told) != 2 || told[u["carol"].Email] != waitlist.Offered || told[u["dave"].Email] != waitlist.Waiting {
			t.Errorf("%d entries ended, told %v", n, told)
		}
		for _, o := range e.mailer.notes {
			if o.TourName != tr.Name || o.Participants != 1 || !o.StartDate.Equal(d) {
				t.Errorf("the notice of %s: %+v", o.UserEmail, o)
			}
		}
		for name, id := range map[string]string{"carol": carol.ID, "dave": dave.ID} {
			if got := e.entry(id); got.Status != waitlist.Lapsed {
				t.Errorf("%s is %s, want lapsed", name, got.Status)
			}
		}
		if b, err := st.BookingByID(t.Context(), offer.BookingID); err != nil || b.Status != booking.Cancelled {
			t.Errorf("carol's offer hold: %s, %v", b.Status, err)
		}
		if seats := e.seatsInUse(tr, d, now); seats != 0 {
			t.Errorf("%d seats held or sold on the cancelled departure", seats)
		}
		for _, name := range []string{"carol", "dave"} {
			places, err := e.svc.Places(t.Context(), u[name])
			must(t, err)
			if len(places) != 0 {
				t.Errorf("%s still has a place: %+v", name, places)
			}
		}
		if got := e.entry(erin.ID); got.Status != waitlist.Waiting {
			t.Errorf("erin, on another departure, is %s", got.Status)
		}
		if to := e.emails("waitlistCancelled"); len(to) != 2 {
			t.Errorf("%d notices in the outbox, want 2", len(to))
		}

		// Again: nothing left to end, nobody told twice.
		e.mailer.told = map[string]waitlist.Status{}
		if n, err := e.svc.EndDeparture(t.Context(), tr.ID, d, "Storm"); err != nil || n != 0 || len(e.mailer.told) != 0 {
			t.Errorf("a second run ended %d, told %v: %v", n, e.mailer.told, err)
		}
	})
}

// Neither a walk-in recorded in the back office nor an online checkout jumps the waiting
// list: seats a hold left when it ran out (before the minute sweep) go to the list first,
// and the newcomer is refused when none are left, the offer standing all the same. Seats
// the list cannot use (a group too large for them) are sold.
func TestWalkInDoesNotJumpTheList(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnv(t, st)
		d, d2 := date(2031, 8, 1), date(2031, 8, 2)
		tr := storetest.AddTour(t, st, "walkin", 2, d, d2)
		u := users(t, st, "", "ann", "bob", "carol", "dave", "erin")
		online := func(u account.User, day time.Time, n int, now time.Time) error {
			_, err := e.hold(tr, u, day, n, now)
			return err
		}
		walkIn := func(u account.User, day time.Time, n int, now time.Time) error { return e.walkIn(tr, u, day, n, now) }
		now := t0.Add(time.Hour)
		for day, newcomer := range map[time.Time]func(account.User, time.Time, int, time.Time) error{d: walkIn, d2: online} {
			e.paid(tr, u["ann"], day, 1, t0)
			e.mustHold(tr, u["bob"], day, 1, t0) // runs out at t0+30m
			carol := e.mustJoin(tr, u["carol"], day, 1, t0.Add(time.Second))
			// Bob's hold ran out and no sweep has run: the seat is carol's.
			if err := newcomer(u["dave"], day, 1, now); !errors.Is(err, booking.ErrNoSeats) {
				t.Errorf("%s: a newcomer took the seat the list was owed: %v", day.Format(time.DateOnly), err)
			}
			if got := e.entry(carol.ID); got.Status != waitlist.Offered {
				t.Errorf("%s: carol is %s, want offered", day.Format(time.DateOnly), got.Status)
			}
			if n := e.seatsInUse(tr, day, now); n != 2 {
				t.Errorf("%s: %d seats in use of 2", day.Format(time.DateOnly), n)
			}
		}

		// Raised to 4: the two new seats cannot serve erin's group of three, so a walk-in
		// may have them, and erin keeps her place.
		four := 4
		must(t, e.updateDeparture(tr, d, catalog.DepartureChange{Capacity: &four}, now))
		erin := e.mustJoin(tr, u["erin"], d, 3, now)
		must(t, e.walkIn(tr, u["dave"], d, 2, now))
		if got := e.entry(erin.ID); got.Status != waitlist.Waiting {
			t.Errorf("erin is %s, want waiting", got.Status)
		}
	})
}

// A tour sold in price categories offers its seats as travellers of its first category
// that takes a seat, at the departure's own price for it.
func TestOfferInPriceCategories(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		d := date(2031, 6, 1)
		e, tr, u := departure(t, st, "categories", 3, d, "ann", "carol")
		tr.Categories = []tour.PriceCategory{
			{ID: "infant", Name: "Infant", PriceMinor: 0},
			{ID: "adult", Name: "Adult", PriceMinor: 40000, TakesSeat: true},
		}
		must(t, st.UpdateTour(t.Context(), &tr, tr.Version, t0, audit.Entry{ActorID: "op", Action: "tour.update", ObjectType: "tour"}))
		must(t, e.updateDeparture(tr, d, catalog.DepartureChange{Prices: &map[string]int64{"adult": 45000}}, t0))
		annB := e.paid(tr, u["ann"], d, 3, t0)
		entry := e.mustJoin(tr, u["carol"], d, 2, t0)
		must(t, e.closeBooking(annB, t0))
		offer := e.entry(entry.ID)
		b, err := st.BookingByID(t.Context(), offer.BookingID)
		must(t, err)
		want := []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 45000, TakesSeat: true}}
		if b.AmountMinor != 90000 || !slices.Equal(b.Units, want) {
			t.Errorf("the offer holds %d at %d as %+v; want 2 adults at the departure's 45000", b.Participants, b.AmountMinor, b.Units)
		}
	})
}
