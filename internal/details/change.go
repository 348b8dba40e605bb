package details

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/tour"
)

// The traveller changes their booking's names and answers on /my-tours/{id}, until the
// tour's cut-off before the departure.

// Store is what a change reads (*store.Store has it).
type Store interface {
	BookingByID(ctx context.Context, id string) (booking.Booking, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

// Tx is what a change writes, in one transaction: the details and their audit entry.
type Tx interface {
	Store
	// LockBooking reads a booking and locks it until the transaction ends.
	LockBooking(ctx context.Context, id string) (booking.Booking, error)
	SetBookingDetails(ctx context.Context, id string, travellers []booking.Traveller, answers []booking.Answer) error
	AddAudit(ctx context.Context, entry audit.Entry, objectID string) error
}

// Options configures NewService.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// Tx runs fn in one transaction of the store (store.Store.InTx); required to change.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
}

// Service changes a booking's travellers and answers.
type Service struct {
	store Store
	now   func() time.Time
	log   *slog.Logger
	inTx  func(ctx context.Context, fn func(tx Tx) error) error
}

var errNoTx = errors.New("details: no transactions configured")

// NewService returns the service.
func NewService(store Store, o Options) *Service {
	s := &Service{store: store, now: o.Now, log: o.Logger, inTx: o.Tx}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(Tx) error) error { return errNoTx }
	}
	return s
}

// DepartureOf is t's departure on day: a departure with bookings is never deleted, its
// day at the default time otherwise.
func DepartureOf(t tour.Tour, day time.Time) tour.StartDate {
	dep := tour.StartDate{Date: tour.Day(day)}
	for _, d := range t.StartDates {
		if d.Date.Equal(dep.Date) {
			dep = d
		}
	}
	return dep
}

// Changeable reports whether b's travellers may change its details at now: a paid
// booking, or one awaiting payment, before the cut-off of its departure.
func Changeable(t tour.Tour, b booking.Booking, now time.Time) bool {
	return (b.Status == booking.Paid || b.Status == booking.AwaitingPayment) && Open(t, DepartureOf(t, b.StartDate), now)
}

// CutoffText is when the answers of b can no longer be changed, in the tour's time:
// "Fri 11 June 2027, 09:00 CEST (Europe/Oslo)".
func CutoffText(t tour.Tour, b booking.Booking) string {
	return format.Moment(t.AnswersCutoffAt(DepartureOf(t, b.StartDate)), t.Zone())
}

// ChangeOwn replaces the travellers and answers of customer's own booking id with given,
// checked as at checkout (Check) against the tour as it is now, under the booking's lock
// (an operator's change of its travellers waits, or is waited for). What the tour no
// longer asks is kept as it was: the names and phones it does not ask now, and the
// answers to questions since removed. Someone else's booking is booking.ErrNotFound; a
// booking not paid nor awaiting payment, or a departure past its cut-off, a conflict
// that says so.
func (s *Service) ChangeOwn(ctx context.Context, customer account.User, id string, given Given) (booking.Booking, error) {
	var out booking.Booking
	err := s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, id)
		if err != nil {
			return err
		}
		if customer.ID == "" || b.UserID != customer.ID {
			return fmt.Errorf("details of booking %s of another user: %w", id, booking.ErrNotFound)
		}
		now := s.now()
		t, err := tx.TourByIDAnyStatus(ctx, b.TourID, now)
		if err != nil {
			return err
		}
		if b.Status != booking.Paid && b.Status != booking.AwaitingPayment {
			return &fault.Error{Kind: fault.Conflict, Log: "details of a " + string(b.Status) + " booking",
				Message: "Only a confirmed booking's travellers and answers can be changed."}
		}
		if !Open(t, DepartureOf(t, b.StartDate), now) {
			return &fault.Error{Kind: fault.Conflict, Log: "details after the cut-off",
				Message: "Answers can no longer be changed: the cut-off was " + CutoffText(t, b) + ". Please contact us if something is wrong."}
		}
		travellers, answers, err := Check(t, b.UnitsOf(), given)
		if err != nil {
			return err
		}
		travellers, answers = kept(t, b, travellers, answers)
		if slices.Equal(travellers, TravellersOf(b)) && slices.Equal(answers, b.Answers) {
			out = b // nothing changed: nothing to write
			return nil
		}
		// The audit names who travels and which answers changed, not the answers nor the
		// phones: they may be health or identity data, and the log outlives the booking.
		e := audit.Entry{ActorID: customer.ID, ActorName: customer.Name, Action: "booking.details_update",
			ObjectType: "booking", ObjectID: id}
		e.Changes.Diff("Travellers", summary(t, TravellersOf(b)), summary(t, travellers))
		e.Changes.Diff("Answers changed", nil, changedAnswers(b.Answers, answers))
		if err := tx.SetBookingDetails(ctx, id, travellers, answers); err != nil {
			return err
		}
		if err := tx.AddAudit(ctx, e, id); err != nil {
			return err
		}
		b.Travellers, b.Answers = travellers, answers
		out = b
		return nil
	})
	if err != nil {
		return booking.Booking{}, err
	}
	s.log.Info("booking details changed by its traveller", "booking_id", id, "user_id", customer.ID)
	return out, nil
}

// kept is what a change of b's details writes: the travellers and answers checked, with
// the names and phones the tour no longer asks kept from b's travellers, and b's answers
// to questions the tour no longer has.
func kept(t tour.Tour, b booking.Booking, travellers []booking.Traveller, answers []booking.Answer) ([]booking.Traveller, []booking.Answer) {
	before := TravellersOf(b)
	for i := range travellers {
		asked := t.Travellers == tour.AskAll || (t.Travellers == tour.AskLead && i == 0)
		if !asked && i < len(before) && before[i].CategoryID == travellers[i].CategoryID {
			travellers[i].Name, travellers[i].Phone = before[i].Name, before[i].Phone
		}
	}
	for _, a := range b.Answers {
		if _, ok := question(t, a.QuestionID); !ok {
			answers = append(answers, a)
		}
	}
	return travellers, answers
}

// summary is travellers as the audit log reads them: "Adult: Ann Berg".
func summary(t tour.Tour, travellers []booking.Traveller) []string {
	out := make([]string, 0, len(travellers))
	for _, tr := range travellers {
		out = append(out, categoryName(t, tr.CategoryID)+": "+tr.Name)
	}
	return out
}

// changedAnswers names the answers given, changed or removed by a change, as the audit
// log reads them ("Dietary needs (traveller 2)"), without their values.
func changedAnswers(before, after []booking.Answer) []string {
	key := func(a booking.Answer) string {
		if a.Traveller > 0 {
			return fmt.Sprintf("%s (traveller %d)", a.Label, a.Traveller)
		}
		return a.Label
	}
	was := map[string]string{}
	for _, a := range before {
		was[key(a)] = a.Value
	}
	var out []string
	for _, a := range after {
		if v, ok := was[key(a)]; !ok || v != a.Value {
			out = append(out, key(a))
		}
		delete(was, key(a))
	}
	for k := range was {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
