// Package rebook changes a booking without cancelling it: fewer or more travellers,
// another departure of the same tour, the lead traveller's name and contact. Seats are
// checked under the departures' locks and moved in one transaction (the ticket, keyed by
// the booking, stays valid); the waiting list is offered the seats freed. The price
// follows the travellers at the booking's own price per person: for less, the difference
// is refunded through the provider with internal/refund's refund-once-per-key, in the
// same transaction as the change; for more, the balance is due. Every change is shown
// (Preview) before it is made, audited, written in the booking's history and told to the
// traveller in one email. Those who manage bookings may change any. It knows nothing of
// HTTP or SQL.
package rebook

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/inject"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/plaintext"
	"tourbook/internal/refund"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

var (
	// ErrNotChangeable: only a paid or awaiting-payment booking can be changed.
	ErrNotChangeable = fault.New(fault.Conflict, "booking not changeable", "Only a booking that is paid or awaiting payment can be changed. Reload the page to see its state.")
	// ErrNothingToChange: the change asks for what the booking already has.
	ErrNothingToChange = fault.New(fault.Conflict, "nothing to change", "The booking already has these details: nothing was changed.")
	// ErrPlanChanged: the booking changed between the preview and the confirmation.
	ErrPlanChanged = fault.New(fault.Conflict, "change plan changed", "The booking changed since this change was shown: nothing was changed. Please review the change again.")
	// ErrCheckedIn: its travellers have checked in at the departure.
	ErrCheckedIn = fault.New(fault.Conflict, "booking checked in", "This booking's travellers have checked in at the departure, so it can no longer be changed.")
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("rebook: no transactions (Options.Tx)")

// Store is what the service reads (*store.Store has it).
type Store interface {
	backoffice.DetailStore
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	// BookingTicket is a booking's ticket with its check-in (ticket.ErrNotFound).
	BookingTicket(ctx context.Context, bookingID string) (ticket.Ticket, error)
}

// Tx is what the service writes in one transaction (*store.Store bound to one has it):
// refund.Tx, since a change that lowers the price begins its refund in it.
type Tx interface {
	refund.Tx
	booking.StockReader
	ChangeBooking(ctx context.Context, b booking.Booking) error
}

// Refunds makes a refund once per key (refund.Service).
type Refunds interface {
	RefundOnce(ctx context.Context, actor account.User, r backoffice.Refund, run refund.RefundRun) error
}

// Waitlist offers seats freed on a departure to its waiting list (waitlist.Service).
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
}

// Mailer writes the traveller's email about a change (emails.Bookings).
type Mailer interface {
	Changed(ctx context.Context, c Mail) (*mail.Message, error)
}

// Mail is what the traveller's email about a change says.
type Mail struct {
	// Before and After are the booking as it was and as it is.
	Before, After booking.Booking
	// Changes are the lines "Travellers: 3 → 2".
	Changes []string
	// RefundMinor is given back with the change; DueMinor is still to pay after it.
	RefundMinor, DueMinor int64
	// Message is the operator's words for the customer ("" for none).
	Message booking.CustomerText
	// Key makes the email once per change.
	Key string
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Changed is called after seats change, to forget cached copies of the catalogue.
	Changed func()
	Logger  *slog.Logger
	// Mailer writes the traveller's email; nil sends none. Queued wakes the outbox's
	// sender after one is written.
	Mailer Mailer
	Queued func()
	// Tx runs fn in one transaction of the store; required for every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Waitlist offers freed seats to the waiting lists; nil makes no offers.
	Waitlist Waitlist
	// PriceChanged is called after a change of a booking's price, to close the payment
	// links (a balance checkout) still open for what was due before; nil: none.
	PriceChanged func(ctx context.Context, bookingID string)
}

// Service changes bookings.
type Service struct {
	store    Store
	refunds  Refunds
	now      func() time.Time
	changed  func()
	log      *slog.Logger
	mailer   Mailer
	queued   func()
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	waitlist Waitlist
	// priced: Options.PriceChanged.
	priced func(ctx context.Context, bookingID string)
}

// NewService returns the service; refunds makes the refunds of changes that lower the
// price.
func NewService(store Store, refunds Refunds, o Options) *Service {
	return &Service{store: store, refunds: refunds, now: inject.Clock(o.Now), changed: inject.Hook(o.Changed),
		log: inject.Logger(o.Logger), mailer: o.Mailer, queued: inject.Hook(o.Queued), inTx: inject.Tx(o.Tx, errNoTx),
		waitlist: o.Waitlist, priced: o.PriceChanged}
}

// Change is what an operator asks of a booking; zero fields keep what it has.
type Change struct {
	// Participants: the new number of travellers; 0 keeps it.
	Participants int `json:"participants"`
	// Date: another departure of the same tour, YYYY-MM-DD; "" keeps it.
	Date string `json:"date"`
	// The lead traveller's contact; nil keeps it, "" clears it (the account's is used).
	ContactName  *string `json:"contactName"`
	ContactEmail *string `json:"contactEmail"`
	ContactPhone *string `json:"contactPhone"`
	// Note is the operator's, kept in the history; never sent.
	Note string `json:"note"`
	// Key makes the change and its refund once, whatever the retries.
	Key string `json:"key"`
	// ExpectRefundMinor and ExpectDueMinor, when set, are what the preview showed: if the
	// booking changed meanwhile so that they differ, nothing is changed (ErrPlanChanged).
	ExpectRefundMinor *int64 `json:"expectRefundMinor"`
	ExpectDueMinor    *int64 `json:"expectDueMinor"`
}

// Plan is a change worked out: the booking as it would be, and the money.
type Plan struct {
	Before, After booking.Booking
	// Changes are the lines "Travellers: 3 → 2", in the order of the form.
	Changes []string
	// Moved: the departure changes.
	Moved bool
	// RefundMinor is given back through the provider with the change.
	RefundMinor int64
	// DueMinor is what is still to pay once the change is made (After.DueMinor()).
	DueMinor int64
	// SeatsLeft on the departure the booking would be on, once changed.
	SeatsLeft int
}

const (
	maxNoteLen    = 500
	maxContactLen = 120
)

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

// Changeable reports whether b may be changed: it holds its seats for good (paid, or
// taken by an operator and awaiting payment).
func Changeable(b booking.Booking) bool {
	return b.Status == booking.Paid || b.Status == booking.AwaitingPayment
}

// plan works out change c of b on tour t at now, or says in a sentence why it cannot be
// made; the seats are counted by the caller.
func plan(b booking.Booking, t tour.Tour, c Change, now time.Time) (Plan, error) {
	p := Plan{Before: b, After: b}
	if !Changeable(b) {
		return p, ErrNotChangeable
	}
	if from := departureOf(t, b.StartDate); t.Started(from, now) {
		return p, &fault.Error{Kind: fault.Conflict, Message: "This booking's departure has already started, so it can no longer be changed."}
	}
	if c.Date != "" {
		day, err := time.Parse(time.DateOnly, c.Date)
		if err != nil {
			return p, invalid("Please choose the new departure's date.")
		}
		if !day.Equal(tour.Day(b.StartDate)) {
			to, ok := findDeparture(t, day)
			switch {
			case !ok:
				return p, invalid("The tour has no departure on %s.", format.Date(day))
			case t.Started(to, now):
				return p, invalid("The departure of %s has already started.", format.Date(day))
			case to.Cancelled():
				return p, invalid("The departure of %s is cancelled.", format.Date(day))
			case to.Closed:
				return p, invalid("The departure of %s is closed: open it first to move bookings to it.", format.Date(day))
			}
			p.After.StartDate, p.Moved = to.Date, true
			if b.WithDeposit() {
				// The balance stays due as many days before the departure as it was.
				p.After.BalanceDue = tour.Day(b.BalanceDue).AddDate(0, 0, int(to.Date.Sub(tour.Day(b.StartDate)).Hours()/24))
			}
			p.Changes = append(p.Changes, fmt.Sprintf("Date: %s → %s", format.Date(b.StartDate), format.Date(to.Date)))
		}
	}
	if c.Participants != 0 && c.Participants != b.Participants {
		if c.Participants < 1 || c.Participants > t.MaxGroupSize {
			return p, invalid("Please choose between 1 and %d travellers.", t.MaxGroupSize)
		}
		if !oneCategory(b) {
			// Which traveller goes, at which of the booking's prices, is not the number's to say.
			return p, invalid("This booking has travellers in several price categories (%s), so the number of travellers cannot be changed as one number. Please cancel and book again, or refund part of it.",
				booking.UnitsText(b.UnitsOf()))
		}
		p.After.Participants = c.Participants
		p.After.Units, p.After.Travellers, p.After.Answers = resized(b, c.Participants)
		// The booking's own price per person: what the customer agreed to, not today's.
		p.After.AmountMinor = b.AmountMinor * int64(c.Participants) / int64(b.Participants)
		p.Changes = append(p.Changes, fmt.Sprintf("Travellers: %d → %d", b.Participants, c.Participants))
		p.Changes = append(p.Changes, fmt.Sprintf("Price: %s → %s", money.Format(b.AmountMinor, b.Currency),
			money.Format(p.After.AmountMinor, b.Currency)))
	}
	for _, f := range []struct {
		label string
		in    *string
		into  *string
		email bool
	}{
		{"Lead traveller", c.ContactName, &p.After.ContactName, false},
		{"Contact email", c.ContactEmail, &p.After.ContactEmail, true},
		{"Contact phone", c.ContactPhone, &p.After.ContactPhone, false},
	} {
		if f.in == nil {
			continue
		}
		v := strings.TrimSpace(*f.in)
		switch {
		case utf8.RuneCountInString(v) > maxContactLen:
			return p, invalid("%s must be at most %d characters.", f.label, maxContactLen)
		case plaintext.HasHiddenControl(v, false):
			return p, invalid("%s must not contain control characters.", f.label)
		case f.email && v != "":
			if _, err := account.ValidateEmail(v); err != nil {
				return p, invalid("Please give the contact email as an address, e.g. name@example.com.")
			}
		}
		if v == *f.into {
			continue
		}
		p.Changes = append(p.Changes, fmt.Sprintf("%s: %s → %s", f.label, orNone(*f.into), orNone(v)))
		*f.into = v
	}
	if len(p.Changes) == 0 {
		return p, ErrNothingToChange
	}
	// Money back only for a lower price, and only what was received beyond the new
	// price: a balance still due is lowered first.
	if lower := b.AmountMinor - p.After.AmountMinor; lower > 0 {
		p.RefundMinor = min(lower, max(0, b.PaidMinor-p.After.AmountMinor), refund.Refundable(b))
	}
	p.DueMinor = p.After.DueMinor()
	return p, nil
}

// oneCategory reports whether every traveller of b is of one price category that takes
// a seat, and b has no extras: then its number of travellers is its seats, and changing
// it changes nothing else.
func oneCategory(b booking.Booking) bool {
	units := b.UnitsOf()
	return len(units) == 1 && units[0].TakesSeat && len(b.Extras) == 0
}

// resized is b's units, travellers and answers for n travellers of its one category:
// travellers added unnamed, those removed taking their answers with them.
func resized(b booking.Booking, n int) ([]booking.Unit, []booking.Traveller, []booking.Answer) {
	var units []booking.Unit
	if len(b.Units) > 0 {
		units = []booking.Unit{b.Units[0]}
		units[0].Count = n
	}
	if len(b.Travellers) == 0 {
		return units, nil, b.Answers
	}
	travellers := slices.Clone(b.Travellers[:min(n, len(b.Travellers))])
	for len(travellers) < n {
		travellers = append(travellers, booking.Traveller{CategoryID: b.UnitsOf()[0].CategoryID})
	}
	var answers []booking.Answer
	for _, a := range b.Answers {
		if a.Traveller <= n {
			answers = append(answers, a)
		}
	}
	return units, travellers, answers
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func findDeparture(t tour.Tour, day time.Time) (tour.StartDate, bool) {
	for _, d := range t.StartDates {
		if d.Date.Equal(tour.Day(day)) {
			return d, true
		}
	}
	return tour.StartDate{}, false
}

// departureOf is t's departure on day; its day at the default time when it is gone.
func departureOf(t tour.Tour, day time.Time) tour.StartDate {
	if d, ok := findDeparture(t, day); ok {
		return d
	}
	return tour.StartDate{Date: tour.Day(day)}
}

// load reads booking id and its tour at now, refusing a booking whose travellers have
// checked in (their ticket was used at the departure).
func (s *Service) load(ctx context.Context, id string, now time.Time) (backoffice.BookingRow, tour.Tour, error) {
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return row, tour.Tour{}, err
	}
	t, err := s.store.TourByIDAnyStatus(ctx, row.TourID, now)
	if err != nil {
		return row, t, err
	}
	k, err := s.store.BookingTicket(ctx, id)
	switch {
	case err == nil && k.CheckIn != nil:
		return row, t, ErrCheckedIn
	case err != nil && !errors.Is(err, ticket.ErrNotFound):
		return row, t, err
	}
	return row, t, nil
}

// Preview is change c of booking id worked out, with the seats left where it would be,
// nothing written: what the operator confirms.
func (s *Service) Preview(ctx context.Context, actor account.User, id string, c Change) (Plan, error) {
	if !account.CanManageBookings(actor) {
		return Plan{}, account.ErrNotAllowed
	}
	now := s.now()
	row, t, err := s.load(ctx, id, now)
	if err != nil {
		return Plan{}, err
	}
	p, err := plan(row.Booking, t, c, now)
	if err != nil {
		return p, err
	}
	to := departureOf(t, p.After.StartDate)
	p.SeatsLeft = t.SeatsLeft(to)
	if !p.Moved {
		p.SeatsLeft += p.Before.Participants
	}
	p.SeatsLeft -= p.After.Participants
	if p.SeatsLeft < 0 {
		return p, noSeats(p)
	}
	return p, nil
}

func noSeats(p Plan) error {
	return &fault.Error{Kind: fault.Conflict, Err: booking.ErrNoSeats,
		Message: fmt.Sprintf("There are not enough seats on %s for %d travellers.", format.Date(p.After.StartDate), p.After.Participants)}
}

// Apply makes change c of booking id and returns the booking as it now is. The seats are
// checked under the departures' locks; for a lower price the difference is refunded
// through the provider in the same transaction as the change, once per c.Key (the same
// key again, after a failure or at the same moment, makes the change and the refund
// once); for a higher one the balance is due. The traveller gets one email.
func (s *Service) Apply(ctx context.Context, actor account.User, id string, c Change) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	note, err := cleanNote(c.Note)
	if err != nil {
		return backoffice.Detail{}, err
	}
	if c.Key = strings.TrimSpace(c.Key); c.Key == "" || len(c.Key) > 100 {
		return backoffice.Detail{}, invalid("This form has expired. Please reload the page and try again.")
	}
	if err := s.apply(ctx, actor, id, c, note, ""); err != nil {
		return backoffice.Detail{}, err
	}
	return backoffice.LoadDetail(ctx, s.store, id)
}

// Move moves booking id to the tour's departure on date (YYYY-MM-DD), its seats checked
// there, as a departure's cancellation does with each booking the operator moves (note
// in its history; message for the customer's email). Once per booking and date.
func (s *Service) Move(ctx context.Context, actor account.User, id, date, note string, message booking.CustomerText) (backoffice.BookingRow, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.BookingRow{}, account.ErrNotAllowed
	}
	note, err := cleanNote(note)
	if err != nil {
		return backoffice.BookingRow{}, err
	}
	c := Change{Date: date, Key: "move-" + id + "-" + date}
	if err := s.apply(ctx, actor, id, c, note, message); err != nil {
		return backoffice.BookingRow{}, err
	}
	return s.store.BookingRow(ctx, id)
}

func cleanNote(note string) (string, error) {
	note = strings.TrimSpace(note)
	if utf8.RuneCountInString(note) > maxNoteLen {
		return "", invalid("The note must be at most %d characters.", maxNoteLen)
	}
	return note, nil
}

func (s *Service) apply(ctx context.Context, actor account.User, id string, c Change, note string, message booking.CustomerText) error {
	now := s.now()
	row, t, err := s.load(ctx, id, now)
	if err != nil {
		return err
	}
	// A refund begun with this key: the change was made with it; only the refund may be
	// left to finish (the provider failed, or another request is at it).
	refunds, err := s.store.BookingRefunds(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range refunds {
		if r.Key == c.Key {
			return s.refunds.RefundOnce(ctx, actor, r, changeRefund())
		}
	}
	p, err := plan(row.Booking, t, c, now)
	if err != nil {
		return err
	}
	e := audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "booking.change", ObjectType: "booking", ObjectID: id}
	// The email is written from the plan before the change is stored (so the calendar
	// file it carries counts this move as the next), and queued with it.
	var done *mail.Message
	if s.mailer != nil {
		if done, err = s.mailer.Changed(ctx, Mail{Before: p.Before, After: p.After, Changes: p.Changes,
			RefundMinor: p.RefundMinor, DueMinor: p.DueMinor, Message: message, Key: c.Key}); err != nil {
			s.log.Error("write change email", "booking_id", id, "error", err)
			done = nil
		}
	}
	// write makes the change under the booking's and the departures' locks, from the
	// booking as locked: the plan is worked out again and must be the one shown.
	write := func(ctx context.Context, tx Tx, b booking.Booking) (Plan, error) {
		again, err := plan(b, t, c, now)
		if err != nil {
			return again, err
		}
		if again.RefundMinor != p.RefundMinor || again.DueMinor != p.DueMinor || !slices.Equal(again.Changes, p.Changes) ||
			(c.ExpectRefundMinor != nil && *c.ExpectRefundMinor != p.RefundMinor) ||
			(c.ExpectDueMinor != nil && *c.ExpectDueMinor != p.DueMinor) {
			return again, ErrPlanChanged
		}
		// The same change, but of the booking as locked: its travellers and answers may
		// have been changed by their traveller since the plan was shown.
		p := again
		if err := s.takeSeats(ctx, tx, p, now); err != nil {
			return p, err
		}
		if p.Moved {
			// Its extras move with its seats, within the new departure's stock.
			if err := booking.CheckStock(ctx, tx, &p.After, t.Extras, now); err != nil {
				return p, err
			}
		}
		if err := tx.ChangeBooking(ctx, p.After); err != nil {
			return p, err
		}
		kind := "changed"
		if p.Moved {
			kind = "moved"
		}
		detail := strings.Join(p.Changes, "; ")
		if note != "" {
			detail += "|" + note
		}
		if err := tx.AddBookingEvent(ctx, backoffice.Event{BookingID: id, At: now, ActorID: actor.ID, ActorName: actor.Name,
			Kind: kind, Detail: detail}); err != nil {
			return p, err
		}
		e := e
		e.Changes.Diff("departure", day(p.Before.StartDate), day(p.After.StartDate))
		e.Changes.Diff("participants", p.Before.Participants, p.After.Participants)
		e.Changes.Diff("amount", p.Before.AmountMinor, p.After.AmountMinor)
		e.Changes.Diff("contact_name", p.Before.ContactName, p.After.ContactName)
		e.Changes.Diff("contact_email", p.Before.ContactEmail, p.After.ContactEmail)
		e.Changes.Diff("contact_phone", p.Before.ContactPhone, p.After.ContactPhone)
		if note != "" {
			e.Changes.Diff("note", nil, note)
		}
		if err := tx.AddAudit(ctx, e, id); err != nil {
			return p, err
		}
		// Seats freed where the booking was go to that departure's waiting list.
		if s.waitlist != nil && (p.Moved || p.After.Participants < p.Before.Participants) {
			if err := s.waitlist.OfferIn(ctx, tx, p.Before.TourID, p.Before.StartDate, now); err != nil {
				return p, err
			}
		}
		return p, nil
	}
	if p.RefundMinor > 0 {
		// The change and its refund begin in one transaction; the refund is then asked
		// of the provider, and the email, telling both, is queued once it went through.
		run := changeRefund()
		run.Before = func(ctx context.Context, tx refund.Tx, b booking.Booking) (booking.Booking, int64, error) {
			changing, ok := tx.(Tx)
			if !ok {
				return b, 0, errors.New("rebook: the refund's transaction cannot change bookings")
			}
			p, err := write(ctx, changing, b)
			return p.After, p.RefundMinor, err
		}
		run.Email = func(booking.Booking, backoffice.Refund) *mail.Message { return done }
		err = s.refunds.RefundOnce(ctx, actor, backoffice.Refund{BookingID: id, Key: c.Key, Reason: note}, run)
		if err != nil {
			return s.refundFailed(ctx, id, c.Key, p, err)
		}
	} else {
		err = s.inTx(ctx, func(tx Tx) error {
			b, err := tx.LockBooking(ctx, id)
			if err != nil {
				return err
			}
			if _, err := write(ctx, tx, b); err != nil {
				return err
			}
			if done != nil {
				if _, err := tx.EnqueueEmail(ctx, done); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		s.queued()
	}
	s.log.Info("booking changed", "booking_id", id, "changes", strings.Join(p.Changes, "; "), "by", actor.ID)
	s.changed()
	if s.priced != nil && p.After.AmountMinor != p.Before.AmountMinor {
		s.priced(ctx, id)
	}
	return nil
}

// changeRefund is how the refund of a change is made, by the request that makes the
// change and by every one sent again with its key to finish the refund: the booking
// stays, and its price is what the change wrote, so the refund does not lower it again
// (whichever request records the refund).
func changeRefund() refund.RefundRun {
	return refund.RefundRun{Action: "booking.change", Keep: true}
}

// refundFailed is the answer when the refund of a change did not go through: the change
// itself may have been made (its refund then failed at the provider, and the same key
// tries it again), which the provider's message alone would hide.
func (s *Service) refundFailed(ctx context.Context, id, key string, p Plan, err error) error {
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Upstream {
		return err
	}
	refunds, rerr := s.store.BookingRefunds(ctx, id)
	if rerr != nil {
		return err
	}
	for _, r := range refunds {
		if r.Key == key && r.Status == backoffice.RefundFailed {
			return &fault.Error{Kind: fault.Upstream, Err: err, Message: fmt.Sprintf(
				"The booking was changed, but the refund of %s did not go through (%s). Send the same change again to retry the refund.",
				money.Format(p.RefundMinor, p.Before.Currency), r.Error)}
		}
	}
	return err
}

// takeSeats checks, under the locks of the departures the booking leaves and joins (in
// the order of their days, so two moves the other way round cannot deadlock), that the
// one it is on once changed has the seats.
func (s *Service) takeSeats(ctx context.Context, tx Tx, p Plan, now time.Time) error {
	from, to := tour.Day(p.Before.StartDate), tour.Day(p.After.StartDate)
	if !p.Moved && p.After.Participants <= p.Before.Participants {
		return nil // fewer seats on the same departure: nothing to check
	}
	days := []time.Time{from, to}
	if to.Before(from) {
		days = []time.Time{to, from}
	}
	if !p.Moved {
		days = days[:1]
	}
	var dep tour.StartDate
	var taken int
	for _, d := range days {
		got, n, err := tour.LockSeats(ctx, tx, p.After.TourID, d, now)
		if err != nil {
			return err
		}
		if d.Equal(to) {
			dep, taken = got, n
		}
	}
	if !p.Moved {
		taken -= p.Before.Participants
	}
	if taken+p.After.Participants > dep.Capacity {
		return noSeats(p)
	}
	return nil
}

func day(t time.Time) string { return t.Format(time.DateOnly) }

// Choices are what the change form offers for a booking: the tour's departures it may
// move to, the most travellers, and what its cancellation policy would refund now.
type Choices struct {
	Tour       tour.Tour
	Departures []tour.StartDate // open, not started; the booking's own among them
	// Quote is what cancelling under the booking's policy would give back now: the
	// suggested amount of a refund.
	Quote booking.Quote
}

// Choices reads the change form's choices for booking id.
func (s *Service) Choices(ctx context.Context, actor account.User, id string) (Choices, error) {
	if !account.CanManageBookings(actor) {
		return Choices{}, account.ErrNotAllowed
	}
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return Choices{}, err
	}
	now := s.now()
	t, err := s.store.TourByIDAnyStatus(ctx, row.TourID, now)
	if err != nil {
		return Choices{}, err
	}
	c := Choices{Tour: t, Departures: []tour.StartDate{}}
	for _, d := range t.StartDates {
		if (!d.Closed && !d.Cancelled() && !t.Started(d, now)) || d.Date.Equal(tour.Day(row.StartDate)) {
			c.Departures = append(c.Departures, d)
		}
	}
	c.Quote = booking.QuoteCancellation(row.Booking, t, departureOf(t, row.StartDate), now)
	return c, nil
}
