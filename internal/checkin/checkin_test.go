package checkin

import (
	"context"
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// fakeStore has one tour, guided by "g1", departing on day.
type fakeStore struct{ t tour.Tour }

var day = time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)

func (f fakeStore) TourByIDAnyStatus(_ context.Context, id string, _ time.Time) (tour.Tour, error) {
	if id != f.t.ID {
		return tour.Tour{}, tour.ErrNotFound
	}
	return f.t, nil
}
func (fakeStore) DepartureBookings(context.Context, string, time.Time) ([]backoffice.BookingRow, error) {
	return nil, nil
}
func (fakeStore) DepartureWaitlist(context.Context, string, time.Time) ([]waitlist.Row, error) {
	return nil, nil
}
func (fakeStore) TicketByCode(context.Context, string) (ticket.Ticket, error) {
	return ticket.Ticket{}, ticket.ErrNotFound
}
func (fakeStore) BookingTicket(context.Context, string) (ticket.Ticket, error) {
	return ticket.Ticket{}, ticket.ErrNotFound
}
func (fakeStore) CheckIn(context.Context, string, int, time.Time, audit.Entry) (ticket.Ticket, bool, error) {
	return ticket.Ticket{}, false, errors.New("not in these tests")
}
func (fakeStore) UndoCheckIn(context.Context, string, audit.Entry) (ticket.Ticket, bool, error) {
	return ticket.Ticket{}, false, errors.New("not in these tests")
}
func (fakeStore) RaiseArrived(context.Context, string, int, audit.Entry) (ticket.Ticket, bool, error) {
	return ticket.Ticket{}, false, errors.New("not in these tests")
}
func (fakeStore) DepartureCheckIns(context.Context, string, time.Time) (map[string]ticket.CheckIn, error) {
	return nil, nil
}

// TestWhoSeesAManifest: those who manage bookings see every departure, a guide only the
// tours they guide (anyone else's is "not found", as a departure that is not), a
// traveller none.
func TestWhoSeesAManifest(t *testing.T) {
	st := fakeStore{t: tour.Tour{ID: "t1", TimeZone: "UTC", StartDates: []tour.StartDate{{Date: day}},
		Guides: []tour.Guide{{UserID: "g1"}}}}
	svc := NewService(st, Options{Now: func() time.Time { return day.Add(-48 * time.Hour) }})
	for _, c := range []struct {
		who  account.User
		date string
		want error
	}{
		{account.User{ID: "a", Role: account.RoleAdmin}, "2031-06-01", nil},
		{account.User{ID: "l", Role: account.RoleLeadGuide}, "2031-06-01", nil},
		{account.User{ID: "g1", Role: account.RoleGuide}, "2031-06-01", nil},
		{account.User{ID: "g2", Role: account.RoleGuide}, "2031-06-01", tour.ErrNotFound},
		{account.User{ID: "u", Role: account.RoleUser}, "2031-06-01", account.ErrNotAllowed},
		{account.User{ID: "a", Role: account.RoleAdmin}, "2031-06-02", tour.ErrNotFound},
		{account.User{ID: "a", Role: account.RoleAdmin}, "June", tour.ErrNotFound},
	} {
		m, err := svc.Manifest(context.Background(), c.who, "t1", c.date)
		if !errors.Is(err, c.want) || (err == nil && !m.Departure.Date.Equal(day)) {
			t.Errorf("%s %s on %s: %v, want %v", c.who.Role, c.who.ID, c.date, err, c.want)
		}
	}
	if got := CheckInOpens(st.t, st.t.StartDates[0]); !got.Equal(day) {
		t.Errorf("check-in opens %v, want %v", got, day)
	}
}
