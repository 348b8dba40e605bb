package app

import (
	"encoding/csv"
	"fmt"
	"html"
	"strings"
	"testing"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/tour"
)

// Who travels and their answers (issue #23 §2): changed on /my-tours/{id} until the
// cut-off, marked on /my-tours while missing, reminded by email, and on the manifest.

// familyTour is a tour with adults, children and infants on a lap, asking every
// traveller's name and, of adults and children, a dietary need (required); departing on
// each of days at 09:00 in Oslo.
func familyTour(t *testing.T, s *testSite, slug string, days ...time.Time) tour.Tour {
	t.Helper()
	tr := tour.Tour{Name: "Family " + slug, Slug: slug, Summary: "s", DurationDays: 1, MaxGroupSize: 12,
		Difficulty: tour.Easy, PriceMinor: 10000, Currency: "eur", TimeZone: "Europe/Oslo",
		StartLocation: tour.Location{Description: "Bergen harbour"}, Policy: tour.DefaultPolicy(),
		Categories: []tour.PriceCategory{{ID: "adult", Name: "Adult", PriceMinor: 10000, TakesSeat: true},
			{ID: "child", Name: "Child", PriceMinor: 5000, TakesSeat: true}, {ID: "infant", Name: "Infant"}},
		Travellers: tour.AskAll,
		Questions: []tour.Question{
			{ID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Options: []string{"None", "Vegetarian", "Vegan"},
				Required: true, PerTraveller: true, Categories: []string{"adult", "child"}},
			{ID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText},
		}}
	for _, d := range days {
		tr.StartDates = append(tr.StartDates, tour.StartDate{Date: tour.Day(d), StartTime: "09:00"})
	}
	if err := s.Store.CreateTour(t.Context(), &tr); err != nil {
		t.Fatal(err)
	}
	return tr
}

var familyUnits = []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 10000, TakesSeat: true},
	{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 5000, TakesSeat: true}, {CategoryID: "infant", Name: "Infant", Count: 1}}

func familyTravellers() []booking.Traveller {
	return []booking.Traveller{{CategoryID: "adult", Name: "Ann Berg", Phone: "+47 22 33 44 55"},
		{CategoryID: "adult", Name: "Tom Berg"}, {CategoryID: "child", Name: "Liv Berg"}, {CategoryID: "infant", Name: "Ole Berg"}}
}

func familyAnswers() []booking.Answer {
	a := func(traveller int, v string) booking.Answer {
		return booking.Answer{QuestionID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Traveller: traveller, Value: v}
	}
	return []booking.Answer{a(1, "None"), a(2, "Vegetarian"), a(3, "None"),
		{QuestionID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText, Value: "=HYPERLINK(\"http://evil.test\")"}}
}

// paidFamily is a paid booking of email's on the tour's departure on day, of two
// adults, a child and an infant (three seats), with travellers and answers as given.
func paidFamily(t *testing.T, s *testSite, tr tour.Tour, email string, day time.Time, travellers []booking.Traveller, answers []booking.Answer) booking.Booking {
	t.Helper()
	u, err := s.Store.UserByEmail(t.Context(), email)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().Add(-time.Hour)
	b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: tour.Day(day), Participants: 3, AmountMinor: 25000,
		Currency: tr.Currency, Provider: "sandbox", HoldUntil: at.Add(30 * time.Minute), Policy: tr.Policy,
		Units: familyUnits, Travellers: travellers, Answers: answers}
	if err := s.Store.CreateHold(t.Context(), &b, at); err != nil {
		t.Fatal(err)
	}
	paid, _, err := s.Bookings.RecordPayment(t.Context(), b.ID, booking.Payment{Ref: "pi_" + b.ID, AmountMinor: b.AmountMinor,
		Currency: b.Currency}, at, nil)
	if err != nil {
		t.Fatal(err)
	}
	return paid
}

func TestChangeMyBookingDetails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		now := time.Now()
		open, closed := now.AddDate(0, 0, 30), now.AddDate(0, 0, 1) // tomorrow: past the 48-hour cut-off
		tr := familyTour(t, s, "details-change", open, closed)
		b := paidFamily(t, s, tr, "grace@example.com", open, familyTravellers(), familyAnswers())
		late := paidFamily(t, s, tr, "grace@example.com", closed, familyTravellers(), familyAnswers())
		owner, other, visitor := s.client(t), s.client(t), s.client(t)
		s.login(t, owner, "grace@example.com")
		s.login(t, other, "omar@example.com")
		path := "/api/v1/my-bookings/" + b.ID + "/details"

		given := map[string]any{
			"travellers": []map[string]any{{"category": "adult", "name": "Ann Berg", "phone": "+47 22 33 44 55"},
				{"category": "adult", "name": "Tom Berg"}, {"category": "child", "name": "Liv Berg-Dahl"}, {"category": "infant", "name": "Ole Berg"}},
			"answers": []map[string]any{{"question": "diet", "traveller": 1, "value": "None"},
				{"question": "diet", "traveller": 2, "value": "Vegetarian"}, {"question": "diet", "traveller": 3, "value": "Vegan"}},
		}
		got := myBookingOf(t, s.send(t, owner, "PATCH", path, given))
		d := got["details"].(map[string]any)
		if names := d["travellers"].([]any); len(names) != 4 || names[2].(map[string]any)["name"] != "Liv Berg-Dahl" {
			t.Errorf("travellers answered: %v", names)
		}
		stored := s.storedBooking(t, b.ID)
		if len(stored.Answers) != 3 || stored.Answers[2].Value != "Vegan" || stored.Answers[2].Label != "Dietary needs" ||
			stored.Travellers[2].Name != "Liv Berg-Dahl" || stored.Participants != 3 {
			t.Errorf("stored: %+v %+v", stored.Travellers, stored.Answers)
		}
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: b.ID})
		if err != nil {
			t.Fatal(err)
		}
		if n := countAction(entries, "booking.details_update"); n != 1 {
			t.Errorf("%d audit entries of the change, want 1", n)
		}
		page := html.UnescapeString(s.get(t, owner, "/my-tours/"+b.ID).body)
		for _, want := range []string{"Liv Berg-Dahl (Child)", "Vegan", "2 × Adult", "1 × Infant", "Save details"} {
			if !strings.Contains(page, want) {
				t.Errorf("the booking's page lacks %q", want)
			}
		}

		// Anyone else finds nothing; a visitor logs in first.
		refused(t, "another traveller", s.send(t, other, "PATCH", path, given), 404, "no booking")
		refused(t, "a visitor", s.send(t, visitor, "PATCH", path, given), 401, "log in")
		// Every answer is checked, the message naming the question and the traveller.
		bad := map[string]any{"travellers": given["travellers"], "answers": []map[string]any{
			{"question": "diet", "traveller": 1, "value": "None"}, {"question": "diet", "traveller": 2, "value": "Pizza"},
			{"question": "diet", "traveller": 3, "value": "Vegan"}}}
		refused(t, "not an option", s.send(t, owner, "PATCH", path, bad), 400,
			"Dietary needs (traveller 2, Adult): please choose one of the options.")
		bad["answers"] = []map[string]any{{"question": "diet", "traveller": 1, "value": "None"}}
		refused(t, "a required answer left out", s.send(t, owner, "PATCH", path, bad), 400,
			"Dietary needs (traveller 2, Adult): please answer this question.")
		bad["answers"] = []map[string]any{{"question": "shoe-size", "value": "42"}}
		refused(t, "an unknown question", s.send(t, owner, "PATCH", path, bad), 400, `This tour has no question "shoe-size"`)
		refused(t, "not JSON", s.do(t, owner, "PATCH", path, "application/json", strings.NewReader("{")), 400, "")
		if after := s.storedBooking(t, b.ID); after.Answers[2].Value != "Vegan" {
			t.Errorf("a refused change changed the booking: %+v", after.Answers)
		}

		// After the cut-off: a conflict saying when it was.
		refused(t, "after the cut-off", s.send(t, owner, "PATCH", "/api/v1/my-bookings/"+late.ID+"/details", given), 409,
			"Answers can no longer be changed: the cut-off was ")
		if p := html.UnescapeString(s.get(t, owner, "/my-tours/"+late.ID).body); !strings.Contains(p, "the cut-off was") ||
			strings.Contains(p, "Save details") {
			t.Error("the page of a booking past its cut-off still offers the form")
		}
	})
}

// A booking whose required details are missing says so on /my-tours, with a link to
// give them; a complete one does not.
func TestMyToursMarksMissingDetails(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		open := time.Now().AddDate(0, 0, 30)
		tr := familyTour(t, s, "details-missing", open)
		lacking := paidFamily(t, s, tr, "grace@example.com", open, nil, nil)
		complete := paidFamily(t, s, tr, "grace@example.com", open, familyTravellers(), familyAnswers())
		owner := s.client(t)
		s.login(t, owner, "grace@example.com")
		rows := pageProps(t, s.get(t, owner, "/my-tours"))["bookings"].([]any)
		needed := map[string]string{}
		for _, r := range rows {
			row := r.(map[string]any)
			needed[row["id"].(string)] = row["detailsNeeded"].(string)
		}
		cutoff := tr.AnswersCutoffAt(tr.StartDates[0]).In(tr.Zone())
		if want := "Details needed by " + cutoff.Format("Mon 2 January 2006"); needed[lacking.ID] != want {
			t.Errorf("the booking lacking details reads %q, want %q", needed[lacking.ID], want)
		}
		if needed[complete.ID] != "" {
			t.Errorf("the complete booking reads %q", needed[complete.ID])
		}
		if body := s.get(t, owner, "/my-tours").body; !strings.Contains(body, `href="/my-tours/`+lacking.ID+`#traveller-details"`) {
			t.Error("/my-tours does not link to the missing details")
		}
	})
}

// The manifest, its CSV and the check-in page: one row per traveller, four travellers
// on three seats (the infant rides on a lap), answers formula-safe.
func TestManifestListsEveryTraveller(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		day := time.Now().AddDate(0, 0, 10)
		tr := familyTour(t, s, "details-manifest", day)
		b := paidFamily(t, s, tr, "grace@example.com", day, familyTravellers(), familyAnswers())
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		dep := "/admin/tours/" + tr.ID + "/departures/" + tour.Day(day).Format(time.DateOnly)

		r := s.get(t, admin, dep+"/manifest.csv")
		records, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(r.body, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		h := records[0]
		if strings.Join(h[13:], ",") != "Traveller,Category,Dietary needs,Pick-up hotel" || h[3] != "Seat" {
			t.Fatalf("CSV header %v", h)
		}
		if len(records) != 5 {
			t.Fatalf("CSV has %d travellers, want 4: %v", len(records)-1, records)
		}
		seats := 0
		var who []string
		for _, rec := range records[1:] {
			if rec[0] != b.ID {
				t.Errorf("a row of booking %s", rec[0])
			}
			if rec[3] == "1" {
				seats++
			}
			who = append(who, rec[13]+" "+rec[1]+" ("+rec[14]+") "+rec[15])
		}
		want := []string{"1 of 4 Ann Berg (Adult) None", "2 of 4 Tom Berg (Adult) Vegetarian", "3 of 4 Liv Berg (Child) None",
			"4 of 4 Ole Berg (Infant) "}
		if strings.Join(who, "|") != strings.Join(want, "|") || seats != 3 {
			t.Errorf("CSV travellers %q (%d seats), want %q (3 seats)", who, seats, want)
		}
		if got := records[1][16]; got != `'=HYPERLINK("http://evil.test")` {
			t.Errorf("the booking's answer on the lead's row reads %q: not formula-safe", got)
		}
		if records[1][11] != "'+47 22 33 44 55" { // made text, as every phone cell
			t.Errorf("the lead's phone reads %q", records[1][11])
		}

		m := pageProps(t, s.get(t, admin, dep))
		if m["travellers"] != 3.0 || m["categories"] != "2 Adult · 1 Child · 1 Infant" {
			t.Errorf("manifest: %v seats, %q", m["travellers"], m["categories"])
		}
		row := m["rows"].([]any)[0].(map[string]any)
		if ts := row["travellers"].([]any); len(ts) != 4 || ts[3].(map[string]any)["seat"] != false {
			t.Errorf("manifest travellers: %v", ts)
		}
		c := pageProps(t, s.get(t, admin, dep+"/check-in"))
		if c["travellers"] != 3.0 || c["categories"] != "2 Adult · 1 Child · 1 Infant" {
			t.Errorf("check-in: %v seats, %q", c["travellers"], c["categories"])
		}
	})
}

// The details reminder goes out 72 hours before the cut-off to a booking lacking
// required details, once however many instances run the schedule, over SMTP.
func TestDetailsReminder(t *testing.T) {
	t.Parallel()
	eachEngineWithMail(t, nil, func(t *testing.T, s *testSite, sink *mailSink) {
		now := time.Now()
		due := now.AddDate(0, 0, 4)   // cut-off in two days: inside the 72 hours
		early := now.AddDate(0, 0, 8) // cut-off in six days: not yet
		tr := familyTour(t, s, "details-reminder", due, early)
		lacking := paidFamily(t, s, tr, "hannah@example.com", due, nil, nil)
		paidFamily(t, s, tr, "hannah@example.com", early, nil, nil)
		paidFamily(t, s, tr, "grace@example.com", due, familyTravellers(), familyAnswers())

		runSchedule(t, s, now)
		s.runSender(t)

		var got []string
		for _, m := range s.outbox(t, "hannah@example.com") {
			got = append(got, m.Kind+" "+m.IdemKey)
			text := strings.Join(strings.Fields(m.Text), " ") // as read, whatever the wrapping
			if m.Kind == "detailsReminder" && (!strings.Contains(text, "Dietary needs (traveller 3, Child)") ||
				!strings.Contains(text, "The name of traveller 2 (Adult)") || strings.Contains(text, "The name of traveller 1") ||
				!strings.Contains(text, "/my-tours/"+lacking.ID)) {
				t.Errorf("the reminder does not say what is missing:\n%s", m.Text)
			}
		}
		if strings.Join(got, ",") != "detailsReminder details-reminder:"+lacking.ID {
			t.Errorf("queued for hannah: %v", got)
		}
		if n := len(s.outbox(t, "grace@example.com")); n != 0 {
			t.Errorf("%d emails for the complete booking", n)
		}
		if n := len(sink.to("hannah@example.com")); n != 1 {
			t.Errorf("the SMTP server got %d emails for hannah, want 1", n)
		}
	})
}

// A change of the details keeps what the tour no longer asks (the names it stopped
// asking, the answers to a question since removed), and its audit entry names what
// changed without the answers or the phones.
func TestDetailsChangeKeepsWhatIsNoLongerAsked(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		day := time.Now().AddDate(0, 0, 30)
		tr := familyTour(t, s, "details-kept", day)
		answers := append(familyAnswers()[:3], booking.Answer{QuestionID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText, Value: "Hotel Norge"})
		b := paidFamily(t, s, tr, "grace@example.com", day, familyTravellers(), answers)
		// The operator now asks only the lead's details, and no longer the hotel.
		tr.Travellers, tr.Questions = tour.AskLead, tr.Questions[:1]
		if err := s.Store.UpdateTour(t.Context(), &tr, tr.Version, time.Now(), audit.Entry{ActorID: "op", Action: "tour.update", ObjectType: "tour"}); err != nil {
			t.Fatal(err)
		}
		owner := s.client(t)
		s.login(t, owner, "grace@example.com")
		given := map[string]any{
			"travellers": []map[string]any{{"category": "adult", "name": "Ann Berg", "phone": "+47 99 88 77 66"},
				{"category": "adult"}, {"category": "child"}, {"category": "infant"}},
			"answers": []map[string]any{{"question": "diet", "traveller": 1, "value": "Vegan"},
				{"question": "diet", "traveller": 2, "value": "Vegetarian"}, {"question": "diet", "traveller": 3, "value": "None"}},
		}
		myBookingOf(t, s.send(t, owner, "PATCH", "/api/v1/my-bookings/"+b.ID+"/details", given))
		got := s.storedBooking(t, b.ID)
		names := booking.TravellerNames(got.Travellers)
		if strings.Join(names, ",") != "Ann Berg,Tom Berg,Liv Berg,Ole Berg" || got.Travellers[0].Phone != "+47 99 88 77 66" {
			t.Errorf("travellers after the change: %+v", got.Travellers)
		}
		var hotel string
		for _, a := range got.Answers {
			if a.QuestionID == "hotel" {
				hotel = a.Value
			}
		}
		if hotel != "Hotel Norge" || len(got.Answers) != 4 || got.Answers[0].Value != "Vegan" {
			t.Errorf("answers after the change: %+v", got.Answers)
		}
		entries, err := s.Store.AuditLog(t.Context(), audit.Filter{ObjectID: b.ID})
		if err != nil {
			t.Fatal(err)
		}
		var logged string
		for _, e := range entries {
			if e.Action == "booking.details_update" {
				logged = fmt.Sprintf("%v", e.Changes)
			}
		}
		if !strings.Contains(logged, "Dietary needs (traveller 1)") || strings.Contains(logged, "Vegan") ||
			strings.Contains(logged, "99 88 77 66") {
			t.Errorf("the audit entry of the change: %s", logged)
		}
	})
}
