package promotion_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/httpx"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/payment/refundtest"
	"tourbook/internal/promotion"
	"tourbook/internal/refund"
	"tourbook/internal/store"
	"tourbook/internal/store/storetest"
	"tourbook/internal/store/testdb"
)

// t0 is a Tuesday in spring; the departure is in June.
var (
	t0  = time.Date(2031, 4, 15, 9, 0, 0, 0, time.UTC)
	dep = time.Date(2031, 6, 1, 0, 0, 0, 0, time.UTC)
)

func d(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// site is one instance: the promotion and booking services (sandbox provider) on st.
type site struct {
	st       *store.Store
	promos   *promotion.Service
	bookings *booking.Service
	sandbox  *payment.Sandbox
}

func newSite(st *store.Store, now func() time.Time) site {
	promos := promotion.NewService(st, promotion.Options{Now: now, Zone: time.UTC})
	sb := payment.NewSandbox(payment.SandboxOptions{BaseURL: "http://tourbook.test", Now: now, Store: st})
	bookings := booking.NewService(st, st, sb, booking.Options{Now: now, BaseURL: "http://tourbook.test", Promotions: promos,
		Limits: booking.Limits{CheckoutsPerAccount: -1, CheckoutsPerClient: -1, HeldSeats: -1},
		Tx:     storetest.InTx(st, func(tx *store.Store) booking.Tx { return tx })})
	return site{st: st, promos: promos, bookings: bookings, sandbox: sb}
}

func fixed() time.Time { return t0 }

func addPromo(t *testing.T, st *store.Store, p promotion.Promotion) promotion.Promotion {
	t.Helper()
	if err := st.CreatePromotion(t.Context(), &p, nil); err != nil {
		t.Fatal(err)
	}
	return p
}

// message is what a person reads of err, and its HTTP status.
func message(err error) (int, string) {
	if err == nil {
		return 200, ""
	}
	return httpx.Classify(err)
}

// TestRules checks every rule of a code against an order, with the refusal a traveller
// reads, on both databases.
func TestRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		s := newSite(st, fixed)
		fjords := storetest.AddTour(t, st, "fjords", 10, dep)
		other := storetest.AddTour(t, st, "glaciers", 10, dep)
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		base := promotion.Promotion{Percent: 10, Active: true}
		with := func(code string, change func(p *promotion.Promotion)) {
			p := base
			p.Code = code
			if change != nil {
				change(&p)
			}
			addPromo(t, st, p)
		}
		with("SPRING10", nil)
		with("EURO20", func(p *promotion.Promotion) { p.Percent, p.AmountMinor, p.Currency = 0, 2000, "eur" })
		with("USD20", func(p *promotion.Promotion) { p.Percent, p.AmountMinor, p.Currency = 0, 2000, "usd" })
		with("HUGE", func(p *promotion.Promotion) { p.Percent, p.AmountMinor, p.Currency = 0, 1_000_000_00, "usd" })
		with("OFF", func(p *promotion.Promotion) { p.Active = false })
		with("LATER", func(p *promotion.Promotion) { p.ValidFrom = d("2031-05-01") })
		with("WINTER", func(p *promotion.Promotion) { p.ValidFrom, p.ValidUntil = d("2030-12-01"), d("2031-03-31") })
		with("OLD", func(p *promotion.Promotion) { p.ValidUntil = d("2030-12-31") })
		with("TODAY", func(p *promotion.Promotion) { p.ValidFrom, p.ValidUntil = d("2031-04-15"), d("2031-04-15") })
		with("GLACIERS", func(p *promotion.Promotion) { p.TourIDs = []string{other.ID} })
		with("BOTH", func(p *promotion.Promotion) { p.TourIDs = []string{other.ID, fjords.ID} })
		with("JULY", func(p *promotion.Promotion) { p.DeparturesFrom, p.DeparturesUntil = d("2031-07-01"), d("2031-07-31") })
		with("JUNE", func(p *promotion.Promotion) { p.DeparturesFrom, p.DeparturesUntil = d("2031-06-01"), d("2031-06-30") })
		with("GROUP4", func(p *promotion.Promotion) { p.MinTravellers = 4 })
		with("THIRD", func(p *promotion.Promotion) { p.Percent = 33 })

		order := promotion.Order{TourID: fjords.ID, Currency: "USD", Departure: dep, Travellers: 2, PriceMinor: 99400, UserID: ann.ID}
		for _, c := range []struct {
			code     string
			order    func(o *promotion.Order)
			discount int64
			status   int
			msg      string
		}{
			{code: "spring10", discount: 9940},
			{code: " Spring10 ", discount: 9940},
			{code: "THIRD", discount: 32802}, // 33 % of 994.00, rounded down
			{code: "THIRD", order: func(o *promotion.Order) { o.PriceMinor = 101 }, discount: 33}, // 33.33 → 33
			{code: "USD20", discount: 2000},
			{code: "HUGE", discount: 99400}, // never more than the price
			{code: "EURO20", status: 409, msg: "The promo code EURO20 is not valid for this tour."},
			{code: "OFF", status: 409, msg: "The promo code OFF is not valid at the moment."},
			{code: "LATER", status: 409, msg: "The promo code LATER is valid from 1 May."},
			{code: "WINTER", status: 409, msg: "The promo code WINTER expired on 31 March."},
			{code: "OLD", status: 409, msg: "The promo code OLD expired on 31 December 2030."},
			{code: "TODAY", discount: 9940},
			{code: "GLACIERS", status: 409, msg: "The promo code GLACIERS is not valid for this tour."},
			{code: "BOTH", discount: 9940},
			{code: "JULY", status: 409, msg: "The promo code JULY is not valid for departures on 1 June: it is for departures from 1 July to 31 July."},
			{code: "JUNE", discount: 9940},
			{code: "GROUP4", status: 409, msg: "The promo code GROUP4 is for bookings of at least 4 travellers."},
			{code: "GROUP4", order: func(o *promotion.Order) { o.Travellers = 4 }, discount: 9940},
			{code: "NOSUCH", status: 404, msg: "There is no promo code NOSUCH. Please check its spelling."},
			{code: "", status: 400, msg: "Please type a promo code."},
			{code: "10%-OFF", status: 400, msg: "A promo code is made of letters and digits only, at most 32. Please check what you typed."},
			{code: "ÄPFEL", status: 400, msg: "A promo code is made of letters and digits only, at most 32. Please check what you typed."},
		} {
			o := order
			if c.order != nil {
				c.order(&o)
			}
			a, err := s.promos.Check(ctx, c.code, o)
			status, msg := message(err)
			if status != max(c.status, 200) || msg != c.msg || a.DiscountMinor != c.discount {
				t.Errorf("%q: %d %q, discount %d; want %d %q, discount %d", c.code, status, msg, a.DiscountMinor,
					max(c.status, 200), c.msg, c.discount)
			}
		}
	})
}

// TestDiscountNeverOverflows: the percentage of the largest price is worked out without
// an overflow, and a fixed amount never passes the price.
func TestDiscountNeverOverflows(t *testing.T) {
	const huge = int64(9_223_372_036_854_775_807)
	if got := (promotion.Promotion{Percent: 100}).Discount(huge); got != huge {
		t.Errorf("100 %% of the largest price = %d", got)
	}
	if got := (promotion.Promotion{Percent: 50}).Discount(huge); got != huge/2 {
		t.Errorf("50 %% of the largest price = %d, want %d", got, huge/2)
	}
	if got := (promotion.Promotion{AmountMinor: 500}).Discount(300); got != 300 {
		t.Errorf("5.00 off 3.00 = %d", got)
	}
}

func FuzzNormalCode(f *testing.F) {
	for _, s := range []string{"spring10", " A1 ", "ä", "", "x-y", strings.Repeat("a", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		code, ok := promotion.NormalCode(s)
		if !ok {
			return
		}
		if len(code) == 0 || len(code) > promotion.MaxCodeLength || strings.ToUpper(code) != code ||
			strings.Trim(code, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != "" {
			t.Errorf("NormalCode(%q) = %q accepted", s, code)
		}
		if again, ok2 := promotion.NormalCode(strings.ToLower(code)); !ok2 || again != code {
			t.Errorf("NormalCode is not case-insensitive for %q", code)
		}
	})
}

// uses is the promotion's counted uses at now.
func uses(t *testing.T, st *store.Store, id string, now time.Time) int {
	t.Helper()
	all, _, err := st.PromotionUses(t.Context(), id, "", now)
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestCheckoutWithACode: the booking's price is the quote less the discount, with the
// code in its note and on the provider's checkout, whose lines add up to it; the use is
// reserved with the hold and released with it (the traveller's cancel, a hold replaced,
// expiry); once paid it counts for good, and per customer.
func TestCheckoutWithACode(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		now := t0
		clock := func() time.Time { return now }
		s := newSite(st, clock)
		fjords := storetest.AddTour(t, st, "fjords", 10, dep)
		p := addPromo(t, st, promotion.Promotion{Code: "FJORD50", AmountMinor: 5000, Currency: "usd", Active: true,
			MaxUses: 1, MaxPerCustomer: 1})
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		bob := storetest.AddUser(t, st, "bob", account.RoleUser)
		checkout := booking.Checkout{TourID: fjords.ID, Date: "2031-06-01", Participants: 2, PromoCode: "fjord50"}

		q, err := s.bookings.QuotePromo(ctx, ann, "", checkout)
		if err != nil || q.PriceMinor != 99400 || q.DiscountMinor != 5000 || q.TotalMinor != 94400 || q.Code != "FJORD50" {
			t.Fatalf("quote: %+v, %v", q, err)
		}
		if _, err := s.bookings.Open(ctx, ann, "", checkout); err != nil {
			t.Fatal(err)
		}
		b := lastBooking(t, st, ann)
		if b.AmountMinor != 94400 || b.PriceNote != "promo code FJORD50" {
			t.Errorf("booking: price %d, note %q", b.AmountMinor, b.PriceNote)
		}
		items := b.Items()
		if last := items[len(items)-1]; !last.Adjustment || last.Text("usd") != "Discount (promo code FJORD50): -$50.00" {
			t.Errorf("adjustment line: %+v", last)
		}
		ev, err := s.sandbox.Checkout(ctx, b.CheckoutID)
		if err != nil || ev.AmountTotal != 94400 {
			t.Errorf("the provider's checkout charges %d (%v), want 94400", ev.AmountTotal, err)
		}
		sc, err := st.SandboxCheckout(ctx, b.CheckoutID)
		if lines := sc.Request.LineItems(); err != nil || len(lines) != 1 || sc.Request.TotalMinor() != 94400 ||
			lines[0].Name != "Booking with promo code FJORD50 (2 × Adult, -$50.00)" {
			t.Errorf("the checkout's lines: %+v, %v", lines, err)
		}
		if n := uses(t, st, p.ID, now); n != 1 {
			t.Errorf("%d uses while held, want 1", n)
		}
		// Used up for Bob while Ann's hold runs.
		if _, err := s.bookings.Open(ctx, bob, "", checkout); !strings.Contains(fmt.Sprint(message(err)), "The promo code FJORD50 is used up.") {
			t.Errorf("Bob's checkout: %v", err)
		}
		// Ann books again: her hold is replaced, and the code with it.
		if _, err := s.bookings.Open(ctx, ann, "", checkout); err != nil {
			t.Fatalf("Ann's second checkout: %v", err)
		}
		b = lastBooking(t, st, ann)
		if n := uses(t, st, p.ID, now); n != 1 {
			t.Errorf("%d uses after a hold replaced, want 1", n)
		}
		// Her cancel releases it.
		if err := s.bookings.CancelReturn(ctx, ann, b.ID); err != nil {
			t.Fatal(err)
		}
		if n := uses(t, st, p.ID, now); n != 0 {
			t.Errorf("%d uses after the checkout was cancelled, want 0", n)
		}
		// Bob's hold expires: released.
		if _, err := s.bookings.Open(ctx, bob, "", checkout); err != nil {
			t.Fatalf("Bob's checkout: %v", err)
		}
		now = now.Add(31 * time.Minute)
		if n := uses(t, st, p.ID, now); n != 0 {
			t.Errorf("%d uses after the hold expired, want 0", n)
		}
		if _, err := s.bookings.ExpireHolds(ctx); err != nil {
			t.Fatal(err)
		}
		// Ann books and pays (later: a hold's life is bounded): the use stays, and she
		// cannot use it twice.
		now = now.Add(2 * time.Hour)
		if _, err := s.bookings.Open(ctx, ann, "", checkout); err != nil {
			t.Fatal(err)
		}
		b = lastBooking(t, st, ann)
		paid, _, err := s.bookings.RecordPayment(ctx, b.ID, booking.Payment{Ref: "pi_1", AmountMinor: 94400, Currency: "usd"}, now, nil)
		if err != nil || paid.Status != booking.Paid || paid.PaidMinor != 94400 {
			t.Fatalf("payment: %+v, %v", paid, err)
		}
		now = now.Add(24 * time.Hour)
		if n := uses(t, st, p.ID, now); n != 1 {
			t.Errorf("%d uses once paid, want 1", n)
		}
		// Cancelling refunds by the policy on what was paid, the discounted price.
		refunds := refund.NewService(st, &refundtest.Refunder{}, nil, refund.Options{Now: clock,
			Tx: storetest.InTx(st, func(tx *store.Store) refund.Tx { return tx })})
		own, err := refunds.OwnBooking(ctx, ann, paid.ID)
		if err != nil || !own.Quote.Allowed || own.Quote.Percent == 0 || own.Quote.RefundMinor != 94400*int64(own.Quote.Percent)/100 {
			t.Errorf("the refund quote on 944.00 paid: %+v, %v", own.Quote, err)
		}
		p.MaxUses = 0
		if err := st.UpdatePromotion(ctx, p, nil); err != nil {
			t.Fatal(err)
		}
		_, err = s.promos.Check(ctx, "FJORD50", promotion.Order{TourID: fjords.ID, Currency: "usd", Departure: dep, Travellers: 2, PriceMinor: 99400, UserID: ann.ID})
		if _, msg := message(err); msg != "You have already used the promo code FJORD50 once, the most it allows." {
			t.Errorf("Ann's second use: %q", msg)
		}
		list, err := s.promos.List(ctx, account.User{ID: "a", Role: account.RoleAdmin})
		if err != nil || len(list) != 1 || list[0].Uses != 1 || list[0].Held != 0 || list[0].DiscountMinor["usd"] != 5000 {
			t.Errorf("list: %+v, %v", list, err)
		}
	})
}

func lastBooking(t *testing.T, st *store.Store, u account.User) booking.Booking {
	t.Helper()
	list, err := st.UserBookings(t.Context(), u.ID)
	if err != nil || len(list) == 0 {
		t.Fatalf("bookings of %s: %d, %v", u.Name, len(list), err)
	}
	last := list[0]
	for _, b := range list {
		if b.CreatedAt.After(last.CreatedAt) || (b.CreatedAt.Equal(last.CreatedAt) && b.Status == booking.Pending) {
			last = b
		}
	}
	return last
}

// TestConcurrentCheckoutsNeverPassTheLimit: 20 travellers check out at once with a code
// that has 5 uses left (7 allowed, 2 paid), each on its own departure, half through
// each of two instances (two
// stores on one PostgreSQL database; on SQLite one store, whose single writer is what
// serialises instances there): exactly 5 bookings are discounted, the others are told
// the code is used up and hold nothing.
func TestConcurrentCheckoutsNeverPassTheLimit(t *testing.T) {
	t.Parallel()
	const n = 20
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			databaseURL, dataDir := testdb.Database(t, engine)
			a := storetest.OpenAt(t, databaseURL, dataDir)
			b := a
			if engine == testdb.Postgres {
				b = storetest.OpenAt(t, databaseURL, dataDir)
			}
			sites := []site{newSite(a, fixed), newSite(b, fixed)}
			// One departure each: the departure's lock, which every hold takes first, must
			// not be what keeps the code's uses within its limit.
			days := make([]time.Time, n)
			for i := range days {
				days[i] = dep.AddDate(0, 0, i)
			}
			fjords := storetest.AddTour(t, a, "fjords", 100, days...)
			p := addPromo(t, a, promotion.Promotion{Code: "FIVELEFT", Percent: 20, Active: true, MaxUses: 7})
			for i := range 2 {
				earlier := storetest.AddPaid(t, a, sites[0].bookings, fjords, dep, t0, fmt.Sprintf("earlier%d", i), 1)
				if err := a.AddPromotionUse(ctx, promotion.Use{PromotionID: p.ID, BookingID: earlier.ID, DiscountMinor: 9940}); err != nil {
					t.Fatal(err)
				}
			}
			users := make([]account.User, n)
			for i := range users {
				users[i] = storetest.AddUser(t, a, fmt.Sprintf("traveller%02d", i), account.RoleUser)
			}
			start := make(chan struct{})
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i, u := range users {
				wg.Go(func() {
					<-start
					_, errs[i] = sites[i%2].bookings.Open(ctx, u, "", booking.Checkout{TourID: fjords.ID, Date: days[i].Format(time.DateOnly),
						Participants: 1, PromoCode: "fiveleft"})
				})
			}
			close(start)
			wg.Wait()
			ok := 0
			for i, err := range errs {
				if err == nil {
					ok++
					continue
				}
				if status, msg := message(err); status != 409 || msg != "The promo code FIVELEFT is used up." {
					t.Errorf("traveller %d: %d %q (%v)", i, status, msg, err)
				}
			}
			discounted := 0
			for _, u := range users {
				list, err := a.UserBookings(ctx, u.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, bk := range list {
					if bk.Status == booking.Pending && bk.AmountMinor == 49700-9940 && bk.PriceNote == "promo code FIVELEFT" {
						discounted++
					} else {
						t.Errorf("booking %+v", bk)
					}
				}
			}
			if ok != 5 || discounted != 5 || uses(t, a, p.ID, t0) != 7 {
				t.Errorf("%d checkouts opened, %d discounted bookings, %d uses; want 5, 5 and 7", ok, discounted, uses(t, a, p.ID, t0))
			}
		})
	}
}

// TestAdminRules: only admins list and write promotions; a form's mistakes are named
// field by field; a code is unique whatever its case.
func TestAdminRules(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		s := newSite(st, fixed)
		admin := storetest.AddUser(t, st, "ada", account.RoleAdmin)
		for _, role := range []account.Role{account.RoleLeadGuide, account.RoleGuide, account.RoleUser} {
			u := account.User{ID: "u", Role: role}
			if _, err := s.promos.List(ctx, u); !isKind(err, fault.Forbidden) {
				t.Errorf("%s lists promotions: %v", role, err)
			}
			if _, err := s.promos.Create(ctx, u, promotion.Input{Code: "X", Kind: "percent", Percent: 5}); !isKind(err, fault.Forbidden) {
				t.Errorf("%s creates a promotion: %v", role, err)
			}
		}
		_, err := s.promos.Create(ctx, admin, promotion.Input{Code: "a b", Kind: "amount", Amount: money.TypedAmount("x"), Currency: "eu",
			ValidFrom: "2031-05-01", ValidUntil: "2031-04-01", MaxUses: -1})
		var fe *fault.Error
		if !errors.As(err, &fe) || len(fe.Fields) != 4 {
			t.Fatalf("a bad form: %v", err)
		}
		p, err := s.promos.Create(ctx, admin, promotion.Input{Code: "summer", Kind: "amount", Amount: money.TypedAmount("20.50"),
			Currency: "EUR", ValidUntil: "2031-08-31", MaxUses: 100, Active: true})
		if err != nil || p.Code != "SUMMER" || p.AmountMinor != 2050 || p.Currency != "eur" || !p.ValidUntil.Equal(d("2031-08-31")) {
			t.Fatalf("create: %+v, %v", p, err)
		}
		if _, err := s.promos.Create(ctx, admin, promotion.Input{Code: "Summer", Kind: "percent", Percent: 5}); !isKind(err, fault.Conflict) {
			t.Errorf("a second SUMMER: %v", err)
		}
		off, err := s.promos.SetActive(ctx, admin, p.ID, false)
		if err != nil || off.Active || off.AmountMinor != 2050 {
			t.Errorf("switched off: %+v, %v", off, err)
		}
		up, err := s.promos.Update(ctx, admin, p.ID, promotion.Input{Code: "SUMMER", Kind: "percent", Percent: 15, TourIDs: []string{"t1"}, Active: true})
		if err != nil || up.Percent != 15 || up.AmountMinor != 0 || len(up.TourIDs) != 1 || !up.ValidUntil.IsZero() {
			t.Errorf("updated: %+v, %v", up, err)
		}
		// 100 % would leave nothing to pay by card: refused where it is typed.
		_, err = s.promos.Update(ctx, admin, p.ID, promotion.Input{Code: "SUMMER", Kind: "percent", Percent: 100})
		if _, msg := message(err); !strings.Contains(msg, "Percentage must be a whole number from 1 to 99.") {
			t.Errorf("100 %%: %q", msg)
		}
		if _, err := s.promos.Update(ctx, admin, "nosuch", promotion.Input{Code: "X", Kind: "percent", Percent: 5}); !errors.Is(err, promotion.ErrNotFound) {
			t.Errorf("update of no promotion: %v", err)
		}
		// Each change is in the audit log with what changed (all three at one moment here).
		log, err := st.AuditLog(ctx, audit.Filter{ObjectType: "promotion", ObjectID: p.ID})
		if err != nil || len(log) != 3 {
			t.Fatalf("audit log: %+v, %v", log, err)
		}
		var got []string
		for _, e := range log {
			got = append(got, fmt.Sprintf("%s %v by %s", e.Action, e.Changes, e.ActorName))
		}
		sort.Strings(got)
		want := []string{
			"promotion.create map[active:{false true} amount:{0 2050} code:{ SUMMER} currency:{ eur} maxUses:{0 100} validUntil:{ 2031-08-31}] by ada",
			"promotion.update map[active:{false true} amount:{2050 0} currency:{eur } maxUses:{100 0} percent:{0 15} tourIds:{[] [t1]} validUntil:{2031-08-31 }] by ada",
			"promotion.update map[active:{true false}] by ada",
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("audit log:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}

func isKind(err error, k fault.Kind) bool {
	var pub fault.Public
	return errors.As(err, &pub) && pub.FaultKind() == k
}

// TestGuessingCodesIsBounded: one client address tries at most 20 codes that do not
// exist in an hour, by the panel's Apply or at checkout; then even a real code is refused
// from there (429) for the hour, while another address is served.
func TestGuessingCodesIsBounded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		now := t0
		s := newSite(st, func() time.Time { return now })
		fjords := storetest.AddTour(t, st, "fjords", 10, dep)
		addPromo(t, st, promotion.Promotion{Code: "REAL10", Percent: 10, Active: true})
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		ask := func(client, code string) (int, string) {
			_, err := s.bookings.QuotePromo(ctx, ann, client, booking.Checkout{TourID: fjords.ID, Date: "2031-06-01", PromoCode: code})
			return message(err)
		}
		for i := range booking.PromoMissesPerClient - 1 {
			if status, _ := ask("203.0.113.9", fmt.Sprintf("GUESS%d", i)); status != 404 {
				t.Fatalf("guess %d: %d", i, status)
			}
		}
		// The last one at checkout: it counts too, and holds nothing.
		_, err := s.bookings.Open(ctx, ann, "203.0.113.9", booking.Checkout{TourID: fjords.ID, Date: "2031-06-01", PromoCode: "GUESSLAST"})
		if status, _ := message(err); status != 404 {
			t.Fatalf("a guess at checkout: %d (%v)", status, err)
		}
		want := "Too many promo codes that do not exist were tried from your network. Please try again in 60 minutes."
		if status, msg := ask("203.0.113.9", "REAL10"); status != 429 || msg != want {
			t.Errorf("after 20 guesses: %d %q", status, msg)
		}
		if status, msg := ask("198.51.100.4", "REAL10"); status != 200 {
			t.Errorf("another address: %d %q", status, msg)
		}
		now = now.Add(time.Hour + time.Minute)
		if status, msg := ask("203.0.113.9", "REAL10"); status != 200 {
			t.Errorf("an hour later: %d %q", status, msg)
		}

		// A burst of guesses at once is bounded too: at most the limit are answered.
		var wg sync.WaitGroup
		var mu sync.Mutex
		answered := 0
		for i := range 3 * booking.PromoMissesPerClient {
			wg.Go(func() {
				if status, _ := ask("192.0.2.77", fmt.Sprintf("BURST%d", i)); status == 404 {
					mu.Lock()
					answered++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if answered > booking.PromoMissesPerClient {
			t.Errorf("%d of a burst of %d guesses answered; want at most %d", answered, 3*booking.PromoMissesPerClient, booking.PromoMissesPerClient)
		}

		// An IPv6 network is one /64 (each host is given one): its addresses count
		// together, or a guesser would change address at every try.
		for i := range booking.PromoMissesPerClient {
			if status, _ := ask(fmt.Sprintf("2001:db8:1:2::%x", i+1), fmt.Sprintf("SIX%d", i)); status != 404 {
				t.Fatalf("IPv6 guess %d: %d", i, status)
			}
		}
		if status, msg := ask("2001:db8:1:2:aaaa::1", "REAL10"); status != 429 || msg != want {
			t.Errorf("after 20 guesses from one /64: %d %q", status, msg)
		}
		if status, msg := ask("2001:db8:1:3::1", "REAL10"); status != 200 {
			t.Errorf("another /64: %d %q", status, msg)
		}
	})
}

// TestLatePaymentWithinTheLimit: a payment that comes in after its hold (and the code's
// use with it) ended keeps the discount only while the code has a use left. Bob's code
// had none left once Cat had taken it: his booking is refund due, the code used once.
// Ann's late payment, with nobody else using her code, is confirmed.
func TestLatePaymentWithinTheLimit(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := t.Context()
		now := t0
		s := newSite(st, func() time.Time { return now })
		fjords := storetest.AddTour(t, st, "fjords", 10, dep)
		once := addPromo(t, st, promotion.Promotion{Code: "ONCE", AmountMinor: 5000, Currency: "usd", Active: true, MaxUses: 1})
		addPromo(t, st, promotion.Promotion{Code: "SPARE", AmountMinor: 5000, Currency: "usd", Active: true, MaxUses: 1})
		ann := storetest.AddUser(t, st, "ann", account.RoleUser)
		bob := storetest.AddUser(t, st, "bob", account.RoleUser)
		cat := storetest.AddUser(t, st, "cat", account.RoleUser)
		checkout := func(code string) booking.Checkout {
			return booking.Checkout{TourID: fjords.ID, Date: "2031-06-01", Participants: 2, PromoCode: code}
		}
		pay := func(b booking.Booking) booking.Booking {
			t.Helper()
			paid, _, err := s.bookings.RecordPayment(ctx, b.ID, booking.Payment{Ref: "pi_" + b.ID, AmountMinor: 94400, Currency: "usd"}, now, nil)
			if err != nil {
				t.Fatal(err)
			}
			return paid
		}
		for _, u := range []account.User{ann, bob} {
			code := map[string]string{ann.ID: "SPARE", bob.ID: "ONCE"}[u.ID]
			if _, err := s.bookings.Open(ctx, u, "", checkout(code)); err != nil {
				t.Fatal(err)
			}
		}
		annB, bobB := lastBooking(t, st, ann), lastBooking(t, st, bob)
		now = now.Add(31 * time.Minute) // both holds have lapsed
		if _, err := s.bookings.Open(ctx, cat, "", checkout("ONCE")); err != nil {
			t.Fatalf("Cat's checkout with the code Bob's lapsed hold gave back: %v", err)
		}
		if got := pay(lastBooking(t, st, cat)); got.Status != booking.Paid {
			t.Fatalf("Cat's payment: %s", got.Status)
		}
		if got := pay(bobB); got.Status != booking.RefundDue {
			t.Errorf("Bob's late payment with a code used up meanwhile: %s, want refund due", got.Status)
		}
		if n := uses(t, st, once.ID, now); n != 1 {
			t.Errorf("ONCE counts %d uses, want 1", n)
		}
		if got := pay(annB); got.Status != booking.Paid || got.AmountMinor != 94400 {
			t.Errorf("Ann's late payment with a code nobody took: %s %d, want paid 94400", got.Status, got.AmountMinor)
		}
	})
}
