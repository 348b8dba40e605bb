package app

import (
	"context"
	"encoding/json"
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

// checkoutPost asks for a checkout with a JSON body, as the panel does for a tour that
// asks who travels or questions: the current terms' version unless body names one.
func (s *testSite) checkoutPost(t *testing.T, c *http.Client, tourID string, body map[string]any, headers ...string) result {
	t.Helper()
	if _, ok := body["terms"]; !ok {
		n, err := s.Legal.TermsVersion(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		body["terms"] = n
	}
	return s.postJSON(t, c, "/api/v1/bookings/checkout-session/"+tourID, body, headers...)
}

// checkoutPostRaw sends body as it is, as a tampered or broken page would.
func (s *testSite) checkoutPostRaw(t *testing.T, c *http.Client, tourID, contentType, body string) result {
	t.Helper()
	return s.do(t, c, http.MethodPost, "/api/v1/bookings/checkout-session/"+tourID, contentType, strings.NewReader(body))
}

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
		r := s.checkoutPost(t, c, tr.ID, map[string]any{"date": d.Date, "units": "adult:2,child:1,infant:1",
			"extras": "wetsuit:2", "details": map[string]any{"travellers": []any{}, "answers": []any{}}})
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

// participants=N still books N of the first category, in the query as in a body.
func TestCheckoutParticipantsOnACategorisedTour(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr, adult := s.sellInCategories(t, 0, 0)
		c := s.client(t)
		s.login(t, c, "omar@example.com")
		if r := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&participants=2"); r.status != 200 {
			t.Fatalf("checkout: %d %s", r.status, r.body)
		}
		if r := s.checkoutPost(t, c, tr.ID, map[string]any{"date": tr.StartDates[1].Date, "participants": 3}); r.status != 200 {
			t.Fatalf("checkout by POST: %d %s", r.status, r.body)
		}
		bs := s.bookings(t, "omar@example.com")
		seats := map[int64]int{} // amount → seats
		for _, b := range bs {
			if b.Units[0].CategoryID != "adult" {
				t.Errorf("booking of %+v, want adults", b.Units)
			}
			seats[b.AmountMinor] = b.Participants
		}
		// The second departure has an adult price of its own.
		if len(bs) != 2 || seats[2*adult] != 2 || seats[3*(adult+10000)] != 3 {
			t.Fatalf("bookings %+v", bs)
		}
	})
}

// Tampered units, extras and details, in the query or a POST's body, are a 400 (413 for
// a body too long to read, 415 for one not JSON) with a message a person understands,
// and hold nothing; details in the query are refused, for they would land in logs.
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
			{"&units=adult:1&details=" + url.QueryEscape(`{"travellers":[],"answers":[]}`), 400,
				"Please send them in the body of a POST"},
		} {
			r := s.checkout(t, c, tr.ID, date+tc.query)
			msg, _ := decode(t, r)["message"].(string)
			if r.status != tc.status || !strings.Contains(msg, tc.msg) {
				t.Errorf("%.80s: %d %q, want %d with %q", tc.query, r.status, msg, tc.status, tc.msg)
			}
		}
		terms, err := s.Legal.TermsVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		day := fmt.Sprintf(`"date":"%s","terms":%d,`, tr.StartDates[0].Date, terms)
		for _, tc := range []struct {
			contentType, body string
			status            int
			msg               string
		}{
			{"application/json", `{` + day + `"units":"adult:2,child:-1"}`, 400, "The number for “child” cannot be negative."},
			{"application/json", `{` + day + `"units":"adult:1","extras":"snorkel:1"}`, 400, "This tour has no extra “snorkel”."},
			{"application/json", `{` + day + `"participants":0}`, 400, "at least 1"},
			{"application/json", `{` + day + `"participants":"two"}`, 400, "participants must be a whole number"},
			{"application/json", `{` + day + `"units":"adult:1","terms":-1}`, 400, "terms of booking accepted could not be read"},
			{"application/json", `{` + day + `"units":"adult:1","details":{"travellers":[`, 400, "could not be read"},
			{"application/json", `{` + day + `"units":"adult:1","price":1}`, 400, "could not be read"},
			{"application/json", `{` + day + `"units":"adult:1","details":{"travellers":[],"price":1}}`, 400, "could not be read"},
			{"application/json", `{` + day + `"units":"adult:1"} {}`, 400, "could not be read"},
			{"application/json", `{` + day + `"units":"adult:1","details":{"answers":[{"value":"` + strings.Repeat("x", 1<<20) + `"}]}}`,
				413, "The travellers' details and answers are too long to send. Please shorten the longest answers."},
			{"text/plain", `{` + day + `"units":"adult:1"}`, 415, "Please send the form as JSON."},
		} {
			r := s.checkoutPostRaw(t, c, tr.ID, tc.contentType, tc.body)
			msg, _ := decode(t, r)["message"].(string)
			if r.status != tc.status || !strings.Contains(msg, tc.msg) {
				t.Errorf("POST %.80s: %d %q, want %d with %q", tc.body, r.status, msg, tc.status, tc.msg)
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

// The travellers' names, phones and answers reach no log: not a checkout's that POSTs
// them, not a refused one's, not a GET's that wrongly puts them in the query.
func TestCheckoutDetailsAreNotLogged(t *testing.T) {
	t.Parallel()
	log := &lockedBuffer{}
	s := newTestSiteWith(t, siteOptions{log: log}, "-log-level", "debug")
	tr, _ := s.sellInCategories(t, 0, 0)
	// The tour asks the lead traveller's name and phone and a dietary need.
	full, err := s.Store.TourByIDAnyStatus(t.Context(), tr.ID, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	full.Travellers, full.Questions = tour.AskLead, []tour.Question{{ID: "diet", Label: "Dietary needs", Type: tour.ShortText}}
	if err := s.Store.UpdateTour(t.Context(), &full, full.Version, time.Now(), audit.Entry{ActorID: "test", Action: "tour.update", ObjectType: "tour"}); err != nil {
		t.Fatal(err)
	}
	s.tours.Invalidate()
	c := s.client(t)
	s.login(t, c, "lucas@example.com")
	given := `{"travellers":[{"category":"adult","name":"Zebulon Quaxwright","phone":"+4712398765"}],` +
		`"answers":[{"question":"diet","value":"Allergic to hazelnuts"}]}`
	terms, err := s.Legal.TermsVersion(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	body := func(units string) string {
		return fmt.Sprintf(`{"date":%q,"units":%q,"terms":%d,"details":%s}`, tr.StartDates[0].Date, units, terms, given)
	}
	ok := s.checkoutPostRaw(t, c, tr.ID, "application/json", body("adult:1"))
	bad := s.checkoutPostRaw(t, c, tr.ID, "application/json", body("adult:-1"))
	inQuery := s.checkout(t, c, tr.ID, "?date="+tr.StartDates[0].Date+"&units=adult:1&details="+url.QueryEscape(given))
	if ok.status != 200 || bad.status != 400 || inQuery.status != 400 {
		t.Fatalf("checkouts: %d %s, %d %s, %d %s", ok.status, ok.body, bad.status, bad.body, inQuery.status, inQuery.body)
	}
	if bs := s.bookings(t, "lucas@example.com"); len(bs) != 1 || bs[0].Travellers[0].Name != "Zebulon Quaxwright" {
		t.Fatalf("bookings %+v", bs)
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

// A family of twelve, each answering a long question in full in a script URL-encoding
// triples, books in one POST: its details, far past what the request line may carry
// (the server's header limit, 64 KB, would answer a bare 431), are all kept.
func TestLongDetailsBookInTheBody(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr := tour.Tour{Name: "Long answers", Slug: "long-answers", Summary: "s", DurationDays: 1, MaxGroupSize: 12,
		Difficulty: tour.Easy, PriceMinor: 10000, Currency: "eur", TimeZone: "Europe/Oslo",
		StartLocation: tour.Location{Description: "Bergen harbour"}, Policy: tour.DefaultPolicy(),
		Travellers: tour.AskAll, Questions: []tour.Question{{ID: "story", Label: "Your story", Type: tour.LongText, PerTraveller: true}},
		StartDates: []tour.StartDate{{Date: tour.Day(time.Now().AddDate(0, 0, 20)), StartTime: "09:00"}}}
	if err := s.Store.CreateTour(t.Context(), &tr); err != nil {
		t.Fatal(err)
	}
	s.tours.Invalidate()
	c := s.client(t)
	s.login(t, c, "grace@example.com")
	story := strings.Repeat("ø", 1990)
	var travellers, answers []map[string]any
	for i := range 12 {
		travellers = append(travellers, map[string]any{"category": "adult", "name": fmt.Sprintf("Bjørn Ødegård %d", i+1)})
		answers = append(answers, map[string]any{"question": "story", "traveller": i + 1, "value": story})
	}
	given := map[string]any{"travellers": travellers, "answers": answers}
	raw, _ := json.Marshal(given)
	if n := len(url.QueryEscape(string(raw))); n < 64<<10 {
		t.Fatalf("the details would take only %d bytes in a URL; the test wants more than the header limit", n)
	}
	r := s.checkoutPost(t, c, tr.ID, map[string]any{"date": tr.StartDates[0].Date.Format(time.DateOnly), "units": "adult:12", "details": given})
	if r.status != 200 {
		t.Fatalf("checkout: %d %.300s", r.status, r.body)
	}
	bs := s.bookings(t, "grace@example.com")
	if len(bs) != 1 || len(bs[0].Travellers) != 12 || len(bs[0].Answers) != 12 {
		t.Fatalf("bookings %+v", bs)
	}
	if b := bs[0]; b.Travellers[11].Name != "Bjørn Ødegård 12" || b.Answers[11].Value != story || b.Answers[11].Traveller != 12 {
		t.Errorf("kept %q and an answer of %d runes for traveller %d", b.Travellers[11].Name,
			len([]rune(b.Answers[11].Value)), b.Answers[11].Traveller)
	}
}

// A checkout POSTed from another site is refused like every other cross-site POST, and
// holds nothing.
func TestCrossSiteCheckoutPostIsRefused(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	tr, _ := s.sellInCategories(t, 0, 0)
	c := s.client(t)
	s.login(t, c, "chloe@example.com")
	r := s.checkoutPost(t, c, tr.ID, map[string]any{"date": tr.StartDates[0].Date, "units": "adult:1"}, "Sec-Fetch-Site", "cross-site")
	if msg, _ := decode(t, r)["message"].(string); r.status != 403 || !strings.Contains(msg, "came from another site") {
		t.Fatalf("cross-site checkout: %d %q", r.status, msg)
	}
	if bs := s.bookings(t, "chloe@example.com"); len(bs) != 0 {
		t.Fatalf("a cross-site checkout booked %+v", bs)
	}
}
