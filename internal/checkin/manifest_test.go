package checkin_test

import (
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/checkin"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// TestManifestOfTheStore: on each database, the manifest lists the paid bookings as
// coming, with the lead traveller's phone and the office's notes, and counts them; a
// cancelled one is apart and not counted; check-ins add up.
func TestManifestOfTheStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		now := day.Add(10 * time.Hour) // the departure's day: check-in is open
		tr := storetest.AddTour(t, st, "manifest-trail", 20, day)
		admin := storetest.AddUser(t, st, "Olga Office", account.RoleAdmin)
		made := 0 // each booking a minute after the last: the manifest lists them in that order
		paid := func(name string, n int, phone, notes string) booking.Booking {
			made++
			u := storetest.AddUser(t, st, name, account.RoleUser)
			b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: n, AmountMinor: tr.UnitPriceMinor() * int64(n),
				Currency: "usd", Source: booking.Cash, ContactPhone: phone, Notes: notes}
			if err := st.CreatePaidBooking(ctx, &b, admin.Name, now.Add(-48*time.Hour+time.Duration(made)*time.Minute), audit.Entry{ActorID: admin.ID, ActorName: admin.Name, Action: "booking.walk_in"}); err != nil {
				t.Fatal(err)
			}
			return b
		}
		ana := paid("ana", 2, "+351 912 345 678", "Vegetarian")
		paid("ben", 3, "", "")
		gone := paid("gone", 4, "+44 20 7946 0000", "")
		// Taken by phone, to be paid by transfer: coming, and counted.
		made++
		u := storetest.AddUser(t, st, "cara", account.RoleUser)
		awaiting := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: 1, AmountMinor: tr.UnitPriceMinor(),
			Currency: "usd", Source: booking.BankTransfer, Status: booking.AwaitingPayment}
		if err := st.CreatePaidBooking(ctx, &awaiting, admin.Name, now.Add(-48*time.Hour+time.Duration(made)*time.Minute),
			audit.Entry{ActorID: admin.ID, ActorName: admin.Name, Action: "booking.walk_in"}); err != nil {
			t.Fatal(err)
		}
		if err := st.SetBookingState(ctx, gone.ID, booking.Cancelled, 0); err != nil {
			t.Fatal(err)
		}
		svc := checkin.NewService(st, checkin.Options{Now: func() time.Time { return now }})
		if _, err := svc.CheckIn(ctx, admin, tr.ID, "2031-06-01", ana.ID, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.CheckIn(ctx, admin, tr.ID, "2031-06-01", ana.ID, 2); err != nil {
			t.Fatalf("a latecomer: %v", err)
		}

		m, err := svc.Manifest(ctx, admin, tr.ID, "2031-06-01")
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Coming) != 3 || m.Coming[2].ID != awaiting.ID || m.Coming[2].Status != booking.AwaitingPayment {
			t.Errorf("the booking awaiting payment is not coming: %+v", m.Coming)
		}
		if len(m.Coming) < 2 || m.Coming[0].ID != ana.ID || m.Coming[0].ContactPhone != "+351 912 345 678" || m.Coming[0].Notes != "Vegetarian" {
			t.Errorf("coming: %+v", m.Coming)
		}
		if len(m.Apart) != 1 || m.Apart[0].ID != gone.ID {
			t.Errorf("apart: %+v", m.Apart)
		}
		if m.Totals != (checkin.Totals{Bookings: 3, Travellers: 6, CheckedIn: 2}) {
			t.Errorf("totals %+v, want 3 bookings, 6 travellers, 2 checked in", m.Totals)
		}
	})
}
