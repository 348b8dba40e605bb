package backoffice

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/catalog"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/receipt"
	"tourbook/internal/ticket"
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
	BookingTravellers(ctx context.Context, bookingID string) ([]string, error)
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
	CreateOfficeBooking(ctx context.Context, b *booking.Booking, rec NewBookingRecord, actorName string, now time.Time, entry audit.Entry) error
	// BookingByID finds the booking a form's earlier submission made (booking.ErrNotFound).
	BookingByID(ctx context.Context, id string) (booking.Booking, error)
	// CreateUser stores the account of a new walk-in customer with its booking.
	CreateUser(ctx context.Context, u *account.User) error
	waitlist.Tx
	receipt.Tx
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
	// Mailer writes the confirmations of operators' bookings; nil sends none.
	Mailer Mailer
	// PaymentLinks sends payment links; nil refuses "Send a payment link".
	PaymentLinks PaymentLinks
	// Notifier hears of walk-ins recorded; nil: nobody.
	Notifier booking.Notifier
	// Receipts numbers the receipt of a booking paid at the desk (receipt.Service);
	// nil: none.
	Receipts receipt.Issuer
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
	mailer   Mailer
	links    PaymentLinks
	notifier booking.Notifier
	receipts receipt.Issuer
}

// NewService returns the service.
func NewService(store Store, o Options) *Service {
	s := &Service{store: store, now: o.Now, changed: o.Changed, log: o.Logger, hash: o.HashPassword,
		queued: o.Queued, inTx: o.Tx, waitlist: o.Waitlist, mailer: o.Mailer, links: o.PaymentLinks, notifier: o.Notifier, receipts: o.Receipts}
	if s.notifier == nil {
		s.notifier = booking.NoNotifier{}
	}
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

// Bookings lists bookings for those who manage them, found by f.Query when it is set
// (ReadSearch).
func (s *Service) Bookings(ctx context.Context, actor account.User, f BookingFilter) ([]BookingRow, int, error) {
	if !account.CanManageBookings(actor) {
		return nil, 0, ErrForbidden
	}
	f.Search = booking.Search{}
	if strings.TrimSpace(f.Query) != "" {
		search, err := ReadSearch(f.Query)
		if err != nil {
			return nil, 0, err
		}
		f.Search = search
	}
	return s.store.Bookings(ctx, f, s.now())
}

// ReadSearch reads what an operator typed into the search box (booking.ParseSearch): a
// whole ticket code is read as ticket.Parse reads it at the door (I, L and O typed for
// 1, 1 and 0). Too long a text, or one with nothing to look for ("--"), is a
// fault.Invalid that says what to type.
func ReadSearch(q string) (booking.Search, error) {
	q = strings.TrimSpace(q)
	if n := utf8.RuneCountInString(q); n > booking.MaxSearch {
		return booking.Search{}, invalid("Search for at most %d characters (you typed %d): a name, an email address, a phone number or a booking reference.", booking.MaxSearch, n)
	}
	search := booking.ParseSearch(q)
	if code, err := ticket.Parse(q); err == nil {
		search.Code = strings.ToLower(code)
	}
	if search.Empty() {
		return search, invalid("Type a name, an email address, a phone number or a booking reference to search for.")
	}
	return search, nil
}

// Detail is everything known about one booking.
type Detail struct {
	BookingRow
	Events  []Event
	Refunds []Refund
	// Travellers are the travellers' names, the lead first; none when not recorded.
	Travellers []string
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
	BookingTravellers(ctx context.Context, bookingID string) ([]string, error)
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
	if d.Travellers, err = st.BookingTravellers(ctx, id); err != nil {
		return Detail{}, err
	}
	return d, nil
}

// createOfficeBooking records an operator's booking on a departure with the seats for
// it, counted under its lock (booking.ErrNoSeats otherwise; a closed departure takes
// them too: closing stops sales online only). It does not jump the waiting list: seats
// a hold left when it ran out go to the list first, as for an online checkout. When it
// is refused for want of seats, the offers, rolled back with it, are made again on their
// own: they stand either way. A new customer's account (newCustomer, not yet stored) is
// written in the same transaction, so a refused booking leaves none, and so is the
// confirmation (nil for none). When keyed, a booking with b.ID already made by an
// earlier submission of the same form is returned as it is (replayed), with nothing
// written.
func (s *Service) createOfficeBooking(ctx context.Context, b *booking.Booking, rec NewBookingRecord, keyed bool,
	newCustomer *account.User, confirmation *mail.Message, actorName string, now time.Time, e audit.Entry) (replayed bool, err error) {
	err = s.inTx(ctx, func(tx Tx) error {
		replayed = false
		if s.waitlist != nil {
			if err := s.waitlist.OfferIn(ctx, tx, b.TourID, b.StartDate, now); err != nil {
				return err
			}
		}
		dep, taken, err := tour.LockSeats(ctx, tx, b.TourID, b.StartDate, now)
		if err != nil {
			return err
		}
		if keyed {
			// Under the lock, a concurrent submission of the same form has committed.
			prev, err := tx.BookingByID(ctx, b.ID)
			if err == nil {
				*b, replayed = prev, true
				return nil
			}
			if !errors.Is(err, booking.ErrNotFound) {
				return err
			}
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
		if err := tx.CreateOfficeBooking(ctx, b, rec, actorName, now, e); err != nil {
			return err
		}
		if p := rec.Payment; p != nil && b.Status == booking.Paid && s.receipts != nil {
			if _, err := s.receipts.Issue(ctx, tx, receipt.Issue{Kind: receipt.Receipt, BookingID: b.ID, Source: "payment:" + p.ID,
				AmountMinor: p.AmountMinor, Currency: p.Currency, Method: receipt.MethodOf(string(p.Method)), At: now}, confirmation); err != nil {
				return err
			}
		}
		if confirmation != nil {
			if _, err := tx.EnqueueEmail(ctx, confirmation); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, booking.ErrNoSeats) && s.waitlist != nil {
		if oerr := s.waitlist.Offer(ctx, b.TourID, b.StartDate, now); oerr != nil {
			err = errors.Join(err, fmt.Errorf("offer seats: %w", oerr))
		}
	}
	s.queued()
	return replayed, err
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

// WalkIn is a booking an operator takes (at the desk, on the phone): the customer, the
// travellers, the price and how it is paid. Every field but the customer's and the
// number of travellers is optional, so the walk-in call of old (email, name,
// participants, paymentMethod: paid at the tour's price) still books.
type WalkIn struct {
	Email        string `json:"email"`
	Name         string `json:"name"`
	Phone        string `json:"phone"`
	Participants int    `json:"participants"`
	// Travellers are each traveller's name, the lead first ("" for the lead is the
	// customer's name); nil records the lead's alone.
	Travellers []string `json:"travellers"`
	// Notes are the operator's, never sent to the customer.
	Notes string `json:"notes"`
	// PriceMinor overrides the total; DiscountMinor or DiscountPercent take off the
	// tour's price instead (one of the three at most). The amounts are minor units or
	// as typed ("1.290,00", read in the tour's currency). PriceNote says why, required
	// when the price differs from the tour's.
	PriceMinor      *money.Amount `json:"priceMinor"`
	DiscountMinor   *money.Amount `json:"discountMinor"`
	DiscountPercent int           `json:"discountPercent"`
	PriceNote       string        `json:"priceNote"`
	// Payment is PayReceived (the default), PayLater or PayByLink.
	Payment string `json:"payment"`
	// PaymentMethod is cash or bank_transfer: how it was paid, or is expected to be.
	PaymentMethod string `json:"paymentMethod"`
	// ReceivedOn (YYYY-MM-DD, default today in the tour's zone) and Reference of the
	// money received.
	ReceivedOn string `json:"receivedOn"`
	Reference  string `json:"reference"`
	// PayBy (YYYY-MM-DD) is the day a booking paid later is paid by.
	PayBy string `json:"payBy"`
	// SendConfirmation emails the customer the confirmation; nil sends it.
	SendConfirmation *bool `json:"sendConfirmation"`
	// Key is made once per form: sent again (a double click, a retry) it answers with
	// the booking the first submission made instead of booking again.
	Key string `json:"key"`
	// AwaitingPayment is the walk-in form's "awaiting payment" of old: Payment "later".
	AwaitingPayment bool `json:"awaitingPayment"`
}

// FieldLabel is the label of a field of the walk-in form, by its key.
func (WalkIn) FieldLabel(key string) string {
	return map[string]string{"email": "Email", "name": "Name", "participants": "Participants", "paymentMethod": "Payment method"}[key]
}

// RecordWalkIn books seats for a customer by email, taken by an operator: paid (cash,
// bank transfer), or awaiting payment by a date or a payment link, at the tour's price
// or another with a reason; a new email gets an account without a password it knows
// (password reset, with transactional email, is what will let them in). Every bad field
// is answered at once (*FieldErrors).
func (s *Service) RecordWalkIn(ctx context.Context, actor account.User, tourID, date string, in WalkIn) (booking.Booking, error) {
	if !account.CanManageBookings(actor) {
		return booking.Booking{}, ErrForbidden
	}
	now := s.now()
	ob, err := s.check(ctx, actor, tourID, date, in, now)
	if err != nil {
		return booking.Booking{}, err
	}
	b := &ob.booking
	key := strings.TrimSpace(in.Key)
	if key != "" {
		b.ID = keyedID(actor, key)
	} else {
		b.ID = randomID()
	}
	if p := ob.record.Payment; p != nil {
		p.Key = "office-booking:" + b.ID
	}
	// A new customer's account is made ready here (the password hash is slow) and
	// stored only with the booking.
	var fresh *account.User
	customer, err := s.store.UserByEmail(ctx, ob.email)
	if errors.Is(err, account.ErrNotFound) {
		if fresh, err = s.newCustomer(ob.name, ob.email); err == nil {
			customer = *fresh
		}
	}
	if err != nil {
		return booking.Booking{}, err
	}
	b.UserID = customer.ID
	if customer.Name != ob.name {
		b.ContactName = ob.name // the lead as the operator heard it
	}
	var confirmation *mail.Message
	if ob.confirm && s.mailer != nil {
		if confirmation, err = s.mailer.OfficeConfirmation(ctx, *b, customer); err != nil {
			return booking.Booking{}, fmt.Errorf("confirmation of booking %s: %w", b.ID, err)
		}
	}
	replayed, err := s.createOfficeBooking(ctx, b, ob.record, key != "", fresh, confirmation, actor.Name, now,
		entry(actor, "booking.walk_in", "booking", ""))
	if err != nil {
		if errors.Is(err, booking.ErrNoSeats) {
			return booking.Booking{}, seatsError(in.Participants)
		}
		return booking.Booking{}, err
	}
	if replayed {
		s.log.Info("booking form sent again", "booking_id", b.ID, "by", actor.ID)
		return *b, nil
	}
	s.log.Info("operator's booking recorded", "booking_id", b.ID, "tour_id", ob.tour.ID, "date", date,
		"status", string(b.Status), "by", actor.ID)
	s.changed()
	if ob.sendLink {
		if err := s.links.SendPaymentLink(ctx, actor, b.ID); err != nil {
			return *b, fmt.Errorf("payment link of booking %s: %w", b.ID, err)
		}
	}
	s.notifier.BookingNew(ctx, b.ID)
	return *b, nil
}

// randomID is a booking's id when its form sent no key, as the store makes them.
func randomID() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(time.Now().Unix()))
	_, _ = rand.Read(b[4:])
	return hex.EncodeToString(b[:])
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
