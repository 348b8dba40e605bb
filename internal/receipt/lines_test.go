package receipt_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"tourbook/internal/booking"
	"tourbook/internal/receipt"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
)

// A family's receipt keeps what the booking bought, one line per price category and per
// extra, with the names given at checkout; its credit note says the same of the booking
// and gives back only what was refunded, with the tax on that.
func TestReceiptKeepsWhatWasBought(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
		tr := storetest.AddTour(t, st, "fjords", 10, day)
		b := storetest.AddFamilyHold(t, st, tr, day, t0, "ingrid")
		if _, _, err := instance(st).RecordPayment(ctx, b.ID, booking.Payment{Ref: "pi_1", AmountMinor: b.AmountMinor, Currency: "usd"}, t0, nil); err != nil {
			t.Fatal(err)
		}
		docs, err := st.BookingReceipts(ctx, b.ID)
		if err != nil || len(docs) != 1 {
			t.Fatalf("%d receipts: %v", len(docs), err)
		}
		want := []receipt.Line{
			{Description: "Adult", Quantity: 2, UnitMinor: 49700, AmountMinor: 99400},
			{Description: "Child", Quantity: 1, UnitMinor: 25000, AmountMinor: 25000},
			{Description: "Infant", Quantity: 1, UnitMinor: 0, AmountMinor: 0},
			{Description: "Wetsuit", Quantity: 2, UnitMinor: 1500, AmountMinor: 3000},
		}
		r := docs[0]
		if !reflect.DeepEqual(r.Details.Lines, want) || r.Details.BookingTotalMinor != 127400 || r.Details.Participants != 3 ||
			!reflect.DeepEqual(r.Details.Travellers, []string{"Ingrid Berg", "Olav Berg", "Sol <b>Berg</b>", "Liv Berg"}) {
			t.Errorf("receipt details %+v", r.Details)
		}
		if r.AmountMinor != 127400 || r.TaxMinor != receipt.IncludedTax(127400, r.TaxRate) {
			t.Errorf("receipt money %d, tax %d at %d", r.AmountMinor, r.TaxMinor, r.TaxRate)
		}

		s := receipt.NewService(st, receipt.Options{Zone: time.UTC})
		var note receipt.Document
		if err := st.InTx(ctx, func(tx *store.Store) error {
			var err error
			note, err = s.Issue(ctx, tx, receipt.Issue{Kind: receipt.CreditNote, BookingID: b.ID, Source: "refund:r1",
				AmountMinor: 25000, Currency: "usd", Method: receipt.Card, At: t0.Add(time.Hour)}, nil)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if note.RefersTo != r.Number || !reflect.DeepEqual(note.Details.Lines, want) || note.AmountMinor != 25000 ||
			note.TaxMinor != receipt.IncludedTax(25000, r.TaxRate) || note.Number != receipt.Number(2031, r.Seq+1) {
			t.Errorf("credit note %+v", note)
		}
	})
}

// A booking made before price categories gets a line of that many adults.
func TestReceiptOfABookingBeforeCategories(t *testing.T) {
	st := storetest.SQLite(t)
	day := time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
	tr := storetest.AddTour(t, st, "fjords", 10, day)
	b := storetest.AddPaid(t, st, instance(st), tr, day, t0, "olaf", 2)
	docs, err := st.BookingReceipts(context.Background(), b.ID)
	if err != nil || len(docs) != 1 {
		t.Fatalf("%d receipts: %v", len(docs), err)
	}
	if got := docs[0].Details.Lines; !reflect.DeepEqual(got, []receipt.Line{{Description: "Adult", Quantity: 2, UnitMinor: 49700, AmountMinor: 99400}}) {
		t.Errorf("lines %+v", got)
	}
}
