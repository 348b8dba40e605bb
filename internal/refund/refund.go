// Package refund cancels bookings and gives money back: an operator's cancellation with
// a refund through the payment provider (idempotent, once whatever the retries and
// whoever clicks), settling a refund-due booking outside the site, cancelling a whole
// departure, and the traveller's own cancellation under the booking's policy. Those who
// manage bookings may cancel any, a traveller only their own (checked here, once); every
// change is audited and the seats freed go to the waiting list in the same transaction.
// It knows nothing of HTTP or SQL.
package refund

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/backoffice"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

var (
	// ErrNotCancellable: only paid and refund-due bookings can be cancelled.
	ErrNotCancellable = fault.New(fault.Conflict, "booking not cancellable", "This booking is not paid, so there is nothing to cancel or refund. Reload the page to see its state.")
	// ErrKeyReused: an idempotency key already used for another booking.
	ErrKeyReused = fault.New(fault.Conflict, "refund key reused", "This refund form was already used for another booking. Reload the page and try again.")
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("refunds: no transactions (Options.Tx)")

// Store is what the service reads (*store.Store has it).
type Store interface {
	backoffice.DetailStore
	DepartureBookings(ctx context.Context, tourID string, date time.Time) ([]backoffice.BookingRow, error)
	ReleaseDepartureHolds(ctx context.Context, tourID string, date time.Time) (int, error)
	DepartureHolds(ctx context.Context, tourID string, date time.Time) ([]booking.Booking, error)
	TourByIDAnyStatus(ctx context.Context, id string, now time.Time) (tour.Tour, error)
	// OfflineMethod is how the latest money a booking received outside the site came
	// in (cash or bank transfer), or "" when none did.
	OfflineMethod(ctx context.Context, bookingID string) (booking.Source, error)
}

// Tx is what the service writes in one transaction, with the waiting list's offers on
// the seats it frees (*store.Store bound to one has it).
type Tx interface {
	// LockBooking reads a booking and locks it until the transaction ends.
	LockBooking(ctx context.Context, id string) (booking.Booking, error)
	SetBookingState(ctx context.Context, id string, status booking.Status, refundedMinor int64) error
	AddBookingEvent(ctx context.Context, e backoffice.Event) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	RefundByKey(ctx context.Context, key string) (backoffice.Refund, error) // backoffice.ErrRefundNotFound
	RefundByID(ctx context.Context, id string) (backoffice.Refund, error)   // backoffice.ErrRefundNotFound
	PendingRefunds(ctx context.Context, bookingID string) (int, error)
	AddRefund(ctx context.Context, r *backoffice.Refund, now time.Time) error
	UpdateRefund(ctx context.Context, r backoffice.Refund) error
	waitlist.Tx
}

// Waitlist offers the seats freed on a departure to its waiting list, and ends the list
// of a cancelled departure (*waitlist.Service).
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
	EndDeparture(ctx context.Context, tourID string, date time.Time, reason string) (int, error)
}

// Departures is the catalogue's departure change this service needs: marking a
// departure cancelled (catalog.Service).
type Departures interface {
	MarkCancelled(ctx context.Context, actor account.User, tourID string, date time.Time, reason string) error
}

// Mailer writes the email that tells a customer their booking was cancelled, and how
// much was refunded (refundedMinor, in the booking's currency; 0 for none).
type Mailer interface {
	Cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, reason string) (*mail.Message, error)
}

// Counter hears every refund asked of the provider (or recorded for cash), and whether
// it went through.
type Counter interface {
	RefundMade(ok bool)
}

type noCounter struct{}

func (noCounter) RefundMade(bool) {}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// Changed is called after seats change, to forget cached copies of the catalogue.
	Changed func()
	Logger  *slog.Logger
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
	// Notifier hears of bookings cancelled; nil: nobody.
	Notifier booking.Notifier
}

// Service cancels and refunds bookings.
type Service struct {
	store      Store
	provider   payment.Provider
	departures Departures
	now        func() time.Time
	changed    func()
	log        *slog.Logger
	mailer     Mailer
	queued     func()
	counter    Counter
	inTx       func(ctx context.Context, fn func(tx Tx) error) error
	waitlist   Waitlist
	notifier   booking.Notifier
}

// NewService returns the service; provider is the site's payment provider.
func NewService(store Store, provider payment.Provider, departures Departures, o Options) *Service {
	s := &Service{store: store, provider: provider, departures: departures, now: o.Now, changed: o.Changed,
		log: o.Logger, mailer: o.Mailer, queued: o.Queued, counter: o.Counter, inTx: o.Tx, waitlist: o.Waitlist,
		notifier: o.Notifier}
	if s.notifier == nil {
		s.notifier = booking.NoNotifier{}
	}
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
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

const maxReasonLen = 500

func cleanReason(reason string, required bool) (string, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case required && reason == "":
		return "", fault.FieldError("reason", "Please give a reason: it is kept in the booking's history.")
	case utf8.RuneCountInString(reason) > maxReasonLen:
		return "", fault.FieldError("reason", fmt.Sprintf("Reason must be at most %d characters.", maxReasonLen))
	}
	return reason, nil
}

func entry(actor account.User, action, objectType, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: objectType, ObjectID: id}
}

// Cancel cancels a paid, refund-due or awaiting-payment booking and returns refundMinor
// of it (0: none) through the provider that took the payment; for a booking paid outside
// the site the refund is owed (backoffice.RefundOwed) until an operator records it paid
// back, and the customer is told how it will come back. key makes it idempotent: the same key
// again, however often and from however many operators, refunds once and answers with
// the outcome. A provider failure leaves the booking as it was (the same key then
// retries).
func (s *Service) Cancel(ctx context.Context, actor account.User, id string, refundMinor int64, reason, key string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	if err := s.cancel(ctx, actor, id, refundMinor, reason, key, "booking.cancel"); err != nil {
		return backoffice.Detail{}, err
	}
	return backoffice.LoadDetail(ctx, s.store, id)
}

// CancelTyped is Cancel with the refund as the operator typed it ("1.290,00", read by
// money.Parse in the booking's currency) or in minor units.
func (s *Service) CancelTyped(ctx context.Context, actor account.User, id string, refund money.Amount, reason, key string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	minor, err := refund.Minor("", false)
	if _, typed := refund.Typed(); typed {
		b, berr := s.store.BookingRow(ctx, id)
		if berr != nil {
			return backoffice.Detail{}, berr
		}
		minor, err = refund.Minor(b.Currency, false)
	}
	if err != nil {
		return backoffice.Detail{}, fault.FieldError("refundMinor", money.Explain("Refund amount", err))
	}
	return s.Cancel(ctx, actor, id, minor, reason, key)
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
		return fault.FieldError("refundMinor", "Refund amount cannot be negative.")
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
		s.notifier.BookingCancelled(ctx, id)
		return nil
	}
	if key = strings.TrimSpace(key); key == "" || len(key) > 100 {
		return invalid("This form has expired. Please reload the page and try again.")
	}
	r, b, err := s.beginRefund(ctx, backoffice.Refund{BookingID: id, Key: key, AmountMinor: refundMinor,
		ActorID: actor.ID, Reason: reason}, now)
	if err != nil {
		return err
	}
	if r.Status == backoffice.RefundSucceeded || r.Status == backoffice.RefundOwed {
		return nil // this key's refund was made already
	}
	way, err := s.returnWay(ctx, b)
	if err != nil {
		return err
	}
	ref, perr := "", error(nil)
	if way == booking.Online {
		ref, perr = s.refund(ctx, b, r)
	}
	failure := ""
	if perr != nil {
		failure = refundFailure(perr)
		s.log.Warn("refund failed", "booking_id", id, "refund_id", r.ID, "error", perr)
	}
	// Recorded even when the request was cancelled meanwhile: the provider may have
	// refunded, and the same key will settle it.
	var done *mail.Message
	if perr == nil {
		// The email says how the money comes back: by card, or as the booking was paid.
		told := b
		told.Source = way
		done = s.cancellation(ctx, told, b.RefundedMinor+r.AmountMinor, reason)
	}
	rec, finished := context.WithoutCancel(ctx), s.now()
	if err := s.freeing(rec, finished, func(tx Tx) (booking.Booking, error) {
		return s.finishRefund(rec, tx, r.ID, Outcome{ProviderRef: ref, Failure: failure, Owed: way != booking.Online}, actor.Name, finished,
			entry(actor, action, "booking", id), done)
	}); err != nil {
		return err
	}
	s.counter.RefundMade(perr == nil)
	switch {
	case errors.Is(perr, payment.ErrUnavailable):
		return &fault.Error{Kind: fault.Upstream, Err: perr,
			Message: "The payment provider could not be reached, so nothing was refunded and the booking is unchanged. Please try again in a moment."}
	case perr != nil:
		return &fault.Error{Kind: fault.Upstream, Err: perr,
			Message: "The payment provider refused the refund: " + failure + ". The booking is unchanged."}
	}
	s.log.Info("booking refunded", "booking_id", id, "refund_id", r.ID, "amount", r.AmountMinor, "currency", r.Currency, "by", actor.ID)
	s.changed()
	s.notifier.BookingCancelled(ctx, id)
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

// returnWay is how a refund of b goes back: booking.Online through the provider that
// took the payment; cash or bank transfer, outside the site, for a booking paid that way
// or that received any money that way (the refund is then owed until paid back).
func (s *Service) returnWay(ctx context.Context, b booking.Booking) (booking.Source, error) {
	if b.Source != booking.Online && b.Source != "" {
		return b.Source, nil
	}
	m, err := s.store.OfflineMethod(ctx, b.ID)
	if err != nil || m == "" {
		return booking.Online, err
	}
	return m, nil
}

// refund asks the provider that took the payment.
func (s *Service) refund(ctx context.Context, b booking.Booking, r backoffice.Refund) (string, error) {
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
func (s *Service) Resolve(ctx context.Context, actor account.User, id, reason string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	reason, err := cleanReason(reason, true)
	if err != nil {
		return backoffice.Detail{}, err
	}
	now := s.now()
	if err := s.freeing(ctx, now, func(tx Tx) (booking.Booking, error) {
		c := Closing{BookingID: id, Kind: "resolved", Reason: reason, OnlyRefundDue: true, ActorName: actor.Name}
		return s.closeBooking(ctx, tx, c, now, entry(actor, "booking.resolve", "booking", id), nil)
	}); err != nil {
		if errors.Is(err, ErrNotCancellable) {
			return backoffice.Detail{}, &fault.Error{Kind: fault.Conflict, Err: err, Message: "Only a booking whose refund is due can be marked resolved."}
		}
		return backoffice.Detail{}, err
	}
	s.changed()
	return backoffice.LoadDetail(ctx, s.store, id)
}

// CancelResult is the outcome of one booking when a departure is cancelled.
type CancelResult struct {
	Booking backoffice.BookingRow
	Err     error // nil when cancelled and refunded
}

// CancelDeparture closes a departure, releases its open checkouts and cancels every paid
// or refund-due booking on it with a refund of all that is left. One failing refund does
// not stop the others; calling again retries the failed ones with the same keys, so
// nothing is refunded twice.
func (s *Service) CancelDeparture(ctx context.Context, actor account.User, tourID, date, reason string) ([]CancelResult, error) {
	if !account.CanManageBookings(actor) {
		return nil, account.ErrNotAllowed
	}
	reason, err := cleanReason(reason, true)
	if err != nil {
		return nil, err
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, invalid("Please give the departure's date as YYYY-MM-DD.")
	}
	if err := s.departures.MarkCancelled(ctx, actor, tourID, d, reason); err != nil {
		return nil, err
	}
	// The holds about to be released, offers' among them: their checkouts are closed
	// below, so nobody pays for seats of a cancelled departure.
	held, err := s.store.DepartureHolds(ctx, tourID, d)
	if err != nil {
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
	if closer, ok := s.provider.(booking.CheckoutCloser); ok {
		booking.ExpireCheckouts(ctx, closer, s.log, held)
	}
	rows, err := s.store.DepartureBookings(ctx, tourID, d)
	if err != nil {
		return nil, err
	}
	results := []CancelResult{}
	for _, row := range rows {
		if !Cancellable(row.Booking) {
			continue
		}
		key := "departure-" + tourID + "-" + date + "-" + row.ID
		err := s.cancel(ctx, actor, row.ID, max(row.PaidMinor-row.RefundedMinor, 0), reason, key, "booking.cancel")
		if after, rerr := s.store.BookingRow(ctx, row.ID); rerr == nil {
			row = after
		}
		results = append(results, CancelResult{Booking: row, Err: err})
	}
	s.changed()
	return results, nil
}
