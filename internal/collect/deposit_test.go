package collect_test

import (
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/emails"
	"tourbook/internal/payment"
	"tourbook/internal/payment/paymenttest"
	"tourbook/internal/receipt"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// Issue #24 §3: deposits at checkout and the balance paid later.

var (
	farDay  = time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC) // balance due 2 May, after today (14 March)
	nearDay = time.Date(2031, 4, 1, 0, 0, 0, 0, time.UTC) // balance would be due 2 March: pays in full
)

// depositFixture is newFixture with numbered receipts and a tour asking a 20 % deposit,
// the balance due 30 days before departure, departing on farDay and nearDay.
func depositFixture(t *testing.T, st *store.Store) (*fixture, tour.Tour) {
	t.Helper()
	f := newFixture(t, st)
	receipts := receipt.NewService(st, receipt.Options{})
	mailer := emails.NewBookings(emailWriter(t), st, f.clock)
	f.collect = collect.NewService(st, f.sandbox, collect.Options{Now: f.clock, BaseURL: f.base, Mailer: mailer, Receipts: receipts,
		Tx: storetest.InTx(st, func(tx *store.Store) collect.Tx { return tx })})
	f.bookings = booking.NewService(st, st, f.sandbox, booking.Options{Now: f.clock, BaseURL: f.base, Links: f.collect, Receipts: receipts, Mailer: mailer,
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	f.refunds = refund.NewService(st, f.sandbox, nil, refund.Options{Now: f.clock, Mailer: mailer,
		Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx }), Receipts: receipts})
	tr := tour.Tour{Slug: "alps", Name: "The Alps", Summary: "Walk the Alps", Description: "A tour.", DurationDays: 8,
		MaxGroupSize: 10, Difficulty: tour.Medium, PriceMinor: 49700, Currency: "usd", CoverImage: "alps.jpg",
		StartLocation: tour.Location{Point: tour.Point{Lng: 7.75, Lat: 46.02}, Description: "Zermatt"},
		Policy:        tour.CancellationPolicy{{DaysBefore: 60, Percent: 100}, {DaysBefore: 14, Percent: 50}, {DaysBefore: 0, Percent: 0}},
		Deposit:       tour.Deposit{Kind: tour.DepositPercent, Percent: 20, BalanceDays: 30},
		StartDates:    []tour.StartDate{{Date: nearDay, Capacity: 10}, {Date: farDay, Capacity: 10}}}
	if err := st.CreateTour(t.Context(), &tr); err != nil {
		t.Fatal(err)
	}
	return f, tr
}

// book opens a checkout of n seats on day for a new traveller and returns its booking
// and the checkout's address.
func (f *fixture) book(t *testing.T, tr tour.Tour, day time.Time, name string, n int) (account.User, booking.Booking, string) {
	t.Helper()
	u := storetest.AddUser(t, f.st, name, account.RoleUser)
	to, err := f.bookings.Open(t.Context(), u, "", booking.Checkout{TourID: tr.ID, Date: day.Format(time.DateOnly), Participants: n})
	if err != nil {
		t.Fatal(err)
	}
	list, err := f.st.UserBookings(t.Context(), u.ID)
	if err != nil || len(list) != 1 {
		t.Fatalf("bookings of %s: %v, %v", name, list, err)
	}
	return u, list[0], to
}

// depositPaid books n seats on farDay for a new traveller and pays the deposit on the
// sandbox's checkout.
func (f *fixture) depositPaid(t *testing.T, tr tour.Tour, name string, n int) (account.User, booking.Booking) {
	t.Helper()
	u, b, to := f.book(t, tr, farDay, name, n)
	if code, _ := pay(t, to); code != 303 {
		t.Fatalf("paying %s's deposit: %d", name, code)
	}
	return u, f.booking(t, b.ID)
}

// receiptAmounts lists a booking's documents as signed amounts, oldest first.
func (f *fixture) receiptAmounts(t *testing.T, id string) []int64 {
	t.Helper()
	docs, err := f.st.BookingReceipts(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, d := range docs {
		out = append(out, d.SignedMinor())
	}
	return out
}

// A departure further away than the balance window: the checkout charges 20 %, the
// booking keeps the whole price with the balance due 30 days before; its traveller's
// "Pay the balance" opens one checkout for exactly the balance, however often and
// concurrently it is clicked; paying it settles the booking once, each payment with its
// receipt, and a third click is refused. A departure inside the window pays in full.
func TestDepositThenBalance(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)

		_, near, nearURL := f.book(t, tr, nearDay, "nell", 2)
		if near.DepositMinor != 0 || !near.BalanceDue.IsZero() || near.ChargeMinor() != 99400 {
			t.Fatalf("near departure: %+v", near)
		}
		if code, _ := pay(t, nearURL); code != 303 {
			t.Fatalf("paying the near checkout: %d", code)
		}
		if near = f.booking(t, near.ID); near.Status != booking.Paid || near.PaidMinor != 99400 || near.DueMinor() != 0 {
			t.Fatalf("near departure paid: %+v", near)
		}

		u, b, to := f.book(t, tr, farDay, "ada", 2)
		if b.DepositMinor != 19880 || !b.BalanceDue.Equal(time.Date(2031, 5, 2, 0, 0, 0, 0, time.UTC)) || b.AmountMinor != 99400 {
			t.Fatalf("far departure: %+v", b)
		}
		if code, _ := pay(t, to); code != 303 {
			t.Fatalf("paying the deposit: %d", code)
		}
		if ev := paidEvent(t, f, f.booking(t, b.ID).CheckoutID); ev.AmountTotal != 19880 {
			t.Fatalf("the provider charged %d, want the deposit 19880", ev.AmountTotal)
		}
		b = f.booking(t, b.ID)
		if b.Status != booking.Paid || b.AmountMinor != 99400 || b.PaidMinor != 19880 || b.DueMinor() != 79520 {
			t.Fatalf("deposit paid: %+v", b)
		}
		// The confirmation says what is left to pay, and by when.
		confirmed := 0
		for _, m := range f.emails(t, "bookingConfirmation") {
			if m.IdemKey != "booking-paid:"+b.ID {
				continue
			}
			confirmed++
			if !strings.Contains(m.Text, "Please pay $795.20 by Fri 2 May 2031.") {
				t.Fatalf("confirmation: %s", m.Text)
			}
		}
		if confirmed != 1 {
			t.Fatalf("%d confirmations", confirmed)
		}

		other := storetest.AddUser(t, st, "eve", account.RoleUser)
		if _, err := f.collect.PayBalance(ctx, other, b.ID); !errors.Is(err, collect.ErrNotYours) {
			t.Fatalf("someone else's balance: %v", err)
		}

		// Eight clicks at once: one checkout, the same address for all.
		urls := make([]string, 8)
		var wg sync.WaitGroup
		for i := range urls {
			wg.Go(func() {
				u, err := f.collect.PayBalance(ctx, u, b.ID)
				if err != nil {
					t.Error(err)
				}
				urls[i] = u
			})
		}
		wg.Wait()
		for _, u := range urls {
			if u == "" || u != urls[0] {
				t.Fatalf("balance checkouts: %q", urls)
			}
		}
		pending := 0
		list, err := st.BookingPayments(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range list {
			if p.Status == collect.Pending {
				pending++
				if p.AmountMinor != 79520 {
					t.Fatalf("balance link for %d", p.AmountMinor)
				}
			}
		}
		if pending != 1 {
			t.Fatalf("%d open balance links: %+v", pending, list)
		}

		if code, _ := pay(t, urls[0]); code != 303 {
			t.Fatalf("paying the balance: %d", code)
		}
		b = f.booking(t, b.ID)
		if b.Status != booking.Paid || b.PaidMinor != 99400 || b.DueMinor() != 0 {
			t.Fatalf("balance paid: %+v", b)
		}
		// Paying twice is impossible: the page is paid, and no new checkout opens.
		if page := get(t, urls[0]); strings.Contains(page, `name="token"`) {
			t.Fatalf("the balance checkout can be paid again: %s", page)
		}
		if _, err := f.collect.PayBalance(ctx, u, b.ID); !errors.Is(err, collect.ErrNothingDue) {
			t.Fatalf("a balance paid twice: %v", err)
		}
		if b = f.booking(t, b.ID); b.PaidMinor != 99400 {
			t.Fatalf("received %d after paying twice", b.PaidMinor)
		}
		if got := f.receiptAmounts(t, b.ID); !slices.Equal(got, []int64{19880, 79520}) {
			t.Fatalf("receipts %v, want one per payment", got)
		}
	})
}

// An operator records the balance paid in cash on a booking that paid its deposit
// online: the open balance checkout expires, nothing more is due, and the cash has
// its own receipt.
func TestBalanceInCash(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		u, b := f.depositPaid(t, tr, "ada", 1)
		if _, err := f.collect.PayBalance(ctx, u, b.ID); err != nil {
			t.Fatal(err)
		}
		d, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "cash-1", Method: collect.Cash})
		if err != nil {
			t.Fatal(err)
		}
		if d.Status != booking.Paid || d.PaidMinor != 49700 || d.DueMinor() != 0 {
			t.Fatalf("after the cash: %+v", d.Booking)
		}
		for _, p := range d.Payments {
			if p.Status == collect.Pending {
				t.Fatalf("a balance link is still open: %+v", p)
			}
		}
		if got := f.receiptAmounts(t, b.ID); !slices.Equal(got, []int64{9940, 39760}) {
			t.Fatalf("receipts %v", got)
		}
		if _, err := f.collect.PayBalance(ctx, u, b.ID); !errors.Is(err, collect.ErrNothingDue) {
			t.Fatalf("balance after cash: %v", err)
		}
	})
}

// A balance unpaid after its due day is overdue on the dashboard; cancelling it in one
// step refunds what the policy gives on what was paid (50 % of the deposit, 26 days
// before departure) with a credit note; before its due day it is refused.
func TestBalanceOverdue(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		_, b := f.depositPaid(t, tr, "ada", 2)
		if _, err := f.refunds.CancelOverdue(ctx, f.admin, b.ID, "k1"); !errors.Is(err, refund.ErrNotOverdue) {
			t.Fatalf("cancelling before the due day: %v", err)
		}
		out, err := f.collect.Dashboard(ctx, f.admin)
		if err != nil || len(out.Overdue) != 0 {
			t.Fatalf("overdue before the due day: %+v, %v", out.Overdue, err)
		}
		// 6 May: four days after the balance was due on 2 May.
		f.later.Store(int64(time.Date(2031, 5, 6, 10, 0, 0, 0, time.UTC).Sub(now)))
		if out, err = f.collect.Dashboard(ctx, f.admin); err != nil || len(out.Overdue) != 1 || out.Overdue[0].ID != b.ID {
			t.Fatalf("overdue: %+v, %v", out.Overdue, err)
		}
		if _, err := f.refunds.CancelOverdue(ctx, f.guide, b.ID, "k1"); !errors.Is(err, account.ErrNotAllowed) {
			t.Fatalf("a guide cancels: %v", err)
		}
		d, err := f.refunds.CancelOverdue(ctx, f.admin, b.ID, "k1")
		if err != nil {
			t.Fatal(err)
		}
		if d.Status != booking.Refunded || d.RefundedMinor != 9940 {
			t.Fatalf("cancelled: %+v", d.Booking)
		}
		if _, err := f.refunds.CancelOverdue(ctx, f.admin, b.ID, "k1"); err != nil {
			t.Fatalf("a second click: %v", err)
		}
		if got := f.receiptAmounts(t, b.ID); !slices.Equal(got, []int64{19880, -9940}) {
			t.Fatalf("documents %v", got)
		}
		if out, err = f.collect.Dashboard(ctx, f.admin); err != nil || len(out.Overdue) != 0 {
			t.Fatalf("overdue after cancelling: %+v, %v", out.Overdue, err)
		}
	})
}

// get is the body of a page.
func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// The balance's reminders go 7 days and 1 day before its due day (2 May), once each,
// whatever how often the schedule runs; none once it is paid or overdue.
func TestBalanceReminders(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		_, b := f.depositPaid(t, tr, "ada", 2)
		_, paid := f.depositPaid(t, tr, "bob", 1)
		schedule := emails.NewSchedule(st, emails.NewBookings(emailWriter(t), st, f.clock), f.clock, slog.New(slog.DiscardHandler), func() {})
		run := func(at time.Time) []string {
			t.Helper()
			f.later.Store(int64(at.Sub(now)))
			for range 2 {
				if _, err := schedule.RunOnce(ctx); err != nil {
					t.Fatal(err)
				}
			}
			var keys []string
			for _, m := range f.emails(t, "balanceReminder") {
				keys = append(keys, m.IdemKey)
			}
			slices.Sort(keys)
			return keys
		}
		if got := run(time.Date(2031, 4, 24, 12, 0, 0, 0, time.UTC)); len(got) != 0 {
			t.Fatalf("8 days before: %v", got)
		}
		// Bob pays his balance in cash: no more reminders for him.
		if _, err := f.collect.RecordPayment(ctx, f.admin, paid.ID, collect.Receipt{Key: "cash-bob", Method: collect.Cash}); err != nil {
			t.Fatal(err)
		}
		want := []string{"balance-reminder-7:" + b.ID}
		if got := run(time.Date(2031, 4, 25, 9, 0, 0, 0, time.UTC)); !slices.Equal(got, want) {
			t.Fatalf("7 days before: %v, want %v", got, want)
		}
		want = append(want, "balance-reminder-1:"+b.ID)
		slices.Sort(want)
		if got := run(time.Date(2031, 5, 1, 9, 0, 0, 0, time.UTC)); !slices.Equal(got, want) {
			t.Fatalf("1 day before: %v, want %v", got, want)
		}
		if got := run(time.Date(2031, 5, 3, 9, 0, 0, 0, time.UTC)); !slices.Equal(got, want) {
			t.Fatalf("overdue: %v, want %v", got, want)
		}
		m := f.emails(t, "balanceReminder")[0]
		if !strings.Contains(m.Text, "$795.20") || !strings.Contains(m.Text, "/my-tours/"+b.ID) {
			t.Fatalf("reminder text: %s", m.Text)
		}
	})
}

// The balance's checkout through Stripe (stripe-mock checks each call against Stripe's
// API): a booking whose deposit was paid online opens one checkout of exactly the
// balance however many clicks come at once, and every click gets its address.
func TestBalanceCheckoutThroughStripe(t *testing.T) {
	t.Parallel()
	base := paymenttest.StripeMock(t)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		stripe, err := payment.NewStripe(payment.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBaseURL: base})
		if err != nil {
			t.Fatal(err)
		}
		viaStripe := collect.NewService(st, stripe, collect.Options{Now: f.clock, BaseURL: f.base,
			Tx: storetest.InTx(st, func(tx *store.Store) collect.Tx { return tx })})
		u, b := f.depositPaid(t, tr, "ada", 2)
		urls := make([]string, 4)
		var wg sync.WaitGroup
		for i := range urls {
			wg.Go(func() {
				u, err := viaStripe.PayBalance(ctx, u, b.ID)
				if err != nil {
					t.Error(err)
				}
				urls[i] = u
			})
		}
		wg.Wait()
		for _, u := range urls {
			if u == "" || u != urls[0] {
				t.Fatalf("balance checkouts: %q", urls)
			}
		}
		list, err := st.BookingPayments(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		open := 0
		for _, p := range list {
			if p.Status == collect.Pending {
				open++
				if p.Provider != "stripe" || p.CheckoutID == "" || p.AmountMinor != 79520 {
					t.Fatalf("balance link %+v", p)
				}
			}
		}
		if open != 1 {
			t.Fatalf("%d open balance links", open)
		}
	})
}
