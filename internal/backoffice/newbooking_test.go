package backoffice_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/emails"
	"tourbook/internal/emails/emailstest"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// emailWriter renders emails with the real server bundle (emailstest).
func emailWriter(t *testing.T) *emails.Writer { return emailstest.Writer(t) }

// withMailer makes f's back office write confirmations with w.
func (f *walkInFixture) withMailer(w *emails.Writer) {
	f.office = backoffice.NewService(f.st, backoffice.Options{Now: func() time.Time { return t0 },
		HashPassword: func(string) (string, error) { return "$argon2id$test", nil },
		Mailer:       emails.NewBookings(w, f.st, func() time.Time { return t0 }),
		Tx:           storetest.InTx(f.st, func(tx *store.Store) backoffice.Tx { return tx })})
}

// emailsTo are the messages in the outbox to the address, with their bodies.
func emailsTo(t *testing.T, st *store.Store, to string) []mail.Message {
	t.Helper()
	list, _, err := st.ListEmails(t.Context(), mail.Filter{To: to}, 0, 20)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]mail.Message, 0, len(list))
	for _, m := range list {
		full, err := st.EmailByID(t.Context(), m.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, full)
	}
	return out
}

func no() *bool { v := false; return &v }

// kindOf and messageOf are what the person is told of err (httpx.Classify's source).
func kindOf(err error) fault.Kind {
	var p fault.Public
	if errors.As(err, &p) {
		return p.FaultKind()
	}
	return fault.Internal
}

func messageOf(err error) string {
	var p fault.Public
	if errors.As(err, &p) {
		return p.PublicMessage()
	}
	return ""
}

// A booking by phone paid later: it holds its seats awaiting payment with the day to
// pay by, keeps each traveller's name (the lead the customer), the phone and the notes,
// has no ticket nor payment yet, and the customer's confirmation says what is due by when.
func TestNewBookingPayLater(t *testing.T) {
	t.Parallel()
	w := emailWriter(t)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		f.withMailer(w)
		b, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
			Email: "ines@example.com", Name: "Inês Duarte", Phone: "+351 912 345 678", Participants: 3,
			Travellers: []string{"", "Rui Duarte", "Ana Duarte"}, Notes: "Vegetarian lunch", Payment: backoffice.PayLater,
			PayBy: "2031-05-01", Key: "k1"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.BookingByID(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != booking.AwaitingPayment || got.PaidMinor != 0 || got.AmountMinor != 3*49700 ||
			got.PayBy.Format(time.DateOnly) != "2031-05-01" || got.ContactPhone != "+351 912 345 678" || got.Notes != "Vegetarian lunch" {
			t.Fatalf("booking: %+v", got)
		}
		names, err := st.BookingTravellers(ctx, b.ID)
		if err != nil || strings.Join(names, "|") != "Inês Duarte|Rui Duarte|Ana Duarte" {
			t.Fatalf("travellers: %q, %v", names, err)
		}
		if taken, err := st.SeatsTaken(ctx, f.tour.ID, f.day, t0); err != nil || taken != 3 {
			t.Fatalf("seats taken: %d, %v", taken, err)
		}
		if _, err := st.BookingTicket(ctx, b.ID); err == nil {
			t.Error("an unpaid booking has a ticket")
		}
		if pays, err := st.BookingPaymentsReceived(ctx, b.ID); err != nil || len(pays) != 0 {
			t.Fatalf("payments: %+v, %v", pays, err)
		}
		sent := emailsTo(t, st, "ines@example.com")
		if len(sent) != 1 || sent[0].Kind != "bookingConfirmation" || len(sent[0].Attachments) != 1 ||
			!strings.Contains(sent[0].Text, "Please pay $1,491.00 by Thu 1 May 2031.") {
			for _, m := range sent {
				t.Logf("%s to %s: %s", m.Kind, m.To, m.Text)
			}
			t.Fatalf("want one confirmation saying what is due, got %d emails", len(sent))
		}
	})
}

// Cash or a transfer received, at a discount with its reason: the booking is paid at
// the discounted price, with its payment (method, amount, day, reference) and ticket;
// with Send confirmation off nobody is emailed.
func TestNewBookingReceived(t *testing.T) {
	t.Parallel()
	w := emailWriter(t)
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		f.withMailer(w)
		b, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
			Email: "tom@example.com", Name: "Tom Berg", Participants: 2, Travellers: []string{"Tom Berg", "Liv Berg"},
			DiscountPercent: 10, PriceNote: "Returning customers", Payment: backoffice.PayReceived,
			PaymentMethod: "bank_transfer", ReceivedOn: "2031-03-10", Reference: "TRF-2291", SendConfirmation: no(), Key: "k2"})
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.BookingByID(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := int64(2*49700 - 9940)
		if got.Status != booking.Paid || got.AmountMinor != want || got.PaidMinor != want || got.Source != booking.BankTransfer ||
			got.PriceNote != "Returning customers" || got.PaidAt.IsZero() {
			t.Fatalf("booking: %+v", got)
		}
		pays, err := st.BookingPaymentsReceived(ctx, b.ID)
		if err != nil || len(pays) != 1 || pays[0].AmountMinor != want || pays[0].Method != booking.BankTransfer ||
			pays[0].Reference != "TRF-2291" || pays[0].ReceivedOn.Format(time.DateOnly) != "2031-03-10" || pays[0].Key == "" {
			t.Fatalf("payments: %+v, %v", pays, err)
		}
		if _, err := st.BookingTicket(ctx, b.ID); err != nil {
			t.Errorf("the paid booking has no ticket: %v", err)
		}
		if sent := emailsTo(t, st, "tom@example.com"); len(sent) != 0 {
			t.Errorf("emailed with Send confirmation off: %d emails", len(sent))
		}
		// Sent again with its key, the form answers with the same booking.
		again, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
			Email: "tom@example.com", Name: "Tom Berg", Participants: 2, Travellers: []string{"Tom Berg", "Liv Berg"},
			DiscountPercent: 10, PriceNote: "Returning customers", PaymentMethod: "bank_transfer", Key: "k2"})
		if err != nil || again.ID != b.ID {
			t.Fatalf("sent again: %s, %v; first %s", again.ID, err, b.ID)
		}
	})
}

// Every bad field is answered at once, next to its field, in words; a payment link is
// refused plainly while the site cannot send one, and nothing is written.
func TestNewBookingRefusesBadInput(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		day := f.day.Format(time.DateOnly)
		ok := backoffice.WalkIn{Email: "ok@example.com", Name: "Ok", Participants: 1, Payment: backoffice.PayLater, PayBy: "2031-05-01"}
		price := money.MinorAmount(40000)
		amount := func(text string) *money.Amount { a := money.TypedAmount(text); return &a }
		cases := []struct {
			name     string
			tourID   string
			date     string
			edit     func(in *backoffice.WalkIn)
			field    string
			contains string
		}{
			{"unknown tour", "nosuchtour", day, func(*backoffice.WalkIn) {}, "tourId", "This tour does not exist"},
			{"unknown departure", f.tour.ID, "2031-06-02", func(*backoffice.WalkIn) {}, "date", "no departure on 2031-06-02"},
			{"bad email", f.tour.ID, day, func(in *backoffice.WalkIn) { in.Email = "ok@" }, "email", "does not look right"},
			{"bad phone", f.tour.ID, day, func(in *backoffice.WalkIn) { in.Phone = "call me" }, "phone", "phone number"},
			{"over the group size", f.tour.ID, day, func(in *backoffice.WalkIn) { in.Participants = 11 }, "participants", "at most 10 travellers"},
			{"names missing", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.Participants, in.Travellers = 2, []string{"Ok", " "}
			}, "travellers.1", "name of traveller 2"},
			{"names fewer than travellers", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.Participants, in.Travellers = 3, []string{"Ok"}
			}, "travellers", "each of the 3 travellers"},
			{"discount over the price", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.DiscountMinor, in.PriceNote = amount("500"), "Friend"
			}, "discountMinor", "The discount ($500.00) is more than the price ($497.00)."},
			// Amounts as typed, read by the site's rules; refused in the words of their labels.
			{"a price that is not an amount", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.PriceMinor, in.PriceNote = amount("four hundred"), "Friend"
			}, "priceMinor", "Total price must be a number, e.g. 1290 or 1290.50."},
			{"a discount left empty", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.DiscountMinor, in.PriceNote = amount(" "), "Friend"
			}, "discountMinor", "Discount cannot be empty."},
			{"a discount with three decimals", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.DiscountMinor, in.PriceNote = amount("12.5055"), "Friend"
			}, "discountMinor", "Discount can have at most 2 decimals, e.g. 1290.50."},
			{"price without a reason", f.tour.ID, day, func(in *backoffice.WalkIn) { in.PriceMinor = &price }, "priceNote",
				"why the price differs from the tour's price of $497.00"},
			{"pay by after the departure", f.tour.ID, day, func(in *backoffice.WalkIn) { in.PayBy = "2031-06-02" }, "payBy",
				"on or before the departure, Sun 1 June 2031"},
			{"pay by missing", f.tour.ID, day, func(in *backoffice.WalkIn) { in.PayBy = "" }, "payBy", "day the customer pays by"},
			{"received without a method", f.tour.ID, day, func(in *backoffice.WalkIn) { in.Payment = backoffice.PayReceived }, "paymentMethod", "cash or bank transfer"},
			{"received in the future", f.tour.ID, day, func(in *backoffice.WalkIn) {
				in.Payment, in.PaymentMethod, in.ReceivedOn = backoffice.PayReceived, "cash", "2031-03-15"
			}, "receivedOn", "cannot be in the future"},
		}
		for _, c := range cases {
			in := ok
			c.edit(&in)
			_, err := f.office.RecordWalkIn(ctx, f.admin, c.tourID, c.date, in)
			var fe *backoffice.FieldErrors
			if !errors.As(err, &fe) || kindOf(err) != fault.Invalid || !strings.Contains(fe.FieldMessages()[c.field], c.contains) {
				t.Errorf("%s: %v, want %q on %s", c.name, err, c.contains, c.field)
			}
		}
		// Several at once.
		_, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day, backoffice.WalkIn{Participants: 0, Payment: backoffice.PayLater})
		var fe *backoffice.FieldErrors
		if !errors.As(err, &fe) || len(fe.FieldMessages()) != 4 {
			t.Errorf("an empty form: %v", err)
		}
		in := ok
		in.Payment = backoffice.PayByLink
		_, err = f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day, in)
		if kindOf(err) != fault.Conflict || !strings.Contains(messageOf(err), "Payment links cannot be sent yet") {
			t.Errorf("a payment link: %v", err)
		}
		// A departure that has started.
		started := storetest.AddTour(t, st, "started", 10, time.Date(2031, 3, 14, 0, 0, 0, 0, time.UTC))
		_, err = f.office.RecordWalkIn(ctx, f.admin, started.ID, "2031-03-14", ok)
		if !errors.As(err, &fe) || !strings.Contains(fe.FieldMessages()["date"], "already started") {
			t.Errorf("a started departure: %v", err)
		}
		// A cancelled departure.
		called := storetest.AddTour(t, st, "called-off", 10, f.day)
		if _, _, err := st.UpdateDeparture(ctx, called.ID, f.day, catalog.DepartureChange{Cancel: true}, t0, audit.Entry{ActorID: f.admin.ID}); err != nil {
			t.Fatal(err)
		}
		_, err = f.office.RecordWalkIn(ctx, f.admin, called.ID, day, ok)
		if !errors.As(err, &fe) || fe.FieldMessages()["date"] != "This departure is cancelled. Please choose another one." {
			t.Errorf("a cancelled departure: %v", err)
		}
		if tours, _, err := f.office.NewBookingTours(ctx, f.admin); err != nil {
			t.Fatal(err)
		} else {
			for _, tr := range tours {
				if tr.ID == called.ID && len(tr.StartDates) != 0 {
					t.Errorf("New booking offers a cancelled departure: %+v", tr.StartDates)
				}
			}
		}
		// An archived tour.
		archived := storetest.AddTour(t, st, "archived", 10, f.day)
		if err := st.SetTourStatus(ctx, archived.ID, tour.Archived, t0, audit.Entry{ActorID: f.admin.ID}); err != nil {
			t.Fatal(err)
		}
		_, err = f.office.RecordWalkIn(ctx, f.admin, archived.ID, day, ok)
		if !errors.As(err, &fe) || fe.FieldMessages()["tourId"] != "This tour is archived: it takes no more bookings." {
			t.Errorf("an archived tour: %v", err)
		}
		if rows, total, err := st.Bookings(ctx, backoffice.BookingFilter{Limit: 10}, t0); err != nil || total != 0 {
			t.Errorf("refused bookings were written: %d %+v %v", total, rows, err)
		}
	})
}

// Ten submissions of one form at once make one booking; ten different bookings of 3 on
// a departure of 10 seats at once: three get seats, the others are told there are not
// enough, and the seats are never oversold.
func TestNewBookingUnderConcurrency(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		day := f.day.Format(time.DateOnly)
		in := backoffice.WalkIn{Email: "same@example.com", Name: "Same Form", Participants: 2, Payment: backoffice.PayLater,
			PayBy: "2031-05-01", Key: "one-form"}
		ids := make([]string, 10)
		errs := make([]error, 10)
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Go(func() {
				b, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day, in)
				ids[i], errs[i] = b.ID, err
			})
		}
		wg.Wait()
		for i := range 10 {
			if errs[i] != nil || ids[i] != ids[0] {
				t.Fatalf("submission %d: %s, %v; first %s", i, ids[i], errs[i], ids[0])
			}
		}
		if _, total, err := st.Bookings(ctx, backoffice.BookingFilter{Limit: 50}, t0); err != nil || total != 1 {
			t.Fatalf("one form made %d bookings (%v)", total, err)
		}

		// 8 seats left: two bookings of 3 fit.
		var ok, full int
		var mu sync.Mutex
		for i := range 10 {
			wg.Go(func() {
				_, err := f.office.RecordWalkIn(ctx, f.admin, f.tour.ID, day, backoffice.WalkIn{
					Email: fmt.Sprintf("c%d@example.com", i), Name: fmt.Sprintf("Customer %d", i), Participants: 3,
					Payment: backoffice.PayReceived, PaymentMethod: "cash", Key: fmt.Sprintf("form-%d", i)})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, booking.ErrNoSeats) && kindOf(err) == fault.Conflict &&
					messageOf(err) == "There are fewer than 3 seats left on this departure.":
					full++
				default:
					t.Errorf("booking %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		taken, err := st.SeatsTaken(ctx, f.tour.ID, f.day, t0)
		if ok != 2 || full != 8 || err != nil || taken != 8 {
			t.Fatalf("%d booked, %d refused, %d seats taken (%v)", ok, full, taken, err)
		}
	})
}

// "Today" is the tour's: at 14:09 UTC on 14 March it is already the 15th in Auckland, so
// money received "on the 15th" there is not in the future (it is for a tour in UTC).
func TestNewBookingDaysAreTheTours(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		f := newWalkInFixture(t, st)
		tr := tour.Tour{Slug: "auckland", Name: "Auckland", Summary: "s", Description: "d", DurationDays: 1, MaxGroupSize: 10,
			Difficulty: tour.Easy, PriceMinor: 10000, Currency: "nzd", CoverImage: "c.jpg", TimeZone: "Pacific/Auckland",
			StartLocation: tour.Location{Point: tour.Point{Lng: 174.76, Lat: -36.85}, Description: "Auckland"},
			StartDates:    []tour.StartDate{{Date: f.day, Capacity: 10}}}
		if err := st.CreateTour(ctx, &tr); err != nil {
			t.Fatal(err)
		}
		b, err := f.office.RecordWalkIn(ctx, f.admin, tr.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
			Email: "kiri@example.com", Name: "Kiri", Participants: 1, Payment: backoffice.PayReceived,
			PaymentMethod: "cash", ReceivedOn: "2031-03-15"})
		if err != nil {
			t.Fatal(err)
		}
		if pays, err := st.BookingPaymentsReceived(ctx, b.ID); err != nil || len(pays) != 1 ||
			pays[0].ReceivedOn.Format(time.DateOnly) != "2031-03-15" {
			t.Fatalf("payments: %+v, %v", pays, err)
		}
	})
}

// The New booking form books N travellers of the tour's first price category, at the
// departure's own price: the booking keeps them as its units, and its confirmation
// lists them.
func TestNewBookingIsOfTheFirstCategory(t *testing.T) {
	t.Parallel()
	w := emailWriter(t)
	st := storetest.SQLite(t)
	ctx := t.Context()
	f := newWalkInFixture(t, st)
	f.withMailer(w)
	tr, err := st.TourByIDAnyStatus(ctx, f.tour.ID, t0)
	if err != nil {
		t.Fatal(err)
	}
	tr.Categories = []tour.PriceCategory{{ID: "person", Name: "Person", PriceMinor: 45000, TakesSeat: true},
		{ID: "child", Name: "Child", PriceMinor: 20000, TakesSeat: true}}
	entry := audit.Entry{ActorID: f.admin.ID, Action: "tour.update", ObjectType: "tour"}
	if err := st.UpdateTour(ctx, &tr, tr.Version, t0, entry); err != nil {
		t.Fatal(err)
	}
	prices := map[string]int64{"person": 55000}
	if _, _, err := st.UpdateDeparture(ctx, tr.ID, f.day, catalog.DepartureChange{Prices: &prices}, t0, entry); err != nil {
		t.Fatal(err)
	}
	b, err := f.office.RecordWalkIn(ctx, f.admin, tr.ID, f.day.Format(time.DateOnly), backoffice.WalkIn{
		Email: "kari@example.com", Name: "Kari Nordmann", Participants: 2, Payment: backoffice.PayLater, PayBy: "2031-05-01", Key: "k-cat"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.BookingByID(ctx, b.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.AmountMinor != 110000 || got.Participants != 2 || len(got.Units) != 1 || got.Units[0].CategoryID != "person" ||
		got.Units[0].Count != 2 || got.Units[0].PriceMinor != 55000 || !got.Units[0].TakesSeat {
		t.Fatalf("booking %d for %d: units %+v", got.AmountMinor, got.Participants, got.Units)
	}
	sent := emailsTo(t, st, "kari@example.com")
	if len(sent) != 1 || !strings.Contains(sent[0].Text, "2 × Person at $550.00") || !strings.Contains(sent[0].Text, "$1,100.00") {
		t.Fatalf("confirmation: %+v", sent)
	}
}
