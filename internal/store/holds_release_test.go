package store

import (
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
)

func TestReleaseHoldsAndOpenHolds(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		d := date(2031, 6, 1)
		coast := addTour(t, s, "coast", 8, []time.Time{d})
		hills := addTour(t, s, "hills", 8, []time.Time{d})
		ann := addUser(t, s, "ann", account.RoleUser)
		bob := addUser(t, s, "bob", account.RoleUser)

		mustHold(t, s, coast, ann, d, 5, t0)
		mustHold(t, s, hills, ann, d, 1, t0)
		mustHold(t, s, coast, bob, d, 2, t0)
		if n, err := s.OpenHolds(ctx, ann.ID, t0.Add(time.Minute)); err != nil || n != 2 {
			t.Fatalf("OpenHolds(ann) = %d, %v; want 2", n, err)
		}
		// Ann asks again for the coast: her earlier hold there goes, Bob's and her other stay.
		if released, err := s.ReleaseHolds(ctx, ann.ID, coast.ID); err != nil || len(released) != 1 ||
			released[0].Participants != 5 || released[0].Status != booking.Cancelled {
			t.Fatalf("ReleaseHolds = %+v, %v; want Ann's 5 seats on the coast, cancelled", released, err)
		}
		mustHold(t, s, coast, ann, d, 6, t0.Add(time.Minute)) // 8 seats - Bob's 2: fits again
		if n, _ := s.OpenHolds(ctx, ann.ID, t0.Add(time.Minute)); n != 2 {
			t.Errorf("OpenHolds(ann) after re-booking = %d, want 2", n)
		}
		if n, _ := s.OpenHolds(ctx, bob.ID, t0.Add(time.Minute)); n != 1 {
			t.Errorf("OpenHolds(bob) = %d, want 1", n)
		}
		// Expired holds are not open.
		if n, _ := s.OpenHolds(ctx, ann.ID, t0.Add(2*time.Hour)); n != 0 {
			t.Errorf("OpenHolds after expiry = %d, want 0", n)
		}
	})
}
