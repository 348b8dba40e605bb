package rebook_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/payment/refundtest"
	"tourbook/internal/rebook"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// Changing bookings against the real store, on every test engine.

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 535897000, time.FixedZone("CET", 3600))

// mailer writes a message per change, with what it was told, as the outbox keeps it.
type mailer struct{}

func (mailer) Changed(_ context.Context, c rebook.Mail) (*mail.Message, error) {
	return &mail.Message{Kind: "bookingChanged", To: "t@example.com", Subject: "Your booking has changed",
		Text: string(c.Message) + "|" + joined(c.Changes), HTML: "<p>changed</p>", IdemKey: "booking-changed:" + c.After.ID + ":" + c.Key}, nil
}

func joined(lines []string) string {
	out := ""
	for _, l := range lines {
		out += l + ";"
	}
	return out
}

type fixture struct {
	st       *store.Store
	rebook   *rebook.Service
	refunds  *refund.Service
	bookings *booking.Service
	provider *refundtest.Refunder
	receipts *receipt.Service
	admin    account.User
	tour     tour.Tour
	day      time.Time
	day2     time.Time
}

func newFixture(t *testing.T, st *store.Store) *fixture {
	f := &fixture{st: st, provider: &refundtest.Refunder{},
		day: time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC), day2: time.Date(2031, 6, 8, 0, 0, 0, 0, time.UTC)}
	now := func() time.Time { return t0 }
	f.receipts = receipt.NewService(st, receipt.Options{})
	f.refunds = refund.NewService(st, f.provider, nil, refund.Options{Now: now, Receipts: f.receipts,
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
	f.rebook = rebook.NewService(st, f.refunds, rebook.Options{Now: now, Mailer: mailer{},
		Tx: storetest.InTx(st, func(tx *store.Store) rebook.Tx { return tx })})
	f.bookings = booking.NewService(st, st, nil, booking.Options{
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.admin = storetest.AddUser(t, st, "admin", account.RoleAdmin)
	f.tour = storetest.AddTour(t, st, "office", 10, f.day, f.day2)
	return f
}

func (f *fixture) paid(t *testing.T, name string, day time.Time, n int) booking.Booking {
	t.Helper()
	return storetest.AddPaid(t, f.st, f.bookings, f.tour, day, t0, name, n)
}

// receipted is a paid booking with its receipt, as the site issues one at payment: a
// refund of it then gets a credit note.
func (f *fixture) receipted(t *testing.T, name string, day time.Time, n int) booking.Booking {
	t.Helper()
	b := f.paid(t, name, day, n)
	if err := f.st.InTx(t.Context(), func(tx *store.Store) error {
		_, err := f.receipts.Issue(t.Context(), tx, receipt.Issue{Kind: receipt.Receipt, BookingID: b.ID, Source: "payment:" + b.ID,
			AmountMinor: b.AmountMinor, Currency: b.Currency, Method: receipt.Card, At: t0}, nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fixture) booking(t *testing.T, id string) booking.Booking {
	t.Helper()
	b, err := f.st.BookingByID(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fixture) seatsTaken(t *testing.T, day time.Time) int {
	t.Helper()
	n, err := f.st.SeatsTaken(t.Context(), f.tour.ID, day, t0)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// outbox is every message written for the booking's traveller, in any state.
func (f *fixture) outbox(t *testing.T, kind string) []mail.Message {
	t.Helper()
	list, _, err := f.st.ListEmails(t.Context(), mail.Filter{Kind: kind}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, m := range list {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

func ptr[T any](v T) *T { return &v }

// downByOne checks booking id after a change from three travellers to two at unit each:
// paid, two travellers at twice unit, unit refunded once (one refund), nothing due.
func (f *fixture) downByOne(t *testing.T, id string, unit int64) {
	t.Helper()
	got := f.booking(t, id)
	if got.Status != booking.Paid || got.Participants != 2 || got.AmountMinor != 2*unit || got.RefundedMinor != unit || got.DueMinor() != 0 {
		t.Errorf("after the change: %s, %d travellers, price %d, refunded %d, due %d; want paid, 2, %d, %d, 0",
			got.Status, got.Participants, got.AmountMinor, got.RefundedMinor, got.DueMinor(), 2*unit, unit)
	}
	refunds, err := f.st.BookingRefunds(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if len(refunds) != 1 || refunds[0].Status != backoffice.RefundSucceeded || refunds[0].AmountMinor != unit {
		t.Errorf("refunds %+v", refunds)
	}
}

// Three travellers down to two, sent ten times at once with one key: the booking stays
// paid with two travellers and a third of the price, and the difference is refunded
// once, with one line of history and one email.
func TestChangeDownRefundsOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "ann", f.day, 3)
		unit := b.AmountMinor / 3

		p, err := f.rebook.Preview(t.Context(), f.admin, b.ID, rebook.Change{Participants: 2})
		if err != nil {
			t.Fatal(err)
		}
		if p.RefundMinor != unit || p.DueMinor != 0 || p.After.AmountMinor != 2*unit {
			t.Fatalf("preview %+v", p)
		}
		var wg sync.WaitGroup
		errs := make([]error, 10)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = f.rebook.Apply(context.Background(), f.admin, b.ID,
					rebook.Change{Participants: 2, Key: "k-down", Note: "Tom broke a leg", ExpectRefundMinor: ptr(unit)})
			})
		}
		wg.Wait()
		for _, err := range errs {
			// Late arrivals find the change made: its refund finished, or the booking
			// already as asked.
			if err != nil && !errors.Is(err, rebook.ErrNothingToChange) {
				t.Errorf("change down: %v", err)
			}
		}
		f.downByOne(t, b.ID, unit)
		events, _ := st.BookingEvents(t.Context(), b.ID)
		kinds := map[string]int{}
		for _, e := range events {
			kinds[e.Kind]++
		}
		if kinds["changed"] != 1 || kinds["refunded_kept"] != 1 || len(events) != 2 {
			t.Errorf("history %+v", events)
		}
		if sent := f.outbox(t, "bookingChanged"); len(sent) != 1 {
			t.Errorf("%d change emails, want 1", len(sent))
		}
		if taken := f.seatsTaken(t, f.day); taken != 2 {
			t.Errorf("%d seats taken after the change, want 2", taken)
		}

		// Back up to three: the traveller refunded is due again.
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Participants: 3, Key: "k-up-again"}); err != nil {
			t.Fatal(err)
		}
		if got := f.booking(t, b.ID); got.AmountMinor != 3*unit || got.DueMinor() != unit {
			t.Errorf("down and up again: price %d, due %d; want %d due", got.AmountMinor, got.DueMinor(), unit)
		}
	})
}

// A change sent again while its refund is still at the provider (the operator clicked
// again, or the first request is slow) finishes the refund the change began: whichever
// request records it, the price is lowered once, by the change, and the difference is
// refunded once. The second request is let through first on purpose: it carries no
// plan, only the key.
func TestChangeSentAgainWhileItsRefundIsAtTheProvider(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.receipted(t, "ann", f.day, 3)
		unit := b.AmountMinor / 3
		c := rebook.Change{Participants: 2, Key: "k-slow", ExpectRefundMinor: ptr(unit)}

		f.provider.GateKey, f.provider.Gate, f.provider.In = c.Key, make(chan struct{}), make(chan struct{}, 1)
		first := make(chan error, 1)
		go func() {
			_, err := f.rebook.Apply(context.Background(), f.admin, b.ID, c)
			first <- err
		}()
		<-f.provider.In         // the change is made and its refund pending at the provider
		f.provider.GateKey = "" // the next request goes straight through
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, c); err != nil {
			t.Fatalf("the change sent again: %v", err)
		}
		close(f.provider.Gate)
		if err := <-first; err != nil {
			t.Fatalf("the first request: %v", err)
		}

		f.downByOne(t, b.ID, unit)
		events, err := st.BookingEvents(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 2 {
			t.Errorf("history %+v", events)
		}
		// The second request recorded the refund and numbered its credit note; the
		// traveller's one email, which the first request carries, has it attached.
		sent := f.outbox(t, "bookingChanged")
		if len(sent) != 1 {
			t.Fatalf("%d change emails, want 1", len(sent))
		}
		m, err := st.EmailByID(t.Context(), sent[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Attachments) != 1 || !strings.HasPrefix(m.Attachments[0].Name, "credit-note-") {
			var names []string
			for _, a := range m.Attachments {
				names = append(names, a.Name)
			}
			t.Errorf("the change email's attachments: %v, want its credit note", names)
		}
	})
}

// A change whose refund the provider refused is made, and says so; sent again with the
// same key it refunds the difference once and leaves the price as the change set it.
func TestChangeSentAgainAfterItsRefundFailed(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "ann", f.day, 3)
		unit := b.AmountMinor / 3
		c := rebook.Change{Participants: 2, Key: "k-refused"}

		f.provider.Refuse.Store(1)
		_, err := f.rebook.Apply(t.Context(), f.admin, b.ID, c)
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Upstream ||
			fe.Message != "The booking was changed, but the refund of $497.00 did not go through (the card has expired). Send the same change again to retry the refund." {
			t.Fatalf("a change whose refund was refused: %v", err)
		}
		if got := f.booking(t, b.ID); got.Participants != 2 || got.AmountMinor != 2*unit || got.RefundedMinor != 0 {
			t.Errorf("after the refused refund: %d travellers, price %d, refunded %d", got.Participants, got.AmountMinor, got.RefundedMinor)
		}

		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, c); err != nil {
			t.Fatalf("the change sent again: %v", err)
		}
		f.downByOne(t, b.ID, unit)
	})
}

// Two travellers up to three: the price rises by one traveller's share, which is due;
// nothing is refunded. A change up that does not fit is refused and writes nothing.
func TestChangeUpLeavesTheBalanceDue(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "ben", f.day, 2)
		f.paid(t, "crowd", f.day, 7) // 1 seat left
		unit := b.AmountMinor / 2
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Participants: 3, Key: "k-up", ExpectDueMinor: ptr(unit)}); err != nil {
			t.Fatal(err)
		}
		got := f.booking(t, b.ID)
		if got.Status != booking.Paid || got.Participants != 3 || got.AmountMinor != 3*unit || got.DueMinor() != unit || got.RefundedMinor != 0 {
			t.Errorf("after the change up: %+v (due %d)", got, got.DueMinor())
		}
		if f.provider.Asked.Load() != 0 {
			t.Error("a change up asked the provider for a refund")
		}
		_, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Participants: 4, Key: "k-up2"})
		var fe *fault.Error
		if !errors.As(err, &fe) || !errors.Is(err, booking.ErrNoSeats) || fe.Message != "There are not enough seats on Sun 1 June 2031 for 4 travellers." {
			t.Fatalf("a change up past the capacity: %v", err)
		}
		if got := f.booking(t, b.ID); got.Participants != 3 {
			t.Errorf("the refused change wrote %d travellers", got.Participants)
		}
	})
}

// A move to another departure of the tour keeps the ticket and moves the seats in one
// transaction; a full departure refuses it and nothing moves.
func TestMoveKeepsTheTicket(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "cat", f.day, 2)
		before, err := st.BookingTicket(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		f.paid(t, "full", f.day2, 9) // 1 seat left on the second departure

		_, err = f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Date: "2031-06-08", Key: "k-move"})
		if !errors.Is(err, booking.ErrNoSeats) {
			t.Fatalf("a move to a departure with 1 seat left: %v", err)
		}
		if got := f.booking(t, b.ID); !got.StartDate.Equal(f.day) {
			t.Errorf("the refused move moved the booking to %s", got.StartDate)
		}

		// One traveller fits.
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Date: "2031-06-08", Participants: 1, Key: "k-move2"}); err != nil {
			t.Fatal(err)
		}
		got := f.booking(t, b.ID)
		if !got.StartDate.Equal(f.day2) || got.Participants != 1 || got.Status != booking.Paid {
			t.Errorf("after the move: %+v", got)
		}
		after, err := st.BookingTicket(t.Context(), b.ID)
		if err != nil || after.Code != before.Code || !after.Date.Equal(f.day2) {
			t.Errorf("ticket after the move: %+v %v, was %s", after, err, before.Code)
		}
		if a, b := f.seatsTaken(t, f.day), f.seatsTaken(t, f.day2); a != 0 || b != 10 {
			t.Errorf("seats taken %d and %d after the move, want 0 and 10", a, b)
		}
		if n, err := st.BookingMoves(t.Context(), b.ID); err != nil || n != 1 {
			t.Errorf("moves %d %v", n, err)
		}
		// A departure the tour does not have is refused in a sentence.
		_, err = f.rebook.Preview(t.Context(), f.admin, b.ID, rebook.Change{Date: "2031-07-01"})
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Message != "The tour has no departure on Tue 1 July 2031." {
			t.Errorf("a move to a day without a departure: %v", err)
		}
	})
}

// The lead traveller's contact changes alone: no money, one history line, audited; a
// bad email is refused in plain words.
func TestContactChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "dan", f.day, 2)
		_, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{ContactEmail: ptr("not an email"), Key: "k-c0"})
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Message != "Please give the contact email as an address, e.g. name@example.com." {
			t.Fatalf("a bad contact email: %v", err)
		}
		d, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{ContactName: ptr(" Eve Dan "),
			ContactEmail: ptr("eve@example.com"), ContactPhone: ptr("+47 900 00 000"), Key: "k-c1"})
		if err != nil {
			t.Fatal(err)
		}
		if d.ContactName != "Eve Dan" || d.ContactEmail != "eve@example.com" || d.ContactPhone != "+47 900 00 000" ||
			d.AmountMinor != b.AmountMinor || d.Participants != 2 {
			t.Errorf("after the contact change: %+v", d.Booking)
		}
		if len(d.Events) != 1 || d.Events[0].Kind != "changed" {
			t.Errorf("history %+v", d.Events)
		}
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{ContactName: ptr("Eve Dan"), Key: "k-c2"}); !errors.Is(err, rebook.ErrNothingToChange) {
			t.Errorf("the same contact again: %v", err)
		}
		entries, err := st.AuditLog(t.Context(), audit.Filter{ObjectID: b.ID})
		if err != nil || len(entries) != 1 || entries[0].Action != "booking.change" {
			t.Errorf("audit %+v %v", entries, err)
		}
		// A guide may not change bookings.
		guide := storetest.AddUser(t, st, "guide", account.RoleGuide)
		if _, err := f.rebook.Apply(t.Context(), guide, b.ID, rebook.Change{ContactName: ptr("X"), Key: "k-g"}); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("a guide's change: %v", err)
		}
	})
}

// A booking whose travellers have checked in at the departure is not changed.
func TestCheckedInIsNotChanged(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "eve", f.day, 2)
		err := st.InTx(t.Context(), func(tx *store.Store) error {
			_, _, err := tx.CheckIn(t.Context(), b.ID, 2, t0, audit.Entry{ActorID: f.admin.ID, ActorName: f.admin.Name, Action: "ticket.check_in"})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Participants: 1, Key: "k-late"}); !errors.Is(err, rebook.ErrCheckedIn) {
			t.Errorf("changing a checked-in booking: %v", err)
		}
		if got := f.booking(t, b.ID); got.Participants != 2 || got.RefundedMinor != 0 {
			t.Errorf("after the refusal: %+v", got)
		}
	})
}

type waitlistMailer struct{}

func (waitlistMailer) WaitlistOffer(o waitlist.Offer) (*mail.Message, error) {
	return &mail.Message{IdemKey: "waitlist-offer:" + o.BookingID, Kind: "waitlistOffer", To: o.UserEmail, Props: []byte(`{}`)}, nil
}

func (waitlistMailer) WaitlistCancelled(o waitlist.Offer, message string) (*mail.Message, error) {
	return &mail.Message{IdemKey: "waitlist-cancelled:" + o.ID, Kind: "waitlistCancelled", To: o.UserEmail, Props: []byte(`{}`)}, nil
}

// The seats a change frees go to the departure's waiting list in the same transaction:
// a move away offers them to the group waiting there.
func TestSeatsFreedGoToTheWaitingList(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		list := waitlist.NewService(st, st, waitlist.Options{Mailer: waitlistMailer{}, Now: func() time.Time { return t0 },
			Tx: storetest.InTx(st, func(tx *store.Store) waitlist.Tx { return tx })})
		f.rebook = rebook.NewService(st, f.refunds, rebook.Options{Now: func() time.Time { return t0 }, Waitlist: list,
			Tx: storetest.InTx(st, func(tx *store.Store) rebook.Tx { return tx })})
		b := f.paid(t, "gus", f.day, 2)
		f.paid(t, "rest", f.day, 8) // full
		waiter := storetest.AddUser(t, st, "waiter", account.RoleUser)
		if _, err := list.Join(t.Context(), waiter, f.tour.ID, "2031-06-01", 2); err != nil {
			t.Fatal(err)
		}
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Date: "2031-06-08", Key: "k-away"}); err != nil {
			t.Fatal(err)
		}
		offers, err := st.DepartureOffers(t.Context(), f.tour.ID, f.day)
		if err != nil {
			t.Fatal(err)
		}
		if len(offers) != 1 || offers[0].UserEmail != waiter.Email || offers[0].Participants != 2 {
			t.Errorf("offers after the move away: %+v", offers)
		}
		if taken := f.seatsTaken(t, f.day); taken != 10 {
			t.Errorf("%d seats taken on the first departure (8 paid, 2 held for the offer), want 10", taken)
		}
	})
}

// paidWith is a paid booking of units, travellers and answers, as the checkout makes one.
func (f *fixture) paidWith(t *testing.T, name string, units []booking.Unit, travellers []booking.Traveller, answers []booking.Answer,
	extras ...booking.ExtraLine) booking.Booking {
	t.Helper()
	u := storetest.AddUser(t, f.st, name, account.RoleUser)
	b := booking.Booking{TourID: f.tour.ID, UserID: u.ID, StartDate: f.day, Currency: "usd", Provider: "sandbox",
		HoldUntil: t0.Add(30 * time.Minute), Units: units, Travellers: travellers, Answers: answers, Extras: extras}
	for _, e := range extras {
		b.AmountMinor += e.PriceMinor * int64(e.Quantity)
	}
	for _, u := range units {
		b.AmountMinor += u.PriceMinor * int64(u.Count)
		if u.TakesSeat {
			b.Participants += u.Count
		}
	}
	if err := f.st.CreateHold(t.Context(), &b, t0); err != nil {
		t.Fatal(err)
	}
	b, _, err := f.bookings.RecordPayment(t.Context(), b.ID, booking.Payment{Ref: "pi_" + b.ID, AmountMinor: b.AmountMinor, Currency: "usd"}, t0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A booking of one category changes its number of travellers with its units, and the
// travellers who go take their answers; one of several categories (which traveller
// goes, at which price?) is refused with a sentence, and nothing changes.
func TestChangeTravellersOfPriceCategories(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		adults := f.paidWith(t, "ann", []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 3, PriceMinor: 40000, TakesSeat: true}},
			[]booking.Traveller{{CategoryID: "adult", Name: "Ann"}, {CategoryID: "adult", Name: "Bo"}, {CategoryID: "adult", Name: "Cy"}},
			[]booking.Answer{{QuestionID: "diet", Label: "Diet", Type: tour.ShortText, Traveller: 2, Value: "vegan"},
				{QuestionID: "diet", Label: "Diet", Type: tour.ShortText, Traveller: 3, Value: "none"},
				{QuestionID: "hotel", Label: "Hotel", Type: tour.ShortText, Value: "Ritz"}})
		if _, err := f.rebook.Apply(t.Context(), f.admin, adults.ID, rebook.Change{Participants: 2, Key: "k-adults"}); err != nil {
			t.Fatal(err)
		}
		got := f.booking(t, adults.ID)
		if got.Participants != 2 || got.AmountMinor != 80000 || len(got.Units) != 1 || got.Units[0].Count != 2 ||
			len(got.Travellers) != 2 || got.Travellers[1].Name != "Bo" || len(got.Answers) != 2 ||
			got.Answers[0].Value != "vegan" || got.Answers[1].Value != "Ritz" {
			t.Errorf("after 3 → 2: %d seats, price %d, units %+v, travellers %+v, answers %+v",
				got.Participants, got.AmountMinor, got.Units, got.Travellers, got.Answers)
		}
		if _, err := f.rebook.Apply(t.Context(), f.admin, adults.ID, rebook.Change{Participants: 3, Key: "k-adults-up"}); err != nil {
			t.Fatal(err)
		}
		if got := f.booking(t, adults.ID); len(got.Travellers) != 3 || got.Travellers[2] != (booking.Traveller{CategoryID: "adult"}) ||
			got.Units[0].Count != 3 {
			t.Errorf("after 2 → 3: units %+v, travellers %+v", got.Units, got.Travellers)
		}

		family := f.paidWith(t, "fay", []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 40000, TakesSeat: true},
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 20000, TakesSeat: true}}, nil, nil)
		_, err := f.rebook.Apply(t.Context(), f.admin, family.ID, rebook.Change{Participants: 2, Key: "k-family"})
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.Invalid || !strings.Contains(fe.Message, "several price categories (2 Adult · 1 Child)") {
			t.Fatalf("changing the number of a family's travellers: %v", err)
		}
		if got := f.booking(t, family.ID); got.Participants != 3 || got.AmountMinor != 100000 {
			t.Errorf("the refused change wrote %d seats at %d", got.Participants, got.AmountMinor)
		}
	})
}

// A booking's extras move with it, within the stock of the departure it moves to.
func TestMoveTakesItsExtrasWithinTheStock(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		f.tour.Extras = []tour.Extra{{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: 2}}
		if err := st.UpdateTour(t.Context(), &f.tour, f.tour.Version, t0, audit.Entry{ActorID: "op", Action: "tour.update", ObjectType: "tour"}); err != nil {
			t.Fatal(err)
		}
		adult := []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 1, PriceMinor: 40000, TakesSeat: true}}
		suits := func(n int) []booking.ExtraLine {
			return []booking.ExtraLine{{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: n, PriceMinor: 1500}}
		}
		mover := f.paidWith(t, "mo", adult, nil, nil, suits(1)...)
		other := f.paidWith(t, "ola", adult, nil, nil, suits(1)...)
		if _, err := f.rebook.Apply(t.Context(), f.admin, other.ID, rebook.Change{Date: f.day2.Format(time.DateOnly), Key: "k-ola"}); err != nil {
			t.Fatal(err)
		}
		// One wetsuit left on day2: mo's moves.
		if _, err := f.rebook.Apply(t.Context(), f.admin, mover.ID, rebook.Change{Date: f.day2.Format(time.DateOnly), Key: "k-mo"}); err != nil {
			t.Fatal(err)
		}
		// None left on day2 for a third.
		third := f.paidWith(t, "tia", adult, nil, nil, suits(1)...)
		_, err := f.rebook.Apply(t.Context(), f.admin, third.ID, rebook.Change{Date: f.day2.Format(time.DateOnly), Key: "k-tia"})
		var fe *fault.Error
		if !errors.As(err, &fe) || !errors.Is(err, booking.ErrNoStock) || fe.Message != "There are no wetsuits left on 8 June 2031." {
			t.Fatalf("moving to a departure without wetsuits left: %v", err)
		}
		if got := f.booking(t, third.ID); !got.StartDate.Equal(f.day) {
			t.Errorf("the refused move moved the booking to %s", got.StartDate.Format(time.DateOnly))
		}
	})
}

// A booking paid by a deposit, moved a week later: its balance falls due a week later
// too (the same number of days before the new departure), and it is not overdue for a
// day the old departure set.
func TestMoveTakesTheBalanceDueDay(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		u := storetest.AddUser(t, st, "deposit", account.RoleUser)
		b := booking.Booking{TourID: f.tour.ID, UserID: u.ID, StartDate: f.day, Participants: 2,
			AmountMinor: 2 * f.tour.UnitPriceMinor(), Currency: "usd", Provider: "sandbox", HoldUntil: t0.Add(30 * time.Minute),
			DepositMinor: 20000, BalanceDue: f.day.AddDate(0, 0, -30)}
		if err := st.CreateHold(t.Context(), &b, t0); err != nil {
			t.Fatal(err)
		}
		if _, _, err := f.bookings.RecordPayment(t.Context(), b.ID, booking.Payment{Ref: "pi_" + b.ID, AmountMinor: 20000, Currency: "usd"}, t0, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := f.rebook.Apply(t.Context(), f.admin, b.ID, rebook.Change{Date: "2031-06-08", Key: "k-move"}); err != nil {
			t.Fatal(err)
		}
		got := f.booking(t, b.ID)
		if want := f.day2.AddDate(0, 0, -30); !got.StartDate.Equal(f.day2) || !got.BalanceDue.Equal(want) {
			t.Errorf("after the move: departs %s, balance due %s; want %s, %s", got.StartDate, got.BalanceDue, f.day2, want)
		}
		if got.BalanceOverdue(f.day.AddDate(0, 0, -29)) {
			t.Errorf("overdue by the old departure's due day")
		}
	})
}
