package waitlist

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/tour"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("waiting list: no transactions (Options.Tx)")

// Store is what the service reads outside a transaction (*store.Store has it).
type Store interface {
	UserWaitlist(ctx context.Context, userID string, now time.Time) ([]Place, error)
	WaitlistDepartures(ctx context.Context) ([]Departure, error)
}

// Tx is what the waiting list's workflow needs of the store inside a transaction, its
// own or the caller's that freed the seats (*store.Store bound to one has it).
type Tx interface {
	// LockDeparture locks the departure until the transaction ends (tour.ErrNotFound).
	LockDeparture(ctx context.Context, tourID string, date time.Time) (tour.StartDate, error)
	SeatsTaken(ctx context.Context, tourID string, date, now time.Time) (int, error)
	// ActiveWaitlist counts the departure's waiting and offered entries (of userID
	// alone when it is not "").
	ActiveWaitlist(ctx context.Context, tourID string, date time.Time, userID string) (int, error)
	// SettleOffers books the paid offers and lapses those whose hold ran out at now.
	SettleOffers(ctx context.Context, tourID string, date, now time.Time) error
	OfferTour(ctx context.Context, tourID string) (tour.Tour, error)
	WaitingEntries(ctx context.Context, tourID string, date time.Time) ([]Entry, error)
	PassEntry(ctx context.Context, entryID string) error
	HoldOffer(ctx context.Context, h *Hold) error
	AddWaitlistEntry(ctx context.Context, e *Entry, now time.Time) error
	WaitlistEntry(ctx context.Context, id string) (Entry, error)
	// EndWaitlistEntry sets an active entry's status; false when it was not active.
	EndWaitlistEntry(ctx context.Context, entryID string, to Status) (bool, error)
	// CancelBooking cancels a pending booking (an offer's hold); other states stay.
	CancelBooking(ctx context.Context, id string) error
	DepartureOffers(ctx context.Context, tourID string, date time.Time) ([]Offer, error)
	LapseDepartureWaitlist(ctx context.Context, tourID string, date time.Time) error
	UserByID(ctx context.Context, id string) (account.User, error)
	EnqueueEmail(ctx context.Context, m *mail.Message) (bool, error)
}

// Tours finds a published tour, for its departures and group size.
type Tours interface {
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

// Mailer drafts the waiting list's emails (emails.Writer): it is called inside the
// transaction, so it renders nothing; the drafts are rendered after the commit.
type Mailer interface {
	WaitlistOffer(o Offer) (*mail.Message, error)
	WaitlistCancelled(o Offer, reason string) (*mail.Message, error)
}

// Service runs the waiting lists: travellers join and leave them, and the seats freed on
// a departure are offered to its list, in the transaction that frees them (OfferIn) or
// in the service's own (Join, Leave, OfferWaitlistSeats). Paying an offer is
// booking.Service.PayOffer.
type Service struct {
	store  Store
	tours  Tours
	inTx   func(ctx context.Context, fn func(tx Tx) error) error
	mailer Mailer
	now    func() time.Time
	log    *slog.Logger
	// changed is called after seats may have changed (an offer declined and passed on),
	// to forget cached copies of the catalogue; queued after an email may have been
	// written, to render it and wake the sender.
	changed, queued func()
}

// Options configures NewService.
type Options struct {
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Mailer drafts the travellers' emails; nil writes none.
	Mailer  Mailer
	Now     func() time.Time
	Logger  *slog.Logger
	Changed func()
	Queued  func()
}

// NewService returns the waiting list service.
func NewService(store Store, tours Tours, o Options) *Service {
	s := &Service{store: store, tours: tours, inTx: o.Tx, mailer: o.Mailer, now: o.Now, log: o.Logger,
		changed: o.Changed, queued: o.Queued}
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
	if s.queued == nil {
		s.queued = func() {}
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

// Join puts user on the waiting list of a tour's departure (date YYYY-MM-DD) for
// participants people.
func (s *Service) Join(ctx context.Context, user account.User, tourID, date string, participants int) (Entry, error) {
	if user.ID == "" {
		return Entry{}, &fault.Error{Kind: fault.Unauthorized, Message: "Please log in to join the waiting list."}
	}
	now := s.now()
	t, err := s.tours.TourByID(ctx, tourID, now)
	if errors.Is(err, tour.ErrNotFound) {
		return Entry{}, &fault.Error{Kind: fault.NotFound, Message: "There is no tour with that id.", Err: err}
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
		return Entry{}, &fault.Error{Kind: fault.NotFound, Message: "This tour does not start on that date."}
	}
	e := Entry{TourID: t.ID, StartDate: day, UserID: user.ID, Participants: participants}
	if err := s.inTx(ctx, func(tx Tx) error { return s.join(ctx, tx, &e, now) }); err != nil {
		return Entry{}, fmt.Errorf("join waiting list of tour %s on %s: %w", t.ID, date, err)
	}
	// Joining first offers any seats already free to the entries ahead.
	s.changed()
	s.queued()
	s.log.Info("joined waiting list", "entry_id", e.ID, "tour_id", t.ID, "date", date, "participants", participants, "user_id", user.ID)
	return e, nil
}

// join puts e at the end of its departure's list. Seats already free are offered to the
// list first; if the group then fits in what is left, it should book instead
// (ErrSeatsFree). A closed or started departure, or one smaller than the group, is
// ErrNotOpen; a second entry of the user ErrAlreadyWaiting.
func (s *Service) join(ctx context.Context, tx Tx, e *Entry, now time.Time) error {
	if err := s.OfferIn(ctx, tx, e.TourID, e.StartDate, now); err != nil {
		return err
	}
	dep, taken, err := tour.LockSeats(ctx, tx, e.TourID, e.StartDate, now)
	if err != nil {
		return err
	}
	t, err := tx.OfferTour(ctx, e.TourID)
	if err != nil {
		return err
	}
	start := tour.StartsAt(dep.Date, dep.StartTime, t.Zone())
	if _, ok := OfferDeadline(now, start); !ok || dep.Closed || e.Participants > dep.Capacity {
		return ErrNotOpen
	}
	mine, err := tx.ActiveWaitlist(ctx, e.TourID, e.StartDate, e.UserID)
	if err != nil {
		return err
	}
	if mine > 0 {
		return ErrAlreadyWaiting
	}
	if dep.Capacity-taken >= e.Participants {
		return ErrSeatsFree
	}
	return tx.AddWaitlistEntry(ctx, e, now)
}

// Leave takes user's entry off its list (ErrNotFound when there is none of theirs). An
// offer it held is declined: its hold is cancelled and the seats go to the next entries
// at once.
func (s *Service) Leave(ctx context.Context, user account.User, entryID string) error {
	if user.ID == "" {
		return &fault.Error{Kind: fault.Unauthorized, Message: "Please log in first."}
	}
	now := s.now()
	err := s.inTx(ctx, func(tx Tx) error {
		e, err := tx.WaitlistEntry(ctx, entryID)
		if err != nil || e.UserID != user.ID {
			return ErrNotFound
		}
		// The departure first, as everywhere: then the entry cannot change under us.
		if _, err := tx.LockDeparture(ctx, e.TourID, e.StartDate); err != nil && !errors.Is(err, tour.ErrNotFound) {
			return err
		}
		ended, err := tx.EndWaitlistEntry(ctx, e.ID, Left)
		if err != nil {
			return err
		}
		if !ended {
			return ErrNotFound
		}
		if e.BookingID != "" {
			if err := tx.CancelBooking(ctx, e.BookingID); err != nil {
				return err
			}
		}
		return s.OfferIn(ctx, tx, e.TourID, e.StartDate, now)
	})
	if err != nil {
		return fmt.Errorf("leave waiting list entry %s: %w", entryID, err)
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

// OfferWaitlistSeats runs the waiting list of every departure that has one: offers that
// ran out pass on, and seats freed by holds that expired are offered. It is the periodic
// sweep beside the offers made where seats are freed; running it again changes nothing.
// It says how many departures it looked at. The caller calls Queued's function.
func (s *Service) OfferWaitlistSeats(ctx context.Context, now time.Time) (int, error) {
	deps, err := s.store.WaitlistDepartures(ctx)
	if err != nil {
		return 0, err
	}
	for _, d := range deps {
		// One transaction per departure: a long list of them never holds SQLite's writer
		// for long.
		if err := s.inTx(ctx, func(tx Tx) error { return s.OfferIn(ctx, tx, d.TourID, d.Date, now) }); err != nil {
			return 0, fmt.Errorf("waiting list of tour %s on %s: %w", d.TourID, d.Date.Format(time.DateOnly), err)
		}
	}
	return len(deps), nil
}

// Offer runs OfferIn in a transaction of its own, as after a hold that was refused
// (whose transaction, with its offers, rolled back).
func (s *Service) Offer(ctx context.Context, tourID string, date, now time.Time) error {
	return s.inTx(ctx, func(tx Tx) error { return s.OfferIn(ctx, tx, tourID, date, now) })
}

// OfferIn settles and runs one departure's waiting list inside tx, the caller's
// transaction that freed (or is about to take) seats on it: it locks the departure,
// marks paid offers booked, lets offers that ran out unpaid lapse (their hold
// cancelled), and then offers the free seats to the waiting entries that fit (Pick),
// each as a pending booking held until the offer's deadline, with the draft of its
// email. A departure without an active entry costs one indexed query. Closed, started or
// unpublished departures get no new offers. The caller calls Queued's function once
// the transaction has committed.
func (s *Service) OfferIn(ctx context.Context, tx Tx, tourID string, date, now time.Time) error {
	dep, err := tx.LockDeparture(ctx, tourID, date)
	if errors.Is(err, tour.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lock departure: %w", err)
	}
	active, err := tx.ActiveWaitlist(ctx, tourID, date, "")
	if err != nil || active == 0 {
		return err
	}
	if err := tx.SettleOffers(ctx, tourID, date, now); err != nil {
		return err
	}
	t, err := tx.OfferTour(ctx, tourID)
	if err != nil {
		return err
	}
	deadline, open := OfferDeadline(now, tour.StartsAt(dep.Date, dep.StartTime, t.Zone()))
	if !open || dep.Closed || t.Status != tour.Published || t.PriceOn(dep, t.SeatCategory()) <= 0 {
		return nil
	}
	taken, err := tx.SeatsTaken(ctx, tourID, date, now)
	if err != nil {
		return err
	}
	free := dep.Capacity - taken
	if free <= 0 {
		return nil
	}
	waiting, err := tx.WaitingEntries(ctx, tourID, date)
	if err != nil {
		return err
	}
	offered, passed := Pick(waiting, free)
	for _, i := range passed {
		if err := tx.PassEntry(ctx, waiting[i].ID); err != nil {
			return err
		}
	}
	for _, i := range offered {
		if err := s.makeOffer(ctx, tx, t, dep, waiting[i], deadline, now); err != nil {
			return err
		}
	}
	return nil
}

// makeOffer holds the seats of one waiting entry and drafts the traveller's email.
func (s *Service) makeOffer(ctx context.Context, tx Tx, t tour.Tour, dep tour.StartDate, e Entry, deadline, now time.Time) error {
	// The seats are offered as travellers of the first category that takes one, at the
	// departure's price for it.
	c := t.SeatCategory()
	c.PriceMinor = t.PriceOn(dep, c)
	h := Hold{EntryID: e.ID, TourID: t.ID, UserID: e.UserID, StartDate: dep.Date, Participants: e.Participants,
		Category: c, AmountMinor: c.PriceMinor * int64(e.Participants), Currency: strings.ToLower(t.Currency),
		HoldUntil: deadline, At: now,
		// The policy in force when the seats are offered is what the traveller agrees to.
		Policy: t.Policy}
	if err := tx.HoldOffer(ctx, &h); err != nil {
		return err
	}
	if s.mailer == nil {
		return nil
	}
	e.Status, e.BookingID, e.OfferedAt, e.OfferUntil = Offered, h.BookingID, h.At, deadline
	u, err := tx.UserByID(ctx, e.UserID)
	if err != nil {
		return fmt.Errorf("traveller of entry %s: %w", e.ID, err)
	}
	o := Offer{Entry: e, TourName: t.Name, TourSlug: t.Slug, TimeZone: t.TimeZone, StartTime: dep.StartTime,
		MeetingPoint: dep.MeetingPoint, UserName: u.Name, UserEmail: u.Email, AmountMinor: h.AmountMinor, Currency: h.Currency}
	m, err := s.mailer.WaitlistOffer(o)
	if err != nil {
		// The offer matters more than its email: /my-tours shows it in any case.
		s.log.Error("write waiting list offer email", "entry_id", e.ID, "booking_id", h.BookingID, "error", err)
		return nil
	}
	if _, err := tx.EnqueueEmail(ctx, m); err != nil {
		return fmt.Errorf("offer email of entry %s: %w", e.ID, err)
	}
	return nil
}

// EndDeparture ends the waiting list of a departure the operator cancelled, for reason:
// every active entry lapses, the seats held for offers are released, and each traveller
// gets a draft of the email saying so, all in one transaction under the departure's
// lock. It says how many entries ended; running it again ends none.
func (s *Service) EndDeparture(ctx context.Context, tourID string, date time.Time, reason string) (int, error) {
	var ended int
	err := s.inTx(ctx, func(tx Tx) error {
		dep, err := tx.LockDeparture(ctx, tourID, date)
		if errors.Is(err, tour.ErrNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lock departure: %w", err)
		}
		entries, err := tx.DepartureOffers(ctx, tourID, date)
		if err != nil || len(entries) == 0 {
			return err
		}
		if err := tx.LapseDepartureWaitlist(ctx, tourID, date); err != nil {
			return err
		}
		ended = len(entries)
		if s.mailer == nil {
			return nil
		}
		for _, o := range entries {
			o.StartTime, o.MeetingPoint = dep.StartTime, dep.MeetingPoint
			m, err := s.mailer.WaitlistCancelled(o, reason)
			if err != nil {
				// The list ends whether or not its email could be written.
				s.log.Error("write waiting list cancelled email", "entry_id", o.ID, "error", err)
				continue
			}
			if m == nil {
				continue
			}
			if _, err := tx.EnqueueEmail(ctx, m); err != nil {
				return fmt.Errorf("email of entry %s: %w", o.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("end waiting list of tour %s on %s: %w", tourID, date.Format(time.DateOnly), err)
	}
	if ended > 0 {
		s.changed()
		s.queued()
	}
	return ended, nil
}
