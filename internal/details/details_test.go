package details

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// family is a tour asking every traveller's name, with one question of each type.
func family(ask tour.TravellerDetails) tour.Tour {
	return tour.Tour{
		Travellers: ask,
		Categories: []tour.PriceCategory{
			{ID: "adult", Name: "Adult", TakesSeat: true}, {ID: "child", Name: "Child", TakesSeat: true},
			{ID: "infant", Name: "Infant"},
		},
		Questions: []tour.Question{
			{ID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Options: []string{"None", "Vegetarian", "Vegan"},
				Required: true, PerTraveller: true, Categories: []string{"adult", "child"}},
			{ID: "hotel", Label: "Pick-up hotel", Type: tour.ShortText},
			{ID: "notes", Label: "Anything else", Type: tour.LongText},
			{ID: "gear", Label: "Gear to rent", Type: tour.Choices, Options: []string{"Boots", "Poles", "Jacket"}},
			{ID: "swim", Label: "Can swim", Type: tour.YesNo, PerTraveller: true},
			{ID: "born", Label: "Date of birth", Type: tour.DateQ, PerTraveller: true, Categories: []string{"infant"}},
			{ID: "weight", Label: "Weight (kg)", Type: tour.NumberQ, PerTraveller: true, Categories: []string{"adult"}},
			{ID: "sos", Label: "Emergency phone", Type: tour.PhoneQ},
		},
	}
}

var units = []booking.Unit{{CategoryID: "adult", Count: 2}, {CategoryID: "child", Count: 1}, {CategoryID: "infant", Count: 1}}

func names() []booking.Traveller {
	return []booking.Traveller{{CategoryID: "adult", Name: " Ann Berg "}, {CategoryID: "adult", Name: "Tom Berg"},
		{CategoryID: "child", Name: "Liv Berg"}, {Name: "Ole Berg"}}
}

// diets answers the required question for the three travellers it is asked of.
func diets() []booking.Answer {
	return []booking.Answer{{QuestionID: "diet", Traveller: 1, Value: "None"}, {QuestionID: "diet", Traveller: 2, Value: "Vegan"},
		{QuestionID: "diet", Traveller: 3, Value: "Vegetarian"}}
}

func TestCheckKeepsTravellersAndAnswersInOrder(t *testing.T) {
	tr := family(tour.AskAll)
	given := Given{Travellers: names(), Answers: append([]booking.Answer{
		{QuestionID: "weight", Traveller: 2, Value: "81,50"},
		{QuestionID: "gear", Value: "Jacket\nBoots"},
		{QuestionID: "swim", Traveller: 4, Value: "No"},
		{QuestionID: "born", Traveller: 4, Value: "2026-02-28"},
		{QuestionID: "hotel", Value: "  "},
		{QuestionID: "notes", Value: "First line\nsecond line"},
		{QuestionID: "sos", Value: "+47 22 33 44 55"},
	}, diets()...)}
	travellers, answers, err := Check(tr, units, given)
	if err != nil {
		t.Fatal(err)
	}
	wantT := []booking.Traveller{{CategoryID: "adult", Name: "Ann Berg"}, {CategoryID: "adult", Name: "Tom Berg"},
		{CategoryID: "child", Name: "Liv Berg"}, {CategoryID: "infant", Name: "Ole Berg"}}
	if !reflect.DeepEqual(travellers, wantT) {
		t.Errorf("travellers %+v", travellers)
	}
	var got []string
	for _, a := range answers {
		got = append(got, a.QuestionID+"/"+string(rune('0'+a.Traveller))+"="+a.Value+"|"+a.Label+"|"+string(a.Type))
	}
	want := []string{
		"diet/1=None|Dietary needs|choice", "diet/2=Vegan|Dietary needs|choice", "diet/3=Vegetarian|Dietary needs|choice",
		"notes/0=First line\nsecond line|Anything else|longtext", "gear/0=Boots\nJacket|Gear to rent|choices",
		"swim/4=no|Can swim|yesno", "born/4=2026-02-28|Date of birth|date", "weight/2=81.5|Weight (kg)|number",
		"sos/0=+47 22 33 44 55|Emergency phone|phone",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("answers\n got %q\nwant %q", got, want)
	}
}

func TestCheckRefuses(t *testing.T) {
	long := strings.Repeat("x", 201)
	for name, c := range map[string]struct {
		ask     tour.TravellerDetails
		edit    func(g *Given)
		message string
	}{
		"a missing name": {tour.AskAll, func(g *Given) { g.Travellers[2].Name = " " },
			"The name of traveller 3 (Child) cannot be empty."},
		"a name too long": {tour.AskAll, func(g *Given) { g.Travellers[0].Name = strings.Repeat("a", 101) },
			"The name of traveller 1 (Adult) must be at most 100 characters (it has 101)."},
		"a name with a control character": {tour.AskAll, func(g *Given) { g.Travellers[1].Name = "Tom\u202eBerg" },
			"The name of traveller 2 (Adult) contains a control character. Please remove it."},
		"a traveller too few": {tour.AskAll, func(g *Given) { g.Travellers = g.Travellers[:3] },
			"Please give the details of each of the 4 travellers (3 were sent)."},
		"travellers in another order": {tour.AskAll, func(g *Given) { g.Travellers[0].CategoryID = "child" },
			"Traveller 1 should be Adult, not Child: please reload the page and try again."},
		"a bad traveller phone": {tour.AskAll, func(g *Given) { g.Travellers[0].Phone = "call me" },
			"The phone number of traveller 1 (Adult) does not look right: use digits, spaces and + ( ) -, e.g. +44 20 7946 0958."},
		"no lead name": {tour.AskLead, func(g *Given) { g.Travellers[0].Name = "" },
			"The lead traveller's name cannot be empty."},
		"no lead phone": {tour.AskLead, func(g *Given) {},
			"Please give the lead traveller's phone number."},
		"an unknown question": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, booking.Answer{QuestionID: "shoe", Value: "42"}) },
			`This tour has no question "shoe" (it may have changed): please reload the page and try again.`},
		"a required answer missing": {tour.AskAll, func(g *Given) { g.Answers = g.Answers[:2] },
			"Dietary needs (traveller 3, Child): please answer this question."},
		"not one of the options": {tour.AskAll, func(g *Given) { g.Answers[1].Value = "vegan" },
			"Dietary needs (traveller 2, Adult): please choose one of the options."},
		"a question not asked of the category": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "diet", Traveller: 4, Value: "None"})
		}, "Dietary needs is not asked of traveller 4 (Infant)."},
		"a traveller not on the booking": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "swim", Traveller: 5, Value: "yes"})
		}, "Can swim: this booking has no traveller 5."},
		"a per-booking question for a traveller": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "hotel", Traveller: 1, Value: "Grand"})
		}, "Pick-up hotel is asked once per booking, not of each traveller."},
		"answered twice": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, diets()[0]) },
			"Dietary needs (traveller 1, Adult) was answered twice."},
		"text too long": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, booking.Answer{QuestionID: "hotel", Value: long}) },
			"Pick-up hotel must be at most 200 characters (it has 201)."},
		"text on two lines": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, booking.Answer{QuestionID: "hotel", Value: "a\nb"}) },
			"Pick-up hotel contains a control character. Please remove it."},
		"long text too long": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "notes", Value: strings.Repeat("y", 2001)})
		}, "Anything else must be at most 2000 characters (it has 2001)."},
		"a choice twice": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "gear", Value: "Boots\nBoots"})
		},
			"Gear to rent: each option can be chosen once."},
		"a choice not offered": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, booking.Answer{QuestionID: "gear", Value: "Boots\nSki"}) },
			"Gear to rent: please choose among the options."},
		"yes or no": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "swim", Traveller: 1, Value: "maybe"})
		},
			"Can swim (traveller 1, Adult): please answer yes or no."},
		"not a real date": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "born", Traveller: 4, Value: "2026-02-30"})
		},
			"Date of birth (traveller 4, Infant): please give a date, e.g. 2027-06-12."},
		"not a number": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "weight", Traveller: 1, Value: "1e3"})
		},
			"Weight (kg) (traveller 1, Adult): please give a number, e.g. 72 or 72.5."},
		"a number too big": {tour.AskAll, func(g *Given) {
			g.Answers = append(g.Answers, booking.Answer{QuestionID: "weight", Traveller: 1, Value: "1000000001"})
		},
			"Weight (kg) (traveller 1, Adult): please give a number between -1,000,000,000 and 1,000,000,000."},
		"a bad phone": {tour.AskAll, func(g *Given) { g.Answers = append(g.Answers, booking.Answer{QuestionID: "sos", Value: "12"}) },
			"Emergency phone: the phone number does not look right: use digits, spaces and + ( ) -, e.g. +44 20 7946 0958."},
	} {
		t.Run(name, func(t *testing.T) {
			g := Given{Travellers: names(), Answers: diets()}
			c.edit(&g)
			_, _, err := Check(family(c.ask), units, g)
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Message != c.message {
				t.Errorf("error %v, want Invalid %q", err, c.message)
			}
		})
	}
}

func TestCheckAsksAsTheTourDoes(t *testing.T) {
	t.Run("nobody: names are not kept", func(t *testing.T) {
		travellers, _, err := Check(family(tour.AskNobody), units, Given{Travellers: names(), Answers: diets()})
		if err != nil {
			t.Fatal(err)
		}
		if len(travellers) != 4 || travellers[0].Name != "" || travellers[3].CategoryID != "infant" {
			t.Errorf("travellers %+v", travellers)
		}
	})
	t.Run("the lead: the others are left empty", func(t *testing.T) {
		g := Given{Travellers: names(), Answers: diets()}
		g.Travellers[0].Phone = " +45 12 34 56 78 "
		travellers, _, err := Check(family(tour.AskLead), units, g)
		if err != nil {
			t.Fatal(err)
		}
		want := []booking.Traveller{{CategoryID: "adult", Name: "Ann Berg", Phone: "+45 12 34 56 78"}, {CategoryID: "adult"},
			{CategoryID: "child"}, {CategoryID: "infant"}}
		if !reflect.DeepEqual(travellers, want) {
			t.Errorf("travellers %+v", travellers)
		}
	})
	t.Run("a tour without categories or questions", func(t *testing.T) {
		travellers, answers, err := Check(tour.Tour{}, []booking.Unit{{CategoryID: "adult", Count: 2}}, Given{})
		if err != nil || len(travellers) != 2 || travellers[1].CategoryID != "adult" || answers != nil {
			t.Errorf("%+v %+v %v", travellers, answers, err)
		}
	})
}

func TestMissing(t *testing.T) {
	tr := family(tour.AskAll)
	b := booking.Booking{Participants: 3, Units: units, Travellers: names()[:4], Answers: diets()[:2]}
	b.Travellers[3].CategoryID = "infant"
	b.Travellers[1].Name = ""
	got := Missing(tr, b)
	want := []string{"The name of traveller 2 (Adult)", "Dietary needs (traveller 3, Child)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Missing = %q, want %q", got, want)
	}
	// A phone booking made before the tour asked: the contact leads, the rest is missing.
	old := booking.Booking{Participants: 2, ContactName: "Ann Berg"}
	tr.Travellers = tour.AskLead
	got = Missing(tr, old)
	want = []string{"The lead traveller's phone number", "Dietary needs (traveller 1, Adult)", "Dietary needs (traveller 2, Adult)"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Missing of an old booking = %q, want %q", got, want)
	}
	// Booked online before the tour asked names: the customer leads, the second is unnamed.
	tr.Travellers = tour.AskAll
	online := booking.Booking{Participants: 2, Answers: diets()[:2]}
	if got := Missing(tr, online); !reflect.DeepEqual(got, []string{"The name of traveller 2 (Adult)"}) {
		t.Errorf("Missing of an online booking = %q", got)
	}
	if m := Missing(tour.Tour{}, old); len(m) != 0 {
		t.Errorf("a tour asking nothing: %q", m)
	}
}

// FuzzCheck: whatever a client sends, Check answers with the booking's travellers and
// valid answers, or an Invalid error; it never panics.
func FuzzCheck(f *testing.F) {
	f.Add(`{"travellers":[{"category":"adult","name":"Ann"},{"name":"Tom"},{"name":"Liv"},{"name":"Ole"}],"answers":[{"question":"diet","traveller":1,"value":"None"}]}`)
	f.Add(`{"answers":[{"question":"weight","traveller":1,"value":"-0,5"},{"question":"gear","value":"Poles\nBoots"}]}`)
	f.Add(`{"answers":[{"question":"born","traveller":4,"value":"0001-01-01"},{"question":"swim","traveller":-1,"value":"YES"}]}`)
	f.Add(`{"travellers":[{"name":"\u0000"}],"answers":[{"question":"notes","value":"\u202e"}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		var g Given
		if json.Unmarshal([]byte(body), &g) != nil {
			return
		}
		for _, ask := range []tour.TravellerDetails{tour.AskNobody, tour.AskLead, tour.AskAll} {
			tr := family(ask)
			tr.Questions[0].Required = false
			travellers, answers, err := Check(tr, units, g)
			if err != nil {
				var fe *fault.Error
				if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fe.Message == "" {
					t.Fatalf("error %v is not an Invalid fault", err)
				}
				continue
			}
			if len(travellers) != 4 {
				t.Fatalf("%d travellers", len(travellers))
			}
			for _, a := range answers {
				q, ok := question(tr, a.QuestionID)
				if !ok || a.Value == "" || a.Label != q.Label || a.Type != q.Type {
					t.Fatalf("answer %+v", a)
				}
				// What was kept checks again as itself.
				if v, err := checkValue(q, q.Label, a.Value); err != nil || v != a.Value {
					t.Fatalf("answer %+v checks again as %q, %v", a, v, err)
				}
			}
		}
	})
}

// An operator's booking that named only its lead reads as one traveller per seat: the
// lead named, the others not (the manifest lists each of them).
func TestTravellersOfALeadAlone(t *testing.T) {
	b := booking.Booking{Participants: 3, AmountMinor: 300,
		Units:      []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 3, PriceMinor: 100, TakesSeat: true}},
		Travellers: []booking.Traveller{{CategoryID: "adult", Name: "Ann"}}}
	got := TravellersOf(b)
	want := []booking.Traveller{{CategoryID: "adult", Name: "Ann"}, {CategoryID: "adult"}, {CategoryID: "adult"}}
	if !slices.Equal(got, want) {
		t.Errorf("travellers %+v, want %+v", got, want)
	}
	if len(b.Travellers) != 1 {
		t.Error("TravellersOf changed the booking's own list")
	}
}
