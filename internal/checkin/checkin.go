// Package checkin is the departure's side of the back office: its manifest (who is
// booked, who waits, who arrived) and checking travellers in by their ticket's code. Those
// who manage bookings see every departure, a guide only the tours they guide (checked
// here, once). It knows nothing of HTTP or SQL.
package checkin

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// Check-in at the departure: a guide of the tour (or a lead guide or admin) looks a
// ticket up by its code, sees who it is for, and records how many of its participants
// came. Whoever may see a departure's manifest may check its travellers in.

// Store is what manifests and check-in need of the store (*store.Store has it).
type Store interface {
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	DepartureBookings(ctx context.Context, tourID string, date time.Time) ([]backoffice.BookingRow, error)
	DepartureWaitlist(ctx context.Context, tourID string, date time.Time) ([]waitlist.Row, error)
	TicketByCode(ctx context.Context, code string) (ticket.Ticket, error)
	BookingTicket(ctx context.Context, bookingID string) (ticket.Ticket, error)
	CheckIn(ctx context.Context, bookingID string, arrived int, now time.Time, entry audit.Entry) (ticket.Ticket, bool, error)
	UndoCheckIn(ctx context.Context, bookingID string, entry audit.Entry) (ticket.Ticket, bool, error)
	DepartureCheckIns(ctx context.Context, tourID string, date time.Time) (map[string]ticket.CheckIn, error)
	RaiseArrived(ctx context.Context, bookingID string, arrived int, entry audit.Entry) (ticket.Ticket, bool, error)
}

// Options configures NewService.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
}

// Service shows manifests and checks travellers in.
type Service struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
}

// NewService returns the service.
func NewService(store Store, o Options) *Service {
	s := &Service{store: store, now: o.Now, log: o.Logger}
	if s.now == nil {
		s.now = time.Now
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

// Manifest is one departure and who is on it.
type Manifest struct {
	Tour      tour.Tour
	Departure tour.StartDate
	// Bookings are every booking that was paid for the departure, oldest first: Coming
	// are those whose travellers are expected, Apart the cancelled, refunded and refund
	// due, listed apart and not counted.
	Bookings []backoffice.BookingRow
	Coming   []backoffice.BookingRow
	Apart    []backoffice.BookingRow
	// Guides are the names of the tour's guides.
	Guides []string
	Totals Totals
	// Waitlist is the departure's waiting list in joining order: waiting and offered.
	Waitlist []waitlist.Row
	// CheckIns are what guides recorded at the departure, by booking.
	CheckIns map[string]ticket.CheckIn
}

// Manifest returns a departure's bookings, for those who manage bookings and the
// tour's guides (tour.ErrNotFound for anyone else, as for a departure that is not).
func (s *Service) Manifest(ctx context.Context, actor account.User, tourID, date string) (Manifest, error) {
	if !account.CanSeeManifests(actor) {
		return Manifest{}, account.ErrNotAllowed
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return Manifest{}, fmt.Errorf("departure %q: %w", date, tour.ErrNotFound)
	}
	t, err := s.store.TourByIDAnyStatus(ctx, tourID, s.now())
	if err != nil {
		return Manifest{}, err
	}
	if !account.CanManageBookings(actor) && !guides(t, actor.ID) {
		return Manifest{}, fmt.Errorf("guide %s on tour %s: %w", actor.ID, tourID, tour.ErrNotFound)
	}
	for _, dep := range t.StartDates {
		if dep.Date.Equal(d) {
			rows, err := s.store.DepartureBookings(ctx, tourID, d)
			if err != nil {
				return Manifest{}, err
			}
			wl, err := s.store.DepartureWaitlist(ctx, tourID, d)
			if err != nil {
				return Manifest{}, err
			}
			checkIns, err := s.store.DepartureCheckIns(ctx, tourID, d)
			if err != nil {
				return Manifest{}, err
			}
			m := Manifest{Tour: t, Departure: dep, Bookings: rows, Waitlist: wl, CheckIns: checkIns}
			m.split()
			return m, nil
		}
	}
	return Manifest{}, fmt.Errorf("departure %s of tour %s: %w", date, tourID, tour.ErrNotFound)
}

// Totals are what a departure's manifest counts: only travellers who are coming.
type Totals struct {
	Bookings   int
	Travellers int
	// Travellers recorded as arrived.
	CheckedIn int
}

// Coming says whether a booking's travellers are expected at the departure: a paid
// booking, or one taken by an operator and awaiting payment; a cancelled, refunded or
// refund-due one is not.
func Coming(b backoffice.BookingRow) bool {
	return b.Status == booking.Paid || b.Status == booking.AwaitingPayment
}

// split sorts m's bookings into those coming and those apart, and counts the first.
func (m *Manifest) split() {
	m.Coming, m.Apart = []backoffice.BookingRow{}, []backoffice.BookingRow{}
	for _, b := range m.Bookings {
		if !Coming(b) {
			m.Apart = append(m.Apart, b)
			continue
		}
		m.Coming = append(m.Coming, b)
		m.Totals.Bookings++
		m.Totals.Travellers += b.Participants
		if c, ok := m.CheckIns[b.ID]; ok {
			m.Totals.CheckedIn += c.Arrived
		}
	}
	m.Guides = make([]string, 0, len(m.Tour.Guides))
	for _, g := range m.Tour.Guides {
		m.Guides = append(m.Guides, g.Name)
	}
}

func guides(t tour.Tour, userID string) bool {
	for _, g := range t.Guides {
		if g.UserID == userID {
			return true
		}
	}
	return false
}

// LookUpTicket finds the ticket with code for the departure's check-in page. A ticket
// of another departure, of a booking no longer paid, or an unknown code is an error
// that says so; a ticket already checked in is returned with its CheckIn.
func (s *Service) LookUpTicket(ctx context.Context, actor account.User, tourID, date, code string) (ticket.Ticket, error) {
	m, err := s.Manifest(ctx, actor, tourID, date)
	if err != nil {
		return ticket.Ticket{}, err
	}
	c, err := ticket.Parse(code)
	if err != nil {
		return ticket.Ticket{}, err
	}
	k, err := s.store.TicketByCode(ctx, c)
	if err != nil {
		return ticket.Ticket{}, err
	}
	return k, admissible(m, k)
}

// CheckIn records that arrived of a booking's participants came to the departure (0:
// a no-show). It is open from the departure's day in the tour's time zone, until any
// time after (a latecomer still counts). A ticket already checked in takes a larger
// count (the rest of a group arrived late); the same or a smaller one is a conflict
// that says when and by whom (undo it to record fewer).
func (s *Service) CheckIn(ctx context.Context, actor account.User, tourID, date, bookingID string, arrived int) (ticket.Ticket, error) {
	m, k, err := s.departureTicket(ctx, actor, tourID, date, bookingID)
	if err != nil {
		return k, err
	}
	now := s.now()
	if opens := CheckInOpens(m.Tour, m.Departure); now.Before(opens) {
		return k, &fault.Error{Kind: fault.Conflict, Log: "check-in not open",
			Message: fmt.Sprintf("Check-in opens on the day of the departure, %s (%s time).", format.Date(m.Departure.Date), m.Tour.Zone())}
	}
	if arrived < 0 || arrived > k.Participants {
		return k, invalid("Between 0 and %d of this booking's participants can arrive.", k.Participants)
	}
	if k.CheckIn != nil {
		if arrived <= k.CheckIn.Arrived {
			return k, alreadyCheckedIn(m.Tour, k)
		}
		before := k.CheckIn.Arrived
		k, raised, err := s.store.RaiseArrived(ctx, k.BookingID, arrived, entry(actor, "booking.check_in_raise", "booking", k.BookingID))
		if err != nil {
			return k, err
		}
		if !raised {
			return k, notRecorded(m, k)
		}
		s.log.Info("arrivals raised", "booking_id", k.BookingID, "from", before, "to", arrived, "by", actor.ID)
		return k, nil
	}
	k, recorded, err := s.store.CheckIn(ctx, k.BookingID, arrived, now, entry(actor, "booking.check_in", "booking", k.BookingID))
	if err != nil {
		return k, err
	}
	if !recorded {
		return k, notRecorded(m, k)
	}
	s.log.Info("checked in", "booking_id", k.BookingID, "arrived", arrived, "of", k.Participants, "by", actor.ID)
	return k, nil
}

// UndoCheckIn forgets a booking's check-in, to record it again.
func (s *Service) UndoCheckIn(ctx context.Context, actor account.User, tourID, date, bookingID string) (ticket.Ticket, error) {
	_, k, err := s.departureTicket(ctx, actor, tourID, date, bookingID)
	if err != nil {
		return k, err
	}
	k, undone, err := s.store.UndoCheckIn(ctx, k.BookingID, entry(actor, "booking.check_in_undo", "booking", k.BookingID))
	if err != nil {
		return k, err
	}
	if !undone {
		return k, &fault.Error{Kind: fault.Conflict, Log: "not checked in", Message: "This ticket is not checked in: there is nothing to undo."}
	}
	return k, nil
}

// departureTicket is a booking's ticket if actor may check in the departure and the
// ticket is valid there.
func (s *Service) departureTicket(ctx context.Context, actor account.User, tourID, date, bookingID string) (Manifest, ticket.Ticket, error) {
	m, err := s.Manifest(ctx, actor, tourID, date)
	if err != nil {
		return m, ticket.Ticket{}, err
	}
	k, err := s.store.BookingTicket(ctx, bookingID)
	if err != nil {
		return m, k, err
	}
	return m, k, admissible(m, k)
}

// CheckInOpens is when a departure's check-in opens: the start of its day in the
// tour's time zone. Earlier, a ticket can be looked up but not checked in, so nobody is
// marked arrived on a departure they are not on yet.
func CheckInOpens(t tour.Tour, d tour.StartDate) time.Time {
	y, mo, day := d.Date.UTC().Date()
	return time.Date(y, mo, day, 0, 0, 0, 0, t.Zone())
}

// admissible says why a ticket does not admit its travellers to the manifest's
// departure, or nil.
func admissible(m Manifest, k ticket.Ticket) error {
	if k.TourID != m.Tour.ID || !k.Date.Equal(m.Departure.Date) {
		return &fault.Error{Kind: fault.Conflict, Log: "ticket of another departure",
			Message: fmt.Sprintf("This ticket is for %s on %s, not for this departure.", k.TourName, format.Date(k.Date))}
	}
	msg := ""
	switch k.Status {
	case booking.Paid:
		return nil
	case booking.Refunded:
		msg = "This booking was cancelled and refunded: the ticket is no longer valid."
	case booking.RefundDue:
		msg = "This booking's payment could not be accepted and is due a refund: the ticket is not valid. Please ask the office."
	default:
		msg = "This booking was cancelled: the ticket is no longer valid."
	}
	return &fault.Error{Kind: fault.Conflict, Log: "ticket of a " + string(k.Status) + " booking", Message: msg}
}

// notRecorded says why a check-in the store did not record was refused: another guide
// was quicker, or the booking was cancelled meanwhile. k is the ticket as it is now.
func notRecorded(m Manifest, k ticket.Ticket) error {
	if err := admissible(m, k); err != nil {
		return err
	}
	return alreadyCheckedIn(m.Tour, k)
}

func alreadyCheckedIn(t tour.Tour, k ticket.Ticket) error {
	return &fault.Error{Kind: fault.Conflict, Log: "already checked in", Message: CheckedInText(t, k)}
}

// CheckedInText says what was recorded of a checked-in ticket, in the tour's time:
// "Already checked in at 08:42 by Kwame Mensah: 2 of 2 arrived."
func CheckedInText(t tour.Tour, k ticket.Ticket) string {
	c := k.CheckIn
	if c == nil {
		return ""
	}
	what := fmt.Sprintf("%d of %d arrived", c.Arrived, k.Participants)
	if c.NoShow() {
		what = "marked as a no-show"
	}
	return fmt.Sprintf("Already checked in at %s by %s: %s.", c.At.In(t.Zone()).Format("15:04"), c.ByName, what)
}
