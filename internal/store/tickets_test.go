package store

import (
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/ticket"
)

// TestTicketsOfPaidBookings: a booking gets its ticket when it is paid, not before; a
// paid booking without one (paid before tickets existed) gets one at the next start.
func TestTicketsOfPaidBookings(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		u := addUser(t, s, "tess", account.RoleUser)
		d := date(2031, 6, 1)
		tr := addTour(t, s, "ticket-trail", 10, []time.Time{d})
		paid, open := mustHold(t, s, tr, u, d, 2, t0), mustHold(t, s, tr, u, d, 1, t0)
		if _, err := s.BookingTicket(t.Context(), paid); !errors.Is(err, ticket.ErrNotFound) {
			t.Fatalf("a hold has a ticket: %v", err)
		}
		_, _, err := recordPaid(s, t.Context(), paid, "pi_1", tr.UnitPriceMinor()*2, "usd", t0, nil)
		must(t, err)
		k, err := s.BookingTicket(t.Context(), paid)
		must(t, err)
		if c, err := ticket.Parse(k.Code); err != nil || c != k.Code || k.UserID != u.ID || k.Participants != 2 || k.CheckIn != nil {
			t.Fatalf("ticket %+v (%v)", k, err)
		}
		if byCode, err := s.TicketByCode(t.Context(), k.Code); err != nil || byCode.BookingID != paid {
			t.Fatalf("by code: %+v, %v", byCode, err)
		}
		// Paying again changes nothing, the code included.
		_, _, err = recordPaid(s, t.Context(), paid, "pi_1", tr.UnitPriceMinor()*2, "usd", t0, nil)
		must(t, err)
		if again, _ := s.BookingTicket(t.Context(), paid); again.Code != k.Code {
			t.Errorf("the code changed from %s to %s", k.Code, again.Code)
		}

		// As if paid before tickets existed.
		_, err = s.write.ExecContext(t.Context(), `DELETE FROM tickets WHERE booking_id = $1`, paid)
		must(t, err)
		must(t, s.Migrate(t.Context()))
		k2, err := s.BookingTicket(t.Context(), paid)
		if err != nil || k2.Code == "" {
			t.Fatalf("no ticket after the start-up: %v", err)
		}
		if _, err := s.BookingTicket(t.Context(), open); !errors.Is(err, ticket.ErrNotFound) {
			t.Errorf("the start-up gave an unpaid booking a ticket: %v", err)
		}
	})
}

// TestCheckInRecordsOnce: of concurrent check-ins of one ticket, one is recorded and
// audited; undo forgets it.
func TestCheckInRecordsOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		u := addUser(t, s, "cara", account.RoleUser)
		d := date(2031, 6, 1)
		tr := addTour(t, s, "gate-trail", 10, []time.Time{d})
		id := mustHold(t, s, tr, u, d, 3, t0)
		_, _, err := recordPaid(s, t.Context(), id, "pi_2", tr.UnitPriceMinor()*3, "usd", t0, nil)
		must(t, err)
		const n = 6
		recorded := make(chan bool, n)
		errs := make(chan error, n)
		for i := range n {
			go func() {
				_, ok, err := s.CheckIn(t.Context(), id, 1+i%3, t0, audit.Entry{ActorID: "g", ActorName: "Guide", Action: "booking.check_in", ObjectType: "booking"})
				recorded <- ok
				errs <- err
			}()
		}
		got := 0
		for range n {
			must(t, <-errs)
			if <-recorded {
				got++
			}
		}
		entries, err := s.AuditLog(t.Context(), audit.Filter{ObjectID: id})
		must(t, err)
		if got != 1 || len(entries) != 1 {
			t.Fatalf("%d check-ins recorded, %d audited; want 1 and 1", got, len(entries))
		}
		k, undone, err := s.UndoCheckIn(t.Context(), id, audit.Entry{ActorID: "g", ActorName: "Guide", Action: "booking.check_in_undo", ObjectType: "booking"})
		must(t, err)
		if !undone || k.CheckIn != nil {
			t.Errorf("undo: %v %+v", undone, k.CheckIn)
		}
		if _, undone, _ := s.UndoCheckIn(t.Context(), id, audit.Entry{Action: "booking.check_in_undo"}); undone {
			t.Error("undone twice")
		}
	})
}
