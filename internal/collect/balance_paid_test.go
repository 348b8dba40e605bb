package collect_test

import (
	"strings"
	"testing"

	"tourbook/internal/collect"
	"tourbook/internal/mail"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// balancePaidEmails are the emails telling booking id's traveller its balance is paid.
func (f *fixture) balancePaidEmails(t *testing.T, id string) []mail.Message {
	t.Helper()
	var out []mail.Message
	for _, m := range f.emails(t, "bookingConfirmation") {
		if m.IdemKey == "balance-paid:"+id {
			out = append(out, m)
		}
	}
	return out
}

// The traveller whose balance is paid, online (webhook and return both report it) or in
// cash in two parts, gets one email saying it is paid in full, with the payment's
// receipt; a part payment sends none.
func TestBalancePaidEmailsTheTraveller(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f, tr := depositFixture(t, st)
		u, b := f.depositPaid(t, tr, "ada", 2)
		to, err := f.collect.PayBalance(ctx, u, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		code, back := pay(t, to)
		if code != 303 {
			t.Fatalf("paying the balance: %d", code)
		}
		if _, err := f.collect.ConfirmLink(ctx, back.Query().Get("session_id")); err != nil {
			t.Fatal(err)
		}
		sent := f.balancePaidEmails(t, b.ID)
		if len(sent) != 1 {
			t.Fatalf("%d balance-paid emails", len(sent))
		}
		if m := sent[0]; strings.Contains(m.Text, "Please pay") || !strings.Contains(m.Text, "$994.00") || !hasPDF(m) {
			t.Fatalf("balance-paid email: %s (%d attachments)", m.Text, len(m.Attachments))
		}

		_, c := f.depositPaid(t, tr, "cy", 1)
		if _, err := f.collect.RecordPayment(ctx, f.admin, c.ID, collect.Receipt{Key: "part", Method: collect.Cash, AmountMinor: ptr(10000)}); err != nil {
			t.Fatal(err)
		}
		if n := len(f.balancePaidEmails(t, c.ID)); n != 0 {
			t.Fatalf("%d balance-paid emails after a part of the balance", n)
		}
		if _, err := f.collect.RecordPayment(ctx, f.admin, c.ID, collect.Receipt{Key: "rest", Method: collect.Cash}); err != nil {
			t.Fatal(err)
		}
		if n := len(f.balancePaidEmails(t, c.ID)); n != 1 {
			t.Fatalf("%d balance-paid emails after the rest in cash", n)
		}
	})
}

func hasPDF(m mail.Message) bool {
	for _, a := range m.Attachments {
		if a.ContentType == "application/pdf" {
			return true
		}
	}
	return false
}
