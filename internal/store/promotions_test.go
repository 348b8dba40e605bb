package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/promotion"
)

// Promotions round-trip every rule; a code is unique; a use counts while its booking
// holds seats (held, paid or to be paid): one refunded, or never honoured (refund due),
// gives it back; the list adds up uses, held checkouts and the discount given per
// currency.
func TestPromotions(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		jun1 := date(2031, 6, 1)
		tr := addTour(t, s, "promo", 10, []time.Time{jun1})
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)

		p := promotion.Promotion{Code: "SPRING10", Percent: 10, TourIDs: []string{tr.ID}, ValidFrom: date(2031, 3, 1),
			ValidUntil: date(2031, 3, 31), DeparturesFrom: date(2031, 5, 1), MaxUses: 5, MaxPerCustomer: 1, MinTravellers: 2, Active: true}
		must(t, s.CreatePromotion(ctx, &p, nil))
		got, err := s.PromotionByCode(ctx, "SPRING10")
		must(t, err)
		if got.ID != p.ID || !reflect.DeepEqual(got.TourIDs, p.TourIDs) || !got.ValidUntil.Equal(p.ValidUntil) ||
			!got.DeparturesUntil.IsZero() || got.MinTravellers != 2 || !got.Active || got.CreatedAt.IsZero() {
			t.Errorf("read back %+v", got)
		}
		fixed := promotion.Promotion{Code: "EURO20", AmountMinor: 2000, Currency: "eur"}
		must(t, s.CreatePromotion(ctx, &fixed, nil))
		if err := s.CreatePromotion(ctx, &promotion.Promotion{Code: "SPRING10", Percent: 5}, nil); !errors.Is(err, promotion.ErrCodeTaken) {
			t.Errorf("a second SPRING10: %v", err)
		}
		fixed.Code = "SPRING10"
		if err := s.UpdatePromotion(ctx, fixed, nil); !errors.Is(err, promotion.ErrCodeTaken) {
			t.Errorf("renamed to a taken code: %v", err)
		}
		if err := s.UpdatePromotion(ctx, promotion.Promotion{ID: "nosuch", Code: "X"}, nil); !errors.Is(err, promotion.ErrNotFound) {
			t.Errorf("update of none: %v", err)
		}
		if _, err := s.PromotionByID(ctx, "nosuch"); !errors.Is(err, promotion.ErrNotFound) {
			t.Errorf("no such id: %v", err)
		}
		fixed.Code, fixed.Active, fixed.TourIDs = "EURO25", true, nil
		must(t, s.UpdatePromotion(ctx, fixed, nil))
		if got, err := s.PromotionByID(ctx, fixed.ID); err != nil || got.Code != "EURO25" || !got.Active || len(got.TourIDs) != 0 {
			t.Errorf("updated %+v, %v", got, err)
		}
		if _, err := s.LockPromotion(ctx, "SPRING10"); err == nil || !strings.Contains(err.Error(), "transaction") {
			t.Errorf("locked outside a transaction: %v", err)
		}

		// Uses: held, lapsed, cancelled, paid, refunded.
		use := func(u account.User, now time.Time, discount int64) booking.Booking {
			b := newBooking(tr, u, jun1, 2, now)
			must(t, s.InTx(ctx, func(tx *Store) error {
				if _, err := tx.LockPromotion(ctx, "SPRING10"); err != nil {
					return err
				}
				if err := tx.CreateHold(ctx, &b, now); err != nil {
					return err
				}
				return tx.AddPromotionUse(ctx, promotion.Use{PromotionID: p.ID, BookingID: b.ID, DiscountMinor: discount, At: now})
			}))
			return b
		}
		use(ann, t0, 100)                 // held
		use(bob, t0.Add(-time.Hour), 200) // lapsed
		cancelled := use(bob, t0, 300)    // cancelled
		paid := use(ann, t0, 9940)        // paid
		refunded := use(bob, t0, 4970)    // paid, then refunded
		late := use(ann, t0, 700)         // paid after its hold, the date full: refund due
		must(t, s.CancelBooking(ctx, cancelled.ID))
		for _, b := range []booking.Booking{paid, refunded, late} {
			b.Status, b.PaymentRef, b.PaidAt, b.PaidMinor = booking.Paid, "pi_"+b.ID, t0, b.AmountMinor
			if b.ID == late.ID {
				b.Status = booking.RefundDue
			}
			must(t, s.RecordPayment(ctx, b))
		}
		must(t, s.SetBookingState(ctx, refunded.ID, booking.Refunded, refunded.AmountMinor))

		if code, err := s.PromotionCodeOfBooking(ctx, late.ID); err != nil || code != "SPRING10" {
			t.Errorf("the code of a booking that used one: %q, %v", code, err)
		}
		if _, err := s.PromotionCodeOfBooking(ctx, "nosuch"); !errors.Is(err, promotion.ErrNotFound) {
			t.Errorf("the code of a booking that used none: %v", err)
		}
		all, mine, err := s.PromotionUses(ctx, p.ID, ann.ID, t0)
		must(t, err)
		if all != 2 || mine != 2 {
			t.Errorf("uses at t0: %d, Ann's %d; want 2 and 2", all, mine)
		}
		all, mine, err = s.PromotionUses(ctx, p.ID, bob.ID, t0.Add(time.Hour)) // Ann's hold has run out
		must(t, err)
		if all != 1 || mine != 0 {
			t.Errorf("uses an hour later: %d, Bob's %d; want 1 and 0 (his refunded booking gave its use back)", all, mine)
		}
		list, err := s.Promotions(ctx, t0)
		must(t, err)
		if len(list) != 2 {
			t.Fatalf("%d promotions listed", len(list))
		}
		var spring promotion.Listed
		for _, l := range list {
			if l.ID == p.ID {
				spring = l
			}
		}
		if spring.Uses != 1 || spring.Held != 1 || !reflect.DeepEqual(spring.DiscountMinor, map[string]int64{"usd": 9940}) {
			t.Errorf("listed %+v", spring)
		}
	})
}
