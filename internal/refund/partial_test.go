package refund_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A refund that keeps the booking: ten identical requests at once refund once, the
// booking stays paid with its seats, and more than is left is refused in a sentence.
func TestRefundKeepsTheBooking(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.paid(t, "ann", 3)
		var wg sync.WaitGroup
		errs := make([]error, 10)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = f.office.Refund(context.Background(), f.admin, b.ID, money.MinorAmount(12000), "Dropped out", "k-keep")
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil && !errors.Is(err, backoffice.ErrRefundInProgress) {
				t.Errorf("refund: %v", err)
			}
		}
		got := f.booking(t, b.ID)
		if got.Status != booking.Paid || got.RefundedMinor != 12000 || got.Participants != 3 {
			t.Errorf("after the refund: %s, %d refunded, %d travellers", got.Status, got.RefundedMinor, got.Participants)
		}
		// Money given back on a booking that stays lowers its price: nothing becomes due.
		if got.AmountMinor != b.AmountMinor-12000 || got.DueMinor() != 0 {
			t.Errorf("after the refund: price %d (was %d), due %d; want the price lowered by the refund and nothing due",
				got.AmountMinor, b.AmountMinor, got.DueMinor())
		}
		refunds, _ := st.BookingRefunds(t.Context(), b.ID)
		if len(refunds) != 1 || refunds[0].Status != backoffice.RefundSucceeded {
			t.Errorf("refunds %+v", refunds)
		}
		// The audit log says what the refund did to the booking: refunded and price.
		entries, err := st.AuditLog(t.Context(), audit.Filter{ObjectID: b.ID})
		if err != nil || len(entries) != 1 || entries[0].Action != "booking.refund" ||
			fmt.Sprint(entries[0].Changes["refunded"]) != fmt.Sprint(audit.Change{Old: 0, New: 12000}) ||
			fmt.Sprint(entries[0].Changes["amount"]) != fmt.Sprint(audit.Change{Old: b.AmountMinor, New: b.AmountMinor - 12000}) {
			t.Errorf("audit %+v %v", entries, err)
		}
		if taken, _ := st.SeatsTaken(t.Context(), f.tour.ID, f.day, t0); taken != 3 {
			t.Errorf("%d seats taken after a refund that keeps the booking, want 3", taken)
		}
		var fe *fault.Error
		left := b.PaidMinor - 12000
		if _, err := f.office.Refund(t.Context(), f.admin, b.ID, money.MinorAmount(left+1), "", "k-more"); !errors.As(err, &fe) || fe.Kind != fault.Invalid ||
			!strings.Contains(fe.Message, "more than was paid and not yet refunded") {
			t.Errorf("refunding more than is left: %v", err)
		}
		if _, err := f.office.Refund(t.Context(), f.admin, b.ID, money.MinorAmount(0), "", "k-zero"); !errors.As(err, &fe) || fe.Kind != fault.Invalid {
			t.Errorf("refunding nothing: %v", err)
		}
		// The rest can still be refunded, and the booking then cancelled with nothing left.
		if _, err := f.office.Refund(t.Context(), f.admin, b.ID, money.MinorAmount(left), "", "k-rest"); err != nil {
			t.Fatal(err)
		}
		if got := f.booking(t, b.ID); got.Status != booking.Paid || got.RefundedMinor != b.PaidMinor {
			t.Errorf("after refunding the rest: %+v", got)
		}
		guide := storetest.AddUser(t, st, "guide", account.RoleGuide)
		if _, err := f.office.Refund(t.Context(), guide, b.ID, money.MinorAmount(1), "", "k-guide"); !errors.Is(err, account.ErrNotAllowed) {
			t.Errorf("a guide's refund: %v", err)
		}
	})
}

// mailer records what each email was given to say.
type mailer struct {
	mu   sync.Mutex
	said []string
}

func (m *mailer) Cancellation(_ context.Context, b booking.Booking, refundedMinor int64, message booking.CustomerText) (*mail.Message, error) {
	m.mu.Lock()
	m.said = append(m.said, string(message))
	m.mu.Unlock()
	return &mail.Message{Kind: "bookingCancelled", To: "t@example.com", Subject: "Cancelled", Text: string(message),
		HTML: "<p>" + string(message) + "</p>", IdemKey: "booking-cancelled:" + b.ID}, nil
}

func (m *mailer) Refunded(_ context.Context, b booking.Booking, refundMinor int64, refundID string) (*mail.Message, error) {
	return &mail.Message{Kind: "bookingChanged", To: "t@example.com", Subject: "Refunded", Text: "refunded",
		HTML: "<p>refunded</p>", IdemKey: "booking-refunded:" + refundID}, nil
}

type departures struct{}

func (departures) MarkCancelled(context.Context, account.User, string, time.Time, string) error {
	return nil
}

// A departure cancelled with an internal note and a message to customers: the bookings
// asked to move are moved (through Options.Move), the others refunded; every email
// carries the message and none the note, which each booking's history keeps.
func TestCancelDepartureKeepsTheNoteInternal(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		m := &mailer{}
		var moved []string
		f.office = refund.NewService(st, f.provider, departures{}, refund.Options{Now: func() time.Time { return t0 }, Mailer: m,
			Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx }),
			Move: func(ctx context.Context, actor account.User, id, date, note string, message booking.CustomerText) (backoffice.BookingRow, error) {
				moved = append(moved, id+"→"+date+"|"+note+"|"+string(message))
				return st.BookingRow(ctx, id)
			}})
		a, b := f.paid(t, "ann", 1), f.paid(t, "bob", 2)
		// Taken by phone and not paid yet: cancelled with the departure, nothing to refund.
		cara := storetest.AddUser(t, st, "cara", account.RoleUser)
		c := booking.Booking{TourID: f.tour.ID, UserID: cara.ID, StartDate: f.day, Participants: 1, AmountMinor: 49700,
			Currency: "usd", Source: booking.BankTransfer, Status: booking.AwaitingPayment}
		if err := st.CreatePaidBooking(t.Context(), &c, "Laura", t0, audit.Entry{ActorID: f.admin.ID, ActorName: "Laura", Action: "booking.walk_in"}); err != nil {
			t.Fatal(err)
		}
		const note, message = "Guide Ola is ill; insurer ref 4411", "A storm is forecast: we are sorry."
		if _, err := f.office.CancelDeparture(t.Context(), f.admin, f.tour.ID, "2031-06-01",
			refund.DepartureCancel{Note: note, Message: message, Moves: map[string]string{a.ID: "2031-06-01"}}); err == nil {
			t.Fatal("a move to the departure being cancelled was accepted")
		}
		results, err := f.office.CancelDeparture(t.Context(), f.admin, f.tour.ID, "2031-06-01",
			refund.DepartureCancel{Note: note, Message: message, Moves: map[string]string{a.ID: "2031-06-08"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(results) != 3 || len(moved) != 1 || moved[0] != a.ID+"→2031-06-08|"+note+"|"+message {
			t.Fatalf("results %+v, moved %v", results, moved)
		}
		if got := f.booking(t, b.ID); got.Status != booking.Refunded || got.RefundedMinor != b.PaidMinor {
			t.Errorf("the booking not moved: %+v", got)
		}
		if got := f.booking(t, c.ID); got.Status != booking.Cancelled || got.RefundedMinor != 0 {
			t.Errorf("the booking awaiting payment: %+v, want cancelled with nothing refunded", got)
		}
		emails, _, err := st.ListEmails(t.Context(), mail.Filter{}, 0, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(emails) != 2 || len(m.said) != 2 || m.said[0] != message || m.said[1] != message {
			t.Errorf("%d emails, said %q", len(emails), m.said)
		}
		for _, e := range emails {
			if e, err = st.EmailByID(t.Context(), e.ID); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(e.Subject+e.Text+e.HTML, "Ola") || !strings.Contains(e.Text, "storm") {
				t.Errorf("email %s: %q", e.Kind, e.Text)
			}
		}
		events, _ := st.BookingEvents(t.Context(), b.ID)
		if len(events) != 1 || !strings.Contains(events[0].Detail, note) {
			t.Errorf("history %+v", events)
		}
	})
}
