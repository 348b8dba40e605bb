package store

import (
	"fmt"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// benchStore is a SQLite store with ten tours, each with three dates, two guides, a few
// reviews and bookings: the size of the demo catalogue.
func benchStore(b *testing.B) *Store {
	b.Helper()
	s := openTest(b, SQLite)
	lead := addUser(b, s, "lead", account.RoleLeadGuide)
	guide := addUser(b, s, "guide", account.RoleGuide)
	var reviewers []account.User
	for i := range 5 {
		reviewers = append(reviewers, addUser(b, s, fmt.Sprintf("reviewer%d", i), account.RoleUser))
	}
	dates := []time.Time{date(2031, 4, 25), date(2031, 7, 19), date(2031, 10, 5)}
	for i := range 10 {
		tr := addTour(b, s, fmt.Sprintf("tour-%d", i), 15, dates, lead, guide)
		for j, u := range reviewers {
			r := tour.Review{TourID: tr.ID, UserID: u.ID, Rating: 1 + (i+j)%5, Text: "A fine tour."}
			must(b, s.CreateReview(b.Context(), &r))
		}
		mustHold(b, s, tr, reviewers[0], dates[i%3], 2, t0)
	}
	return s
}

func BenchmarkTourBySlug(b *testing.B) {
	s := benchStore(b)
	ctx := b.Context()
	for b.Loop() {
		if _, err := s.TourBySlug(ctx, "tour-7", t0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkListTours(b *testing.B) {
	s := benchStore(b)
	ctx := b.Context()
	for b.Loop() {
		if tours, err := s.ListTours(ctx, t0); err != nil || len(tours) != 10 {
			b.Fatal(len(tours), err)
		}
	}
}
