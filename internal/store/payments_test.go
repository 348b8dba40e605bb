package store

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	coll "tourbook/internal/collect"
)

// awaitingBooking records a phone booking of n seats awaiting payment by transfer.
func awaitingBooking(t *testing.T, s *Store, name string, day time.Time, n int) booking.Booking {
	t.Helper()
	u := addUser(t, s, name, account.RoleUser)
	tr := addTour(t, s, "pay-"+name, 10, []time.Time{day})
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: n, AmountMinor: 49700 * int64(n),
		Currency: "usd", Source: booking.BankTransfer, Status: booking.AwaitingPayment}
	if err := s.CreatePaidBooking(t.Context(), &b, "Laura", t0, audit.Entry{ActorName: "Laura", Action: "booking.walk_in_awaiting"}); err != nil {
		t.Fatal(err)
	}
	return b
}

// A booking taken awaiting payment holds its seats without being paid: no payment time,
// nothing received, no ticket; the dashboard lists it by departure.
func TestAwaitingPaymentBooking(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		later := awaitingBooking(t, s, "later", date(2031, 7, 1), 2)
		sooner := awaitingBooking(t, s, "sooner", date(2031, 6, 1), 1)
		got, err := s.BookingByID(ctx, later.ID)
		must(t, err)
		if got.Status != booking.AwaitingPayment || got.PaidMinor != 0 || !got.PaidAt.IsZero() || got.AmountMinor != 99400 {
			t.Fatalf("stored %+v", got)
		}
		if _, err := s.BookingTicket(ctx, later.ID); err == nil {
			t.Fatal("a booking awaiting payment has a ticket")
		}
		list, err := s.AwaitingPayment(ctx, 10)
		must(t, err)
		if len(list) != 2 || list[0].ID != sooner.ID || list[1].ID != later.ID {
			t.Fatalf("awaiting = %+v", list)
		}
		deps, err := s.UpcomingDepartures(ctx, t0, "", 10)
		must(t, err)
		for _, d := range deps {
			if d.Date.Equal(date(2031, 7, 1)) && (d.Held != 2 || d.Sold != 0) {
				t.Fatalf("departure of a booking awaiting payment: %+v", d)
			}
		}
	})
}

// Payments are written and read back as they are, found by key and by checkout, listed
// oldest first; the latest offline method is the refund's way.
func TestPayments(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		b := awaitingBooking(t, s, "payer", date(2031, 6, 1), 2)
		m, err := s.OfflineMethod(ctx, b.ID)
		must(t, err)
		if m != "" {
			t.Fatalf("offline method before any payment = %q", m)
		}
		cash := coll.Payment{BookingID: b.ID, Key: "k-cash", Method: coll.Cash, AmountMinor: 10000, Currency: "usd",
			Status: coll.Received, Reference: "receipt 12", ReceivedOn: date(2031, 3, 13), ActorID: "a1"}
		must(t, s.AddPayment(ctx, &cash, t0))
		link := coll.Payment{BookingID: b.ID, Key: "k-link", Method: coll.Link, AmountMinor: 89400, Currency: "usd",
			Status: coll.Pending, Provider: "sandbox"}
		must(t, s.AddPayment(ctx, &link, t0.Add(time.Minute)))
		got, err := s.PaymentByKey(ctx, "k-cash")
		must(t, err)
		if got != cash {
			t.Fatalf("by key:\n got %+v\nwant %+v", got, cash)
		}
		if _, err := s.PaymentByCheckout(ctx, "sandbox", ""); !errors.Is(err, coll.ErrPaymentNotFound) {
			t.Fatalf("a link without a checkout is found by the empty checkout: %v", err)
		}
		link.CheckoutID, link.Status, link.Reference, link.ReceivedOn = "cs_1", coll.Received, "pi_1", date(2031, 3, 14)
		link.UpdatedAt = t0.Add(2 * time.Minute).UTC().Truncate(time.Microsecond)
		must(t, s.UpdatePayment(ctx, link))
		got, err = s.PaymentByCheckout(ctx, "sandbox", "cs_1")
		must(t, err)
		if got != link {
			t.Fatalf("by checkout:\n got %+v\nwant %+v", got, link)
		}
		if _, err := s.PaymentByKey(ctx, "nope"); !errors.Is(err, coll.ErrPaymentNotFound) {
			t.Fatalf("unknown key: %v", err)
		}
		list, err := s.BookingPayments(ctx, b.ID)
		must(t, err)
		if len(list) != 2 || list[0].ID != cash.ID || list[1].ID != link.ID {
			t.Fatalf("payments = %+v", list)
		}
		m, err = s.OfflineMethod(ctx, b.ID)
		must(t, err)
		if m != booking.Cash {
			t.Fatalf("offline method = %q, want cash", m)
		}
		// A second payment with the same key is refused by the database itself.
		again := coll.Payment{BookingID: b.ID, Key: "k-cash", Method: coll.Cash, AmountMinor: 1, Currency: "usd", Status: coll.Received}
		if err := s.AddPayment(ctx, &again, t0); err == nil {
			t.Fatal("two payments with one key")
		}
	})
}

// A refund owed outside the site is listed with its booking until it is paid back.
func TestOwedRefunds(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		b := awaitingBooking(t, s, "owed", date(2031, 6, 1), 1)
		r := backoffice.Refund{BookingID: b.ID, Key: "r1", AmountMinor: 49700, Currency: "usd", Status: backoffice.RefundOwed, ActorID: "a1"}
		must(t, s.AddRefund(ctx, &r, t0))
		list, err := s.OwedRefunds(ctx)
		must(t, err)
		if len(list) != 1 || list[0].Refund.ID != r.ID || list[0].Booking.ID != b.ID || list[0].Booking.CustomerName != "owed" {
			t.Fatalf("owed = %+v", list)
		}
		r.Status, r.SettledAt, r.SettledRef = backoffice.RefundSucceeded, date(2031, 3, 14), "TRX-9"
		must(t, s.UpdateRefund(ctx, r))
		list, err = s.OwedRefunds(ctx)
		must(t, err)
		if len(list) != 0 {
			t.Fatalf("owed after paid back = %+v", list)
		}
		got, err := s.RefundByID(ctx, r.ID)
		must(t, err)
		if !got.SettledAt.Equal(date(2031, 3, 14)) || got.SettledRef != "TRX-9" {
			t.Fatalf("settled = %+v", got)
		}
	})
}

// A refund's outcome is recorded until it went through, then never again; of ten
// transactions finishing one refund at once, without locking its booking, one records
// it and adds its amount, which the database sums from the row as it is.
func TestRefundFinishedOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		b := awaitingBooking(t, s, "refunded", date(2031, 6, 1), 1)
		r := backoffice.Refund{BookingID: b.ID, Key: "r1", AmountMinor: 10000, Currency: "usd", Status: backoffice.RefundPending, ActorID: "a1"}
		must(t, s.AddRefund(ctx, &r, t0))

		failed := r
		failed.Status, failed.Error, failed.UpdatedAt = backoffice.RefundFailed, "the card has expired", t0.Add(time.Minute).UTC()
		if wrote, err := s.FinishRefund(ctx, failed); err != nil || !wrote {
			t.Fatalf("a pending refund failed: wrote %v, %v", wrote, err)
		}
		var wrote atomic.Int32
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Go(func() {
				err := s.InTx(ctx, func(tx *Store) error {
					done := r
					done.Status, done.ProviderRef, done.UpdatedAt = backoffice.RefundSucceeded, fmt.Sprint("re_", i), t0.Add(2*time.Minute).UTC()
					ok, err := tx.FinishRefund(ctx, done)
					if err != nil || !ok {
						return err
					}
					wrote.Add(1)
					return tx.AddRefunded(ctx, b.ID, booking.Paid, done.AmountMinor)
				})
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got, err := s.RefundByID(ctx, r.ID)
		must(t, err)
		if wrote.Load() != 1 || got.Status != backoffice.RefundSucceeded || got.ProviderRef == "" {
			t.Fatalf("%d of 10 recorded the refund: %+v", wrote.Load(), got)
		}
		if bk, err := s.BookingByID(ctx, b.ID); err != nil || bk.RefundedMinor != 10000 || bk.Status != booking.Paid {
			t.Fatalf("booking after the refund: %s, %d refunded, %v", bk.Status, bk.RefundedMinor, err)
		}
		late := got
		late.Status, late.Error, late.ProviderRef = backoffice.RefundFailed, "too late", ""
		if wrote, err := s.FinishRefund(ctx, late); err != nil || wrote {
			t.Fatalf("a failure after the refund went through: wrote %v, %v", wrote, err)
		}
		if again, _ := s.RefundByID(ctx, r.ID); again != got {
			t.Fatalf("a refund that went through was written again:\n got %+v\nwant %+v", again, got)
		}
		if _, err := s.FinishRefund(ctx, backoffice.Refund{ID: "nosuchrefund", Status: backoffice.RefundSucceeded}); !errors.Is(err, backoffice.ErrRefundNotFound) {
			t.Fatalf("finishing a missing refund: %v", err)
		}
		if err := s.AddRefunded(ctx, "nosuchbooking", booking.Refunded, 1); !errors.Is(err, booking.ErrNotFound) {
			t.Fatalf("adding to a missing booking: %v", err)
		}
	})
}
