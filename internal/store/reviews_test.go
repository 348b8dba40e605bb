package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/httpx"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// TestVerifiedReviewRules: only a traveller whose paid booking's departure has ended —
// at local midnight after its last day, where the tour runs — reviews a tour, once; they
// edit and delete their own and nobody else's; the tour's average and count follow every
// write, hidden reviews left out.
func TestVerifiedReviewRules(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		// Three days in Auckland (UTC+13 in January) from 10 January: the trip ends as
		// 13 January begins there, at 11:00 UTC on the 12th, half a day before UTC's midnight.
		day := date(2031, 1, 10)
		tr := addTour(t, s, "kauri-coast", 10, []time.Time{day})
		_, err := s.write.ExecContext(ctx, `UPDATE tours SET time_zone = 'Pacific/Auckland', duration_days = 3 WHERE id = $1`, tr.ID)
		must(t, err)
		ends := time.Date(2031, 1, 12, 11, 0, 0, 0, time.UTC)

		booked := date(2030, 12, 1)
		paid := func(name string) account.User {
			u := addUser(t, s, name, account.RoleUser)
			id := mustHold(t, s, tr, u, day, 1, booked)
			_, _, err := recordPaid(s, ctx, id, "pi_"+name, tr.UnitPriceMinor(), "usd", booked, nil)
			must(t, err)
			return u
		}
		ann, bob := paid("ann"), paid("bob")
		nob := addUser(t, s, "nob", account.RoleUser)
		cal := addUser(t, s, "cal", account.RoleUser)
		must(t, s.CancelBooking(ctx, mustHold(t, s, tr, cal, day, 1, booked)))
		ref := paid("ref")
		_, err = s.write.ExecContext(ctx, `UPDATE bookings SET status = 'refunded', refunded_minor = amount_minor WHERE user_id = $1`, ref.ID)
		must(t, err)

		now := ends
		svc := review.NewService(s, s, review.Options{Now: func() time.Time { return now }, Tx: reviewTx(s)})
		write := func(u account.User, rating int) error {
			_, err := svc.Create(ctx, u, tr.ID, review.Input{Rating: rating, Text: fmt.Sprintf("  %d stars from %s.  ", rating, u.Name)})
			return err
		}
		rating := func(wantAvg float64, wantCount int) {
			t.Helper()
			got, err := s.TourByID(ctx, tr.ID, now)
			must(t, err)
			if got.RatingsAverage != wantAvg || got.RatingsCount != wantCount {
				t.Errorf("rating %v from %d, want %v from %d", got.RatingsAverage, got.RatingsCount, wantAvg, wantCount)
			}
		}
		tourAt := func(at time.Time) tour.Tour {
			t.Helper()
			got, err := s.TourByID(ctx, tr.ID, at)
			must(t, err)
			return got
		}
		refused := func(what string, err error, status int, msg string) {
			t.Helper()
			if gotStatus, gotMsg := httpx.Classify(err); gotStatus != status || gotMsg != msg {
				t.Errorf("%s: %d %q (%v), want %d %q", what, gotStatus, gotMsg, err, status, msg)
			}
		}

		notTravelled := "Only travellers who took this tour can review it, and you have no paid booking of it."
		refused("no booking", write(nob, 5), 403, notTravelled)
		refused("cancelled booking", write(cal, 5), 403, notTravelled)
		refused("refunded booking", write(ref, 5), 403, notTravelled)
		now = ends.Add(-time.Microsecond)
		refused("a microsecond before the end", write(ann, 5), 403, "You can review this tour once your trip has ended, from 13 January 2031.")
		st, err := svc.Standing(ctx, ann, tourAt(now))
		must(t, err)
		if st.CanWrite || st.Own != nil || st.Waiting != "You can review this tour once your trip has ended, from 13 January 2031." {
			t.Errorf("standing before the end: %+v", st)
		}
		rating(0, 0)

		now = ends
		st, err = svc.Standing(ctx, ann, tourAt(now))
		if err != nil || !st.CanWrite || st.Waiting != "" {
			t.Errorf("standing at the end: %+v, %v", st, err)
		}
		must(t, write(ann, 4))
		rating(4, 1)
		refused("second review", write(ann, 1), 409, "You have already reviewed this tour.")
		rating(4, 1)
		must(t, write(bob, 2))
		rating(3, 2)

		own, err := s.UserReview(ctx, tr.ID, ann.ID)
		must(t, err)
		if own.Text != "4 stars from ann." || own.Rating != 4 || !own.UpdatedAt.IsZero() {
			t.Errorf("ann's review as stored: %+v", own)
		}
		bobs, err := s.UserReview(ctx, tr.ID, bob.ID)
		must(t, err)

		// Another's review is not found, and stays as it was.
		notFound := "There is no such review of yours."
		_, err = svc.Update(ctx, bob, own.ID, review.Input{Rating: 1, Text: "Not my review at all."})
		refused("editing another's", err, 404, notFound)
		_, err = svc.Delete(ctx, bob, own.ID)
		refused("deleting another's", err, 404, notFound)
		_, err = svc.Delete(ctx, bob, "000000000000000000000000")
		refused("deleting none", err, 404, notFound)
		rating(3, 2)

		now = ends.Add(time.Hour)
		out, err := svc.Update(ctx, ann, own.ID, review.Input{Rating: 5, Text: "Even better on reflection."})
		must(t, err)
		if out.Own == nil || out.Own.Rating != 5 || out.Own.Text != "Even better on reflection." || !out.Own.UpdatedAt.Equal(now) {
			t.Errorf("edited: %+v", out.Own)
		}
		if out.Tour.RatingsAverage != 3.5 || out.Tour.RatingsCount != 2 {
			t.Errorf("the answer's rating: %v from %d", out.Tour.RatingsAverage, out.Tour.RatingsCount)
		}
		rating(3.5, 2)

		// Hidden reviews do not count, even when their author edits them.
		_, err = s.SetReviewHidden(ctx, bobs.ID, true, audit.Entry{ActorID: "op", Action: "review.update", ObjectType: "review"})
		must(t, err)
		rating(5, 1)
		_, err = svc.Update(ctx, bob, bobs.ID, review.Input{Rating: 1, Text: "Edited while hidden."})
		must(t, err)
		rating(5, 1)
		if h, _ := s.UserReview(ctx, tr.ID, bob.ID); !h.Hidden {
			t.Error("an edit showed a hidden review")
		}
		// Nor can its author delete it, to write it again shown.
		if _, err := svc.Delete(ctx, bob, bobs.ID); !errors.Is(err, review.ErrHiddenStays) {
			t.Errorf("deleting a hidden review: %v", err)
		}
		if h, err := s.UserReview(ctx, tr.ID, bob.ID); err != nil || !h.Hidden {
			t.Errorf("a hidden review after its author tried to delete it: %+v, %v", h, err)
		}
		if err := write(bob, 5); !errors.Is(err, tour.ErrDuplicateReview) {
			t.Errorf("a second review beside a hidden one: %v", err)
		}
		rating(5, 1)

		out, err = svc.Delete(ctx, ann, own.ID)
		must(t, err)
		if out.Own != nil || out.Tour.RatingsCount != 0 || len(out.First.Reviews) != 0 {
			t.Errorf("after deleting: %+v", out)
		}
		rating(0, 0)
		if _, err := s.UserReview(ctx, tr.ID, ann.ID); !errors.Is(err, review.ErrNotFound) {
			t.Errorf("ann's review after deleting: %v", err)
		}
		// Deleted, it may be written again.
		must(t, write(ann, 3))
		rating(3, 1)

		// Taken off sale: no new reviews, but its author still edits theirs.
		_, err = s.write.ExecContext(ctx, `UPDATE tours SET status = 'archived' WHERE id = $1`, tr.ID)
		must(t, err)
		_, err = svc.Create(ctx, nob, tr.ID, review.Input{Rating: 5, Text: "A tour nobody can book."})
		refused("reviewing an archived tour", err, 404, "There is no tour with that name or id.")
		again, err := s.UserReview(ctx, tr.ID, ann.ID)
		must(t, err)
		out, err = svc.Update(ctx, ann, again.ID, review.Input{Rating: 1, Text: "Glad I went while it ran."})
		if err != nil || out.Tour.RatingsAverage != 1 || out.Tour.RatingsCount != 1 {
			t.Errorf("editing on an archived tour: %+v, %v", out.Tour, err)
		}
	})
}

// TestReviewsAtOnceKeepTheRating: travellers reviewing one tour at the same moment all
// count in its rating (on PostgreSQL a recompute that waited for another review's
// transaction used to leave that review out).
func TestReviewsAtOnceKeepTheRating(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		day := date(2031, 3, 10)
		tr := addTour(t, s, "many-voices", 50, []time.Time{day})
		booked := date(2031, 2, 1)
		const n = 40
		var users []account.User
		for i := range n {
			u := addUser(t, s, fmt.Sprintf("voice%d", i), account.RoleUser)
			id := mustHold(t, s, tr, u, day, 1, booked)
			_, _, err := recordPaid(s, ctx, id, fmt.Sprintf("pi_voice%d", i), tr.UnitPriceMinor(), "usd", booked, nil)
			must(t, err)
			users = append(users, u)
		}
		now := date(2031, 4, 1)
		svc := review.NewService(s, s, review.Options{Now: func() time.Time { return now }, Tx: reviewTx(s)})
		errs := make(chan error, n)
		start := make(chan struct{})
		for i, u := range users {
			go func() {
				<-start
				_, err := svc.Create(ctx, u, tr.ID, review.Input{Rating: 1 + i%5, Text: fmt.Sprintf("Review number %d of the trip.", i)})
				errs <- err
			}()
		}
		close(start)
		sum := 0
		for i := range n {
			must(t, <-errs)
			sum += 1 + i%5
		}
		got, err := s.TourByID(ctx, tr.ID, now)
		must(t, err)
		if want := float64(sum) / n; got.RatingsCount != n || got.RatingsAverage < want-1e-9 || got.RatingsAverage > want+1e-9 {
			t.Errorf("rating %v from %d, want %v from %d", got.RatingsAverage, got.RatingsCount, want, n)
		}
	})
}

// TestTourReviewPages: a tour's shown reviews come a page at a time, newest first; the
// tour itself carries the first page.
func TestTourReviewPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, s *Store) {
		ctx := t.Context()
		tr := addTour(t, s, "paged-peaks", 10, nil)
		var ids []string // newest first
		for i := range review.PageSize + 2 {
			u := addUser(t, s, fmt.Sprintf("r%d", i), account.RoleUser)
			r := tour.Review{TourID: tr.ID, UserID: u.ID, Rating: 1 + i%5, Text: "Review number " + fmt.Sprint(i), CreatedAt: t0.Add(time.Duration(i) * time.Hour)}
			must(t, s.CreateReview(ctx, &r))
			ids = append([]string{r.ID}, ids...)
		}
		svc := review.NewService(s, s, review.Options{Now: func() time.Time { return t0 }, Tx: reviewTx(s)})
		idsOf := func(p review.Page) []string {
			out := []string{}
			for _, r := range p.Reviews {
				out = append(out, r.ID)
			}
			return out
		}
		p1, err := svc.Reviews(ctx, tr.ID, 1)
		must(t, err)
		p2, err := svc.Reviews(ctx, tr.ID, 2)
		must(t, err)
		p3, err := svc.Reviews(ctx, tr.ID, 3)
		must(t, err)
		if fmt.Sprint(idsOf(p1)) != fmt.Sprint(ids[:review.PageSize]) || fmt.Sprint(idsOf(p2)) != fmt.Sprint(ids[review.PageSize:]) ||
			len(p3.Reviews) != 0 || p1.Pages != 2 || p1.Total != review.PageSize+2 {
			t.Errorf("pages %v %v %v (%d pages of %d), want %v", idsOf(p1), idsOf(p2), idsOf(p3), p1.Pages, p1.Total, ids)
		}
		got, err := s.TourBySlug(ctx, tr.Slug, t0)
		must(t, err)
		if len(got.Reviews) != review.PageSize || got.Reviews[0].ID != ids[0] {
			t.Errorf("the tour carries %d reviews, first %s", len(got.Reviews), got.Reviews[0].ID)
		}
		if _, err := svc.Reviews(ctx, "000000000000000000000000", 1); !errors.Is(err, tour.ErrNotFound) {
			t.Errorf("reviews of no tour: %v", err)
		}
	})
}

// reviewTx gives the reviews service the store's transactions, as the site wires it.
func reviewTx(s *Store) func(context.Context, func(review.Tx) error) error {
	return func(ctx context.Context, fn func(review.Tx) error) error {
		return s.InTx(ctx, func(tx *Store) error { return fn(tx) })
	}
}
