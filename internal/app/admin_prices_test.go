package app

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// Price categories, extras, questions and a departure's own prices (issue #23) through
// the real router: what the operator saves, what is refused and why, and what the
// public tours API then shows.

// apiTour is what the tests read of the public API's tour.
type apiTour struct {
	Price, PriceDiscount int64
	PriceCategories      []struct {
		ID, Name, OnlyWith       string
		Price                    int64
		MinAge, MaxAge, Min, Max int
		TakesSeat                bool
	}
	Extras []struct {
		ID, Name, Description, Per string
		Price                      int64
		Stock                      int
	}
	StartDates []struct {
		Date   string
		Prices map[string]int64
	}
}

func (s *testSite) apiTour(t *testing.T, id string) apiTour {
	t.Helper()
	r := s.get(t, http.DefaultClient, "/api/v1/tours/"+id)
	var out struct{ Data struct{ Tour apiTour } }
	if r.status != 200 || json.Unmarshal([]byte(r.body), &out) != nil {
		t.Fatalf("GET tour %s: %d %s", id, r.status, r.body)
	}
	return out.Data.Tour
}

// fieldOf is the message a refused answer gives for a field.
func fieldOf(t *testing.T, r result, key string) string {
	t.Helper()
	fields, _ := decode(t, r)["fields"].(map[string]any)
	msg, _ := fields[key].(string)
	return msg
}

func TestAdminSetsPriceCategories(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, lead, guide, visitor := s.client(t), s.client(t), s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, lead, "miyu@example.com")
		s.login(t, guide, "kwame@example.com")
		// Daniel's paid booking (two people, before categories) holds the tour's Adult category.
		id := s.bookings(t, "daniel@example.com")[0].TourID
		path := "/api/v1/tours/" + id
		before := s.apiTour(t, id)
		if len(before.PriceCategories) != 1 || before.PriceCategories[0].ID != "adult" ||
			before.PriceCategories[0].Price != before.Price-before.PriceDiscount || !before.PriceCategories[0].TakesSeat {
			t.Fatalf("a sample tour's categories: %+v", before.PriceCategories)
		}
		version := s.tourByIDAny(t, id).Version

		family := []any{
			map[string]any{"id": "adult", "name": "Adult", "price": "249", "min": 1},
			map[string]any{"name": "Child (4–11)", "price": "120,50", "minAge": 4, "maxAge": 11, "onlyWith": "adult"},
			map[string]any{"id": "infant", "name": "Infant", "price": 0, "takesSeat": false, "maxAge": 3, "onlyWith": "adult"},
		}
		form := map[string]any{
			"version": version, "priceCategories": family, "travellers": "all", "answersCutoffHours": 24,
			"extras": []any{map[string]any{"name": "Wetsuit", "description": "Sizes XS to XXL", "price": "15", "per": "traveller", "stock": 12}},
			"questions": []any{
				map[string]any{"label": "Dietary needs", "type": "text", "perTraveller": true, "help": "Allergies too"},
				map[string]any{"label": "Pick-up", "type": "choice", "options": []string{"Hotel", "Harbour"}, "required": true},
			},
		}
		// Guides look but never change; visitors are not let in.
		refused(t, "guide", s.send(t, guide, "PATCH", path, form), 403, "not allowed to change tours")
		refused(t, "visitor", s.send(t, visitor, "PATCH", path, form), 401, "log in")

		saved := s.send(t, lead, "PATCH", path, form)
		if saved.status != 200 {
			t.Fatalf("saving the family categories: %d %s", saved.status, saved.body)
		}
		var edited struct {
			Data struct {
				Tour struct {
					Version, AnswersCutoffHours int
					Price, PriceDiscount        int64
					Travellers                  string
					PriceCategories             []struct{ ID string }
					Questions                   []struct {
						ID, Label string
						Options   []string
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(saved.body), &edited); err != nil {
			t.Fatal(err)
		}
		et := edited.Data.Tour
		if et.Price != 24900 || et.PriceDiscount != 0 || et.Travellers != "all" || et.AnswersCutoffHours != 24 ||
			len(et.Questions) != 2 || et.Questions[0].ID != "q1" || et.Questions[1].ID != "q2" || len(et.Questions[1].Options) != 2 {
			t.Errorf("the saved tour: %+v", et)
		}
		api := s.apiTour(t, id)
		if got := api.PriceCategories; len(got) != 3 || got[1].ID != "child-4-11" || got[1].Price != 12050 || got[1].MinAge != 4 ||
			got[1].MaxAge != 11 || got[1].OnlyWith != "adult" || !got[1].TakesSeat || got[2].TakesSeat || got[0].Min != 1 {
			t.Errorf("the API's categories: %+v", got)
		}
		if api.Price != 24900 || api.PriceDiscount != 0 {
			t.Errorf("the API's price %d less %d, want the first category's", api.Price, api.PriceDiscount)
		}
		if x := api.Extras; len(x) != 1 || x[0].ID != "wetsuit" || x[0].Price != 1500 || x[0].Per != "traveller" || x[0].Stock != 12 || x[0].Description != "Sizes XS to XXL" {
			t.Errorf("the API's extras: %+v", x)
		}
		if len(api.StartDates) == 0 || api.StartDates[0].Prices["child-4-11"] != 12050 || api.StartDates[0].Prices["adult"] != 24900 {
			t.Fatalf("the API's departure prices: %+v", api.StartDates)
		}
		// The existing form's price alone moves the first category.
		version = et.Version
		moved := tourOf(t, s.send(t, admin, "PATCH", path, map[string]any{"version": version, "price": "300", "priceDiscount": "20"}), 200)
		version = moved.Version
		if got := s.apiTour(t, id).PriceCategories[0].Price; got != 28000 {
			t.Errorf("first category after a price change: %d, want 28000", got)
		}

		// Refused, with a message for a person next to the field; nothing saved.
		with := func(cats ...any) map[string]any { return map[string]any{"version": version, "priceCategories": cats} }
		adult := map[string]any{"id": "adult", "name": "Adult", "price": 100}
		for _, c := range []struct {
			name, key, msg string
			body           map[string]any
		}{
			{"nameless child", "priceCategories.1.name", "Price category 2: the name is required.", with(adult, map[string]any{"id": "child", "price": 1})},
			{"negative price", "priceCategories.1.price", "Price category 2: the price cannot be negative.", with(adult, map[string]any{"id": "child", "name": "Child", "price": "-5"})},
			{"only with a stranger", "priceCategories.1.onlyWith", `there is no "senior"`, with(adult, map[string]any{"id": "child", "name": "Child", "price": 1, "onlyWith": "senior"})},
			{"nobody takes a seat", "priceCategories", "must take a seat", with(map[string]any{"id": "adult", "name": "Adult", "price": 1, "takesSeat": false})},
			{"removing the booked Adult", "priceCategories", `"Adult" (id adult) has been booked, so it cannot be removed`, with(map[string]any{"id": "grown-up", "name": "Grown-up", "price": 1})},
			{"question of another type", "questions.0.type", "Question 1: the type must be one of", map[string]any{"version": version, "questions": []any{map[string]any{"label": "Colour?", "type": "colour"}}}},
		} {
			r := s.send(t, admin, "PATCH", path, c.body)
			refused(t, c.name, r, 400, c.msg)
			if got := fieldOf(t, r, c.key); !strings.Contains(got, c.msg) {
				t.Errorf("%s: field %s says %q", c.name, c.key, got)
			}
		}
		// A booked category may be renamed and repriced, and the others removed.
		renamed := tourOf(t, s.send(t, admin, "PATCH", path, with(map[string]any{"id": "adult", "name": "Grown-up", "price": "199"})), 200)
		if renamed.Price != 19900 {
			t.Errorf("price after renaming the only category: %d", renamed.Price)
		}
		if got := s.apiTour(t, id).PriceCategories; len(got) != 1 || got[0].Name != "Grown-up" {
			t.Errorf("after renaming: %+v", got)
		}
		found := false
		for _, e := range s.auditOf(t, id) {
			if _, ok := e.Changes["priceCategories"]; ok && e.Action == "tour.update" {
				found = true
			}
		}
		if !found {
			t.Error("no audit entry records the price categories")
		}
	})
}

func TestAdminSetsDeparturePrices(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin, guide := s.client(t), s.client(t)
		s.login(t, admin, "laura@example.com")
		s.login(t, guide, "kwame@example.com")
		id, _, _ := s.firstTour(t)
		version := s.tourByIDAny(t, id).Version
		tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+id, map[string]any{"version": version, "priceCategories": []any{
			map[string]any{"id": "adult", "name": "Adult", "price": "100"},
			map[string]any{"id": "child", "name": "Child", "price": "50"},
		}}), 200)
		date := s.apiTour(t, id).StartDates[0].Date
		path := "/api/v1/tours/" + id + "/departures/" + date

		refused(t, "guide", s.send(t, guide, "PATCH", path, map[string]any{"prices": map[string]any{"child": "40"}}), 403, "not allowed")
		r := s.send(t, admin, "PATCH", path, map[string]any{"prices": map[string]any{"child": "42,50", "adult": ""}})
		tourOf(t, r, 200)
		var admin1 struct {
			Data struct {
				Tour struct {
					Departures []struct {
						Date   string
						Prices map[string]int64
					}
				}
			}
		}
		if err := json.Unmarshal([]byte(r.body), &admin1); err != nil {
			t.Fatal(err)
		}
		for _, d := range admin1.Data.Tour.Departures {
			if d.Date == date && (len(d.Prices) != 1 || d.Prices["child"] != 4250) {
				t.Errorf("the departure's own prices in the back office: %v", d.Prices)
			}
		}
		api := s.apiTour(t, id)
		if p := api.StartDates[0].Prices; p["child"] != 4250 || p["adult"] != 10000 {
			t.Errorf("the API's prices on %s: %v", date, p)
		}
		if len(api.StartDates) > 1 && api.StartDates[1].Prices["child"] != 5000 {
			t.Errorf("another departure's prices: %v", api.StartDates[1].Prices)
		}
		for _, c := range []struct {
			name, key, msg string
			prices         map[string]any
		}{
			{"unknown category", "prices", `Own prices: "senior" is not one of the tour's price categories (adult, child).`, map[string]any{"senior": 10}},
			{"negative", "prices.child", "Own price for Child: the price cannot be negative.", map[string]any{"child": "-1"}},
			{"not a number", "prices.adult", "Own price for Adult must be a number", map[string]any{"adult": "cheap"}},
		} {
			r := s.send(t, admin, "PATCH", path, map[string]any{"prices": c.prices})
			refused(t, c.name, r, 400, c.msg)
			if got := fieldOf(t, r, c.key); !strings.Contains(got, c.msg) {
				t.Errorf("%s: field %s says %q", c.name, c.key, got)
			}
		}
		// An empty map clears them.
		tourOf(t, s.send(t, admin, "PATCH", path, map[string]any{"prices": map[string]any{}}), 200)
		if p := s.apiTour(t, id).StartDates[0].Prices; p["child"] != 5000 {
			t.Errorf("after clearing: %v", p)
		}
	})
}
