package collect

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"tourbook/internal/giftcard"
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
	"tourbook/internal/receipt"
	"tourbook/internal/tour"
)

var (
	// ErrKeyReused: an idempotency key already used for another booking.
	ErrKeyReused = fault.New(fault.Conflict, "payment key reused", "This form was already used for another booking. Reload the page and try again.")
	// ErrNothingDue: the booking owes nothing (paid meanwhile, or cancelled).
	ErrNothingDue = fault.New(fault.Conflict, "nothing due", "Nothing is due on this booking any more. Reload the page to see its state.")
	// ErrExpiredForm: the form came without its key.
	ErrExpiredForm = fault.New(fault.Invalid, "no key", "This form has expired. Please reload the page and try again.")
)

var errNoTx = errors.New("collect: no transactions (Options.Tx)")

// Store is what the service reads (*store.Store has it).
type Store interface {
	backoffice.DetailStore
	BookingPayments(ctx context.Context, bookingID string) ([]Payment, error)
	PaymentByCheckout(ctx context.Context, provider, checkoutID string) (Payment, error)
	AwaitingPayment(ctx context.Context, limit int) ([]backoffice.BookingRow, error)
	OwedRefunds(ctx context.Context) ([]OwedRefund, error)
	// BalancesDue lists the paid bookings that still owe a balance due before a day.
	BalancesDue(ctx context.Context, from, before time.Time, limit int) ([]backoffice.BookingRow, error)
	// GiftCardSpent is the card that paid part of a booking ("" none) and what it pays of
	// it now (spent less put back); GiftCardByID reads the card.
	GiftCardSpent(ctx context.Context, bookingID string) (cardID string, spentMinor int64, err error)
	GiftCardByID(ctx context.Context, id string) (giftcard.Card, error)
}

// Tx is what the service writes in one transaction (*store.Store bound to one has it).
type Tx interface {
	LockBooking(ctx context.Context, id string) (booking.Booking, error)
	// RecordPayment writes the booking's Status, PaymentRef, PaidAt, AmountMinor,
	// Currency and PaidMinor.
	RecordPayment(ctx context.Context, b booking.Booking) error
	IssueTicket(ctx context.Context, bookingID string, now time.Time) error
	EnqueueEmail(ctx context.Context, m *mail.Message) (bool, error)
	AddBookingEvent(ctx context.Context, e backoffice.Event) error
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	PaymentByKey(ctx context.Context, key string) (Payment, error)
	PaymentByCheckout(ctx context.Context, provider, checkoutID string) (Payment, error)
	BookingPayments(ctx context.Context, bookingID string) ([]Payment, error)
	AddPayment(ctx context.Context, p *Payment, now time.Time) error
	UpdatePayment(ctx context.Context, p Payment) error
	RefundByID(ctx context.Context, id string) (backoffice.Refund, error)
	UpdateRefund(ctx context.Context, r backoffice.Refund) error
	receipt.Tx
}

// Mailer writes the customer's emails: the confirmation once a booking is paid, and the
// payment link.
type Mailer interface {
	Confirmation(ctx context.Context, b booking.Booking) (*mail.Message, error)
	PaymentLink(ctx context.Context, b booking.Booking, amountMinor int64, payURL string, expires time.Time) (*mail.Message, error)
}

// Options configures NewService.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// BaseURL is the site's public address; the provider sends customers back to it.
	BaseURL string
	// Mailer writes the emails; nil sends none. Queued wakes the outbox's sender.
	Mailer Mailer
	Queued func()
	// Changed is called after a booking's seats or status changed (the caches).
	Changed func()
	// Tx runs fn in one transaction of the store; required for every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// LinkFor is how long a payment link can be paid; default 23 hours (Stripe's
	// checkouts last at most 24).
	LinkFor time.Duration
	// Receipts numbers each sum received and each refund paid back (receipt.Service);
	// nil: none.
	Receipts receipt.Issuer
}

// Service collects what bookings owe.
type Service struct {
	store    Store
	provider booking.Provider
	now      func() time.Time
	log      *slog.Logger
	baseURL  string
	mailer   Mailer
	queued   func()
	changed  func()
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	linkFor  time.Duration
	receipts receipt.Issuer
}

// NewService returns the service; provider is the site's payment provider (links).
func NewService(store Store, provider booking.Provider, o Options) *Service {
	s := &Service{store: store, provider: provider, now: inject.Clock(o.Now), log: inject.Logger(o.Logger),
		baseURL: strings.TrimRight(o.BaseURL, "/"), mailer: o.Mailer, queued: inject.Hook(o.Queued),
		changed: inject.Hook(o.Changed), inTx: inject.Tx(o.Tx, errNoTx), linkFor: o.LinkFor, receipts: o.Receipts}
	if s.linkFor <= 0 {
		s.linkFor = 23 * time.Hour
	}
	return s
}

func invalid(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Invalid, Message: fmt.Sprintf(format, args...)}
}

func entry(actor account.User, action, id string) audit.Entry {
	return audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: action, ObjectType: "booking", ObjectID: id}
}

// Detail is a booking's money: what it received and the links sent.
type Detail struct {
	backoffice.Detail
	Payments []Payment
	// GiftCard is the card that paid part or all of the booking (nil: none), and
	// GiftCardMinor what it pays of it now (less what a refund put back on it).
	GiftCard      *giftcard.Card
	GiftCardMinor int64
}

// Booking is one booking with its payments, for those who manage bookings.
func (s *Service) Booking(ctx context.Context, actor account.User, id string) (Detail, error) {
	if !account.CanManageBookings(actor) {
		return Detail{}, account.ErrNotAllowed
	}
	return s.detail(ctx, id)
}

func (s *Service) detail(ctx context.Context, id string) (Detail, error) {
	d, err := backoffice.LoadDetail(ctx, s.store, id)
	if err != nil {
		return Detail{}, err
	}
	p, err := s.store.BookingPayments(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	out := Detail{Detail: d, Payments: p}
	cardID, spent, err := s.store.GiftCardSpent(ctx, id)
	if err != nil {
		return Detail{}, fmt.Errorf("gift card of booking %s: %w", id, err)
	}
	if cardID != "" {
		c, err := s.store.GiftCardByID(ctx, cardID)
		if err != nil {
			return Detail{}, fmt.Errorf("gift card %s of booking %s: %w", cardID, id, err)
		}
		out.GiftCard, out.GiftCardMinor = &c, spent
	}
	return out, nil
}

// Outstanding is what the dashboard lists for those who manage bookings: the bookings
// awaiting payment outside the site by departure, oldest first, and the refunds owed.
type Outstanding struct {
	Awaiting []backoffice.BookingRow
	Owed     []OwedRefund
	// Overdue are the bookings sold with a deposit whose balance was not paid by its
	// due day, the oldest due first.
	Overdue []backoffice.BookingRow
}

// Dashboard is the money the operator is to collect or to pay back.
func (s *Service) Dashboard(ctx context.Context, actor account.User) (Outstanding, error) {
	if !account.CanManageBookings(actor) {
		return Outstanding{}, account.ErrNotAllowed
	}
	awaiting, err := s.store.AwaitingPayment(ctx, 100)
	if err != nil {
		return Outstanding{}, err
	}
	owed, err := s.store.OwedRefunds(ctx)
	if err != nil {
		return Outstanding{}, err
	}
	overdue, err := s.Overdue(ctx)
	if err != nil {
		return Outstanding{}, err
	}
	return Outstanding{Awaiting: awaiting, Owed: owed, Overdue: overdue}, nil
}

// Overdue lists the bookings whose balance is overdue at now where their tour runs
// (booking.Booking.BalanceOverdue), the oldest due first, at most 100.
func (s *Service) Overdue(ctx context.Context) ([]backoffice.BookingRow, error) {
	now := s.now()
	// A day ahead of UTC: a tour east of it may be a day further on.
	due, err := s.store.BalancesDue(ctx, time.Time{}, tour.Day(now).AddDate(0, 0, 1), 100)
	if err != nil {
		return nil, err
	}
	var out []backoffice.BookingRow
	for _, r := range due {
		if r.BalanceOverdue(tour.Today(now, tourZone(r.TimeZone))) {
			out = append(out, r)
		}
	}
	return out, nil
}

// Receipt is money an operator received outside the site.
type Receipt struct {
	// Key is made once per form: the same key again records nothing more.
	Key    string `json:"key"`
	Method Method `json:"method"`
	// AmountMinor is what was received, in minor units or as typed ("1.290,00", read in
	// the booking's currency); nil or left empty: all that is due.
	AmountMinor *money.Amount `json:"amountMinor"`
	// ReceivedOn is the day the money came in, YYYY-MM-DD; "" is today.
	ReceivedOn string `json:"receivedOn"`
	Reference  string `json:"reference"`
}

const maxReference = 200

// amountLabel is the payment form's amount field as the operator reads it.
const amountLabel = "Amount received"

func cleanKey(key string) (string, error) {
	if key = strings.TrimSpace(key); key == "" || len(key) > 100 {
		return "", ErrExpiredForm
	}
	return key, nil
}

func cleanReference(ref string) (string, error) {
	ref = strings.TrimSpace(ref)
	if utf8.RuneCountInString(ref) > maxReference {
		return "", invalid("The reference must be at most %d characters.", maxReference)
	}
	return ref, nil
}

// moneyForm reads what every form about a booking's money gives: the booking, the
// operator's reference and the day the money moved (not after today where the tour
// runs; "" is today).
func (s *Service) moneyForm(ctx context.Context, id, reference, dayText string, now time.Time) (backoffice.BookingRow, string, time.Time, error) {
	ref, err := cleanReference(reference)
	if err != nil {
		return backoffice.BookingRow{}, "", time.Time{}, err
	}
	row, err := s.store.BookingRow(ctx, id)
	if err != nil {
		return backoffice.BookingRow{}, "", time.Time{}, err
	}
	day, err := receivedOn(dayText, tourZone(row.TimeZone), now)
	return row, ref, day, err
}

// paymentByKey is the payment made with key, which must be of booking id (ErrKeyReused
// otherwise); found is false when there is none yet. Called under the booking's lock.
func paymentByKey(ctx context.Context, tx Tx, key, id string) (p Payment, found bool, err error) {
	p, err = tx.PaymentByKey(ctx, key)
	switch {
	case err == nil && p.BookingID != id:
		return p, true, ErrKeyReused
	case err == nil:
		return p, true, nil
	case errors.Is(err, ErrPaymentNotFound):
		return Payment{}, false, nil
	}
	return p, false, err
}

// receivedOn reads the day money came in: not after today where the tour runs.
func receivedOn(text string, zone *time.Location, now time.Time) (time.Time, error) {
	today := tour.Day(time.Date(now.In(zone).Year(), now.In(zone).Month(), now.In(zone).Day(), 0, 0, 0, 0, time.UTC))
	if strings.TrimSpace(text) == "" {
		return today, nil
	}
	d, err := time.Parse(time.DateOnly, strings.TrimSpace(text))
	if err != nil {
		return time.Time{}, invalid("Please give the day the money was received, e.g. %s.", today.Format(time.DateOnly))
	}
	if d.After(today) {
		return time.Time{}, invalid("The day the money was received cannot be in the future (today is %s where the tour runs).", format.Date(today))
	}
	return d, nil
}

// RecordPayment records money received outside the site (cash, bank transfer) on a
// booking with money due: all that is due unless in.AmountMinor says less, never more.
// Once the booking has received its price, a booking awaiting payment is paid: its
// ticket is issued and the confirmation with its calendar file goes out. in.Key makes it
// idempotent: the same key again, however often and from however many operators,
// records once and answers with the booking.
func (s *Service) RecordPayment(ctx context.Context, actor account.User, id string, in Receipt) (Detail, error) {
	if !account.CanManageBookings(actor) {
		return Detail{}, account.ErrNotAllowed
	}
	key, err := cleanKey(in.Key)
	if err != nil {
		return Detail{}, err
	}
	if !in.Method.Offline() {
		return Detail{}, invalid("Please choose how the money was received: cash or bank transfer.")
	}
	now := s.now()
	row, ref, day, err := s.moneyForm(ctx, id, in.Reference, in.ReceivedOn, now)
	if err != nil {
		return Detail{}, err
	}
	// What was received, read by the site's rules in the booking's currency; none given
	// is all that is due (below, under the lock).
	var received *int64
	if in.AmountMinor != nil && !in.AmountMinor.Blank() {
		minor, problem := in.AmountMinor.Read(amountLabel, row.Currency)
		if problem != "" {
			return Detail{}, fault.FieldError("amountMinor", problem)
		}
		if minor <= 0 {
			return Detail{}, fault.FieldError("amountMinor", amountLabel+" must be more than 0.")
		}
		received = &minor
	}
	confirmation := s.confirmation(ctx, row.Booking)
	var expire []Payment
	err = s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, id)
		if err != nil {
			return err
		}
		if _, found, err := paymentByKey(ctx, tx, key, id); err != nil || found {
			return err // or recorded already
		}
		if !Due(b) {
			return ErrNothingDue
		}
		amount := b.DueMinor()
		if received != nil {
			if *received > amount {
				return fault.FieldError("amountMinor", fmt.Sprintf("%s is more than is due: %s.", amountLabel, money.Format(amount, b.Currency)))
			}
			amount = *received
		}
		p := Payment{BookingID: id, Key: key, Method: in.Method, AmountMinor: amount, Currency: b.Currency,
			Status: Received, Reference: ref, ReceivedOn: day, ActorID: actor.ID}
		if err := tx.AddPayment(ctx, &p, now); err != nil {
			return err
		}
		if expire, err = s.receive(ctx, tx, b, p, actor.Name, now, entry(actor, "booking.record_payment", id), confirmation); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return Detail{}, fmt.Errorf("record payment of booking %s: %w", id, err)
	}
	s.after(ctx, expire)
	return s.detail(ctx, id)
}

// confirmation writes the email a booking gets when it becomes paid, before the
// transaction that may send it: rendering reads the store, and a transaction waiting
// for the booking's lock must not hold a connection it needs. nil when the booking
// cannot become paid, or the email could not be written (logged: the payment matters
// more).
func (s *Service) confirmation(ctx context.Context, b booking.Booking) *mail.Message {
	balance := b.Status == booking.Paid && b.WithDeposit() && b.DueMinor() > 0
	if s.mailer == nil || (b.Status != booking.AwaitingPayment && !balance) {
		return nil
	}
	if balance {
		// A deposit's booking: the email says it is paid in full, as it is once a
		// payment settles its balance (receive sends it only then).
		b.PaidMinor = b.AmountMinor + b.RefundedMinor
	}
	m, err := s.mailer.Confirmation(ctx, b)
	if err != nil {
		s.log.Error("write booking confirmation", "booking_id", b.ID, "error", err)
		return nil
	}
	if balance {
		m.IdemKey = "balance-paid:" + b.ID
	}
	return m
}

// receive adds p, received, to the booking b (locked in tx): what it received grows,
// and a booking awaiting payment that has received its price is paid, with its ticket
// and confirmation (when not nil). Every link still open on the booking expires with it (returned, to
// be closed at the provider after the commit): the money came in otherwise, or what is
// due changed.
func (s *Service) receive(ctx context.Context, tx Tx, b booking.Booking, p Payment, actorName string, now time.Time, e audit.Entry,
	confirmation *mail.Message) ([]Payment, error) {
	before := b
	b.PaidMinor += p.AmountMinor
	becomesPaid := b.Status == booking.AwaitingPayment && b.PaidMinor >= b.AmountMinor
	if becomesPaid {
		b.Status, b.PaidAt = booking.Paid, now.UTC().Truncate(time.Microsecond)
	}
	if b.PaymentRef == "" && p.Method == Link {
		b.PaymentRef = p.Reference
	}
	if err := tx.RecordPayment(ctx, b); err != nil {
		return nil, err
	}
	detail := fmt.Sprintf("%d|%s|%s", p.AmountMinor, p.Method, p.Reference)
	if err := tx.AddBookingEvent(ctx, backoffice.Event{BookingID: b.ID, At: now, ActorID: p.ActorID, ActorName: actorName,
		Kind: "payment_received", Detail: detail}); err != nil {
		return nil, err
	}
	// A booking paid by a deposit whose balance this payment settles: its traveller is
	// told, with the receipt.
	balancePaid := before.Status == booking.Paid && before.WithDeposit() && before.DueMinor() > 0 && b.DueMinor() == 0
	if !becomesPaid && !balancePaid {
		confirmation = nil // not sent: the receipt goes with nothing
	}
	if s.receipts != nil && (b.Status == booking.Paid || b.Status == booking.AwaitingPayment) {
		// Money taken for a booking that stands (not one that owes nothing any more,
		// whose money is to go back) is numbered.
		if _, err := s.receipts.Issue(ctx, tx, receipt.Issue{Kind: receipt.Receipt, BookingID: b.ID, Source: "payment:" + p.ID,
			AmountMinor: p.AmountMinor, Currency: p.Currency, Method: receipt.MethodOf(string(p.Method)), At: now}, confirmation); err != nil {
			return nil, err
		}
	}
	if becomesPaid {
		if err := tx.IssueTicket(ctx, b.ID, now); err != nil {
			return nil, err
		}
	}
	if (becomesPaid || balancePaid) && confirmation != nil {
		if _, err := tx.EnqueueEmail(ctx, confirmation); err != nil {
			return nil, err
		}
	}
	if b.PaidMinor > b.AmountMinor {
		// Only a link paid after the money came in otherwise gets here: it is to be
		// given back.
		s.log.Error("REFUND DUE: a booking received more than its price", "booking_id", b.ID,
			"price", b.AmountMinor, "received", b.PaidMinor, "currency", b.Currency, "payment_id", p.ID)
	}
	e.Changes.Diff("received", before.PaidMinor, b.PaidMinor)
	e.Changes.Diff("status", before.Status, b.Status)
	e.Changes.Diff("payment", nil, fmt.Sprintf("%s %s %s", money.Format(p.AmountMinor, p.Currency), p.Method, p.Reference))
	if err := tx.AddAudit(ctx, e, b.ID); err != nil {
		return nil, err
	}
	return s.expireLinks(ctx, tx, b.ID, p.ID, now)
}

// expireLinks marks expired every link still open on a booking but keep's.
func (s *Service) expireLinks(ctx context.Context, tx Tx, bookingID, keep string, now time.Time) ([]Payment, error) {
	list, err := tx.BookingPayments(ctx, bookingID)
	if err != nil {
		return nil, err
	}
	var expired []Payment
	for _, p := range list {
		if p.ID == keep || p.Method != Link || p.Status != Pending {
			continue
		}
		p.Status, p.UpdatedAt = Expired, now.UTC().Truncate(time.Microsecond)
		if err := tx.UpdatePayment(ctx, p); err != nil {
			return nil, err
		}
		expired = append(expired, p)
	}
	return expired, nil
}

// after runs once a change committed: the emails go, the caches forget, and the links
// expired are closed at the provider, so none takes money twice.
func (s *Service) after(ctx context.Context, expired []Payment) {
	s.queued()
	s.changed()
	closing := make([]booking.Booking, 0, len(expired))
	for _, p := range expired {
		closing = append(closing, booking.Booking{ID: p.BookingID, Provider: p.Provider, CheckoutID: p.CheckoutID})
	}
	if s.provider != nil && len(closing) > 0 {
		booking.ExpireCheckouts(ctx, s.provider, s.log, closing)
	}
}

func tourZone(name string) *time.Location { return tour.Tour{TimeZone: name}.Zone() }
