package store

import (
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// A booking sold with a deposit keeps what its checkout charged and its balance's due
// day; BalancesDue lists the paid ones still owing it, due in the window asked, by due
// day; a booking paid in full, one whose balance is paid, and one cancelled are not.
// A tour's deposit settings are kept with its booking form.
func TestBalancesDue(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		day := date(2031, 6, 1)
		tr := addTour(t, s, "deposits", 20, []time.Time{day})
		tr.Deposit = tour.Deposit{Kind: tour.DepositPercent, Percent: 20, BalanceDays: 30}
		must(t, s.UpdateTour(ctx, &tr, tr.Version, t0, audit.Entry{ActorName: "Laura", Action: "tour.update", ObjectType: "tour", ObjectID: tr.ID}))
		got, err := s.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if got.Deposit != tr.Deposit {
			t.Fatalf("deposit kept as %+v", got.Deposit)
		}
		hold := func(name string, due time.Time, deposit int64) booking.Booking {
			u := addUser(t, s, name, account.RoleUser)
			b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: 1, AmountMinor: 50000, Currency: "usd",
				Provider: "sandbox", HoldUntil: t0.Add(time.Hour), DepositMinor: deposit, BalanceDue: due}
			must(t, s.CreateHold(ctx, &b, t0))
			b.Status, b.PaidAt, b.PaidMinor = booking.Paid, t0, b.ChargeMinor()
			must(t, s.RecordPayment(ctx, b))
			return b
		}
		later := hold("later", date(2031, 5, 10), 10000)
		sooner := hold("sooner", date(2031, 5, 2), 10000)
		hold("full", time.Time{}, 0)
		settled := hold("settled", date(2031, 5, 3), 10000)
		settled.PaidMinor = 50000
		must(t, s.RecordPayment(ctx, settled))
		gone := hold("gone", date(2031, 5, 4), 10000)
		must(t, s.SetBookingState(ctx, gone.ID, booking.Refunded, 10000))

		stored, err := s.BookingByID(ctx, sooner.ID)
		must(t, err)
		if stored.DepositMinor != 10000 || !stored.BalanceDue.Equal(date(2031, 5, 2)) || stored.DueMinor() != 40000 {
			t.Fatalf("stored %+v", stored)
		}
		list, err := s.BalancesDue(ctx, time.Time{}, date(2031, 6, 1), 10)
		must(t, err)
		if len(list) != 2 || list[0].ID != sooner.ID || list[1].ID != later.ID || list[0].TourName != tr.Name {
			t.Fatalf("balances due: %+v", list)
		}
		if list, err = s.BalancesDue(ctx, date(2031, 5, 3), date(2031, 5, 10), 10); err != nil || len(list) != 0 {
			t.Fatalf("between 3 and 10 May (the 10th not included): %+v, %v", list, err)
		}
		// ChangeBooking writes the due day a move gives the balance.
		moved := sooner
		moved.BalanceDue = date(2031, 5, 9)
		must(t, s.InTx(ctx, func(tx *Store) error { return tx.ChangeBooking(ctx, moved) }))
		if stored, err = s.BookingByID(ctx, sooner.ID); err != nil || !stored.BalanceDue.Equal(date(2031, 5, 9)) {
			t.Fatalf("balance due after the change: %s, %v", stored.BalanceDue, err)
		}
	})
}
