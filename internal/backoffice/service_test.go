package backoffice

import (
	"context"
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
)

// fakeStore answers the reads of the dashboard and the bookings list; anything else it
// was not given panics (the embedded nil Store), so a refused call that reached the store
// shows.
type fakeStore struct {
	Store
	guideAsked string
}

func (f *fakeStore) Departures(_ context.Context, c CalendarFilter, _ time.Time) ([]DepartureStats, error) {
	f.guideAsked = c.GuideID
	return nil, nil
}

func (f *fakeStore) SalesSince(context.Context, time.Time) (Sales, error) {
	return Sales{Bookings: 3}, nil
}

func (f *fakeStore) Bookings(context.Context, BookingFilter, time.Time) ([]BookingRow, int, error) {
	return nil, 0, nil
}

// TestWhoMayUseTheBookingsOffice: those who manage bookings see the bookings and the
// sales; a guide only the dashboard of their own departures; a traveller nothing.
func TestWhoMayUseTheBookingsOffice(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		role              account.Role
		dashboard, manage bool
		sales             bool
		guideAsked        string
	}{
		{account.RoleAdmin, true, true, true, ""},
		{account.RoleLeadGuide, true, true, true, ""},
		{account.RoleGuide, true, false, false, "u1"},
		{account.RoleUser, false, false, false, ""},
	} {
		st := &fakeStore{}
		svc := NewService(st, Options{})
		u := account.User{ID: "u1", Role: c.role}
		_, sales, err := svc.Dashboard(ctx, u)
		if c.dashboard != (err == nil) || (err != nil && !errors.Is(err, account.ErrNotAllowed)) ||
			c.sales != (sales != nil) || st.guideAsked != c.guideAsked {
			t.Errorf("%s: dashboard %v, sales %v, guide %q", c.role, err, sales, st.guideAsked)
		}
		_, _, err = svc.Bookings(ctx, u, BookingFilter{})
		if c.manage != (err == nil) || (err != nil && !errors.Is(err, account.ErrNotAllowed)) {
			t.Errorf("%s: bookings %v", c.role, err)
		}
		if c.manage {
			continue
		}
		if _, err := svc.Booking(ctx, u, "b1"); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("%s: a booking's detail %v", c.role, err)
		}
		if _, err := svc.RecordWalkIn(ctx, u, "t1", "2031-06-01", WalkIn{}); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("%s: a walk-in %v", c.role, err)
		}
	}
}
