package waitlist

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/tour"
)

// Store is what the service needs of the store (*store.Store has it).
type Store interface {
	JoinWaitlist(ctx context.Context, e *Entry, now time.Time) error
	LeaveWaitlist(ctx context.Context, userID, entryID string, now time.Time) error
	UserWaitlist(ctx context.Context, userID string, now time.Time) ([]Place, error)
}

// Tours finds a published tour, for its departures and group size.
type Tours interface {
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

// Service lets travellers join and leave waiting lists. Offers are made by the store
// wherever seats are freed; paying one is booking.Service.PayOffer.
type Service struct {
	store Store
	tours Tours
	now   func() time.Time
	log   *slog.Logger
	// changed is called after seats may have changed (an offer declined and passed on),
	// to forget cached copies of the catalogue; queued after an offer email may have
	// been written.
	changed, queued func()
}

// Options configures NewService.
type Options struct {
	Now     func() time.Time
	Logger  *slog.Logger
	Changed func()
	Queued  func()
}

// NewService returns the waiting list service.
func NewService(store Store, tours Tours, o Options) *Service {
	s := &Service{store: store, tours: tours, now: o.Now, log: o.Logger, changed: o.Changed, queued: o.Queued}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Status: 400, Message: fmt.Sprintf(format, args...)}
}

// Join puts user on the waiting list of a tour's departure (date YYYY-MM-DD) for
// participants people.
func (s *Service) Join(ctx context.Context, user account.User, tourID, date string, participants int) (Entry, error) {
	if user.ID == "" {
		return Entry{}, &fault.Error{Status: 401, Message: "Please log in to join the waiting list."}
	}
	now := s.now()
	t, err := s.tours.TourByID(ctx, tourID, now)
	if errors.Is(err, tour.ErrNotFound) {
		return Entry{}, &fault.Error{Status: 404, Message: "There is no tour with that id.", Err: err}
	}
	if err != nil {
		return Entry{}, fmt.Errorf("load tour %q: %w", tourID, err)
	}
	if participants < 1 || participants > t.MaxGroupSize {
		return Entry{}, invalid("Please choose between 1 and %d participants.", t.MaxGroupSize)
	}
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return Entry{}, invalid("Please give the start date as YYYY-MM-DD.")
	}
	found := false
	for _, d := range t.StartDates {
		found = found || d.Date.Equal(day)
	}
	if !found {
		return Entry{}, &fault.Error{Status: 404, Message: "This tour does not start on that date."}
	}
	e := Entry{TourID: t.ID, StartDate: day, UserID: user.ID, Participants: participants}
	if err := s.store.JoinWaitlist(ctx, &e, now); err != nil {
		return Entry{}, err
	}
	// Joining first offers any seats already free to the entries ahead.
	s.changed()
	s.queued()
	s.log.Info("joined waiting list", "entry_id", e.ID, "tour_id", t.ID, "date", date, "participants", participants, "user_id", user.ID)
	return e, nil
}

// Leave takes user's entry off its list; an offer it held passes to the next entry.
func (s *Service) Leave(ctx context.Context, user account.User, entryID string) error {
	if user.ID == "" {
		return &fault.Error{Status: 401, Message: "Please log in first."}
	}
	if err := s.store.LeaveWaitlist(ctx, user.ID, entryID, s.now()); err != nil {
		return err
	}
	s.changed()
	s.queued()
	s.log.Info("left waiting list", "entry_id", entryID, "user_id", user.ID)
	return nil
}

// Places lists user's active entries with their places and open offers.
func (s *Service) Places(ctx context.Context, user account.User) ([]Place, error) {
	if user.ID == "" {
		return nil, nil
	}
	return s.store.UserWaitlist(ctx, user.ID, s.now())
}
