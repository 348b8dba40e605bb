package backoffice

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/fault"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("back office: no transactions (Options.Tx)")

// Store is what the service needs of the store (*store.Store has it).
type Store interface {
	Bookings(ctx context.Context, f BookingFilter, now time.Time) ([]BookingRow, int, error)
	BookingRow(ctx context.Context, id string) (BookingRow, error)
	BookingEvents(ctx context.Context, bookingID string) ([]Event, error)
	BookingRefunds(ctx context.Context, bookingID string) ([]Refund, error)
	Departures(ctx context.Context, f CalendarFilter, now time.Time) ([]DepartureStats, error)
	TourNames(ctx context.Context) ([]tour.Tour, error)
	GuideUsers(ctx context.Context) ([]account.User, error)
	AdminTours(ctx context.Context, f catalog.Filter, now time.Time) ([]tour.Tour, error)
	SalesSince(ctx context.Context, since time.Time) (Sales, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateUser(ctx context.Context, u *account.User) error
}

// Tx is what the service writes in one transaction, with the waiting list's offers on
// the seats a walk-in takes (*store.Store bound to one has it).
type Tx interface {
	CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error
	// CreateUser stores the account of a new walk-in customer with its booking.
	CreateUser(ctx context.Context, u *account.User) error
	waitlist.Tx
}

// Waitlist offers the seats left on a departure to its waiting list before a walk-in
// takes any (*waitlist.Service).
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
	Offer(ctx context.Context, tourID string, date, now time.Time) error
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Changed is called after seats change, to forget cached copies of the catalogue.
	Changed      func()
	Logger       *slog.Logger
	HashPassword func(string) (string, error) // for the accounts of walk-in customers
	// Queued wakes the outbox's sender after a walk-in's transaction (the waiting list's
	// offers write emails).
	Queued func()
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Waitlist offers freed seats to the waiting lists; nil makes no offers.
	Waitlist Waitlist
}

// Service runs the bookings back office.
type Service struct {
	store    Store
	now      func() time.Time
	changed  func()
	log      *slog.Logger
	hash     func(string) (string, error)
	queued   func()
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	waitlist Waitlist
}

// NewService returns the service.
func NewService(store Store, o Options) *Service {
	s := &Service{store: store, now: o.Now, changed: o.Changed, log: o.Logger, hash: o.HashPassword,
		queued: o.Queued, inTx: o.Tx, waitlist: o.Waitlist}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.changed == nil {
		s.changed = func() {}
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

func entry(actor account.User, action, objectType, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: objectType, ObjectID: id}
}

// DashboardDays is how far ahead the dashboard lists departures; the calendar has the
// rest.
const DashboardDays = 14

// Dashboard is what /admin shows actor: the departures of the next DashboardDays days
// (a guide's own), and the sales of the last 30 days for those who manage bookings (nil
// otherwise).
func (s *Service) Dashboard(ctx context.Context, actor account.User) ([]DepartureStats, *Sales, error) {
	if !account.CanSeeManifests(actor) {
		return nil, nil, ErrForbidden
	}
	now := s.now()
	guide := ""
	if !account.CanManageBookings(actor) {
		guide = actor.ID
	}
	// From the day before now's (the zones' spread); the store cannot know each zone's
	// clock, so the ones already started go here.
	deps, err := s.store.Departures(ctx, CalendarFilter{From: now.AddDate(0, 0, -1), To: now.AddDate(0, 0, DashboardDays),
		GuideID: guide, Limit: 500}, now)
	if err != nil {
		return nil, nil, err
	}
	upcoming := deps[:0]
	for _, d := range deps {
		if !started(d, now) {
			upcoming = append(upcoming, d)
		}
	}
	if guide != "" {
		return upcoming, nil, nil
	}
	sales, err := s.store.SalesSince(ctx, now.AddDate(0, 0, -30))
	if err != nil {
		return nil, nil, err
	}
	return upcoming, &sales, nil
}

func started(d DepartureStats, now time.Time) bool {
	t := tour.Tour{TimeZone: d.TimeZone}
	return t.Started(tour.StartDate{Date: d.Date, StartTime: d.StartTime}, now)
}

// Bookings lists bookings for those who manage them.
func (s *Service) Bookings(ctx context.Context, actor account.User, f BookingFilter) ([]BookingRow, int, error) {
	if !account.CanManageBookings(actor) {
		return nil, 0, ErrForbidden
	}
	return s.store.Bookings(ctx, f, s.now())
}

// Detail is everything known about one booking.
type Detail struct {
	BookingRow
	Events  []Event
	Refunds []Refund
}

// Booking returns one booking with its history.
func (s *Service) Booking(ctx context.Context, actor account.User, id string) (Detail, error) {
	if !account.CanManageBookings(actor) {
		return Detail{}, ErrForbidden
	}
	return LoadDetail(ctx, s.store, id)
}

// DetailStore is what reading a booking's detail needs of the store.
type DetailStore interface {
	BookingRow(ctx context.Context, id string) (BookingRow, error)
	BookingEvents(ctx context.Context, bookingID string) ([]Event, error)
	BookingRefunds(ctx context.Context, bookingID string) ([]Refund, error)
}

// LoadDetail reads one booking with its history, whoever asks (the callers check).
func LoadDetail(ctx context.Context, st DetailStore, id string) (Detail, error) {
	row, err := st.BookingRow(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{BookingRow: row}
	if d.Events, err = st.BookingEvents(ctx, id); err != nil {
		return Detail{}, err
	}
	if d.Refunds, err = st.BookingRefunds(ctx, id); err != nil {
		return Detail{}, err
	}
	return d, nil
}

// createPaidBooking records a walk-in on a departure with the seats for it, counted
// under its lock (booking.ErrNoSeats otherwise; a closed departure takes them too:
// closing stops sales online only). A walk-in does not jump the waiting list: seats a
// hold left when it ran out go to the list first, as for an online checkout. When the
// walk-in is refused for want of seats, the offers, rolled back with it, are made again
// on their own: they stand either way. A new customer's account (newCustomer, not yet
// stored) is written in the same transaction, so a refused walk-in leaves none.
func (s *Service) createPaidBooking(ctx context.Context, b *booking.Booking, newCustomer *account.User, actorName string, now time.Time, e audit.Entry) error {
	err := s.inTx(ctx, func(tx Tx) error {
		if s.waitlist != nil {
			if err := s.waitlist.OfferIn(ctx, tx, b.TourID, b.StartDate, now); err != nil {
				return err
			}
		}
		dep, taken, err := tour.LockSeats(ctx, tx, b.TourID, b.StartDate, now)
		if err != nil {
			return err
		}
		if taken+b.Participants > dep.Capacity {
			return booking.ErrNoSeats
		}
		if newCustomer != nil {
			if err := tx.CreateUser(ctx, newCustomer); err != nil {
				return err
			}
			b.UserID = newCustomer.ID
		}
		return tx.CreatePaidBooking(ctx, b, actorName, now, e)
	})
	if errors.Is(err, booking.ErrNoSeats) && s.waitlist != nil {
		if oerr := s.waitlist.Offer(ctx, b.TourID, b.StartDate, now); oerr != nil {
			err = errors.Join(err, fmt.Errorf("offer seats: %w", oerr))
		}
	}
	s.queued()
	return err
}

// departure is a tour and one of its departures, by the tour's id and the day (YYYY-MM-DD),
// whatever the tour's status: tour.ErrNotFound when either is not there.
func (s *Service) departure(ctx context.Context, tourID, date string) (tour.Tour, tour.StartDate, error) {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return tour.Tour{}, tour.StartDate{}, fmt.Errorf("departure %q: %w", date, tour.ErrNotFound)
	}
	t, err := s.store.TourByIDAnyStatus(ctx, tourID, s.now())
	if err != nil {
		return tour.Tour{}, tour.StartDate{}, err
	}
	for _, dep := range t.StartDates {
		if dep.Date.Equal(d) {
			return t, dep, nil
		}
	}
	return tour.Tour{}, tour.StartDate{}, fmt.Errorf("departure %s of tour %s: %w", date, tourID, tour.ErrNotFound)
}

// WalkIn is a booking paid outside the site.
type WalkIn struct {
	Email         string `json:"email"`
	Name          string `json:"name"`
	Participants  int    `json:"participants"`
	PaymentMethod string `json:"paymentMethod"`
}

// RecordWalkIn books seats paid outside the site (cash, bank transfer) for a customer
// by email, at the tour's price; a new email gets an account without a password it
// knows (password reset, with transactional email, is what will let them in).
func (s *Service) RecordWalkIn(ctx context.Context, actor account.User, tourID, date string, in WalkIn) (booking.Booking, error) {
	if !account.CanManageBookings(actor) {
		return booking.Booking{}, ErrForbidden
	}
	t, dep, err := s.departure(ctx, tourID, date)
	if err != nil {
		return booking.Booking{}, err
	}
	source := booking.Source(in.PaymentMethod)
	if !source.Valid() || source == booking.Online {
		return booking.Booking{}, invalid("Please choose how the booking was paid: cash or bank transfer.")
	}
	if in.Participants < 1 || in.Participants > t.MaxGroupSize {
		return booking.Booking{}, invalid("Please choose between 1 and %d participants.", t.MaxGroupSize)
	}
	now := s.now()
	if t.Started(dep, now) {
		return booking.Booking{}, &fault.Error{Kind: fault.Conflict, Message: "This departure has already started."}
	}
	email, err := account.ValidateEmail(in.Email)
	if err != nil {
		return booking.Booking{}, err
	}
	// A new customer's account is made ready here (the password hash is slow) and
	// stored only with the booking.
	var fresh *account.User
	customer, err := s.store.UserByEmail(ctx, email)
	if errors.Is(err, account.ErrNotFound) {
		fresh, err = s.newCustomer(in.Name, email)
	}
	if err != nil {
		return booking.Booking{}, err
	}
	b := &booking.Booking{TourID: t.ID, UserID: customer.ID, StartDate: dep.Date, Participants: in.Participants,
		AmountMinor: t.UnitPriceMinor() * int64(in.Participants), Currency: strings.ToLower(t.Currency), Source: source,
		Policy: t.Policy}
	if err := s.createPaidBooking(ctx, b, fresh, actor.Name, now, entry(actor, "booking.walk_in", "booking", "")); err != nil {
		if errors.Is(err, booking.ErrNoSeats) {
			return booking.Booking{}, &fault.Error{Kind: fault.Conflict, Err: err, Message: noSeatsFor(in.Participants)}
		}
		return booking.Booking{}, err
	}
	s.log.Info("walk-in booking recorded", "booking_id", b.ID, "tour_id", t.ID, "date", date, "by", actor.ID)
	s.changed()
	return *b, nil
}

// noSeatsFor is the refusal of a walk-in of n people on a departure without the seats.
func noSeatsFor(n int) string {
	if n == 1 {
		return "There are no seats left on this departure."
	}
	return fmt.Sprintf("There are fewer than %d seats left on this departure.", n)
}

// newCustomer makes, without storing it, the account of a walk-in customer, with a
// random password nobody knows.
func (s *Service) newCustomer(name, email string) (*account.User, error) {
	name, err := account.ValidateName(name)
	if err != nil {
		return nil, err
	}
	var secret [24]byte
	_, _ = rand.Read(secret[:])
	hash, err := s.hash(hex.EncodeToString(secret[:]))
	if err != nil {
		return nil, err
	}
	return &account.User{Name: name, Email: email, Role: account.RoleUser, PasswordHash: hash, Active: true}, nil
}
