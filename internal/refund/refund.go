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
	"tourbook/internal/inject"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/receipt"
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
	// ChangeBooking writes a booking's departure, travellers, price and contact (a refund
	// that keeps the booking lowers its price).
	ChangeBooking(ctx context.Context, b booking.Booking) error
	AddBookingEvent(ctx context.Context, e backoffice.Event) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	RefundByKey(ctx context.Context, key string) (backoffice.Refund, error) // backoffice.ErrRefundNotFound
	RefundByID(ctx context.Context, id string) (backoffice.Refund, error)   // backoffice.ErrRefundNotFound
	PendingRefunds(ctx context.Context, bookingID string) (int, error)
	AddRefund(ctx context.Context, r *backoffice.Refund, now time.Time) error
	UpdateRefund(ctx context.Context, r backoffice.Refund) error
	// FinishRefund records a refund's outcome unless it went through already, and
	// reports whether it wrote.
	FinishRefund(ctx context.Context, r backoffice.Refund) (bool, error)
	// AddRefunded adds an amount to what was refunded of a booking, in the database.
	AddRefunded(ctx context.Context, id string, status booking.Status, amountMinor int64) error
	waitlist.Tx
	receipt.Tx
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

// Mailer writes the customers' emails: their booking was cancelled, or money was given
// back while it stays active, with how much (refundedMinor, in the booking's currency;
// 0 for none). message is the operator's words for the customer ("" for none); an
// operator's reason or note is never handed to a mailer.
type Mailer interface {
	Cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, message booking.CustomerText) (*mail.Message, error)
	Refunded(ctx context.Context, b booking.Booking, refundMinor int64, refundID string) (*mail.Message, error)
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
	// Cancelled hears of each booking cancelled, after its transaction: its payment links
	// are closed (collect.Service.CloseLinks); nil: nobody.
	Cancelled func(ctx context.Context, bookingID string)
	// Move moves a booking of a cancelled departure to another one; nil moves none.
	Move Mover
	// Receipts numbers each refund's credit note (receipt.Service); nil: none. A refund
	// owed outside the site gets its credit note when it is paid back (collect).
	Receipts receipt.Issuer
	// GiftCards puts back on its gift card what a card paid of a booking refunded
	// (giftcard.Service); nil: none.
	GiftCards GiftCards
}

// GiftCards gives refunds of bookings paid by gift card back to the card: up to
// amountMinor, never more than the card still pays of the booking, once per refund
// (key); it says how much went back on the card.
type GiftCards interface {
	RefundToCard(ctx context.Context, bookingID, key string, amountMinor int64) (int64, error)
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
	move       Mover
	onCancel   func(ctx context.Context, bookingID string)
	receipts   receipt.Issuer
	giftCards  GiftCards
}

// NewService returns the service; provider is the site's payment provider.
func NewService(store Store, provider payment.Provider, departures Departures, o Options) *Service {
	s := &Service{store: store, provider: provider, departures: departures, now: inject.Clock(o.Now),
		changed: inject.Hook(o.Changed), log: inject.Logger(o.Logger), mailer: o.Mailer, queued: inject.Hook(o.Queued),
		counter: o.Counter, inTx: inject.Tx(o.Tx, errNoTx), waitlist: o.Waitlist, notifier: o.Notifier, move: o.Move,
		onCancel: o.Cancelled, receipts: o.Receipts, giftCards: o.GiftCards}
	if s.notifier == nil {
		s.notifier = booking.NoNotifier{}
	}
	if s.counter == nil {
		s.counter = noCounter{}
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

const maxReasonLen = 500

// cleanReason is an operator's reason for a booking's history (the form's "reason"),
// trimmed and not too long; required asks for one.
func cleanReason(reason string, required bool) (string, error) {
	var f fault.Fields
	reason = cleanInternal(&f, "reason", "Reason", reason, required, "Please give a reason: it is kept in the booking's history.")
	return reason, f.Err()
}

// cleanInternal trims an internal text (never sent) of the field key labelled label,
// noting in f when it is missing (required) or too long; missing says what to write.
func cleanInternal(f *fault.Fields, key, label, text string, required bool, missing string) string {
	text = strings.TrimSpace(text)
	switch {
	case required && text == "":
		f.Add(key, "%s", missing)
	case utf8.RuneCountInString(text) > maxReasonLen:
		f.Add(key, "%s must be at most %d characters.", label, maxReasonLen)
	}
	return text
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
	// The reason is the operator's, kept in the history: the customer's email says what
	// happened without it.
	if err := s.cancel(ctx, actor, id, refundMinor, reason, "", key, "booking.cancel"); err != nil {
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
	minor, err := s.amountOf(ctx, id, refund, "refundMinor", "Refund amount")
	if err != nil {
		return backoffice.Detail{}, err
	}
	return s.Cancel(ctx, actor, id, minor, reason, key)
}

// amountOf reads an amount of booking id's money, typed (in the booking's currency) or
// in minor units; what is wrong with it is said next to the form's field key, labelled
// label.
func (s *Service) amountOf(ctx context.Context, id string, a money.Amount, key, label string) (int64, error) {
	currency := ""
	if _, typed := a.Typed(); typed {
		b, err := s.store.BookingRow(ctx, id)
		if err != nil {
			return 0, err
		}
		currency = b.Currency
	}
	minor, problem := a.Read(label, currency)
	if problem != "" {
		return 0, fault.FieldError(key, problem)
	}
	return minor, nil
}

// cancel is the one way a booking is cancelled, by an operator or its traveller (action
// names it in the audit log): closed when nothing is refunded, else refunded through
// the provider once per key. reason is kept in the booking's history; message alone is
// for the customer's email.
func (s *Service) cancel(ctx context.Context, actor account.User, id string, refundMinor int64, reason string, message booking.CustomerText, key, action string) error {
	return s.cancelChecked(ctx, actor, id, refundMinor, reason, message, key, action, nil)
}

// cancelChecked is cancel with check, when not nil, run on the booking under its lock
// before it is cancelled or its refund begins: an error refuses the cancellation (the
// booking changed since refundMinor was worked out).
func (s *Service) cancelChecked(ctx context.Context, actor account.User, id string, refundMinor int64, reason string,
	message booking.CustomerText, key, action string, check func(b booking.Booking) error) error {
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
		done := s.cancellation(ctx, b.Booking, b.RefundedMinor, message)
		c := Closing{BookingID: id, Kind: "cancelled", Reason: reason, ActorName: actor.Name, Check: check}
		if err := s.freeing(ctx, now, func(tx Tx) (booking.Booking, error) {
			return s.closeBooking(ctx, tx, c, now, entry(actor, action, "booking", id), done)
		}); err != nil {
			return err
		}
		s.changed()
		s.cancelled(ctx, id)
		return nil
	}
	run := RefundRun{Action: action, Email: func(b booking.Booking, r backoffice.Refund) *mail.Message {
		return s.cancellation(ctx, b, b.RefundedMinor+r.AmountMinor, message)
	}}
	if check != nil {
		run.Before = func(_ context.Context, _ Tx, b booking.Booking) (booking.Booking, int64, error) {
			return b, refundMinor, check(b)
		}
	}
	return s.RefundOnce(ctx, actor, backoffice.Refund{BookingID: id, Key: key, AmountMinor: refundMinor, Reason: reason}, run)
}

// RefundRun is how RefundOnce treats the booking and the customer.
type RefundRun struct {
	// Action names the refund in the audit log ("booking.cancel", "booking.refund").
	Action string
	// Keep: the booking stays active (paid, its seats kept) with the amount added to
	// what was refunded; otherwise it is cancelled (Refunded) and its seats freed.
	Keep bool
	// LowerPrice, with Keep: the refund lowers the booking's price by its amount when it
	// succeeds (money given back on a booking that stays, Refund). A change that lowered
	// the price itself (Before) leaves it unset. Said by the caller, not inferred from
	// Before: a key's refund is recorded by whichever of its requests gets there first,
	// and a retry of a change carries no Before, so every request of one key must say
	// the same.
	LowerPrice bool
	// Before, when set, runs in the transaction that starts a new refund, under the
	// booking's lock, before the amount is checked against what is left: a change that
	// lowers the price writes itself there and returns the refund it owes (the booking
	// as it now is, and the amount), so the change and its refund are one. It does not
	// run again for a key already used.
	Before func(ctx context.Context, tx Tx, b booking.Booking) (booking.Booking, int64, error)
	// Email writes the customer's email once the provider refunded r of b (b as it was
	// before the refund); nil sends none.
	Email func(b booking.Booking, r backoffice.Refund) *mail.Message
}

// RefundOnce gives back r.AmountMinor of booking r.BookingID through the provider that
// took the payment (for a booking paid outside the site, recorded as returned by the
// operator), once per r.Key: the same key again, however often and from however many
// operators, refunds once and answers with the outcome. A provider failure leaves the
// booking as it was (the same key then retries). r.Reason is kept in the booking's
// history, never sent.
func (s *Service) RefundOnce(ctx context.Context, actor account.User, r backoffice.Refund, run RefundRun) error {
	id := r.BookingID
	if r.Key = strings.TrimSpace(r.Key); r.Key == "" || len(r.Key) > 100 {
		return invalid("This form has expired. Please reload the page and try again.")
	}
	r.ActorID = actor.ID
	r, b, err := s.beginRefund(ctx, r, run, s.now())
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
	ref, perr, method := "", error(nil), receipt.Card
	if way == booking.Online {
		ref, method, perr = s.refund(ctx, b, r)
	}
	failure := ""
	if perr != nil {
		failure = refundFailure(perr)
		s.log.Warn("refund failed", "booking_id", id, "refund_id", r.ID, "error", perr)
	}
	// Recorded even when the request was cancelled meanwhile: the provider may have
	// refunded, and the same key will settle it.
	var done *mail.Message
	if perr == nil && run.Email != nil {
		// The email says how the money comes back: by card, or as the booking was paid.
		told := b
		told.Source = way
		done = run.Email(told, r)
	}
	rec, finished := context.WithoutCancel(ctx), s.now()
	owed, recorded := way != booking.Online, false
	if err := s.freeingThen(rec, finished, func(tx Tx) (booking.Booking, error) {
		b, ok, err := s.finishRefund(rec, tx, r.ID, Outcome{ProviderRef: ref, Failure: failure, Owed: owed, Keep: run.Keep,
			LowerPrice: run.Keep && run.LowerPrice},
			actor.Name, finished, entry(actor, run.Action, "booking", id), done)
		recorded = ok
		return b, err
	}, func(tx Tx) error {
		// The request that recorded the refund numbers its credit note; one that found it
		// recorded by another request with its key sends the email it carries with that
		// credit note attached (Issue finds it by its source).
		if !recorded && done == nil {
			return nil
		}
		return s.creditNote(rec, tx, r, owed, method, finished, done)
	}); err != nil {
		return err
	}
	s.counter.RefundMade(perr == nil)
	var closedCard *fault.Error
	switch {
	case errors.As(perr, &closedCard):
		// The gift card that paid cannot take the money back; the card says why.
		return &fault.Error{Kind: closedCard.Kind, Err: perr, Message: closedCard.Message + " The booking is unchanged."}
	case errors.Is(perr, payment.ErrUnavailable):
		return &fault.Error{Kind: fault.Upstream, Err: perr,
			Message: "The payment provider could not be reached, so nothing was refunded and the booking is unchanged. Please try again in a moment."}
	case perr != nil:
		return &fault.Error{Kind: fault.Upstream, Err: perr,
			Message: "The payment provider refused the refund: " + failure + ". The booking is unchanged."}
	}
	s.log.Info("booking refunded", "booking_id", id, "refund_id", r.ID, "amount", r.AmountMinor, "currency", r.Currency,
		"kept", run.Keep, "by", actor.ID)
	s.changed()
	if run.Keep {
		s.notifier.BookingChanged(ctx, id, "refund:"+r.ID, "refunded "+money.Format(r.AmountMinor, r.Currency))
	} else {
		s.cancelled(ctx, id)
	}
	return nil
}

// cancelled tells who listens that a booking was cancelled (after its transaction).
func (s *Service) cancelled(ctx context.Context, id string) {
	if s.onCancel != nil {
		s.onCancel(ctx, id)
	}
	s.notifier.BookingCancelled(ctx, id)
}

// freeing runs write, which frees seats on a booking's departure, and offers them to
// the departure's waiting list in the same transaction.
// Once it has committed, the emails written are rendered and sent (Queued).
func (s *Service) freeing(ctx context.Context, now time.Time, write func(tx Tx) (booking.Booking, error)) error {
	return s.freeingThen(ctx, now, write, nil)
}

// freeingThen is freeing with last, when not nil, run after the offers in the same
// transaction (a refund's credit note, whose year's counter must be the last lock taken:
// the offers lock the departure, which a payment on it takes before the counter).
func (s *Service) freeingThen(ctx context.Context, now time.Time, write func(tx Tx) (booking.Booking, error), last func(tx Tx) error) error {
	err := s.inTx(ctx, func(tx Tx) error {
		b, err := write(tx)
		if err != nil {
			return err
		}
		if s.waitlist != nil {
			if err := s.waitlist.OfferIn(ctx, tx, b.TourID, b.StartDate, now); err != nil {
				return err
			}
		}
		if last != nil {
			return last(tx)
		}
		return nil
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

// refund gives back first what a gift card paid, on the card (once per refund), then
// asks the provider that took the payment for the rest; method is how the money went
// back, for the credit note.
func (s *Service) refund(ctx context.Context, b booking.Booking, r backoffice.Refund) (ref string, method receipt.Method, err error) {
	method = receipt.Card
	if s.giftCards != nil {
		card, err := s.giftCards.RefundToCard(ctx, b.ID, r.ID, r.AmountMinor)
		if err != nil {
			return "", method, err
		}
		if card == r.AmountMinor {
			return "giftcard", receipt.GiftCard, nil
		}
		if card > 0 {
			method = receipt.CardAndGiftCard
		}
		r.AmountMinor -= card
	}
	if b.Provider != s.provider.Name() {
		return "", method, &payment.RefundError{Message: fmt.Sprintf("the booking was paid through %q, which this site does not use now", b.Provider)}
	}
	ref, err = s.provider.Refund(ctx, payment.RefundRequest{PaymentRef: b.PaymentRef, AmountMinor: r.AmountMinor,
		Currency: r.Currency, Key: r.Key})
	return ref, method, err
}

// cancellation writes the customer's email about a cancelled booking; failing to is
// logged, not returned: the cancellation matters more than its email.
func (s *Service) cancellation(ctx context.Context, b booking.Booking, refundedMinor int64, message booking.CustomerText) *mail.Message {
	if s.mailer == nil {
		return nil
	}
	m, err := s.mailer.Cancellation(ctx, b, refundedMinor, message)
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
	var card *fault.Error
	if errors.As(err, &card) {
		return card.Message
	}
	return "the refund could not be made"
}

// Resolve settles a refund-due booking outside the site (the money was returned by
// other means, or the customer agreed otherwise): cancelled, with the reason.
func (s *Service) Resolve(ctx context.Context, actor account.User, id, reason string) (backoffice.Detail, error) {
	if !account.CanManageBookings(actor) {
		return backoffice.Detail{}, account.ErrNotAllowed
	}
	// The form's field is "How it was settled".
	var f fault.Fields
	reason = cleanInternal(&f, "reason", "How it was settled", reason, true, "Please say how it was settled: it is kept in the booking's history.")
	if err := f.Err(); err != nil {
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
	Err     error // nil when cancelled and refunded, or moved
	// MovedTo is the departure the booking was moved to instead; zero when it was not.
	MovedTo time.Time
}

// DepartureCancel is what an operator says when cancelling a departure.
type DepartureCancel struct {
	// Note is internal: kept in each booking's history and the audit log, never sent.
	Note string
	// Message is for the customers: their cancellation (or move) email carries it.
	Message booking.CustomerText
	// Moves are the bookings moved to another departure of the tour instead of
	// refunded: booking id → the other departure's day, YYYY-MM-DD.
	Moves map[string]string
}

// Mover moves a booking to another departure of its tour, its seats checked under the
// departure's lock (rebook.Service.Move); message is for the customer's email.
type Mover func(ctx context.Context, actor account.User, id, date string, note string, message booking.CustomerText) (backoffice.BookingRow, error)

const maxMessageLen = 2000

// cleanMessage is an operator's message to customers (the form's "message"), trimmed,
// noting in f when it is too long.
func cleanMessage(f *fault.Fields, m booking.CustomerText) booking.CustomerText {
	m = booking.CustomerText(strings.TrimSpace(string(m)))
	if utf8.RuneCountInString(string(m)) > maxMessageLen {
		f.Add("message", "Message to customers must be at most %d characters.", maxMessageLen)
	}
	return m
}

// CancelDeparture closes a departure, releases its open checkouts and cancels every paid
// or refund-due booking on it with a refund of all that is left, or moves it to another
// departure (in.Moves). One failing refund or move does not stop the others; calling
// again retries the failed ones with the same keys, so nothing is refunded twice.
// in.Note is kept in each booking's history; in.Message alone reaches the customers.
func (s *Service) CancelDeparture(ctx context.Context, actor account.User, tourID, date string, in DepartureCancel) ([]CancelResult, error) {
	if !account.CanManageBookings(actor) {
		return nil, account.ErrNotAllowed
	}
	// Both texts are checked at once, each next to its field.
	var f fault.Fields
	reason := cleanInternal(&f, "note", "Internal note", in.Note, true, "Please write an internal note: it is kept in each booking's history.")
	message := cleanMessage(&f, in.Message)
	if err := f.Err(); err != nil {
		return nil, err
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, invalid("Please give the departure's date as YYYY-MM-DD.")
	}
	if len(in.Moves) > 0 && s.move == nil {
		return nil, invalid("Bookings cannot be moved here.")
	}
	for id, to := range in.Moves {
		if to == date {
			return nil, invalid("A booking cannot be moved to the departure being cancelled (booking %s).", id)
		}
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
	// traveller told with the operator's message to customers.
	if s.waitlist != nil {
		if _, err := s.waitlist.EndDeparture(ctx, tourID, d, string(message)); err != nil {
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
		if to, ok := in.Moves[row.ID]; ok && (row.Status == booking.Paid || row.Status == booking.AwaitingPayment) {
			moved, err := s.move(ctx, actor, row.ID, to, reason, message)
			res := CancelResult{Booking: row, Err: err}
			if err == nil {
				res.Booking, res.MovedTo = moved, tour.Day(moved.StartDate)
			}
			results = append(results, res)
			continue
		}
		key := "departure-" + tourID + "-" + date + "-" + row.ID
		err := s.cancel(ctx, actor, row.ID, Refundable(row.Booking), reason, message, key, "booking.cancel")
		if after, rerr := s.store.BookingRow(ctx, row.ID); rerr == nil {
			row = after
		}
		results = append(results, CancelResult{Booking: row, Err: err})
	}
	s.changed()
	return results, nil
}

// PreviewCancellation is the email a customer of the departure would get if it were
// cancelled with message (the first paid booking's, or a sample's when it has none), as
// the operator checks it before sending. Nothing is written.
func (s *Service) PreviewCancellation(ctx context.Context, actor account.User, tourID, date string, message booking.CustomerText) (*mail.Message, error) {
	if !account.CanManageBookings(actor) {
		return nil, account.ErrNotAllowed
	}
	var f fault.Fields
	if message = cleanMessage(&f, message); f.Err() != nil {
		return nil, f.Err()
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, invalid("Please give the departure's date as YYYY-MM-DD.")
	}
	if s.mailer == nil {
		return nil, invalid("This site sends no emails.")
	}
	rows, err := s.store.DepartureBookings(ctx, tourID, d)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		if row.Status == booking.Paid || row.Status == booking.RefundDue {
			return s.mailer.Cancellation(ctx, row.Booking, row.RefundedMinor+Refundable(row.Booking), message)
		}
	}
	return nil, &fault.Error{Kind: fault.Conflict, Message: "This departure has no paid bookings, so nobody would be emailed."}
}
