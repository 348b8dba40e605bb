package booking_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/details"
	"tourbook/internal/fault"
	"tourbook/internal/payment"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// The checkout of a tour sold in price categories and extras, against the real store
// on both engines and the sandbox provider keeping its checkouts in it.

var jun1 = time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)

// kayakTour is a tour of capacity seats on 1 June sold to adults, children (only with
// an adult) and infants on a lap (no seat, at most 2), with a wetsuit per traveller
// (stock wetsuits a departure) and a single room per booking; 1 June sells adults at
// its own 59700.
func kayakTour(t *testing.T, st *store.Store, slug string, capacity, stock int) tour.Tour {
	t.Helper()
	ctx := t.Context()
	tr := storetest.AddTour(t, st, slug, capacity, jun1)
	got, err := st.TourByIDAnyStatus(ctx, tr.ID, t0)
	must(t, err)
	got.MaxGroupSize = 8
	got.Categories = []tour.PriceCategory{
		{ID: "adult", Name: "Adult", PriceMinor: 49700, TakesSeat: true},
		{ID: "child", Name: "Child", PriceMinor: 24900, TakesSeat: true, Max: 4, OnlyWith: "adult"},
		{ID: "infant", Name: "Infant", PriceMinor: 0, Max: 2, OnlyWith: "adult"},
	}
	got.Extras = []tour.Extra{
		{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: stock},
		{ID: "room", Name: "Single room", PriceMinor: 9000, Per: tour.PerBooking},
	}
	entry := audit.Entry{ActorID: "a", Action: "tour.update", ObjectType: "tour"}
	must(t, st.UpdateTour(ctx, &got, got.Version, t0, entry))
	prices := map[string]int64{"adult": 59700}
	_, _, err = st.UpdateDeparture(ctx, tr.ID, jun1, catalog.DepartureChange{Prices: &prices}, t0, entry)
	must(t, err)
	got, err = st.TourByID(ctx, tr.ID, t0)
	must(t, err)
	return got
}

// categoriesService books with the sandbox provider on st, with the site's details check.
func categoriesService(st *store.Store) *booking.Service {
	sb := payment.NewSandbox(payment.SandboxOptions{BaseURL: "https://tours.example", WebhookSecret: "whsec_test",
		Store: st, Now: func() time.Time { return t0 }})
	return booking.NewService(st, st, sb, booking.Options{
		Now: func() time.Time { return t0 }, BaseURL: "https://tours.example",
		Tx: storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx }),
		Details: func(t tour.Tour, units []booking.Unit, given booking.Details) ([]booking.Traveller, []booking.Answer, error) {
			return details.Check(t, units, details.Given(given))
		},
	})
}

func TestCheckoutOfAFamily(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "family", 10, 6)
		svc := categoriesService(st)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		units := map[string]int{"adult": 2, "child": 1, "infant": 1}
		url, err := svc.Open(ctx, ann, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
			Units: units, Extras: map[string]int{"wetsuit": 2, "room": 1}})
		must(t, err)
		id := url[strings.LastIndex(url, "/")+1:]
		co, err := st.SandboxCheckout(ctx, id)
		must(t, err)
		b, err := st.BookingByID(ctx, co.Request.BookingID)
		must(t, err)

		wantUnits := []booking.Unit{
			{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 59700, TakesSeat: true}, // the departure's own price
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 24900, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1, PriceMinor: 0},
		}
		wantTotal := int64(2*59700 + 24900 + 2*1500 + 9000)
		if !reflect.DeepEqual(b.Units, wantUnits) {
			t.Errorf("units %+v", b.Units)
		}
		if len(b.Extras) != 2 || b.Extras[0].Quantity != 2 || b.Extras[0].PriceMinor != 1500 || b.Extras[1].ExtraID != "room" {
			t.Errorf("extras %+v", b.Extras)
		}
		// The infant takes no seat: three seats held, four people travelling.
		if b.Participants != 3 || b.Travelling() != 4 || b.AmountMinor != wantTotal || b.Status != booking.Pending {
			t.Errorf("booking: %d seats, %d travelling, %d, %s", b.Participants, b.Travelling(), b.AmountMinor, b.Status)
		}
		// What the details check keeps is what the booking keeps.
		wantTravellers, wantAnswers, err := details.Check(tr, wantUnits, details.Given{})
		must(t, err)
		if !reflect.DeepEqual(b.Travellers, wantTravellers) || !reflect.DeepEqual(b.Answers, wantAnswers) {
			t.Errorf("travellers %+v answers %+v; want %+v %+v", b.Travellers, b.Answers, wantTravellers, wantAnswers)
		}
		again, err := st.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if taken := again.StartDates[0].Taken; taken != 3 {
			t.Errorf("seats taken %d, want 3", taken)
		}

		// The checkout lists each category with a count and each extra, and charges the total.
		wantLines := []payment.LineItem{{Name: "Adult", UnitAmountMinor: 59700, Quantity: 2}, {Name: "Child", UnitAmountMinor: 24900, Quantity: 1},
			{Name: "Infant", UnitAmountMinor: 0, Quantity: 1}, {Name: "Wetsuit", UnitAmountMinor: 1500, Quantity: 2},
			{Name: "Single room", UnitAmountMinor: 9000, Quantity: 1}}
		if !reflect.DeepEqual(co.Request.Lines, wantLines) || co.Request.TotalMinor() != wantTotal {
			t.Errorf("checkout lines %+v", co.Request.Lines)
		}
		if co.Request.Description != "1 June 2031 · 2 Adults, 1 Child, 1 Infant" {
			t.Errorf("description %q", co.Request.Description)
		}
	})
}

// participants=N alone books N of the first category at the departure's price.
func TestCheckoutParticipantsIsTheFirstCategory(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "compat", 10, 0)
		svc := categoriesService(st)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		url, err := svc.Open(ctx, ann, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01", Participants: 3})
		must(t, err)
		co, err := st.SandboxCheckout(ctx, url[strings.LastIndex(url, "/")+1:])
		must(t, err)
		b, err := st.BookingByID(ctx, co.Request.BookingID)
		must(t, err)
		if b.Participants != 3 || b.AmountMinor != 3*59700 || len(b.Units) != 1 || b.Units[0].CategoryID != "adult" || b.Units[0].Count != 3 {
			t.Fatalf("booking %+v", b)
		}
		if co.Request.Description != "1 June 2031 · 3 participants" {
			t.Errorf("description %q", co.Request.Description)
		}
	})
}

// Units a browser was made to send (ids unknown or of another tour, negative counts,
// nothing chosen, infants alone, beyond a maximum) are refused with a 400 that says
// what, before any seat is held.
func TestCheckoutRefusesTamperedUnits(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "tampered", 10, 6)
		other := storetest.AddTour(t, st, "other", 10, jun1)
		o, err := st.TourByIDAnyStatus(ctx, other.ID, t0)
		must(t, err)
		o.Categories = []tour.PriceCategory{{ID: "student", Name: "Student", PriceMinor: 100, TakesSeat: true}}
		must(t, st.UpdateTour(ctx, &o, o.Version, t0, audit.Entry{ActorID: "a", Action: "tour.update", ObjectType: "tour"}))
		svc := categoriesService(st)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		for _, c := range []struct {
			units, extras map[string]int
			want          string
		}{
			{map[string]int{"adult": 1, "pensioner": 1}, nil, "This tour has no price category “pensioner”."},
			{map[string]int{"student": 2}, nil, "This tour has no price category “student”."},
			{map[string]int{"adult": 2, "child": -1}, nil, "The number of Children cannot be negative."},
			{map[string]int{"adult": 0, "child": 0, "infant": 0}, nil, "Please choose at least one traveller."},
			{map[string]int{"infant": 1}, nil, "Infants travel only with at least one Adult."},
			{map[string]int{"adult": 1, "child": 5}, nil, "At most 4 Children can be booked at once."},
			{map[string]int{"adult": 9}, nil, "Please choose between 1 and 8 participants."},
			{map[string]int{"adult": 1}, map[string]int{"wetsuit": 2}, "Wetsuit: at most one per traveller"},
			{map[string]int{"adult": 1}, map[string]int{"kayak": 1}, "This tour has no extra “kayak”."},
		} {
			_, err := svc.Open(ctx, ann, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01", Units: c.units, Extras: c.extras})
			var e *fault.Error
			if !errors.As(err, &e) || e.Kind != fault.Invalid || !strings.HasPrefix(e.Message, c.want) {
				t.Errorf("%v %v: %v; want a 400 saying %q", c.units, c.extras, err, c.want)
			}
		}
		again, err := st.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if taken := again.StartDates[0].Taken; taken != 0 {
			t.Errorf("%d seats held by refused checkouts", taken)
		}
	})
}

// Twenty families of one adult, one child and one infant at once for ten seats: five
// get them (two seats each; the infants take none), the others are told there are no
// longer seats, and never more than ten are taken.
func TestMixedCategoriesNeverOversell(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "crowded-family", 10, 0)
		svc := categoriesService(st)
		users := make([]account.User, 20)
		for i := range users {
			users[i] = storetest.AddUser(t, st, fmt.Sprintf("family%02d", i), account.RoleUser)
		}
		errs := make([]error, len(users))
		var wg sync.WaitGroup
		for i, u := range users {
			wg.Go(func() {
				_, errs[i] = svc.Open(ctx, u, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
					Units: map[string]int{"adult": 1, "child": 1, "infant": 1}})
			})
		}
		wg.Wait()
		ok, full := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case errors.Is(err, booking.ErrNoSeats):
				full++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if ok != 5 || full != 15 {
			t.Errorf("%d checkouts held seats and %d were refused; want 5 and 15", ok, full)
		}
		again, err := st.TourByID(ctx, tr.ID, t0)
		must(t, err)
		if taken := again.StartDates[0].Taken; taken != 10 {
			t.Errorf("seats taken %d, want 10", taken)
		}
	})
}

// Six wetsuits, ten bookings of two at once: three get them, the others are told how
// many are left; a released hold gives its wetsuits back.
func TestExtrasStockIsHeldWithTheSeats(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "wetsuits", 100, 6)
		svc := categoriesService(st)
		users := make([]account.User, 10)
		for i := range users {
			users[i] = storetest.AddUser(t, st, fmt.Sprintf("diver%02d", i), account.RoleUser)
		}
		ask := booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
			Units: map[string]int{"adult": 2}, Extras: map[string]int{"wetsuit": 2}}
		errs := make([]error, len(users))
		urls := make([]string, len(users))
		var wg sync.WaitGroup
		for i, u := range users {
			wg.Go(func() { urls[i], errs[i] = svc.Open(ctx, u, "", ask) })
		}
		wg.Wait()
		ok := 0
		var winner int
		for i, err := range errs {
			var e *fault.Error
			switch {
			case err == nil:
				ok, winner = ok+1, i
			case errors.Is(err, booking.ErrNoStock) && errors.As(err, &e) && e.Kind == fault.Conflict &&
				e.Message == "There are no wetsuits left on 1 June 2031.":
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if ok != 3 {
			t.Fatalf("%d checkouts got wetsuits; want 3", ok)
		}
		held, err := st.ExtrasHeld(ctx, tr.ID, jun1, t0)
		must(t, err)
		if held["wetsuit"] != 6 {
			t.Errorf("wetsuits held %d, want 6", held["wetsuit"])
		}

		// Asking for more than are left says how many are.
		co, err := st.SandboxCheckout(ctx, urls[winner][strings.LastIndex(urls[winner], "/")+1:])
		must(t, err)
		must(t, svc.CancelReturn(ctx, users[winner], co.Request.BookingID))
		late := storetest.AddUser(t, st, "late", account.RoleUser)
		_, err = svc.Open(ctx, late, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
			Units: map[string]int{"adult": 3}, Extras: map[string]int{"wetsuit": 3}})
		if err == nil || !strings.Contains(err.Error(), "Only 2 wetsuits are left on 1 June 2031.") {
			t.Fatalf("3 wetsuits of 2 left: %v", err)
		}
		_, err = svc.Open(ctx, late, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
			Units: map[string]int{"adult": 2}, Extras: map[string]int{"wetsuit": 2}})
		must(t, err)
	})
}

// A departure whose only seated category costs nothing cannot go through a card
// checkout (today's message).
func TestCheckoutOfNothingToPay(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "free", 10, 0)
		got, err := st.TourByIDAnyStatus(ctx, tr.ID, t0)
		must(t, err)
		got.Categories[1].PriceMinor = 0
		must(t, st.UpdateTour(ctx, &got, got.Version, t0, audit.Entry{ActorID: "a", Action: "tour.update", ObjectType: "tour"}))
		svc := categoriesService(st)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		_, err = svc.Open(ctx, ann, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01",
			Units: map[string]int{"adult": 0, "child": 1, "infant": 1}})
		if err == nil || !strings.Contains(err.Error(), "Children travel only with at least one Adult.") {
			t.Fatalf("a child alone: %v", err)
		}
		got, err = st.TourByIDAnyStatus(ctx, tr.ID, t0)
		must(t, err)
		got.Categories[1].OnlyWith = ""
		must(t, st.UpdateTour(ctx, &got, got.Version, t0, audit.Entry{ActorID: "a", Action: "tour.update", ObjectType: "tour"}))
		_, err = svc.Open(ctx, ann, "", booking.Checkout{TourID: tr.ID, Date: "2031-06-01", Units: map[string]int{"child": 1}})
		var e *fault.Error
		if !errors.As(err, &e) || e.Kind != fault.Conflict || e.Message != "This tour cannot be booked online. Please contact us." {
			t.Fatalf("a free child: %v", err)
		}
	})
}

// A payment that arrives after its hold ran out is kept only if its extras are still
// there too: someone else took the last wetsuits meanwhile, so it is due a refund, and
// no more wetsuits are sold than the departure has.
func TestLatePaymentFindsItsExtrasGone(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		tr := kayakTour(t, st, "late-wetsuits", 100, 2)
		svc := categoriesService(st)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		two := booking.Checkout{TourID: tr.ID, Date: "2031-06-01", Units: map[string]int{"adult": 2}, Extras: map[string]int{"wetsuit": 2}}
		url, err := svc.Open(ctx, ann, "", two)
		must(t, err)
		co, err := st.SandboxCheckout(ctx, url[strings.LastIndex(url, "/")+1:])
		must(t, err)
		late, err := st.BookingByID(ctx, co.Request.BookingID)
		must(t, err)

		// Ann's hold runs out; Bo holds the two wetsuits.
		later := late.HoldUntil.Add(15 * time.Minute)
		bo := storetest.AddUser(t, st, "bo", account.RoleUser)
		b := booking.Booking{TourID: tr.ID, UserID: bo.ID, StartDate: jun1, Participants: 2, AmountMinor: late.AmountMinor,
			Currency: "usd", Provider: "sandbox", HoldUntil: later.Add(30 * time.Minute), Units: late.Units, Extras: late.Extras}
		must(t, svc.Hold(ctx, &b, later))

		paid, _, err := svc.RecordPayment(ctx, late.ID, booking.Payment{Ref: "pi_late", AmountMinor: late.AmountMinor, Currency: "usd"},
			later.Add(time.Minute), nil)
		must(t, err)
		if paid.Status != booking.RefundDue {
			t.Errorf("a late payment whose wetsuits were taken is %s; want refund_due", paid.Status)
		}
		held, err := st.ExtrasHeld(ctx, tr.ID, jun1, later.Add(time.Minute))
		must(t, err)
		if held["wetsuit"] != 2 {
			t.Errorf("%d wetsuits held of a stock of 2", held["wetsuit"])
		}
	})
}
