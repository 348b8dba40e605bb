package notify

import (
	"context"
	"errors"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
)

// TestLine: each news in one sentence a person reads, with how a new booking was paid
// and what changed.
func TestLine(t *testing.T) {
	b := backoffice.BookingRow{Booking: booking.Booking{Participants: 1, StartDate: time.Date(2027, 6, 15, 0, 0, 0, 0, time.UTC),
		Source: booking.BankTransfer}, CustomerName: "Zoë Ångström", TourName: "The Forest Hiker"}
	for _, c := range []struct {
		kind Kind
		what string
		want string
	}{
		{New, "", "New booking: Zoë Ångström, 1 traveller, The Forest Hiker on Tue 15 June 2027 (paid by bank transfer)"},
		{Cancelled, "", "Cancelled: Zoë Ångström, 1 traveller, The Forest Hiker on Tue 15 June 2027"},
		{Changed, " 2 travellers instead of 1 ", "Changed: Zoë Ångström, 1 traveller, The Forest Hiker on Tue 15 June 2027: 2 travellers instead of 1"},
		{Changed, "", "Changed: Zoë Ångström, 1 traveller, The Forest Hiker on Tue 15 June 2027"},
	} {
		if got := Line(c.kind, b, c.what); got != c.want {
			t.Errorf("%s: %q, want %q", c.kind, got, c.want)
		}
	}
	b.Participants, b.Source = 3, booking.Online
	if got := Line(New, b, ""); got != "New booking: Zoë Ångström, 3 travellers, The Forest Hiker on Tue 15 June 2027 (paid online)" {
		t.Errorf("online: %q", got)
	}
	// An infant on a lap travels without a seat: the operator reads both.
	b.Units = []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, TakesSeat: true},
		{CategoryID: "child", Name: "Child", Count: 1, TakesSeat: true}, {CategoryID: "infant", Name: "Infant", Count: 1}}
	if got := Line(New, b, ""); got != "New booking: Zoë Ångström, 4 travellers · 3 seats, The Forest Hiker on Tue 15 June 2027 (paid online)" {
		t.Errorf("a family: %q", got)
	}
}

// TestOnlyAdminsSetTheMode: the setting is the admins'; an unknown mode is refused with
// a message, before the store is asked anything.
func TestOnlyAdminsSetTheMode(t *testing.T) {
	s := NewService(nil, nil, Options{})
	for _, role := range []account.Role{account.RoleLeadGuide, account.RoleGuide, account.RoleUser} {
		if _, err := s.SetMode(context.Background(), account.User{Role: role}, "daily"); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("%s: %v", role, err)
		}
		if _, err := s.ModeFor(context.Background(), account.User{Role: role}); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("%s reads the mode: %v", role, err)
		}
	}
	_, err := s.SetMode(context.Background(), account.User{Role: account.RoleAdmin}, "hourly")
	var f *fault.Error
	if !errors.As(err, &f) || f.Kind != fault.Invalid || f.Message == "" {
		t.Errorf("an unknown mode: %v", err)
	}
}
