package app

import (
	"strings"
	"testing"
	"time"
)

// Forms that help (issue #21 §7) through the real router, on every test engine: a form's
// refusal names each field with its label, all at once, and money is read as people type it.

// fieldsOf is the per-field messages of a refusal.
func fieldsOf(t *testing.T, r result) map[string]string {
	t.Helper()
	out := map[string]string{}
	if f, ok := decode(t, r)["fields"].(map[string]any); ok {
		for k, v := range f {
			out[k], _ = v.(string)
		}
	}
	return out
}

// wantFields asserts a 400 whose fields are exactly want, and whose message names none
// of the API's internal field names.
func wantFields(t *testing.T, what string, r result, status int, want map[string]string) {
	t.Helper()
	if r.status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, r.status, status, r.body)
	}
	got := fieldsOf(t, r)
	if len(got) != len(want) {
		t.Errorf("%s: fields %v, want %v", what, got, want)
	}
	for k, msg := range want {
		if got[k] != msg {
			t.Errorf("%s: field %s says %q, want %q", what, k, got[k], msg)
		}
	}
	msg, _ := decode(t, r)["message"].(string)
	for _, internal := range []string{"durationDays", "maxGroupSize", "priceDiscount", "refundMinor", "minor units", "The field "} {
		if strings.Contains(msg, internal) {
			t.Errorf("%s: the message %q names %q", what, msg, internal)
		}
	}
	for _, m := range want {
		// A refusal of a form sums its fields up (publishing says it in its own words).
		if status == 400 && !strings.Contains(msg, m) {
			t.Errorf("%s: the message %q does not sum up %q", what, msg, m)
		}
	}
}

func TestFormsSayEveryFieldWithItsLabel(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")

		// Everything wrong at once, as the tour form sends it (numbers as typed).
		bad := newTourInput("")
		bad["durationDays"] = ""
		bad["maxGroupSize"] = "twelve"
		bad["price"] = "12,3,45"
		bad["priceDiscount"] = "1.5555"
		bad["startLocation"] = map[string]any{"coordinates": []any{"-9.1393", "91"}, "description": "Lisbon"}
		bad["locations"] = []any{map[string]any{"coordinates": []any{"-9.1", "38.7"}, "day": "9", "description": "Belém"}}
		r := s.send(t, admin, "POST", "/api/v1/tours", bad)
		wantFields(t, "a tour with six bad fields", r, 400, map[string]string{
			"name":              "Name cannot be empty.",
			"durationDays":      "Duration (days) cannot be empty.",
			"maxGroupSize":      "Maximum group size must be a whole number, e.g. 7.",
			"price":             "Price per person must be a number, e.g. 1290 or 1290.50.",
			"priceDiscount":     "Discount per person can have at most 2 decimals, e.g. 1290.50.",
			"startLocation.lat": "Start location's latitude must be between -90 and 90.",
			// The duration is unknown (0 days): the stop's day is out of it too.
			"locations.0.day": "Stop 1's day must be between 1 and the tour's 0 days.",
		})
		if msg, _ := decode(t, r)["message"].(string); !strings.HasPrefix(msg, "Please correct 7 fields: ") {
			t.Errorf("summary %q", msg)
		}

		// Amounts as people type them, in the tour's currency.
		in := newTourInput("Lisbon by Tram")
		in["price"], in["priceDiscount"] = "1.290,00", ""
		created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", in), 201)
		if created.Price != 129000 {
			t.Errorf("1.290,00 saved as %d minor units", created.Price)
		}
		for typed, want := range map[string]int64{"1,290": 129000, "1 290,50": 129050, "1290.5": 129050, "€ 1.290": 129000} {
			got := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": created.Version, "price": typed}), 200)
			if got.Price != want {
				t.Errorf("%q saved as %d, want %d", typed, got.Price, want)
			}
			created = got
		}

		// Stops and the policy: each field by its place in the list.
		r = s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": created.Version,
			"locations": []any{
				map[string]any{"coordinates": []any{"-9.1", "38.7"}, "day": "1", "description": "Belém"},
				map[string]any{"coordinates": []any{"", "38.7"}, "day": "x", "description": ""},
			},
			"cancellationPolicy": []any{map[string]any{"daysBefore": "7", "percent": "101"}},
		})
		wantFields(t, "a bad stop and tier", r, 400, map[string]string{
			"locations.1.lng":              "Stop 2's longitude cannot be empty.",
			"locations.1.day":              "Stop 2's day must be a whole number, e.g. 7.",
			"locations.1.description":      "Stop 2's description cannot be empty.",
			"cancellationPolicy.0.percent": "Cancellation tier 1's refund must be between 0 and 100%.",
		})

		// Departures: every field at once.
		deps := "/api/v1/tours/" + created.ID + "/departures"
		wantFields(t, "a bad departure", s.send(t, admin, "POST", deps, map[string]any{"date": "tomorrow", "capacity": "many", "startTime": "9h"}), 400, map[string]string{
			"date":      "Date must be a date (YYYY-MM-DD).",
			"capacity":  "Capacity must be a whole number, e.g. 12, or empty for the group size.",
			"startTime": "Start time must be hours and minutes, like 09:30.",
		})
		soon := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
		tourOf(t, s.send(t, admin, "POST", deps, map[string]any{"date": soon, "capacity": "12"}), 201)

		// A walk-in: a field the decoder cannot read is named by its label too.
		walkIn := deps + "/" + soon + "/bookings"
		wantFields(t, "a walk-in with words for a number", s.send(t, admin, "POST", walkIn,
			map[string]any{"email": "walkin@example.com", "name": "W", "participants": "two", "paymentMethod": "cash"}), 400,
			map[string]string{"participants": "Participants must be a whole number."})
		wantFields(t, "a walk-in with three bad fields", s.send(t, admin, "POST", walkIn,
			map[string]any{"email": "nobody", "name": "W", "participants": 0, "paymentMethod": "card"}), 400,
			map[string]string{
				"email":         "The customer's email address does not look right, e.g. name@example.com.",
				"paymentMethod": "Please choose how the booking was paid: cash or bank transfer.",
				"participants":  "Please enter how many travellers there are (at least 1).",
			})
	})
}

// The tour page's one Save sends the details, the stops and the policy in one call: the
// server checks them all at once, names every field wrong in any part, and saves all or
// nothing, in one version and one audit entry.
func TestTourSavesItsPartsTogether(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		_, takenSlug, _ := s.firstTour(t)
		created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", newTourInput("Sintra in a Day")), 201)
		path := "/api/v1/tours/" + created.ID
		whole := func(edit func(in map[string]any)) map[string]any {
			in := newTourInput("Sintra and Cascais")
			in["version"] = created.Version
			in["locations"] = []any{
				map[string]any{"coordinates": []any{"-9.39", "38.79"}, "day": "1", "description": "Pena Palace"},
				map[string]any{"coordinates": []any{"-9.42", "38.69"}, "day": "2", "description": "Cascais"},
			}
			in["cancellationPolicy"] = []any{map[string]any{"daysBefore": "14", "percent": "100"}, map[string]any{"daysBefore": "2", "percent": "25"}}
			edit(in)
			return in
		}

		wantFields(t, "a field wrong in each part", s.send(t, admin, "PATCH", path, whole(func(in map[string]any) {
			in["price"] = "12,3,45"
			in["locations"].([]any)[1].(map[string]any)["day"] = "9"
			in["cancellationPolicy"].([]any)[0].(map[string]any)["percent"] = "101"
		})), 400, map[string]string{
			"price":                        "Price per person must be a number, e.g. 1290 or 1290.50.",
			"locations.1.day":              "Stop 2's day must be between 1 and the tour's 5 days.",
			"cancellationPolicy.0.percent": "Cancellation tier 1's refund must be between 0 and 100%.",
		})
		// A slug another tour has is found last, and said next to the slug.
		r := s.send(t, admin, "PATCH", path, whole(func(in map[string]any) { in["slug"] = takenSlug }))
		wantFields(t, "a slug taken", r, 409, map[string]string{"slug": "Another tour already uses this slug. Please choose another."})

		// Nothing of the refused saves was kept: the valid name neither.
		got, err := s.Store.TourByIDAnyStatus(t.Context(), created.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != created.Version || got.Name != "Sintra in a Day" || len(got.Locations) != len(created.Locations) {
			t.Errorf("after refusals: version %d, name %q, %d stops; want them as created", got.Version, got.Name, len(got.Locations))
		}

		saved := tourOf(t, s.send(t, admin, "PATCH", path, whole(func(map[string]any) {})), 200)
		if saved.Version != created.Version+1 || saved.Name != "Sintra and Cascais" || len(saved.Locations) != 2 || saved.Locations[1].Day != 2 {
			t.Errorf("saved: version %d, name %q, stops %+v", saved.Version, saved.Name, saved.Locations)
		}
		var updates []map[string]bool
		for _, e := range s.auditOf(t, created.ID) {
			if e.Action == "tour.update" {
				fields := map[string]bool{}
				for k := range e.Changes {
					fields[k] = true
				}
				updates = append(updates, fields)
			}
		}
		if len(updates) != 1 || !updates[0]["name"] || !updates[0]["locations"] || !updates[0]["cancellationPolicy"] {
			t.Errorf("audited updates %v, want one with the name, the stops and the policy", updates)
		}
	})
}

func TestRefundTypedAsPeopleDo(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		b := s.paidBooking(t, "omar@example.com", tr, 1, 2, "4242 4242 4242 4242")
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		// Resolving asks how it was settled, in the words of that field.
		wantFields(t, "resolved without saying how", s.send(t, admin, "POST", "/api/v1/admin/bookings/"+b.ID+"/resolve",
			map[string]any{"reason": " "}), 400,
			map[string]string{"reason": "Please say how it was settled: it is kept in the booking's history."})
		// A refund that keeps the booking reads its amount by the same rules.
		keep := "/api/v1/admin/bookings/" + b.ID + "/refund"
		wantFields(t, "a kept refund that is not an amount", s.send(t, admin, "POST", keep,
			map[string]any{"amountMinor": "ten", "key": "forms-keep"}), 400,
			map[string]string{"amountMinor": "Amount to refund must be a number, e.g. 1290 or 1290.50."})
		wantFields(t, "a kept refund of nothing", s.send(t, admin, "POST", keep,
			map[string]any{"amountMinor": "0,00", "key": "forms-keep"}), 400,
			map[string]string{"amountMinor": "Amount to refund must be more than 0."})
		if r := s.send(t, admin, "POST", keep, map[string]any{"amountMinor": "0,50", "key": "forms-keep"}); r.status != 200 {
			t.Fatalf("kept refund typed 0,50: %d %s", r.status, r.body)
		}
		cancel := "/api/v1/admin/bookings/" + b.ID + "/cancel"
		wantFields(t, "a refund that is not an amount", s.send(t, admin, "POST", cancel,
			map[string]any{"refundMinor": "ten", "reason": "Ill", "key": "forms-1"}), 400,
			map[string]string{"refundMinor": "Refund amount must be a number, e.g. 1290 or 1290.50."})
		wantFields(t, "a refund with three decimals", s.send(t, admin, "POST", cancel,
			map[string]any{"refundMinor": "10,5055", "reason": "Ill", "key": "forms-1"}), 400,
			map[string]string{"refundMinor": "Refund amount can have at most 2 decimals, e.g. 1290.50."})
		// "10,505" is read as ten thousand five hundred and five (a thousands separator):
		// more than was paid.
		wantFields(t, "a refund of thousands", s.send(t, admin, "POST", cancel,
			map[string]any{"refundMinor": "10,505", "reason": "Ill", "key": "forms-1"}), 400,
			map[string]string{"refundMinor": "Refund amount is more than was paid and not yet refunded. Reload the page to see what is left."})
		// "1,00" is one unit of the booking's currency: 100 minor units refunded.
		r := s.send(t, admin, "POST", cancel, map[string]any{"refundMinor": "1,00", "reason": "Ill", "key": "forms-1"})
		if r.status != 200 {
			t.Fatalf("refund typed 1,00: %d %s", r.status, r.body)
		}
		got, err := s.Store.BookingByID(t.Context(), b.ID)
		if err != nil || got.RefundedMinor != 150 {
			t.Errorf("refunded %d minor units (%v), want 50 + 100", got.RefundedMinor, err)
		}
	})
}

// A departure's cancellation checks both of its texts at once, each under its own key
// and label: the internal note (required) and the message to customers (bounded).
func TestCancelDepartureSaysEachTextWithItsLabel(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 3)
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		path := "/api/v1/tours/" + tr.ID + "/departures/" + tr.StartDates[1].Date + "/cancel"
		wantFields(t, "no note, a message too long", s.send(t, admin, "POST", path,
			map[string]any{"note": "  ", "message": strings.Repeat("a", 2001)}), 400, map[string]string{
			"note":    "Please write an internal note: it is kept in each booking's history.",
			"message": "Message to customers must be at most 2000 characters.",
		})
		wantFields(t, "a note too long", s.send(t, admin, "POST", path, map[string]any{"note": strings.Repeat("n", 501)}), 400,
			map[string]string{"note": "Internal note must be at most 500 characters."})
		wantFields(t, "previewing a message too long", s.send(t, admin, "POST", path+"/preview",
			map[string]any{"message": strings.Repeat("a", 2001)}), 400,
			map[string]string{"message": "Message to customers must be at most 2000 characters."})
		// Nothing was cancelled by the refusals.
		got, err := s.Store.TourByIDAnyStatus(t.Context(), tr.ID, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range got.StartDates {
			if d.Date.Format(time.DateOnly) == tr.StartDates[1].Date && (d.Closed || d.Cancelled()) {
				t.Errorf("the departure after refusals: %+v", d)
			}
		}
	})
}

// New booking's price and discount are sent as typed and read by the server's rules in
// the tour's currency, like every other amount.
func TestNewBookingPriceTypedAsPeopleDo(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		tr := s.tourByIndex(t, 2)
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		form := func(price any) map[string]any {
			return map[string]any{"tourId": tr.ID, "date": tr.StartDates[1].Date, "email": "typed.price@example.com", "name": "Typed Price",
				"participants": 1, "priceMinor": price, "priceNote": "Agreed on the phone", "payment": "later", "paymentMethod": "bank_transfer",
				"payBy": tr.StartDates[1].Date, "sendConfirmation": false, "key": "typed-price"}
		}
		wantFields(t, "a price that is not an amount", s.send(t, admin, "POST", "/api/v1/admin/bookings", form("a lot")), 400,
			map[string]string{"priceMinor": "Total price must be a number, e.g. 1290 or 1290.50."})
		r := s.send(t, admin, "POST", "/api/v1/admin/bookings", form("1.234,50"))
		if r.status != 201 {
			t.Fatalf("new booking at 1.234,50: %d %s", r.status, r.body)
		}
		b, err := s.Store.BookingByID(t.Context(), decode(t, r)["data"].(map[string]any)["bookingId"].(string))
		if err != nil || b.AmountMinor != 123450 {
			t.Errorf("booked at %d minor units (%v), want 123450", b.AmountMinor, err)
		}
	})
}

func TestPublishingChecksTheTourIsReady(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		in := newTourInput("Not Yet Ready")
		in["price"], in["priceDiscount"], in["locations"] = 0, 0, []any{}
		created := tourOf(t, s.send(t, admin, "POST", "/api/v1/tours", in), 201)
		status := "/api/v1/tours/" + created.ID + "/status"
		r := s.send(t, admin, "PUT", status, map[string]string{"status": "published"})
		wantFields(t, "publishing an empty tour", r, 409, map[string]string{
			"cover":      "Upload a cover picture (under Pictures).",
			"departures": "Add a departure in the future, or reopen one (under Departures).",
			"price":      "Give a price per person (under Details).",
			"locations":  "Add at least one stop to the map (under Stops).",
		})
		refused(t, "publishing an empty tour", r, 409,
			"This tour is not ready to publish. It still needs a cover picture, a departure in the future that is open for sale, a price and at least one stop.")

		// Fixed one by one: only what is left is named.
		soon := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
		tourOf(t, s.send(t, admin, "POST", "/api/v1/tours/"+created.ID+"/departures", map[string]any{"date": soon}), 201)
		v := tourOf(t, s.send(t, admin, "PATCH", "/api/v1/tours/"+created.ID, map[string]any{"version": created.Version, "price": "990",
			"locations": []any{map[string]any{"coordinates": []any{"-9.1", "38.7"}, "day": "1", "description": "Belém"}}}), 200)
		wantFields(t, "publishing without a cover", s.send(t, admin, "PUT", status, map[string]string{"status": "published"}), 409,
			map[string]string{"cover": "Upload a cover picture (under Pictures)."})
		ct, body := pictureBody(t, "cover", "cover.png", smallPNG(t, 1800, 1200))
		tourOf(t, s.do(t, admin, "POST", "/api/v1/tours/"+created.ID+"/pictures", ct, body), 200)
		if got := tourOf(t, s.send(t, admin, "PUT", status, map[string]string{"status": "published"}), 200); got.Status != "published" || v.Price != 99000 {
			t.Errorf("ready tour: status %s, price %d", got.Status, v.Price)
		}
		// Nothing refused was recorded: one status change in the audit log.
		n := 0
		for _, e := range s.auditOf(t, created.ID) {
			if e.Action == "tour.status" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%d status changes audited, want 1", n)
		}
	})
}
