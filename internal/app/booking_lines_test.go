package app

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

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
		b := storetest.AddFamilyHold(t, s.Store, tour.Tour{ID: tr.ID}, day, time.Now(), "berg")
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
				Index                 int
				Category, Name, Phone string
				Seat                  bool
				Answers               []struct{ Label, Text string }
			}
			Answers []struct{ Label, Text string }
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
			lead.Answers[0].Text != "Yes" || child.Index != 3 || child.Category != "Child" || child.Answers[0].Label != "Dietary needs" ||
			child.Answers[0].Text != "Nuts, Gluten" || detail.TravellerDetails[3].Category != "Infant" ||
			!child.Seat || detail.TravellerDetails[3].Seat {
			t.Errorf("travellers %+v", detail.TravellerDetails)
		}
		if len(detail.Answers) != 1 || detail.Answers[0].Label != "Pick-up hotel" || detail.Answers[0].Text != "Hotel Norge" {
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
