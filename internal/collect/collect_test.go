package collect_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"tourbook/internal/account"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/collect"
	"tourbook/internal/fault"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

func faultMessage(t *testing.T, err error, kind fault.Kind) string {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind {
		t.Fatalf("error %v, want a fault of kind %v", err, kind)
	}
	return fe.Message
}

// A phone booking by bank transfer holds its seats, awaiting payment and no revenue;
// part of the money recorded leaves it awaiting with less due; the rest makes it paid,
// with its ticket, its confirmation email, and its revenue. More than is due, a day in
// the future and a retry are refused or change nothing.
func TestRecordPayment(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "ines@example.com", 2, "bank_transfer")
		if b.Status != booking.AwaitingPayment || b.AmountMinor != 99400 || f.revenue(t) != 0 {
			t.Fatalf("phone booking %+v, revenue %d", b, f.revenue(t))
		}
		if _, err := st.BookingTicket(ctx, b.ID); err == nil {
			t.Fatal("a booking awaiting payment has a ticket")
		}

		msg := faultMessage(t, errOf(f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k0",
			Method: collect.BankTransfer, AmountMinor: ptr(99401)})), fault.Invalid)
		if msg != "Amount received is more than is due: $994.00." {
			t.Fatalf("over-due: %q", msg)
		}
		// Typed as people do, read by the site's rules; refused with the field's label.
		for text, want := range map[string]string{
			"four hundred": "Amount received must be a number, e.g. 1290 or 1290.50.",
			"400.5055":     "Amount received can have at most 2 decimals, e.g. 1290.50.",
			"0,00":         "Amount received must be more than 0.",
			"1.000,00":     "Amount received is more than is due: $994.00.",
		} {
			if msg := faultMessage(t, errOf(f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k0",
				Method: collect.BankTransfer, AmountMinor: typed(text)})), fault.Invalid); msg != want {
				t.Errorf("%q: %q, want %q", text, msg, want)
			}
		}
		msg = faultMessage(t, errOf(f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k0",
			Method: collect.BankTransfer, ReceivedOn: "2031-03-15"})), fault.Invalid)
		if !strings.Contains(msg, "cannot be in the future") {
			t.Fatalf("future day: %q", msg)
		}
		faultMessage(t, errOf(f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k0", Method: "card"})), fault.Invalid)
		if _, err := f.collect.RecordPayment(ctx, f.guide, b.ID, collect.Receipt{Key: "k0", Method: collect.Cash}); !errors.Is(err, account.ErrNotAllowed) {
			t.Fatalf("a guide records a payment: %v", err)
		}

		d, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k1", Method: collect.BankTransfer,
			AmountMinor: typed("400,00"), ReceivedOn: "2031-03-13", Reference: "TRX-1"})
		if err != nil {
			t.Fatal(err)
		}
		if d.Status != booking.AwaitingPayment || d.PaidMinor != 40000 || d.DueMinor() != 59400 || f.revenue(t) != 0 {
			t.Fatalf("after a part: %+v, revenue %d", d.Booking, f.revenue(t))
		}
		// The amount field left empty, as the form sends it: all that is due.
		d, err = f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k2", Method: collect.BankTransfer, AmountMinor: typed(" "), Reference: "TRX-2"})
		if err != nil {
			t.Fatal(err)
		}
		if d.Status != booking.Paid || d.PaidMinor != 99400 || d.DueMinor() != 0 || d.PaidAt.IsZero() {
			t.Fatalf("after the rest: %+v", d.Booking)
		}
		if got := f.revenue(t); got != 99400 {
			t.Fatalf("revenue %d, want 99400", got)
		}
		if _, err := st.BookingTicket(ctx, b.ID); err != nil {
			t.Fatalf("the paid booking's ticket: %v", err)
		}
		confirmations := f.emails(t, "bookingConfirmation")
		if len(confirmations) != 1 || len(confirmations[0].Attachments) != 1 || !strings.Contains(confirmations[0].Text, "$994.00") {
			t.Fatalf("confirmations: %+v", confirmations)
		}
		// The same key again records nothing more; a new one finds nothing due.
		d, err = f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k2", Method: collect.BankTransfer})
		if err != nil || d.PaidMinor != 99400 || len(d.Payments) != 2 {
			t.Fatalf("retry: %+v, %v", d, err)
		}
		faultMessage(t, errOf(f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "k3", Method: collect.Cash})), fault.Conflict)
		if p := d.Payments[0]; p.Reference != "TRX-1" || p.ReceivedOn.Format("2006-01-02") != "2031-03-13" || p.Status != collect.Received {
			t.Fatalf("first payment %+v", p)
		}
		var kinds []string
		for _, e := range d.Events {
			kinds = append(kinds, e.Kind)
		}
		if strings.Join(kinds, ",") != "recorded,payment_received,payment_received" {
			t.Fatalf("history %v", kinds)
		}
	})
}

func errOf(_ collect.Detail, err error) error { return err }

// Ten operators recording the same transfer at once (one form, one key) record it once.
func TestRecordPaymentConcurrently(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		f := newFixture(t, st)
		b := f.phoneBooking(t, "ten@example.com", 3, "bank_transfer")
		var wg sync.WaitGroup
		errs := make(chan error, 10)
		for range 10 {
			wg.Go(func() {
				_, err := f.collect.RecordPayment(t.Context(), f.admin, b.ID, collect.Receipt{Key: "same", Method: collect.BankTransfer})
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		got := f.booking(t, b.ID)
		list, err := st.BookingPayments(t.Context(), b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != booking.Paid || got.PaidMinor != b.AmountMinor || len(list) != 1 || len(f.emails(t, "bookingConfirmation")) != 1 {
			t.Fatalf("booking %+v with %d payments", got, len(list))
		}
	})
}

// A payment link is a checkout for exactly what is due, emailed to the customer; a
// second link expires the first at the provider; paying the second marks it received
// once, although the webhook and the customer's return both report it.
func TestPaymentLink(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "link@example.com", 2, "bank_transfer")
		if _, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "part", Method: collect.Cash, AmountMinor: ptr(4000)}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.collect.SendLink(ctx, f.guide, b.ID, "l1"); !errors.Is(err, account.ErrNotAllowed) {
			t.Fatalf("a guide sends a link: %v", err)
		}
		if _, err := f.collect.SendLink(ctx, f.admin, b.ID, "l1"); err != nil {
			t.Fatal(err)
		}
		// The same key again sends nothing more.
		if _, err := f.collect.SendLink(ctx, f.admin, b.ID, "l1"); err != nil {
			t.Fatal(err)
		}
		first := f.emails(t, "paymentLink")
		if len(first) != 1 || !strings.Contains(first[0].Text, "$954.00") {
			t.Fatalf("link emails: %+v", first)
		}
		firstURL := linkURL(t, first[0])
		d, err := f.collect.SendLink(ctx, f.admin, b.ID, "l2")
		if err != nil {
			t.Fatal(err)
		}
		var statuses []string
		for _, p := range d.Payments {
			statuses = append(statuses, fmt.Sprintf("%s:%s:%d", p.Method, p.Status, p.AmountMinor))
		}
		if strings.Join(statuses, ",") != "cash:received:4000,link:expired:95400,link:pending:95400" {
			t.Fatalf("payments %v", statuses)
		}
		if status, _ := pay(t, firstURL); status != http.StatusGone {
			t.Fatalf("the first link, expired, answers %d", status)
		}
		links := f.emails(t, "paymentLink")
		if len(links) != 2 {
			t.Fatalf("%d link emails", len(links))
		}
		second := linkURL(t, links[0])
		if second == firstURL {
			second = linkURL(t, links[1])
		}
		status, back := pay(t, second)
		if status != http.StatusSeeOther || back.Path != collect.LinkReturnPath || f.webhooks != 1 {
			t.Fatalf("pay: %d to %v, %d webhooks", status, back, f.webhooks)
		}
		msg, err := f.collect.ConfirmLink(ctx, back.Query().Get("session_id"))
		if err != nil || msg != "Thank you: your payment of $954.00 is received." {
			t.Fatalf("return: %q, %v", msg, err)
		}
		// A replayed webhook (the provider retries) changes nothing either.
		if handled, err := f.collect.FulfilLink(ctx, paidEvent(t, f, back.Query().Get("session_id"))); !handled || err != nil {
			t.Fatalf("replay: %v %v", handled, err)
		}
		got := f.booking(t, b.ID)
		if got.Status != booking.Paid || got.PaidMinor != 99400 {
			t.Fatalf("after the link: %+v", got)
		}
		list, _ := st.BookingPayments(ctx, b.ID)
		received := 0
		for _, p := range list {
			if p.Status == collect.Received {
				received++
			}
		}
		if received != 2 || len(f.emails(t, "bookingConfirmation")) != 1 || f.revenue(t) != 99400 {
			t.Fatalf("%d received payments, %d confirmations, revenue %d", received, len(f.emails(t, "bookingConfirmation")), f.revenue(t))
		}
		if _, err := f.collect.ConfirmLink(ctx, "cs_unknown"); err == nil {
			t.Fatal("an unknown checkout is confirmed")
		}
	})
}

// Money recorded otherwise expires the link sent before it: it can no longer be paid.
func TestRecordedPaymentExpiresTheLink(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "cash@example.com", 1, "cash")
		if _, err := f.collect.SendLink(ctx, f.admin, b.ID, "l1"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "c1", Method: collect.Cash}); err != nil {
			t.Fatal(err)
		}
		if status, _ := pay(t, linkURL(t, f.emails(t, "paymentLink")[0])); status != http.StatusGone {
			t.Fatalf("the link after the cash answers %d", status)
		}
		if got := f.booking(t, b.ID); got.Status != booking.Paid || got.PaidMinor != got.AmountMinor {
			t.Fatalf("booking %+v", got)
		}
		if _, err := f.collect.SendLink(ctx, f.admin, b.ID, "l2"); !errors.Is(err, collect.ErrNothingDue) {
			t.Fatalf("a link for a paid booking: %v", err)
		}
	})
}

// Cancelling a booking paid by bank transfer makes its refund owed, listed on the
// dashboard, and tells the customer the money will be transferred; recording it paid
// back, once however often, takes it off.
func TestRefundOwedPaidBack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "back@example.com", 2, "bank_transfer")
		if _, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "p", Method: collect.BankTransfer}); err != nil {
			t.Fatal(err)
		}
		d, err := f.refunds.Cancel(ctx, f.admin, b.ID, 99400, "Family emergency", "cancel-1")
		if err != nil {
			t.Fatal(err)
		}
		if d.Status != booking.Refunded || len(d.Refunds) != 1 || d.Refunds[0].Status != backoffice.RefundOwed {
			t.Fatalf("after cancelling: %+v %+v", d.Booking, d.Refunds)
		}
		// The same form again refunds nothing more.
		if _, err := f.refunds.Cancel(ctx, f.admin, b.ID, 99400, "Family emergency", "cancel-1"); err != nil {
			t.Fatal(err)
		}
		cancelled := f.emails(t, "bookingCancelled")
		if len(cancelled) != 1 || !strings.Contains(strings.Join(strings.Fields(cancelled[0].Text), " "), "We will transfer $994.00 to you") ||
			strings.Contains(cancelled[0].Text, "We have refunded") || strings.Contains(cancelled[0].HTML, "We have refunded") {
			t.Fatalf("cancellation email: %+v", cancelled)
		}
		out, err := f.collect.Dashboard(ctx, f.admin)
		if err != nil || len(out.Owed) != 1 || out.Owed[0].Refund.AmountMinor != 99400 {
			t.Fatalf("dashboard: %+v, %v", out, err)
		}
		if _, err := f.collect.Dashboard(ctx, f.guide); !errors.Is(err, account.ErrNotAllowed) {
			t.Fatalf("a guide's dashboard money: %v", err)
		}
		refundID := d.Refunds[0].ID
		if _, err := f.collect.SettleRefund(ctx, f.guide, b.ID, refundID, collect.Settlement{Reference: "x"}); !errors.Is(err, account.ErrNotAllowed) {
			t.Fatalf("a guide settles: %v", err)
		}
		faultMessage(t, errOf(f.collect.SettleRefund(ctx, f.admin, b.ID, refundID, collect.Settlement{PaidOn: "2031-04-01"})), fault.Invalid)
		for range 2 {
			d, err := f.collect.SettleRefund(ctx, f.admin, b.ID, refundID, collect.Settlement{PaidOn: "2031-03-14", Reference: "OUT-77"})
			if err != nil {
				t.Fatal(err)
			}
			r := d.Refunds[0]
			if r.Status != backoffice.RefundSucceeded || r.SettledRef != "OUT-77" || r.SettledAt.Format("2006-01-02") != "2031-03-14" {
				t.Fatalf("paid back: %+v", r)
			}
			n := 0
			for _, e := range d.Events {
				if e.Kind == "refund_paid_back" {
					n++
				}
			}
			if n != 1 {
				t.Fatalf("%d history lines for one refund paid back", n)
			}
		}
		out, _ = f.collect.Dashboard(ctx, f.admin)
		if len(out.Owed) != 0 || f.revenue(t) != 0 {
			t.Fatalf("after paying back: %+v, revenue %d", out, f.revenue(t))
		}
	})
}

// The dashboard lists bookings awaiting payment, oldest departure first, until paid.
func TestDashboardAwaiting(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "wait@example.com", 1, "cash")
		out, err := f.collect.Dashboard(ctx, f.admin)
		if err != nil || len(out.Awaiting) != 1 || out.Awaiting[0].ID != b.ID {
			t.Fatalf("awaiting: %+v, %v", out, err)
		}
		if _, err := f.collect.RecordPayment(ctx, f.admin, b.ID, collect.Receipt{Key: "p", Method: collect.Cash}); err != nil {
			t.Fatal(err)
		}
		if out, _ := f.collect.Dashboard(ctx, f.admin); len(out.Awaiting) != 0 {
			t.Fatalf("still awaiting: %+v", out.Awaiting)
		}
	})
}
