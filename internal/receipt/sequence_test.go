package receipt_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/receipt"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/store/testdb"
)

var t0 = time.Date(2031, 3, 14, 15, 9, 26, 0, time.UTC)

// instance is one site's booking service over its own store (its own connection pool),
// issuing receipts.
func instance(st *store.Store) *booking.Service {
	receipts := receipt.NewService(st, receipt.Options{Zone: time.UTC})
	return booking.NewService(st, st, nil, booking.Options{Now: func() time.Time { return t0 }, Receipts: receipts,
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
}

// TestNumbersUnderConcurrentPayments pays 50 bookings at once, half through each of two
// instances (two stores, two connection pools, on one PostgreSQL database; on SQLite one
// store, whose single writer is what serialises instances there), and expects 50
// consecutive numbers: no gap, no number twice, one receipt per booking.
func TestNumbersUnderConcurrentPayments(t *testing.T) {
	const n = 50
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			databaseURL, dataDir := testdb.Database(t, engine)
			a := storetest.OpenAt(t, databaseURL, dataDir)
			b := a
			if engine == testdb.Postgres {
				b = storetest.OpenAt(t, databaseURL, dataDir)
			}
			day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
			tr := storetest.AddTour(t, a, "fjords", n, day)
			holds := make([]booking.Booking, n)
			for i := range holds {
				holds[i] = storetest.AddHold(t, a, tr, day, t0, fmt.Sprintf("traveller%02d", i), 1)
			}
			instances := []*booking.Service{instance(a), instance(b)}
			start := make(chan struct{})
			var wg sync.WaitGroup
			errs := make(chan error, n)
			for i, h := range holds {
				wg.Go(func() {
					<-start
					_, _, err := instances[i%2].RecordPayment(context.Background(), h.ID,
						booking.Payment{Ref: "pi_" + h.ID, AmountMinor: h.AmountMinor, Currency: "usd"}, t0, nil)
					errs <- err
				})
			}
			close(start)
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatalf("a payment failed: %v", err)
				}
			}
			docs, err := a.ReceiptsIssued(context.Background(), t0.Add(-time.Hour), t0.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if len(docs) != n {
				t.Fatalf("%d receipts for %d payments", len(docs), n)
			}
			booked := map[string]bool{}
			for i, d := range docs {
				if want := fmt.Sprintf("2031-%06d", i+1); d.Number != want || d.Seq != int64(i+1) {
					t.Errorf("receipt %d is numbered %s (seq %d), want %s", i, d.Number, d.Seq, want)
				}
				if booked[d.BookingID] {
					t.Errorf("booking %s has two receipts", d.BookingID)
				}
				booked[d.BookingID] = true
				if d.Kind != receipt.Receipt || d.AmountMinor != tr.PriceMinor || d.Method != receipt.Card {
					t.Errorf("receipt %s: %+v", d.Number, d)
				}
			}
			// A payment recorded again (the webhook after the return) issues nothing more.
			if _, _, err := instances[1].RecordPayment(context.Background(), holds[0].ID,
				booking.Payment{Ref: "pi_" + holds[0].ID, AmountMinor: holds[0].AmountMinor, Currency: "usd"}, t0, nil); err != nil {
				t.Fatal(err)
			}
			if again, _ := a.ReceiptsIssued(context.Background(), t0.Add(-time.Hour), t0.Add(time.Hour)); len(again) != n {
				t.Errorf("%d receipts after a replay, want %d", len(again), n)
			}
		})
	}
}
