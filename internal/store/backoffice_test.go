package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
)

// The same refund finished by many requests at once (one key sent again and again) adds
// its amount once.
func TestFinishRefundOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		d := date(2031, 6, 1)
		tr := addTour(t, s, "refunds", 10, []time.Time{d})
		ann := addUser(t, s, "ann", account.RoleUser)
		id := mustHold(t, s, tr, ann, d, 2, t0)
		b, _, err := s.FulfilBooking(t.Context(), id, "pi_1", tr.UnitPriceMinor()*2, "usd", t0, nil)
		must(t, err)
		r, _, err := s.BeginRefund(t.Context(), backoffice.Refund{BookingID: id, Key: "k", AmountMinor: 1000, ActorID: "op"}, t0)
		must(t, err)
		// The same key again while it is pending: the same refund, to be asked again.
		again, _, err := s.BeginRefund(t.Context(), backoffice.Refund{BookingID: id, Key: "k", AmountMinor: 1000, ActorID: "op"}, t0)
		must(t, err)
		if again.ID != r.ID || again.Status != backoffice.RefundPending {
			t.Fatalf("same key: %+v, first %+v", again, r)
		}
		if _, _, err := s.BeginRefund(t.Context(), backoffice.Refund{BookingID: id, Key: "other", AmountMinor: 1000, ActorID: "op2"}, t0); err == nil {
			t.Fatal("a second key while one refund is pending was accepted")
		}
		var wg sync.WaitGroup
		for range 10 {
			wg.Go(func() {
				if _, err := s.FinishRefund(context.Background(), r.ID, "re_1", "", "Op", t0,
					audit.Entry{ActorID: "op", Action: "booking.cancel", ObjectType: "booking"}, nil); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, err := s.BookingByID(t.Context(), id)
		must(t, err)
		if got.Status != booking.Refunded || got.RefundedMinor != 1000 {
			t.Errorf("after 10 finishes of one refund: %s, %d refunded (paid %d)", got.Status, got.RefundedMinor, b.AmountMinor)
		}
		events, err := s.BookingEvents(t.Context(), id)
		must(t, err)
		if len(events) != 1 || events[0].Kind != "refunded" {
			t.Errorf("history %+v", events)
		}
	})
}
