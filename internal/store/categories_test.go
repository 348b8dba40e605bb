package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/store/testdb"
	"tourbook/internal/tour"
)

// A tour's price categories, extras and questions, a departure's own prices and what a
// booking bought and answered are kept as written, on both engines.
func TestBookingFormRoundTrip(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		jun1 := date(2031, 6, 1)
		tr := addTour(t, s, "kayak", 10, []time.Time{jun1})
		got, err := s.TourByIDAnyStatus(ctx, tr.ID, t0)
		must(t, err)
		if c := got.PriceCategoriesOf(); len(got.Categories) != 0 || len(c) != 1 || c[0].ID != "adult" || c[0].PriceMinor != 49700 {
			t.Fatalf("a tour created without categories reads %+v; want one adult at 49700", c)
		}

		got.Categories = []tour.PriceCategory{
			{ID: "adult", Name: "Adult", PriceMinor: 49700, TakesSeat: true, Min: 1},
			{ID: "child", Name: "Child", PriceMinor: 24900, MinAge: 4, MaxAge: 11, TakesSeat: true, OnlyWith: "adult"},
			{ID: "infant", Name: "Infant", PriceMinor: 0, MaxAge: 3, Max: 2, OnlyWith: "adult"},
		}
		got.Extras = []tour.Extra{{ID: "wetsuit", Name: "Wetsuit", PriceMinor: 1500, Per: tour.PerTraveller, Stock: 6}}
		got.Travellers = tour.AskAll
		got.Questions = []tour.Question{{ID: "diet", Label: "Dietary needs", Type: tour.OneChoice,
			Options: []string{"None", "Vegetarian"}, Required: true, PerTraveller: true}}
		got.AnswersCutoffHours = 24
		must(t, s.UpdateTour(ctx, &got, got.Version, t0, audit.Entry{ActorID: "a", Action: "tour.update", ObjectType: "tour"}))
		prices := map[string]int64{"adult": 59700}
		_, after, err := s.UpdateDeparture(ctx, tr.ID, jun1, catalog.DepartureChange{Prices: &prices}, t0,
			audit.Entry{ActorID: "a", Action: "departure.update", ObjectType: "tour"})
		must(t, err)
		if after.Prices["adult"] != 59700 {
			t.Errorf("departure after the change: %+v", after)
		}

		again, err := s.TourByIDAnyStatus(ctx, tr.ID, t0)
		must(t, err)
		if len(again.Categories) != 3 || again.Categories[1].OnlyWith != "adult" || again.Categories[2].TakesSeat ||
			again.Categories[1].MaxAge != 11 {
			t.Errorf("categories read back: %+v", again.Categories)
		}
		if len(again.Extras) != 1 || again.Extras[0].Stock != 6 || again.Extras[0].Per != tour.PerTraveller {
			t.Errorf("extras read back: %+v", again.Extras)
		}
		if again.Travellers != tour.AskAll || again.AnswersCutoffHours != 24 || len(again.Questions) != 1 ||
			again.Questions[0].Options[1] != "Vegetarian" || !again.Questions[0].PerTraveller {
			t.Errorf("questions read back: %q %d %+v", again.Travellers, again.AnswersCutoffHours, again.Questions)
		}
		d := again.StartDates[0]
		if p := again.PriceOn(d, again.Categories[0]); p != 59700 {
			t.Errorf("the departure's adult price reads %d; want its own 59700", p)
		}
		if p := again.PriceOn(d, again.Categories[1]); p != 24900 {
			t.Errorf("the departure's child price reads %d; want the category's 24900", p)
		}

		buyer := addUser(t, s, "buyer", account.RoleUser)
		b := newBooking(again, buyer, jun1, 3, t0)
		b.Units = []booking.Unit{{CategoryID: "adult", Name: "Adult", Count: 2, PriceMinor: 59700, TakesSeat: true},
			{CategoryID: "child", Name: "Child", Count: 1, PriceMinor: 24900, TakesSeat: true},
			{CategoryID: "infant", Name: "Infant", Count: 1}}
		b.Extras = []booking.ExtraLine{{ExtraID: "wetsuit", Name: "Wetsuit", Per: tour.PerTraveller, Quantity: 2, PriceMinor: 1500}}
		b.Travellers = []booking.Traveller{{CategoryID: "adult", Name: "Ann", Phone: "+4512345678"}}
		b.Answers = []booking.Answer{{QuestionID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Traveller: 1, Value: "Vegetarian"}}
		must(t, s.CreateHold(ctx, &b, t0))
		read, err := s.BookingByID(ctx, b.ID)
		must(t, err)
		if len(read.Units) != 3 || read.Travelling() != 4 || read.Units[2].TakesSeat || read.Extras[0].Quantity != 2 ||
			read.Travellers[0].Phone != "+4512345678" || read.Answers[0].Value != "Vegetarian" || read.Answers[0].Traveller != 1 {
			t.Errorf("booking read back: units %+v extras %+v travellers %+v answers %+v", read.Units, read.Extras, read.Travellers, read.Answers)
		}
		must(t, s.SetBookingDetails(ctx, b.ID, []booking.Traveller{{CategoryID: "adult", Name: "Ann B"}}, nil))
		read, err = s.BookingByID(ctx, b.ID)
		must(t, err)
		if len(read.Travellers) != 1 || read.Travellers[0].Name != "Ann B" || read.Answers != nil {
			t.Errorf("after SetBookingDetails: %+v %+v", read.Travellers, read.Answers)
		}
	})
}

// Migration 0027 gives every existing tour one category, "Adult", at what a participant
// paid (price less discount), and leaves existing bookings reading as that many adults;
// 0029 moves the names an operator's booking recorded into the booking's travellers.
func TestUpgrade0027And0029(t *testing.T) {
	t.Parallel()
	for _, engine := range testdb.Engines() {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			databaseURL, dataDir := testdb.Database(t, engine)
			s, err := Open(ctx, databaseURL, dataDir, nil)
			must(t, err)
			t.Cleanup(func() { _ = s.Close() })
			must(t, s.migrate(ctx, 26))
			for _, q := range []string{
				`INSERT INTO users (id, name, email, role, password_hash, created_at)
					VALUES ('u1', 'Zoë', 'zoe@example.com', 'user', 'x', '2026-01-01T00:00:00Z')`,
				`INSERT INTO tours (id, slug, name, duration_days, max_group_size, difficulty, price_minor, discount_minor,
					currency, start_lng, start_lat, created_at)
					VALUES ('t1', 'forest', 'Forest', 3, 10, 'easy', 49700, 2000, 'eur', -9.1, 38.7, '2026-01-01T00:00:00Z')`,
				`INSERT INTO tour_start_dates (tour_id, start_date) VALUES ('t1', '2031-05-01')`,
				`INSERT INTO bookings (id, tour_id, user_id, start_date, participants, amount_minor, currency, status,
					hold_until, created_at, paid_at, source, reference)
					VALUES ('b1', 't1', 'u1', '2031-05-01', 2, 95400, 'eur', 'paid', '2026-01-01T00:30:00Z',
						'2026-01-01T00:00:00Z', '2026-01-01T00:10:00Z', 'online', 'TB-AAAAAA'),
					('b2', 't1', 'u1', '2031-05-01', 2, 95400, 'eur', 'paid', '2026-01-01T00:30:00Z',
						'2026-01-01T00:00:00Z', '2026-01-01T00:10:00Z', 'cash', 'TB-BBBBBB')`,
				`INSERT INTO booking_travellers (booking_id, position, name) VALUES ('b2', 1, 'Rui'), ('b2', 0, 'Inês')`,
			} {
				if _, err := s.write.ExecContext(ctx, q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			must(t, s.Migrate(ctx))
			tr, err := s.TourByIDAnyStatus(ctx, "t1", t0)
			must(t, err)
			want := tour.PriceCategory{ID: "adult", Name: "Adult", PriceMinor: 47700, TakesSeat: true}
			if len(tr.Categories) != 1 || tr.Categories[0] != want {
				t.Errorf("categories after the upgrade: %+v; want %+v", tr.Categories, want)
			}
			b, err := s.BookingByID(ctx, "b1")
			must(t, err)
			u := b.UnitsOf()
			if len(u) != 1 || u[0].CategoryID != "adult" || u[0].Count != 2 || u[0].PriceMinor != 47700 || b.AmountMinor != 95400 {
				t.Errorf("an old booking reads as %+v, amount %d; want 2 adults at 47700, 95400 in all", u, b.AmountMinor)
			}
			if b.Travellers != nil {
				t.Errorf("a booking without named travellers has travellers %+v after the upgrade", b.Travellers)
			}
			b2, err := s.BookingByID(ctx, "b2")
			must(t, err)
			want2 := []booking.Traveller{{CategoryID: "adult", Name: "Inês"}, {CategoryID: "adult", Name: "Rui"}}
			if !slices.Equal(b2.Travellers, want2) {
				t.Errorf("an operator's booking has travellers %+v after the upgrade; want %+v", b2.Travellers, want2)
			}
			if names, err := s.BookingTravellers(ctx, "b2"); err != nil || !slices.Equal(names, []string{"Inês", "Rui"}) {
				t.Errorf("BookingTravellers after the upgrade: %v, %v", names, err)
			}
		})
	}
}
