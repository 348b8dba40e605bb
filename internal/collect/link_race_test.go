package collect_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"tourbook/internal/collect"
	"tourbook/internal/emails"
	"tourbook/internal/payment"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// One link sent by several clicks at once with the same key: one checkout is emailed,
// it is the one the payment records (so paying it settles the booking), and every other
// checkout the clicks opened is closed at the provider.
func TestSendLinkConcurrentSameKey(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newFixture(t, st)
		b := f.phoneBooking(t, "race@example.com", 2, "bank_transfer")
		// The clicks' service, whose provider notes every checkout it opens.
		rec := &recording{Sandbox: f.sandbox}
		links := collect.NewService(st, rec, collect.Options{Now: f.clock, BaseURL: f.base, Mailer: emails.NewBookings(emailWriter(t), st, f.clock),
			Tx: storetest.InTx(st, func(tx *store.Store) collect.Tx { return tx })})
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				if _, err := links.SendLink(ctx, f.admin, b.ID, "same"); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		list, err := st.BookingPayments(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].Status != collect.Pending || list[0].CheckoutID == "" {
			t.Fatalf("payments %+v", list)
		}
		sent := f.emails(t, "paymentLink")
		if len(sent) != 1 {
			t.Fatalf("%d link emails", len(sent))
		}
		if u := linkURL(t, sent[0]); !strings.HasSuffix(u, "/"+list[0].CheckoutID) {
			t.Fatalf("the email links to %s, the payment records checkout %s", u, list[0].CheckoutID)
		}
		// No other checkout is left open at the provider.
		for _, id := range rec.opened() {
			if id == list[0].CheckoutID {
				continue
			}
			if status, _ := pay(t, f.base+"/sandbox/checkout/"+id); status != http.StatusGone {
				t.Errorf("checkout %s, not the link's, answers %d", id, status)
			}
		}
	})
}

// recording is the sandbox, noting the checkouts it opens.
type recording struct {
	*payment.Sandbox
	mu  sync.Mutex
	ids []string
}

func (r *recording) CreateCheckout(ctx context.Context, req payment.CheckoutRequest) (payment.Checkout, error) {
	co, err := r.Sandbox.CreateCheckout(ctx, req)
	if err == nil {
		r.mu.Lock()
		r.ids = append(r.ids, co.ID)
		r.mu.Unlock()
	}
	return co, err
}

func (r *recording) opened() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ids...)
}
