package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/booking"
	"tourbook/internal/store/storetest"
	"tourbook/internal/tour"
)

// The back office's booking page shows what a family bought, line by line, its
// travellers with their categories and answers, and the answers for the booking; the
// bookings list says "4 travellers · 3 seats".
func TestBackOfficeBookingShowsWhatWasBought(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		day, err := time.Parse(time.DateOnly, tr.StartDates[0].Date)
		if err != nil {
			t.Fatal(err)
		}
		u := storetest.AddUser(t, s.Store, "berg", account.RoleUser)
		now := time.Now()
		b := booking.Booking{TourID: tr.ID, UserID: u.ID, StartDate: day, Participants: 3,
			AmountMinor: 2*49700 + 25000 + 2*1500, Currency: "usd", Provider: "sandbox", HoldUntil: now.Add(30 * time.Minute),
			Units: []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 49700, TakesSeat: true},
				{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 25000, TakesSeat: true},
				{CategoryID: "infant", Name: "Infant", Count: 1}},
			Extras: []booking.ExtraLine{{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 2, PriceMinor: 1500}},
			Travellers: []booking.Traveller{{CategoryID: "adult", Name: "Ingrid Berg", Phone: "+47 912 34 567"},
				{CategoryID: "adult", Name: "Olav Berg"}, {CategoryID: "child", Name: "Sol <b>Berg</b>"}, {CategoryID: "infant", Name: "Liv Berg"}},
			Answers: []booking.Answer{
				{QuestionID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText, Value: "Hotel Norge"},
				{QuestionID: "diet", Label: "Dietary needs", Type: tour.Choices, Traveller: 3, Value: "Nuts\nGluten"},
				{QuestionID: "swim", Label: "Can swim?", Type: tour.YesNo, Traveller: 1, Value: "yes"}}}
		if err := s.Store.CreateHold(t.Context(), &b, now); err != nil {
			t.Fatal(err)
		}
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		page := s.get(t, admin, "/admin/bookings/"+b.ID)
		got, err := json.Marshal(pageProps(t, page)["booking"])
		if err != nil {
			t.Fatal(err)
		}
		var detail struct {
			Participants, Travelling int
			SeatsLabel               string
			Lines                    []struct {
				Name          string
				Quantity      int
				Price, Amount string
				Extra         bool
			}
			TravellerDetails []struct {
				Number                int
				Category, Name, Phone string
				Answers               []struct{ Label, Value string }
			}
			Answers []struct{ Label, Value string }
		}
		if err := json.Unmarshal(got, &detail); err != nil {
			t.Fatal(err)
		}
		if detail.Participants != 3 || detail.Travelling != 4 || detail.SeatsLabel != "4 travellers · 3 seats" {
			t.Errorf("seats %d, travelling %d, %q", detail.Participants, detail.Travelling, detail.SeatsLabel)
		}
		lines := []string{}
		for _, l := range detail.Lines {
			lines = append(lines, strings.Join([]string{l.Name, fmt.Sprint(l.Quantity), l.Price, l.Amount}, " "))
		}
		if strings.Join(lines, "; ") != "Adult 2 $497.00 $994.00; Child 1 $250.00 $250.00; Infant 1 $0.00 $0.00; Wetsuit 2 $15.00 $30.00" ||
			!detail.Lines[3].Extra || detail.Lines[0].Extra {
			t.Errorf("lines %+v", detail.Lines)
		}
		if len(detail.TravellerDetails) != 4 {
			t.Fatalf("travellers %+v", detail.TravellerDetails)
		}
		lead, child := detail.TravellerDetails[0], detail.TravellerDetails[2]
		if lead.Name != "Ingrid Berg" || lead.Phone != "+47 912 34 567" || lead.Category != "Adult" || len(lead.Answers) != 1 ||
			lead.Answers[0].Value != "Yes" || child.Number != 3 || child.Category != "Child" || child.Answers[0].Label != "Dietary needs" ||
			child.Answers[0].Value != "Nuts, Gluten" || detail.TravellerDetails[3].Category != "Infant" {
			t.Errorf("travellers %+v", detail.TravellerDetails)
		}
		if len(detail.Answers) != 1 || detail.Answers[0].Label != "Pick-up hotel" || detail.Answers[0].Value != "Hotel Norge" {
			t.Errorf("answers for the booking %+v", detail.Answers)
		}
		// Rendered on the server, escaped.
		for _, want := range []string{"Wetsuit (extra)", "Travellers and answers", "Sol &lt;b&gt;Berg&lt;/b&gt;", "Nuts, Gluten"} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the page does not show %q", want)
			}
		}
		if strings.Contains(page.body, "<b>Berg") {
			t.Error("a traveller's name is not escaped")
		}
		if list := s.get(t, admin, "/admin/bookings?email=berg@"); !strings.Contains(list.body, "4 travellers · 3 seats") {
			t.Error("the bookings list does not say 4 travellers · 3 seats")
		}
	})
}
