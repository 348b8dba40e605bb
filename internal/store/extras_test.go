package store

import (
	"reflect"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

// ExtrasHeld adds up the extras of the bookings that hold seats on the departure at
// now, and of no other: not a cancelled one, a lapsed hold, another date or tour.
func TestExtrasHeld(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		jun1, jul1 := date(2031, 6, 1), date(2031, 7, 1)
		tr := addTour(t, s, "extras", 10, []time.Time{jun1, jul1})
		other := addTour(t, s, "other-extras", 10, []time.Time{jun1})
		ann := addUser(t, s, "ann", account.RoleUser)
		hold := func(tr tour.Tour, d time.Time, now time.Time, lines ...booking.ExtraLine) booking.Booking {
			b := newBooking(tr, ann, d, 1, now)
			b.Extras = lines
			must(t, s.CreateHold(ctx, &b, now))
			return b
		}
		wetsuits := func(n int) booking.ExtraLine {
			return booking.ExtraLine{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: n, PriceMinor: 1500}
		}
		room := booking.ExtraLine{ExtraID: "room", Name: "Single room", Per: tour.PerBooking, Quantity: 1, PriceMinor: 9000}

		hold(tr, jun1, t0, wetsuits(2), room)
		hold(tr, jun1, t0, wetsuits(1))
		hold(tr, jun1, t0) // none
		cancelled := hold(tr, jun1, t0, wetsuits(4))
		must(t, s.CancelBooking(ctx, cancelled.ID))
		hold(tr, jun1, t0.Add(-time.Hour), wetsuits(8)) // its hold ran out at now
		hold(tr, jul1, t0, wetsuits(5))
		hold(other, jun1, t0, wetsuits(6))

		held, err := s.ExtrasHeld(ctx, tr.ID, jun1, t0)
		must(t, err)
		if want := map[string]int{"wetsuit": 3, "room": 1}; !reflect.DeepEqual(held, want) {
			t.Fatalf("held %v, want %v", held, want)
		}
		held, err = s.ExtrasHeld(ctx, tr.ID, jun1, t0.Add(time.Hour)) // every hold has run out
		must(t, err)
		if len(held) != 0 {
			t.Fatalf("held after the holds ran out: %v", held)
		}
	})
}

// A sandbox checkout keeps its lines.
func TestSandboxCheckoutKeepsItsLines(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		req := sandboxRequest(t0.Add(time.Hour))
		req.UnitAmountMinor, req.Quantity = 0, 0
		req.Lines = []payment.LineItem{{Name: "Adult", UnitAmountMinor: 49700, Quantity: 2}, {Name: "Infant", Quantity: 1},
			{Name: "Wetsuit", UnitAmountMinor: 1500, Quantity: 2}}
		must(t, s.CreateSandboxCheckout(ctx, payment.SandboxCheckout{ID: "cs_lines", Request: req, FormToken: "f", CreatedAt: t0}))
		got, err := s.SandboxCheckout(ctx, "cs_lines")
		must(t, err)
		if !reflect.DeepEqual(got.Request.Lines, req.Lines) || got.Request.TotalMinor() != 2*49700+2*1500 {
			t.Fatalf("lines read back: %+v", got.Request.Lines)
		}
		old := sandboxRequest(t0.Add(time.Hour))
		must(t, s.CreateSandboxCheckout(ctx, payment.SandboxCheckout{ID: "cs_one", Request: old, FormToken: "f", CreatedAt: t0}))
		got, err = s.SandboxCheckout(ctx, "cs_one")
		must(t, err)
		if got.Request.Lines != nil || got.Request.TotalMinor() != 3*49700 {
			t.Fatalf("a checkout of one line reads %+v", got.Request)
		}
	})
}
