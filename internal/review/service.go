package review

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("reviews: no transactions (Options.Tx)")

// Store is what the service needs of the store (*store.Store has it).
type Store interface {
	UpdateOwnReview(ctx context.Context, userID, id string, rating int, text string, now time.Time) (tour.Review, error)
	DeleteOwnReview(ctx context.Context, userID, id string) (tour.Review, error)
	UserReview(ctx context.Context, tourID, userID string) (tour.Review, error)
	TourReviews(ctx context.Context, tourID string, offset, limit int) ([]tour.Review, error)
	FirstPaidDeparture(ctx context.Context, tourID, userID string) (time.Time, bool, error)
}

// Tx is what writing a review needs in one transaction (*store.Store bound to one has
// it): the check that its author travelled, and the review.
type Tx interface {
	FirstPaidDeparture(ctx context.Context, tourID, userID string) (time.Time, bool, error)
	CreateReview(ctx context.Context, r *tour.Review) error // tour.ErrDuplicateReview
}

// Tours finds a tour: a published one to review (its zone and duration say when a trip
// has ended), and any, for the rating a write leaves (an author may edit or delete their
// review of a tour taken off sale since).
type Tours interface {
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

// Service lets travellers review the tours they took, and everyone read the reviews.
type Service struct {
	store Store
	tours Tours
	now   func() time.Time
	log   *slog.Logger
	inTx  func(ctx context.Context, fn func(tx Tx) error) error
	// changed forgets cached copies of the catalogue (ratings and reviews changed).
	changed func()
}

// Options configures NewService.
type Options struct {
	Now     func() time.Time
	Logger  *slog.Logger
	Changed func()
	// Tx runs fn in one transaction of the store (store.Store.InTx); required to
	// write a review.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
}

// NewService returns the reviews service.
func NewService(store Store, tours Tours, o Options) *Service {
	s := &Service{store: store, tours: tours, now: o.Now, log: o.Logger, changed: o.Changed, inTx: o.Tx}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	return s
}

// Page is one page of a tour's shown reviews, newest first.
type Page struct {
	Reviews []tour.Review
	Page    int // from 1
	Pages   int // at least 1
	Total   int
	// Zone is the tour's: a review is dated by the day it was written where the tour runs.
	Zone *time.Location
}

// Outcome is what a traveller's write leaves: the tour with its new rating, the first
// page of its reviews, and the traveller's review (nil once deleted).
type Outcome struct {
	Tour  tour.Tour
	First Page
	Own   *tour.Review
}

// Standing is a signed-in user's place among a tour's reviewers, for the tour page.
type Standing struct {
	Own *tour.Review // their review, hidden or not; nil when none
	// CanWrite: a paid booking whose departure has ended: they may write a review when
	// they have none (Own nil), or again after deleting theirs.
	CanWrite bool
	// Waiting is set when they have paid bookings none of which has ended yet: why they
	// cannot write yet (NotEndedError's message). "" otherwise.
	Waiting string
}

// Reviews is page (from 1; less is 1) of a published tour's shown reviews.
func (s *Service) Reviews(ctx context.Context, tourID string, page int) (Page, error) {
	t, err := s.tours.TourByID(ctx, tourID, s.now())
	if err != nil {
		return Page{}, err
	}
	return s.TourPage(ctx, t, page)
}

// TourPage is page (from 1; less is 1) of t's shown reviews.
func (s *Service) TourPage(ctx context.Context, t tour.Tour, page int) (Page, error) {
	page = max(page, 1)
	p := Page{Page: page, Total: t.RatingsCount, Pages: Pages(t.RatingsCount), Zone: t.Zone()}
	var err error
	p.Reviews, err = s.store.TourReviews(ctx, t.ID, (page-1)*PageSize, PageSize)
	return p, err
}

// Standing says whether user may review t, or why not yet, and gives their review.
func (s *Service) Standing(ctx context.Context, user account.User, t tour.Tour) (Standing, error) {
	var st Standing
	if user.ID == "" {
		return st, nil
	}
	own, err := s.store.UserReview(ctx, t.ID, user.ID)
	switch {
	case err == nil:
		st.Own = &own
	case !errors.Is(err, ErrNotFound):
		return st, err
	}
	first, ok, err := s.store.FirstPaidDeparture(ctx, t.ID, user.ID)
	if err != nil || !ok {
		return st, err
	}
	if ends := t.EndsAt(first); s.now().Before(ends) {
		st.Waiting = (&NotEndedError{First: first, EndsAt: ends}).PublicMessage()
		return st, nil
	}
	st.CanWrite = true
	return st, nil
}

// Create writes user's review of a published tour: they must have a paid booking of it
// whose departure has ended, and no review of it yet.
func (s *Service) Create(ctx context.Context, user account.User, tourID string, in Input) (Outcome, error) {
	if user.ID == "" {
		return Outcome{}, ErrLogIn
	}
	in, err := in.Clean()
	if err != nil {
		return Outcome{}, err
	}
	now := s.now()
	t, err := s.tours.TourByID(ctx, tourID, now)
	if err != nil {
		return Outcome{}, err
	}
	r := tour.Review{TourID: t.ID, UserID: user.ID, Rating: in.Rating, Text: in.Text, CreatedAt: now.UTC().Truncate(time.Microsecond)}
	err = s.createVerified(ctx, &r, t.LastEndedDay(now))
	if ne := (*NotEndedError)(nil); errors.As(err, &ne) {
		ne.EndsAt = t.EndsAt(ne.First)
	}
	if err != nil {
		return Outcome{}, err
	}
	s.changed()
	s.log.Info("review written", "review_id", r.ID, "tour_id", t.ID, "user_id", user.ID, "rating", r.Rating)
	return s.outcome(ctx, user, t.ID)
}

// Update changes user's own review; another's, or none, is ErrNotFound.
func (s *Service) Update(ctx context.Context, user account.User, id string, in Input) (Outcome, error) {
	if user.ID == "" {
		return Outcome{}, ErrLogIn
	}
	in, err := in.Clean()
	if err != nil {
		return Outcome{}, err
	}
	r, err := s.store.UpdateOwnReview(ctx, user.ID, id, in.Rating, in.Text, s.now())
	if err != nil {
		return Outcome{}, err
	}
	s.changed()
	return s.outcome(ctx, user, r.TourID)
}

// Delete removes user's own review; another's, or none, is ErrNotFound.
func (s *Service) Delete(ctx context.Context, user account.User, id string) (Outcome, error) {
	if user.ID == "" {
		return Outcome{}, ErrLogIn
	}
	r, err := s.store.DeleteOwnReview(ctx, user.ID, id)
	if err != nil {
		return Outcome{}, err
	}
	s.changed()
	s.log.Info("review deleted by its author", "review_id", id, "tour_id", r.TourID, "user_id", user.ID)
	return s.outcome(ctx, user, r.TourID)
}

// outcome reads the tour after a write, from the database: its fresh rating.
func (s *Service) outcome(ctx context.Context, user account.User, tourID string) (Outcome, error) {
	t, err := s.tours.TourByIDAnyStatus(ctx, tourID, s.now())
	if err != nil {
		return Outcome{}, fmt.Errorf("tour after review: %w", err)
	}
	o := Outcome{Tour: t}
	if o.First, err = s.TourPage(ctx, t, 1); err != nil {
		return Outcome{}, err
	}
	own, err := s.store.UserReview(ctx, t.ID, user.ID)
	switch {
	case err == nil:
		o.Own = &own
	case !errors.Is(err, ErrNotFound):
		return Outcome{}, err
	}
	return o, nil
}

// createVerified writes r for a traveller who has travelled: a paid booking of the tour
// departing on or before lastEndedDay, checked in the same transaction as the write. No
// paid booking is ErrNotTravelled; paid ones not ended a *NotEndedError with the first's
// day.
func (s *Service) createVerified(ctx context.Context, r *tour.Review, lastEndedDay time.Time) error {
	err := s.inTx(ctx, func(tx Tx) error {
		first, ok, err := tx.FirstPaidDeparture(ctx, r.TourID, r.UserID)
		switch {
		case err != nil:
			return err
		case !ok:
			return ErrNotTravelled
		case first.After(tour.Day(lastEndedDay)):
			return &NotEndedError{First: first}
		}
		return tx.CreateReview(ctx, r)
	})
	if err != nil {
		return fmt.Errorf("create verified review of tour %s by user %s: %w", r.TourID, r.UserID, err)
	}
	return nil
}
