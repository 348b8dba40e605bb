package backoffice

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/payment"
	"tourbook/internal/ticket"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("back office: no transactions (Options.Tx)")

// Who may do what: admins everything; lead guides bookings and manifests; guides the
// manifests of the tours they guide.

// CanManageBookings: the dashboard's sales, the bookings, cancelling and refunding,
// walk-ins and cancelling departures.
func CanManageBookings(u account.User) bool {
	return u.Role == account.RoleAdmin || u.Role == account.RoleLeadGuide
}

// CanAdminister: users, reviews and the audit log.
func CanAdminister(u account.User) bool { return u.Role == account.RoleAdmin }

// CanSeeManifests: the dashboard and manifests (guides: of their own tours).
func CanSeeManifests(u account.User) bool {
	return CanManageBookings(u) || u.Role == account.RoleGuide
}

// Store is what the service needs of the store (*store.Store has it).
type Store interface {
	Bookings(ctx context.Context, f BookingFilter, now time.Time) ([]BookingRow, int, error)
	BookingRow(ctx context.Context, id string) (BookingRow, error)
	BookingEvents(ctx context.Context, bookingID string) ([]Event, error)
	BookingRefunds(ctx context.Context, bookingID string) ([]Refund, error)
	DepartureBookings(ctx context.Context, tourID string, date time.Time) ([]BookingRow, error)
	ReleaseDepartureHolds(ctx context.Context, tourID string, date time.Time) (int, error)
	UpcomingDepartures(ctx context.Context, now time.Time, guideID string, limit int) ([]DepartureStats, error)
	SalesSince(ctx context.Context, since time.Time) (Sales, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	UserByEmail(ctx context.Context, email string) (account.User, error)
	CreateUser(ctx context.Context, u *account.User) error
	Users(ctx context.Context, q string, offset, limit int) ([]account.User, int, error)
	Reviews(ctx context.Context, offset, limit int) ([]ReviewRow, int, error)
	SetReviewHidden(ctx context.Context, id string, hidden bool, entry audit.Entry) (ReviewRow, error)
	AuditPage(ctx context.Context, f audit.Filter) ([]audit.Entry, int, error)
	ListEmails(ctx context.Context, f mail.Filter, offset, limit int) ([]mail.Message, int, error)
	EmailByID(ctx context.Context, id string) (mail.Message, error)
	EmailAttempts(ctx context.Context, id string) ([]mail.Attempt, error)
	ResendEmailAudited(ctx context.Context, id string, now time.Time, entry audit.Entry) error
	DepartureWaitlist(ctx context.Context, tourID string, date time.Time) ([]waitlist.Row, error)
	CheckInStore
}

// Tx is what the service writes in one transaction, with the waiting list's offers on
// the seats it frees or takes (*store.Store bound to one has it).
type Tx interface {
	// LockBooking reads a booking and locks it until the transaction ends.
	LockBooking(ctx context.Context, id string) (booking.Booking, error)
	SetBookingState(ctx context.Context, id string, status booking.Status, refundedMinor int64) error
	AddBookingEvent(ctx context.Context, e Event) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	RefundByKey(ctx context.Context, key string) (Refund, error) // ErrRefundNotFound
	RefundByID(ctx context.Context, id string) (Refund, error)   // ErrRefundNotFound
	PendingRefunds(ctx context.Context, bookingID string) (int, error)
	AddRefund(ctx context.Context, r *Refund, now time.Time) error
	UpdateRefund(ctx context.Context, r Refund) error
	CreatePaidBooking(ctx context.Context, b *booking.Booking, actorName string, now time.Time, entry audit.Entry) error
	// CreateUser stores the account of a new walk-in customer with its booking.
	CreateUser(ctx context.Context, u *account.User) error
	// LockActiveAdmins returns the active admins' ids, locked until the transaction ends.
	LockActiveAdmins(ctx context.Context) ([]string, error)
	SetUserAccess(ctx context.Context, id string, role account.Role, active bool) error
	DeleteOtherSessions(ctx context.Context, userID string, keep []byte) error
	waitlist.Tx
}

// Waitlist offers the seats freed on a departure to its waiting list, and ends the list
// of a cancelled departure (*waitlist.Service).
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
	Offer(ctx context.Context, tourID string, date, now time.Time) error
	EndDeparture(ctx context.Context, tourID string, date time.Time, reason string) (int, error)
}

// Departures is the catalogue's departure change this service needs: closing a
// departure that is cancelled (catalog.Service).
type Departures interface {
	CloseDeparture(ctx context.Context, actor account.User, tourID string, date time.Time, reason string) error
}

// Mailer writes the email that tells a customer their booking was cancelled, and how
// much was refunded (refundedMinor, in the booking's currency; 0 for none).
type Mailer interface {
	Cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, reason string) (*mail.Message, error)
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Changed is called after seats change, to forget cached copies of the catalogue.
	Changed      func()
	Logger       *slog.Logger
	HashPassword func(string) (string, error) // for the accounts of walk-in customers
	// Mailer writes the customers' emails; nil sends none. Queued wakes the outbox's
	// sender after one is written.
	Mailer Mailer
	Queued func()
	// Counter counts refunds for the operator's metrics; nil counts nothing.
	Counter Counter
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Waitlist offers freed seats to the waiting lists; nil makes no offers.
	Waitlist Waitlist
}

// Counter hears every refund asked of the provider (or recorded for cash), and whether
// it went through.
type Counter interface {
	RefundMade(ok bool)
}

type noCounter struct{}

func (noCounter) RefundMade(bool) {}

// Service runs the bookings back office.
type Service struct {
	store      Store
	provider   payment.Provider
	departures Departures
	now        func() time.Time
	changed    func()
	log        *slog.Logger
	hash       func(string) (string, error)
	mailer     Mailer
	queued     func()
	counter    Counter
	inTx       func(ctx context.Context, fn func(tx Tx) error) error
	waitlist   Waitlist
}

// NewService returns the service; provider is the site's payment provider.
func NewService(store Store, provider payment.Provider, departures Departures, o Options) *Service {
	s := &Service{store: store, provider: provider, departures: departures, now: o.Now, changed: o.Changed,
		log: o.Logger, hash: o.HashPassword, mailer: o.Mailer, queued: o.Queued, counter: o.Counter,
		inTx: o.Tx, waitlist: o.Waitlist}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.counter == nil {
		s.counter = noCounter{}
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
	return &fault.Error{Status: http.StatusBadRequest, Message: fmt.Sprintf(format, args...)}
}

const maxReasonLen = 500

func cleanReason(reason string, required bool) (string, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case required && reason == "":
		return "", invalid("Please give a reason: it is kept in the booking's history.")
	case utf8.RuneCountInString(reason) > maxReasonLen:
		return "", invalid("The reason must be at most %d characters.", maxReasonLen)
	}
	return reason, nil
}

func entry(actor account.User, action, objectType, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: objectType, ObjectID: id}
}

// Dashboard is what /admin shows actor: the next departures (a guide's own), and the
// sales of the last 30 days for those who manage bookings (nil otherwise).
func (s *Service) Dashboard(ctx context.Context, actor account.User) ([]DepartureStats, *Sales, error) {
	if !CanSeeManifests(actor) {
		return nil, nil, ErrForbidden
	}
	now := s.now()
	guide := ""
	if !CanManageBookings(actor) {
		guide = actor.ID
	}
	deps, err := s.store.UpcomingDepartures(ctx, now, guide, 200)
	if err != nil {
		return nil, nil, err
	}
	// The store cannot know each zone's clock: the ones already started go here.
	upcoming := deps[:0]
	for _, d := range deps {
		t := tour.Tour{TimeZone: d.TimeZone}
		if !t.Started(tour.StartDate{Date: d.Date, StartTime: d.StartTime}, now) {
			upcoming = append(upcoming, d)
		}
	}
	if len(upcoming) > 50 {
		upcoming = upcoming[:50]
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

// Bookings lists bookings for those who manage them.
func (s *Service) Bookings(ctx context.Context, actor account.User, f BookingFilter) ([]BookingRow, int, error) {
	if !CanManageBookings(actor) {
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
	if !CanManageBookings(actor) {
		return Detail{}, ErrForbidden
	}
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	d := Detail{BookingRow: row}
	if d.Events, err = s.store.BookingEvents(ctx, id); err != nil {
		return Detail{}, err
	}
	if d.Refunds, err = s.store.BookingRefunds(ctx, id); err != nil {
		return Detail{}, err
	}
	return d, nil
}

// Cancel cancels a paid or refund-due booking and returns refundMinor of it (0: none)
// through the provider that took the payment; for a booking paid outside the site the
// refund is recorded as returned by the operator. key makes it idempotent: the same key
// again, however often and from however many operators, refunds once and answers with
// the outcome. A provider failure leaves the booking as it was (the same key then
// retries).
func (s *Service) Cancel(ctx context.Context, actor account.User, id string, refundMinor int64, reason, key string) (Detail, error) {
	if !CanManageBookings(actor) {
		return Detail{}, ErrForbidden
	}
	if err := s.cancel(ctx, actor, id, refundMinor, reason, key, "booking.cancel"); err != nil {
		return Detail{}, err
	}
	return s.Booking(ctx, actor, id)
}

// cancel is the one way a booking is cancelled, by an operator or its traveller (action
// names it in the audit log): closed when nothing is refunded, else refunded through
// the provider once per key.
func (s *Service) cancel(ctx context.Context, actor account.User, id string, refundMinor int64, reason, key, action string) error {
	reason, err := cleanReason(reason, false)
	if err != nil {
		return err
	}
	now := s.now()
	if refundMinor < 0 {
		return invalid("The refund cannot be negative.")
	}
	if refundMinor == 0 {
		b, err := s.store.BookingRow(ctx, id)
		if err != nil {
			return err
		}
		done := s.cancellation(ctx, b.Booking, b.RefundedMinor, reason)
		c := Closing{BookingID: id, Kind: "cancelled", Reason: reason, ActorName: actor.Name}
		if err := s.freeing(ctx, now, func(tx Tx) (booking.Booking, error) {
			return s.closeBooking(ctx, tx, c, now, entry(actor, action, "booking", id), done)
		}); err != nil {
			return err
		}
		s.changed()
		return nil
	}
	if key = strings.TrimSpace(key); key == "" || len(key) > 100 {
		return invalid("This form has expired. Please reload the page and try again.")
	}
	r, b, err := s.beginRefund(ctx, Refund{BookingID: id, Key: key, AmountMinor: refundMinor,
		ActorID: actor.ID, Reason: reason}, now)
	if err != nil {
		return err
	}
	if r.Status == RefundSucceeded {
		return nil // this key's refund was made already
	}
	ref, perr := s.refund(ctx, b, r)
	failure := ""
	if perr != nil {
		failure = refundFailure(perr)
		s.log.Warn("refund failed", "booking_id", id, "refund_id", r.ID, "error", perr)
	}
	// Recorded even when the request was cancelled meanwhile: the provider may have
	// refunded, and the same key will settle it.
	var done *mail.Message
	if perr == nil {
		done = s.cancellation(ctx, b, b.RefundedMinor+r.AmountMinor, reason)
	}
	rec, finished := context.WithoutCancel(ctx), s.now()
	if err := s.freeing(rec, finished, func(tx Tx) (booking.Booking, error) {
		return s.finishRefund(rec, tx, r.ID, Outcome{ProviderRef: ref, Failure: failure}, actor.Name, finished,
			entry(actor, action, "booking", id), done)
	}); err != nil {
		return err
	}
	s.counter.RefundMade(perr == nil)
	switch {
	case errors.Is(perr, payment.ErrUnavailable):
		return &fault.Error{Status: http.StatusBadGateway, Err: perr,
			Message: "The payment provider could not be reached, so nothing was refunded and the booking is unchanged. Please try again in a moment."}
	case perr != nil:
		return &fault.Error{Status: http.StatusBadGateway, Err: perr,
			Message: "The payment provider refused the refund: " + failure + ". The booking is unchanged."}
	}
	s.log.Info("booking refunded", "booking_id", id, "refund_id", r.ID, "amount", r.AmountMinor, "currency", r.Currency, "by", actor.ID)
	s.changed()
	return nil
}

// freeing runs write, which frees seats on a booking's departure, and offers them to
// the departure's waiting list in the same transaction.
// Once it has committed, the emails written are rendered and sent (Queued).
func (s *Service) freeing(ctx context.Context, now time.Time, write func(tx Tx) (booking.Booking, error)) error {
	err := s.inTx(ctx, func(tx Tx) error {
		b, err := write(tx)
		if err != nil || s.waitlist == nil {
			return err
		}
		return s.waitlist.OfferIn(ctx, tx, b.TourID, b.StartDate, now)
	})
	if err == nil {
		s.queued()
	}
	return err
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

// refund asks the provider that took the payment; money paid outside the site is
// returned outside it too, and only recorded here.
func (s *Service) refund(ctx context.Context, b booking.Booking, r Refund) (string, error) {
	if b.Source != booking.Online && b.Source != "" {
		return "returned by the operator (" + string(b.Source) + ")", nil
	}
	if b.Provider != s.provider.Name() {
		return "", &payment.RefundError{Message: fmt.Sprintf("the booking was paid through %q, which this site does not use now", b.Provider)}
	}
	return s.provider.Refund(ctx, payment.RefundRequest{PaymentRef: b.PaymentRef, AmountMinor: r.AmountMinor,
		Currency: r.Currency, Key: r.Key})
}

// cancellation writes the customer's email about a cancelled booking; failing to is
// logged, not returned: the cancellation matters more than its email.
func (s *Service) cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, reason string) *mail.Message {
	if s.mailer == nil {
		return nil
	}
	m, err := s.mailer.Cancellation(ctx, b, refundedMinor, reason)
	if err != nil {
		s.log.Error("write cancellation email", "booking_id", b.ID, "error", err)
		return nil
	}
	return m
}

func refundFailure(err error) string {
	var refused *payment.RefundError
	if errors.As(err, &refused) {
		return refused.Message
	}
	if errors.Is(err, payment.ErrUnavailable) {
		return "the payment provider could not be reached"
	}
	return "the refund could not be made"
}

// Resolve settles a refund-due booking outside the site (the money was returned by
// other means, or the customer agreed otherwise): cancelled, with the reason.
func (s *Service) Resolve(ctx context.Context, actor account.User, id, reason string) (Detail, error) {
	if !CanManageBookings(actor) {
		return Detail{}, ErrForbidden
	}
	reason, err := cleanReason(reason, true)
	if err != nil {
		return Detail{}, err
	}
	now := s.now()
	if err := s.freeing(ctx, now, func(tx Tx) (booking.Booking, error) {
		c := Closing{BookingID: id, Kind: "resolved", Reason: reason, OnlyRefundDue: true, ActorName: actor.Name}
		return s.closeBooking(ctx, tx, c, now, entry(actor, "booking.resolve", "booking", id), nil)
	}); err != nil {
		if errors.Is(err, ErrNotCancellable) {
			return Detail{}, &fault.Error{Status: http.StatusConflict, Err: err, Message: "Only a booking whose refund is due can be marked resolved."}
		}
		return Detail{}, err
	}
	s.changed()
	return s.Booking(ctx, actor, id)
}

// CancelResult is the outcome of one booking when a departure is cancelled.
type CancelResult struct {
	Booking BookingRow
	Err     error // nil when cancelled and refunded
}

// CancelDeparture closes a departure, releases its open checkouts and cancels every paid
// or refund-due booking on it with a refund of all that is left. One failing refund does
// not stop the others; calling again retries the failed ones with the same keys, so
// nothing is refunded twice.
func (s *Service) CancelDeparture(ctx context.Context, actor account.User, tourID, date, reason string) ([]CancelResult, error) {
	if !CanManageBookings(actor) {
		return nil, ErrForbidden
	}
	reason, err := cleanReason(reason, true)
	if err != nil {
		return nil, err
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, invalid("Please give the departure's date as YYYY-MM-DD.")
	}
	if err := s.departures.CloseDeparture(ctx, actor, tourID, d, reason); err != nil {
		return nil, err
	}
	// Closed, it gets no new offers; those open and the places waiting end, each
	// traveller told why.
	if s.waitlist != nil {
		if _, err := s.waitlist.EndDeparture(ctx, tourID, d, reason); err != nil {
			return nil, err
		}
	}
	if _, err := s.store.ReleaseDepartureHolds(ctx, tourID, d); err != nil {
		return nil, err
	}
	rows, err := s.store.DepartureBookings(ctx, tourID, d)
	if err != nil {
		return nil, err
	}
	results := []CancelResult{}
	for _, row := range rows {
		if row.Status != booking.Paid && row.Status != booking.RefundDue {
			continue
		}
		key := "departure-" + tourID + "-" + date + "-" + row.ID
		err := s.cancel(ctx, actor, row.ID, row.AmountMinor-row.RefundedMinor, reason, key, "booking.cancel")
		if after, rerr := s.store.BookingRow(ctx, row.ID); rerr == nil {
			row = after
		}
		results = append(results, CancelResult{Booking: row, Err: err})
	}
	s.changed()
	return results, nil
}

// Manifest is one departure and who is on it.
type Manifest struct {
	Tour      tour.Tour
	Departure tour.StartDate
	Bookings  []BookingRow
	// Waitlist is the departure's waiting list in joining order: waiting and offered.
	Waitlist []waitlist.Row
	// CheckIns are what guides recorded at the departure, by booking.
	CheckIns map[string]ticket.CheckIn
}

// Manifest returns a departure's bookings, for those who manage bookings and the
// tour's guides (tour.ErrNotFound for anyone else, as for a departure that is not).
func (s *Service) Manifest(ctx context.Context, actor account.User, tourID, date string) (Manifest, error) {
	if !CanSeeManifests(actor) {
		return Manifest{}, ErrForbidden
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return Manifest{}, fmt.Errorf("departure %q: %w", date, tour.ErrNotFound)
	}
	t, err := s.store.TourByIDAnyStatus(ctx, tourID, s.now())
	if err != nil {
		return Manifest{}, err
	}
	if !CanManageBookings(actor) && !guides(t, actor.ID) {
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
			return Manifest{Tour: t, Departure: dep, Bookings: rows, Waitlist: wl, CheckIns: checkIns}, nil
		}
	}
	return Manifest{}, fmt.Errorf("departure %s of tour %s: %w", date, tourID, tour.ErrNotFound)
}

func guides(t tour.Tour, userID string) bool {
	for _, g := range t.Guides {
		if g.UserID == userID {
			return true
		}
	}
	return false
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
	if !CanManageBookings(actor) {
		return booking.Booking{}, ErrForbidden
	}
	m, err := s.Manifest(ctx, actor, tourID, date)
	if err != nil {
		return booking.Booking{}, err
	}
	source := booking.Source(in.PaymentMethod)
	if !source.Valid() || source == booking.Online {
		return booking.Booking{}, invalid("Please choose how the booking was paid: cash or bank transfer.")
	}
	t, dep := m.Tour, m.Departure
	if in.Participants < 1 || in.Participants > t.MaxGroupSize {
		return booking.Booking{}, invalid("Please choose between 1 and %d participants.", t.MaxGroupSize)
	}
	now := s.now()
	if t.Started(dep, now) {
		return booking.Booking{}, &fault.Error{Status: http.StatusConflict, Message: "This departure has already started."}
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
			return booking.Booking{}, &fault.Error{Status: http.StatusConflict, Err: err, Message: noSeatsFor(in.Participants)}
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

// Users lists accounts for admins.
func (s *Service) Users(ctx context.Context, actor account.User, q string, offset, limit int) ([]account.User, int, error) {
	if !CanAdminister(actor) {
		return nil, 0, ErrForbidden
	}
	return s.store.Users(ctx, q, offset, limit)
}

// UpdateUser changes a user's role or whether they may sign in (nil: unchanged).
func (s *Service) UpdateUser(ctx context.Context, actor account.User, id string, role *account.Role, active *bool) (account.User, error) {
	if !CanAdminister(actor) {
		return account.User{}, ErrForbidden
	}
	if role != nil && !role.Valid() {
		return account.User{}, invalid("The role must be user, guide, lead-guide or admin.")
	}
	u, err := s.updateAccess(ctx, id, role, active, entry(actor, "user.update", "user", id))
	if err != nil {
		return account.User{}, err
	}
	s.changed() // guides' names and roles show on tour pages
	return u, nil
}

// Reviews lists every review for admins.
func (s *Service) Reviews(ctx context.Context, actor account.User, offset, limit int) ([]ReviewRow, int, error) {
	if !CanAdminister(actor) {
		return nil, 0, ErrForbidden
	}
	return s.store.Reviews(ctx, offset, limit)
}

// SetReviewHidden hides or shows a review; the tour's rating follows.
func (s *Service) SetReviewHidden(ctx context.Context, actor account.User, id string, hidden bool) (ReviewRow, error) {
	if !CanAdminister(actor) {
		return ReviewRow{}, ErrForbidden
	}
	r, err := s.store.SetReviewHidden(ctx, id, hidden, entry(actor, "review.update", "review", id))
	if err != nil {
		return ReviewRow{}, err
	}
	s.changed()
	return r, nil
}

// Audit lists the audit log for admins.
func (s *Service) Audit(ctx context.Context, actor account.User, f audit.Filter) ([]audit.Entry, int, error) {
	if !CanAdminister(actor) {
		return nil, 0, ErrForbidden
	}
	return s.store.AuditPage(ctx, f)
}
