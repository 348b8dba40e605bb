package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/tour"
)

// The checkout call of a tour sold in price categories and extras (issue #23 §1),
// through the real router on both engines.

// sellInCategories gives the sample tour i adults (at its price), children at half
// price (only with an adult), infants on a lap (free, no seat) and a wetsuit per
// traveller (stock a departure), and its second departure an adult price of its own.
func (s *testSite) sellInCategories(t *testing.T, i, stock int) (tourDetail, int64) {
	t.Helper()
	ctx := context.Background()
	td := s.tourByIndex(t, i)
	tr, err := s.Store.TourByIDAnyStatus(ctx, td.ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	adult := td.Price - td.Discount
	tr.Categories = []tour.PriceCategory{
		{ID: "adult", Name: "Adult", PriceMinor: adult, TakesSeat: true},
		{ID: "child", Name: "Child", PriceMinor: adult / 2, TakesSeat: true, OnlyWith: "adult"},
		{ID: "infant", Name: "Infant", PriceMinor: 0, Max: 2, OnlyWith: "adult"},
	}
	tr.Extras = []tour.Extra{{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: stock}}
	entry := audit.Entry{ActorID: "test", Action: "tour.update", ObjectType: "tour", ObjectID: tr.ID}
	if err := s.Store.UpdateTour(ctx, &tr, tr.Version, time.Now(), entry); err != nil {
		t.Fatal(err)
	}
	day, err := time.Parse(time.DateOnly, td.StartDates[1].Date)
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]int64{"adult": adult + 10000}
	if _, _, err := s.Store.UpdateDeparture(ctx, tr.ID, day, catalog.DepartureChange{Prices: &own}, time.Now(), entry); err != nil {
		t.Fatal(err)
	}
	s.tours.Invalidate()
	return s.tourByIndex(t, i), adult
}

// detailsQuery is a details= parameter: the JSON of details.Given, URL-encoded.
func detailsQuery(json string) string { return "&details=" + url.QueryEscape(json) }

// A family of two adults, a child and an infant with two wetsuits books the departure
// with its own adult price: three seats are held, the sandbox lists each line and the
// total, and paying it records a paid booking of those units.
func TestCheckoutOfAFamilyOverHTTP(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, adult := s.sellInCategories(t, 0, 5)
		c := s.client(t)
		s.login(t, c, "hannah@example.com")
		d := tr.StartDates[1]
		r := s.checkout(t, c, tr.ID, "?date="+d.Date+"&units=adult:2,child:1,infant:1&extras=wetsuit:2"+
			detailsQuery(`{"travellers":[],"answers":[]}`))
		if r.status != 200 {
			t.Fatalf("checkout: %d %s", r.status, r.body)
		}
		checkoutURL := decode(t, r)["session"].(map[string]any)["url"].(string)
		if left := s.tourByIndex(t, 0).StartDates[1].SeatsLeft; left != d.SeatsLeft-3 {
			t.Errorf("seats left %d, want %d: the infant takes none", left, d.SeatsLeft-3)
		}
		page := s.get(t, c, mustURL(t, checkoutURL).Path)
		text := regexp.MustCompile(`\s+`).ReplaceAllString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(page.body, " "), " ")
		total := 2*(adult+10000) + adult/2 + 2*1500
		for _, want := range []string{"2 × Adult", "1 × Child", "1 × Infant", "2 × Wetsuit", "Adults, 1 Child, 1 Infant"} {
			if !strings.Contains(text, want) {
				t.Errorf("sandbox page lacks %q: %s", want, text)
			}
		}
		if paid := s.pay(t, c, checkoutURL, "4242 4242 4242 4242"); paid.status != http.StatusSeeOther {
			t.Fatalf("paying: %d %.300s", paid.status, paid.body)
		}
		var found bool
		for _, b := range s.bookings(t, "hannah@example.com") {
			if b.Status != booking.Paid {
				continue
			}
			found = true
			if b.Participants != 3 || b.Travelling() != 4 || b.AmountMinor != total || len(b.Units) != 3 ||
				b.Units[0].PriceMinor != adult+10000 || len(b.Extras) != 1 || b.Extras[0].Quantity != 2 {
				t.Errorf("paid booking %+v; want 3 seats, 4 travelling, %d", b, total)
			}
		}
		if !found {
			t.Fatal("no paid booking")
		}
	})
}

// participants=N still books N of the first category.
func TestCheckoutParticipantsOnACategorisedTour(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, adult := s.sellInCategories(t, 0, 0)
		c := s.client(t)
		s.login(t, c, "omar@example.com")
		if r := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=2"); r.status != 200 {
			t.Fatalf("checkout: %d %s", r.status, r.body)
		}
		bs := s.bookings(t, "omar@example.com")
		if len(bs) != 1 || bs[0].Participants != 2 || bs[0].AmountMinor != 2*adult || bs[0].Units[0].CategoryID != "adult" {
			t.Fatalf("bookings %+v", bs)
		}
	})
}

// Tampered units, extras and details are a 400 (413 for details too long to read) with
// a message a person understands, and hold nothing.
func TestCheckoutRefusesTamperedUnitsOverHTTP(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, _ := s.sellInCategories(t, 0, 2)
		other, _ := s.sellInCategories(t, 1, 0)
		ctx := context.Background()
		o, err := s.Store.TourByIDAnyStatus(ctx, other.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		o.Categories[1].ID, o.Categories[1].OnlyWith = "student", ""
		if err := s.Store.UpdateTour(ctx, &o, o.Version, time.Now(), audit.Entry{ActorID: "test", Action: "tour.update", ObjectType: "tour"}); err != nil {
			t.Fatal(err)
		}
		s.tours.Invalidate()
		c := s.client(t)
		s.login(t, c, "mateo@example.com")
		date := "?date=" + tr.StartDates[0].Date
		for _, tc := range []struct {
			query  string
			status int
			msg    string
		}{
			{"&units=pensioner:1", 400, "This tour has no price category “pensioner”."},
			{"&units=student:1", 400, "This tour has no price category “student”."},
			{"&units=adult:2,child:-1", 400, "The number for “child” cannot be negative."},
			{"&units=adult:1.5", 400, "The number for “adult” must be a whole number"},
			{"&units=adult:0,child:0,infant:0", 400, "Please choose at least one traveller."},
			{"&units=infant:1", 400, "Infants travel only with at least one Adult."},
			{"&units=adult:1,adult:2", 400, "“adult” is given twice."},
			{"&units=adult:1&units=adult:5", 400, "units is given twice"},
			{"&units=" + url.QueryEscape("<img src=x>:1"), 400, "could not be read"},
			{"&units=adult:1&extras=wetsuit:3", 400, "Wetsuit: at most one per traveller"},
			{"&units=adult:3&extras=wetsuit:3", 400, "At most 2 wetsuits can be booked on one departure."},
			{"&units=adult:1&extras=snorkel:1", 400, "This tour has no extra “snorkel”."},
			{"&units=adult:1" + detailsQuery(`{"travellers":[`), 400, "details and answers could not be read"},
			{"&units=adult:1" + detailsQuery(`{"travellers":[],"price":1}`), 400, "details and answers could not be read"},
			{"&units=adult:1" + detailsQuery(`{"travellers":[]} {}`), 400, "details and answers could not be read"},
			{"&units=adult:1" + detailsQuery(`{"answers":[{"value":"`+strings.Repeat("x", 70_000)+`"}]}`), 413, "too long"},
		} {
			r := s.checkout(t, c, tr.ID, date+tc.query)
			msg, _ := decode(t, r)["message"].(string)
			if r.status != tc.status || !strings.Contains(msg, tc.msg) {
				t.Errorf("%.80s: %d %q, want %d with %q", tc.query, r.status, msg, tc.status, tc.msg)
			}
		}
		if after := s.tourByIndex(t, 0); fmt.Sprint(after.StartDates) != fmt.Sprint(tr.StartDates) {
			t.Errorf("refused checkouts held seats: %v, was %v", after.StartDates, tr.StartDates)
		}
	})
}

// Families of one adult, one child and one infant ask at once for the last six seats:
// exactly three get a checkout (two seats each), and no more seats are taken.
func TestMixedCategoriesNeverOversellOverHTTP(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		idx := s.tourWithSeats(t, 6, 17)
		tr, _ := s.sellInCategories(t, idx, 0)
		d := tr.StartDates[0]
		c := s.client(t)
		s.login(t, c, "yuki@example.com")
		if fill := d.SeatsLeft - 6; fill > 0 {
			if r := s.checkout(t, c, tr.ID, fmt.Sprintf("?date=%s&units=adult:%d", d.Date, fill)); r.status != 200 {
				t.Fatalf("filling: %d %s", r.status, r.body)
			}
		}
		emails := []string{"sophie@example.com", "daniel@example.com", "priya@example.com", "lucas@example.com",
			"grace@example.com", "chloe@example.com", "nikolai@example.com", "hannah@example.com"}
		people := make([]*http.Client, len(emails))
		for i, e := range emails {
			people[i] = s.client(t)
			s.login(t, people[i], e)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[int]int{}
		for _, p := range people {
			wg.Go(func() {
				r := s.checkout(t, p, tr.ID, "?date="+d.Date+"&units=adult:1,child:1,infant:1")
				mu.Lock()
				codes[r.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		if codes[200] != 3 || codes[409] != len(people)-3 {
			t.Fatalf("answers %v, want 3×200 and %d×409", codes, len(people)-3)
		}
		if left := s.tourByIndex(t, idx).StartDates[0].SeatsLeft; left != 0 {
			t.Fatalf("%d seats left, want 0", left)
		}
	})
}

// The travellers' names, phones and answers sent in the checkout's query reach no log:
// not the request's line, not a refused request's.
func TestCheckoutDetailsAreNotLogged(t *testing.T) {
	t.Parallel()
	log := &lockedBuffer{}
	s := newTestSiteWith(t, siteOptions{log: log}, "-log-level", "debug")
	tr, _ := s.sellInCategories(t, 0, 0)
	c := s.client(t)
	s.login(t, c, "lucas@example.com")
	given := `{"travellers":[{"category":"adult","name":"Zebulon Quaxwright","phone":"+4712398765"}],` +
		`"answers":[{"question":"diet","value":"Allergic to hazelnuts"}]}`
	ok := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&units=adult:1"+detailsQuery(given))
	bad := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&units=adult:-1"+detailsQuery(given))
	if bad.status != 400 {
		t.Fatalf("refused checkout: %d %s", bad.status, bad.body)
	}
	logged := log.String()
	if !strings.Contains(logged, "/api/v1/bookings/checkout-session/"+tr.ID) {
		t.Fatalf("the checkout's requests are not in the log (answers %d, %d):\n%s", ok.status, bad.status, logged)
	}
	for _, secret := range []string{"Zebulon", "Quaxwright", "12398765", "hazelnuts", "details="} {
		if strings.Contains(logged, secret) {
			t.Errorf("the log holds %q", secret)
		}
	}
}
