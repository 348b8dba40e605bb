package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/format"
	"tourbook/internal/mail"
	"tourbook/internal/payment"
	"tourbook/internal/promotion"
	"tourbook/internal/receipt"
	"tourbook/internal/tour"
	"tourbook/internal/waitlist"
)

// errNoTx: the service was built without Options.Tx.
var errNoTx = errors.New("booking: no transactions (Options.Tx)")

// Store is what the service needs of the store (docs/store-api.md); *store.Store has it.
type Store interface {
	SetCheckout(ctx context.Context, bookingID, provider, checkoutID string) error
	BookingByID(ctx context.Context, id string) (Booking, error)
	BookingByCheckout(ctx context.Context, provider, checkoutID string) (Booking, error)
	OpenHolds(ctx context.Context, userID string, now time.Time) (int, error)
	ExpireHolds(ctx context.Context, now time.Time) (int, error)
	// DueHolds lists the pending bookings with a checkout whose hold ended by now.
	DueHolds(ctx context.Context, now time.Time) ([]Booking, error)
	// LastHold is the user's unpaid checkout on a departure whose hold ended or ends
	// last (waiting list offers aside); ErrNotFound when there is none.
	LastHold(ctx context.Context, userID, tourID string, date time.Time) (Booking, error)
	// CheckoutsSince counts the checkouts the user opened since a time.
	CheckoutsSince(ctx context.Context, userID string, since time.Time) (int, error)
	// HeldSeats adds up the seats the user's checkouts hold at now.
	HeldSeats(ctx context.Context, userID string, now time.Time) (int, error)
	// AddLoginFailure and CountLoginFailures keep timed events under a key, shared by
	// every instance: here the checkouts opened from each client address.
	AddLoginFailure(ctx context.Context, key string, at time.Time) error
	CountLoginFailures(ctx context.Context, key string, since time.Time) (int, error)
	// RemoveLoginFailure takes back one event of key at at: a promo code tried that
	// proved to exist (promo.go).
	RemoveLoginFailure(ctx context.Context, key string, at time.Time) error
}

// Tx is what the service writes in one transaction, with the waiting list's offers on
// the seats it frees or takes (*store.Store bound to one has it).
type Tx interface {
	CreateHold(ctx context.Context, b *Booking, now time.Time) error
	BookingByID(ctx context.Context, id string) (Booking, error)
	// LockBooking reads a booking and locks it until the transaction ends.
	LockBooking(ctx context.Context, id string) (Booking, error)
	// CancelBooking cancels a Pending booking; other states stay.
	CancelBooking(ctx context.Context, id string) error
	SetOfferCheckout(ctx context.Context, c waitlist.OfferCheckout) error
	// SetBookingTerms records the version of the terms of booking accepted, and when.
	SetBookingTerms(ctx context.Context, id string, version int, at time.Time) error
	// RecordPayment writes b's Status, PaymentRef, PaidAt, AmountMinor and Currency.
	RecordPayment(ctx context.Context, b Booking) error
	IssueTicket(ctx context.Context, bookingID string, now time.Time) error
	// BookOffer marks booked the waiting-list entry whose offer the booking is.
	BookOffer(ctx context.Context, bookingID string) error
	// ExtrasHeld adds up, per extra id, the extras of the bookings that hold seats on a
	// departure at now (HoldsSeats).
	ExtrasHeld(ctx context.Context, tourID string, date, now time.Time) (map[string]int, error)
	// ReleaseHolds cancels the user's open checkouts on the tour and returns them (their
	// ID, StartDate, Provider and CheckoutID at least).
	ReleaseHolds(ctx context.Context, userID, tourID string) ([]Booking, error)
	// GiftCardSpent is what gift cards pay of a booking now (giftcard.go).
	GiftCardSpent(ctx context.Context, bookingID string) (cardID string, spentMinor int64, err error)
	waitlist.Tx
	receipt.Tx
	promotion.Tx
}

// Waitlist offers seats to the departures' waiting lists (*waitlist.Service): inside
// the transaction that frees (or is about to take) them, in one of its own, and in the
// periodic sweep.
type Waitlist interface {
	OfferIn(ctx context.Context, tx waitlist.Tx, tourID string, date, now time.Time) error
	Offer(ctx context.Context, tourID string, date, now time.Time) error
	OfferWaitlistSeats(ctx context.Context, now time.Time) (int, error)
}

// Provider is the payment provider: the service opens checkouts there, looks them up,
// and closes those whose hold it released, so that nobody pays for seats not held.
type Provider interface {
	payment.Provider
	payment.Expirer
}

// TourStore loads tours, for their price, capacity and start dates.
type TourStore interface {
	TourByID(ctx context.Context, id string, now time.Time) (tour.Tour, error)
}

// Mailer writes the confirmation a customer gets when their booking is paid.
type Mailer interface {
	Confirmation(ctx context.Context, b Booking) (*mail.Message, error)
}

// Options configures NewService.
type Options struct {
	Now func() time.Time
	// HoldFor is how long seats are held while a checkout is open; default 30 minutes,
	// the shortest checkout Stripe allows.
	HoldFor time.Duration
	// BaseURL is the site's public address; the provider sends customers back to it.
	BaseURL string
	// ImageURL gives the absolute URL of a tour's picture for the checkout page; nil or
	// "" shows none.
	ImageURL func(tour.Tour) string
	Logger   *slog.Logger
	// Mailer writes confirmations; nil sends none. Queued wakes the outbox's sender.
	Mailer Mailer
	Queued func()
	// Tx runs fn in one transaction of the store (store.Store.InTx); required for
	// every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// SeatsChanged is called after a hold or cancellation committed (the tour cache's
	// listeners); nil: nothing.
	SeatsChanged func()
	// Offers pays waiting list offers; Waitlist offers freed seats and passes on the
	// offers that ran out. Nil: none.
	Offers   WaitlistStore
	Waitlist Waitlist
	// Counter counts holds and payments for the operator's metrics; nil counts nothing.
	Counter Counter
	// Limits bound what one account and one client address may hold; zero fields are
	// the defaults (DefaultLimits).
	Limits Limits
	// Notifier hears of bookings paid; nil: nobody.
	Notifier Notifier
	// Links fulfils the checkouts of payment links (collect.Service), which are not
	// bookings' own; nil: none.
	Links Links
	// Receipts numbers a paid booking's receipt in its payment's transaction and
	// attaches it to the confirmation (receipt.Service); nil: none.
	Receipts receipt.Issuer
	// Terms is the site's terms of booking (legal.Service), which a traveller must
	// accept to open a checkout while any are written; nil: none asked.
	Terms Terms
	// Details checks who travels and their answers (details.Check); nil keeps one
	// unnamed traveller per person and no answers.
	Details DetailsChecker
	// Promotions checks promo codes and reserves their uses (promotion.Service); nil:
	// a checkout with a code is refused.
	Promotions Promotions
	// GiftCards spends gift cards at checkout (giftcard.Service); nil: none taken.
	GiftCards GiftCards
}

// Terms says which version of the terms of booking a checkout must accept.
type Terms interface {
	// TermsVersion is the current version's number; 0 while none are written.
	TermsVersion(ctx context.Context) (int, error)
}

// Links fulfils a paid checkout when it is a payment link's: handled is false for a
// checkout that is not one.
type Links interface {
	FulfilLink(ctx context.Context, ev payment.Event) (handled bool, err error)
}

// Limits make holding seats without paying useless (issue 20): one account, or many
// from one client address, cannot keep a departure blocked.
type Limits struct {
	// CheckoutsPerAccount and CheckoutsPerClient bound the checkouts opened within
	// LimitWindow by one account and from one client address; negative: no bound.
	CheckoutsPerAccount int
	CheckoutsPerClient  int
	// HeldSeats bounds the seats one account holds at once, across departures;
	// negative: no bound.
	HeldSeats int
}

// DefaultLimits are the limits the site runs with.
var DefaultLimits = Limits{CheckoutsPerAccount: 10, CheckoutsPerClient: 30, HeldSeats: 12}

// LimitWindow is the window the checkouts opened are counted in.
const LimitWindow = time.Hour

// Counter hears what the service did, once it is committed.
type Counter interface {
	HoldPlaced()
	HoldRefused() // not enough seats left for the checkout
	HoldLimited() // refused by a limit on holding seats (Limits, a hold's life)
	// HoldsReleased: n holds ended unpaid, for reason "cancelled" (the traveller),
	// "replaced" (booking the tour again), "failed" (the checkout could not be opened)
	// or "expired".
	HoldsReleased(reason string, n int)
	// PaymentRecorded: a payment was recorded, leaving the booking in status (paid,
	// or refund_due). Replays of the same payment are not counted again.
	PaymentRecorded(status string)
}

type noCounter struct{}

func (noCounter) HoldPlaced()               {}
func (noCounter) HoldRefused()              {}
func (noCounter) HoldLimited()              {}
func (noCounter) HoldsReleased(string, int) {}
func (noCounter) PaymentRecorded(string)    {}

// Service books tours: it holds seats, opens the provider's checkout and turns paid
// checkouts into bookings, exactly once whichever of the webhook and the customer's
// return arrives first.
type Service struct {
	store    Store
	tours    TourStore
	provider Provider
	now      func() time.Time
	holdFor  time.Duration
	baseURL  string
	imageURL func(tour.Tour) string
	log      *slog.Logger
	mailer   Mailer
	queued   func()
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	seats    func()
	offers   WaitlistStore
	waitlist Waitlist
	counter  Counter
	limits   Limits
	links    Links
	notifier Notifier
	receipts receipt.Issuer
	terms    Terms
	details  DetailsChecker
	promos   Promotions
	// giftCards: gift cards at checkout (giftcard.go); nil: none.
	giftCards GiftCards
}

// NewService returns a booking service.
func NewService(store Store, tours TourStore, provider Provider, o Options) *Service {
	s := &Service{
		store: store, tours: tours, provider: provider,
		now: o.Now, holdFor: o.HoldFor, baseURL: strings.TrimRight(o.BaseURL, "/"),
		imageURL: o.ImageURL, log: o.Logger, mailer: o.Mailer, queued: o.Queued, inTx: o.Tx, seats: o.SeatsChanged,
		offers: o.Offers, waitlist: o.Waitlist, counter: o.Counter, limits: o.Limits, links: o.Links, receipts: o.Receipts,
		notifier: o.Notifier, terms: o.Terms, details: o.Details, promos: o.Promotions, giftCards: o.GiftCards,
	}
	if s.details == nil {
		s.details = unnamedTravellers
	}
	if s.notifier == nil {
		s.notifier = NoNotifier{}
	}
	if s.limits.CheckoutsPerAccount == 0 {
		s.limits.CheckoutsPerAccount = DefaultLimits.CheckoutsPerAccount
	}
	if s.limits.CheckoutsPerClient == 0 {
		s.limits.CheckoutsPerClient = DefaultLimits.CheckoutsPerClient
	}
	if s.limits.HeldSeats == 0 {
		s.limits.HeldSeats = DefaultLimits.HeldSeats
	}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(tx Tx) error) error { return errNoTx }
	}
	if s.seats == nil {
		s.seats = func() {}
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
	if s.holdFor <= 0 {
		s.holdFor = 30 * time.Minute
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// MaxOpenCheckouts is how many tours one user may hold seats on at once. Holds expire
// on their own, but without a bound one account could keep every date of every tour
// full for 30 minutes at a time.
const MaxOpenCheckouts = 3

// dateLayout is how dates are written to customers: "15 June 2027".
const dateLayout = "2 January 2006"

// Checkout is what a traveller asks for when they book a tour online.
type Checkout struct {
	TourID string
	// Date is "" (the next date with room) or YYYY-MM-DD.
	Date string
	// Units is how many travellers of each price category (category id → count), and
	// Extras how many of each extra (extra id → quantity). Without Units, Participants
	// books that many of the tour's first category that takes a seat (0 means 1), as
	// before categories (tour.SeatCategory).
	Units        map[string]int
	Extras       map[string]int
	Participants int
	// Details is who travels and their answers, as sent; Options.Details checks them.
	Details Details
	// Terms is the version of the terms of booking the traveller accepted (0: none).
	Terms int
	// PromoCode is the promo code typed ("": none), promo.go.
	PromoCode string
	// GiftCard is a gift card's code as typed, which pays part or all of what is due
	// now (giftcard.go); "" for none.
	GiftCard string
}

// Details is what a traveller sent about who travels and their answers to the tour's
// questions: details.Given's shape (package details checks it, and imports this one).
type Details struct {
	Travellers []Traveller `json:"travellers"`
	Answers    []Answer    `json:"answers"`
}

// DetailsChecker checks the details sent for a booking of units of t and returns what
// the booking keeps: one Traveller per traveller and the answers as asked. Its errors
// are *fault.Error naming the traveller or question. details.Check is the site's.
type DetailsChecker func(t tour.Tour, units []Unit, given Details) ([]Traveller, []Answer, error)

// unnamedTravellers is the DetailsChecker of a service built without one: one traveller
// per person, in the order of the units, with no name and no answers kept.
func unnamedTravellers(_ tour.Tour, units []Unit, _ Details) ([]Traveller, []Answer, error) {
	var out []Traveller
	for _, u := range units {
		for range u.Count {
			out = append(out, Traveller{CategoryID: u.CategoryID})
		}
	}
	return out, nil, nil
}

// unitsAsked is what a checkout asks for per category: its Units, or Participants (0
// reads as 1) of the tour's first category that takes a seat.
func unitsAsked(t tour.Tour, c Checkout) (map[string]int, error) {
	if len(c.Units) > 0 {
		return c.Units, nil
	}
	n := c.Participants
	if n == 0 {
		n = 1
	}
	if n < 1 || n > t.MaxGroupSize {
		return nil, badRequest(fmt.Sprintf("Please choose between 1 and %d participants.", t.MaxGroupSize))
	}
	return map[string]int{t.SeatCategory().ID: n}, nil
}

// StartCheckout is Open without terms accepted: for sites and tests with no terms of
// booking written.
func (s *Service) StartCheckout(ctx context.Context, user account.User, client, tourID, date string, participants int) (string, error) {
	return s.Open(ctx, user, client, Checkout{TourID: tourID, Date: date, Participants: participants})
}

// Open holds seats for user on a tour's start date and opens a checkout at the payment
// provider; it returns the checkout's URL, where the browser goes next. client is the
// address the request came from ("" counts none). While terms of booking are written, c
// must accept their current version; the booking keeps which, and when.
// Errors are *Error (400, 401, 404, 409, 502), *LimitError (429) or internal.
func (s *Service) Open(ctx context.Context, user account.User, client string, c Checkout) (string, error) {
	tourID, date := c.TourID, c.Date
	if user.ID == "" {
		return "", &Error{Kind: fault.Unauthorized, Message: "Please log in to book a tour."}
	}
	terms, err := s.acceptedTerms(ctx, c.Terms)
	if err != nil {
		return "", err
	}
	now := s.now()
	if err := s.checkoutRate(ctx, user.ID, client, now); err != nil {
		return "", err
	}
	// Booking a tour again (a second click, the back button from the checkout) replaces
	// the user's earlier hold on it rather than adding to it: people must not be refused
	// seats by their own abandoned checkout. Released before the tour is loaded, so the
	// seats left it shows already count them free.
	if err := s.releaseHolds(ctx, user.ID, tourID, now); err != nil {
		return "", fmt.Errorf("release earlier holds on tour %q: %w", tourID, err)
	}
	open, err := s.store.OpenHolds(ctx, user.ID, now)
	if err != nil {
		return "", fmt.Errorf("count open checkouts: %w", err)
	}
	if open >= MaxOpenCheckouts {
		return "", conflict(fmt.Sprintf("You have %d checkouts open for other tours. Please finish or cancel one of them first, or try again in %d minutes.",
			open, int(s.holdFor/time.Minute)))
	}
	t, err := s.tours.TourByID(ctx, tourID, now)
	if errors.Is(err, tour.ErrNotFound) {
		return "", &Error{Kind: fault.NotFound, Message: "There is no tour with that id.", Err: err}
	}
	if err != nil {
		return "", fmt.Errorf("load tour %q: %w", tourID, err)
	}
	asked, err := unitsAsked(t, c)
	if err != nil {
		return "", err
	}
	// The rules are checked before a date is chosen for the seats asked; the quote is
	// then worked out at that departure's own prices.
	q, err := Price(t, tour.StartDate{}, asked, c.Extras)
	if err != nil {
		return "", err
	}
	start, err := pickDate(t, date, q.Seats, now)
	if err != nil {
		if errors.Is(err, ErrNoSeats) {
			s.counter.HoldRefused()
		}
		return "", err
	}
	if q, err = Price(t, start, asked, c.Extras); err != nil {
		return "", err
	}
	if q.TotalMinor <= 0 {
		// A free or mispriced tour cannot go through a card checkout.
		return "", conflict("This tour cannot be booked online. Please contact us.")
	}
	// Promo code (issue #24 §1, promo.go): checked here, its use reserved with the hold.
	promo, err := s.checkPromo(ctx, user, client, t, start, q, c.PromoCode)
	if err != nil {
		return "", err
	}
	travellers, answers, err := s.details(t, q.Units, c.Details)
	if err != nil {
		return "", err
	}
	// Gift card (issue #24 §2): a card that cannot pay is refused before seats are held.
	if err := s.checkGiftCard(ctx, c, t.Currency); err != nil {
		return "", err
	}
	participants := q.Seats
	holdUntil, err := s.holdEnd(ctx, user.ID, t.ID, start.Date, now)
	if err != nil {
		return "", err
	}
	if err := s.seatCeiling(ctx, user.ID, participants, now); err != nil {
		return "", err
	}

	b := &Booking{
		TourID:       t.ID,
		UserID:       user.ID,
		StartDate:    start.Date,
		Participants: participants,
		AmountMinor:  q.TotalMinor,
		Currency:     strings.ToLower(t.Currency),
		Provider:     s.provider.Name(),
		Status:       Pending,
		HoldUntil:    holdUntil,
		// What the customer is shown at checkout is what they are held to.
		Policy:     t.Policy,
		Units:      q.Units,
		Extras:     q.Extras,
		Travellers: travellers,
		Answers:    answers,
	}
	if terms > 0 {
		b.TermsVersion, b.TermsAcceptedAt = terms, now
	}
	promo.apply(b)
	// Deposits (issue #24 §3, balance.go): a far departure's checkout charges the deposit,
	// worked out from the price after the promo code's discount.
	applyDeposit(t, b, now)
	if err := s.holdWith(ctx, b, t.Extras, now, promo.reserve(s)); err != nil {
		if errors.Is(err, ErrNoSeats) {
			s.counter.HoldRefused()
			// Someone else took the seats since the tour was loaded.
			return "", &Error{Kind: fault.Conflict, Err: err,
				Message: fmt.Sprintf("Sorry, there are no longer %s left on %s.", seats(participants), start.Date.Format(dateLayout))}
		}
		var public *Error
		if errors.As(err, &public) {
			return "", public // an extra out of stock
		}
		return "", fmt.Errorf("hold seats on tour %s: %w", t.ID, err)
	}
	// Gift card (issue #24 §2): it pays from what is due now; all of it confirms the
	// booking at once, else the provider is charged the rest (giftcard.go).
	cardMinor, err := s.spendGiftCard(ctx, c, b)
	if err != nil {
		return "", err
	}
	if cardMinor == b.ChargeMinor() {
		return s.payAllByGiftCard(ctx, *b, now)
	}

	req := payment.CheckoutRequest{
		BookingID:     b.ID,
		TourID:        t.ID,
		UserID:        user.ID,
		CustomerEmail: user.Email,
		TourName:      t.Name,
		Description:   fmt.Sprintf("%s · %s", start.Date.Format(dateLayout), travellersText(q.Units)),
		StartDate:     start.Date.Format(time.DateOnly),
		Lines:         depositLines(*b, promo.lines(q.Units, q.Extras, *b)),
		Currency:      b.Currency,
		SuccessURL:    s.baseURL + "/bookings/success?session_id=" + payment.PlaceholderCheckoutID,
		CancelURL:     s.baseURL + "/tour/" + url.PathEscape(t.Slug) + "?checkout=cancelled&booking=" + url.QueryEscape(b.ID),
		ExpiresAt:     b.HoldUntil,
		Terms:         format.PolicyText(t.Policy),
	}
	if s.imageURL != nil {
		req.ImageURL = s.imageURL(t)
	}
	req = giftCardCheckout(req, cardMinor)
	co, err := s.provider.CreateCheckout(ctx, req)
	if err != nil {
		s.release(ctx, b.ID)
		return "", providerError(fmt.Errorf("create %s checkout for booking %s: %w", s.provider.Name(), b.ID, err))
	}
	if err := s.store.SetCheckout(ctx, b.ID, s.provider.Name(), co.ID); err != nil {
		// The customer is not sent to a checkout we could not record, and it is closed.
		s.release(ctx, b.ID)
		s.expireCheckouts(ctx, []Booking{{ID: b.ID, Provider: s.provider.Name(), CheckoutID: co.ID}})
		return "", fmt.Errorf("record checkout %s for booking %s: %w", co.ID, b.ID, err)
	}
	if client != "" && s.limits.CheckoutsPerClient > 0 {
		if err := s.store.AddLoginFailure(ctx, clientKey(client), now); err != nil {
			s.log.Warn("count a checkout of a client address", "err", err)
		}
	}
	s.counter.HoldPlaced()
	s.log.Info("checkout started", "booking_id", b.ID, "tour_id", t.ID, "user_id", user.ID,
		"start_date", req.StartDate, "participants", participants, "travelling", q.Travelling(), "amount", b.AmountMinor, "charged", b.ChargeMinor(),
		"currency", b.Currency, "provider", s.provider.Name(), "checkout_id", co.ID)
	return co.URL, nil
}

// CancelReturn releases the seats of a checkout the user walked away from (the provider's
// cancel link leads back to the tour page with the booking's id). Only the user's own,
// still pending booking is touched; anything else is ignored, as the link may be old.
func (s *Service) CancelReturn(ctx context.Context, user account.User, bookingID string) error {
	b, err := s.store.BookingByID(ctx, bookingID)
	if errors.Is(err, ErrNotFound) || (err == nil && (b.UserID != user.ID || b.Status != Pending)) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("cancelled checkout %s: %w", bookingID, err)
	}
	if err := s.cancelHold(ctx, b.ID, "cancelled", s.now()); err != nil {
		return fmt.Errorf("cancel booking %s: %w", b.ID, err)
	}
	s.log.Info("checkout cancelled", "booking_id", b.ID, "user_id", user.ID)
	return nil
}

// ContinueCheckout is the address of the checkout still open for the user's unpaid
// booking: the same provider session, so a traveller who left it (closed the tab, came
// back from /my-tours) pays it rather than holding a second set of seats. A booking of
// someone else is not found; one whose hold has ended, or that is paid meanwhile, is a
// conflict that says so.
func (s *Service) ContinueCheckout(ctx context.Context, user account.User, bookingID string) (string, error) {
	b, err := s.store.BookingByID(ctx, bookingID)
	if err == nil && b.UserID != user.ID {
		err = ErrNotFound
	}
	if errors.Is(err, ErrNotFound) {
		return "", &Error{Kind: fault.NotFound, Message: "There is no such booking.", Err: err}
	}
	if err != nil {
		return "", fmt.Errorf("continue checkout of booking %s: %w", bookingID, err)
	}
	if b.Status != Pending || !b.HoldsSeats(s.now()) || b.CheckoutID == "" || b.Provider != s.provider.Name() {
		return "", conflict("The seats of this booking are no longer held for you. Please book again from the tour's page.")
	}
	ev, err := s.provider.Checkout(ctx, b.CheckoutID)
	if err != nil {
		return "", providerError(fmt.Errorf("look up %s checkout %s of booking %s: %w", b.Provider, b.CheckoutID, b.ID, err))
	}
	if ev.Paid {
		// Paid meanwhile (the webhook is on its way): the success page confirms it.
		return s.baseURL + "/bookings/success?session_id=" + url.QueryEscape(b.CheckoutID), nil
	}
	if ev.URL == "" {
		return "", conflict("This booking's checkout has closed. Please book again from the tour's page.")
	}
	return ev.URL, nil
}

// release cancels a hold whose checkout could not be opened, so its seats are free at
// once. It runs even when the request was cancelled: the hold must not linger.
func (s *Service) release(ctx context.Context, bookingID string) {
	if err := s.cancelHold(context.WithoutCancel(ctx), bookingID, "failed", s.now()); err != nil {
		s.log.Error("cancel hold after failed checkout", "booking_id", bookingID, "err", err)
	}
}

// pickDate chooses the start date for participants: the one asked for, or the next one
// with room. Closed departures and those that have started are not for sale.
func pickDate(t tour.Tour, date string, participants int, now time.Time) (tour.StartDate, error) {
	if date == "" {
		upcoming := false
		var roomiest tour.StartDate // the upcoming date with the most seats left
		for _, d := range t.StartDates {
			if d.Closed || t.Started(d, now) {
				continue
			}
			if t.SeatsLeft(d) >= participants {
				return d, nil
			}
			if !upcoming || t.SeatsLeft(d) > t.SeatsLeft(roomiest) {
				roomiest = d
			}
			upcoming = true
		}
		switch {
		case !upcoming:
			return tour.StartDate{}, conflict("This tour has no upcoming start dates.")
		case t.SeatsLeft(roomiest) > 0:
			return tour.StartDate{}, seatsLeftError(t.SeatsLeft(roomiest), roomiest.Date)
		}
		return tour.StartDate{}, noSeats("This tour is fully booked.")
	}
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return tour.StartDate{}, badRequest("Please give the start date as YYYY-MM-DD.")
	}
	for _, d := range t.StartDates {
		if !d.Date.Equal(day) {
			continue
		}
		switch left := t.SeatsLeft(d); {
		case t.Started(d, now):
			return tour.StartDate{}, conflict("That start date has already passed.")
		case d.Closed:
			return tour.StartDate{}, conflict(fmt.Sprintf("The departure on %s is closed for booking.", day.Format(dateLayout)))
		case left == 0:
			return tour.StartDate{}, noSeats(fmt.Sprintf("This tour is fully booked on %s.", day.Format(dateLayout)))
		case left < participants:
			return tour.StartDate{}, seatsLeftError(left, day)
		}
		return d, nil
	}
	if day.Before(tour.Day(now)) {
		return tour.StartDate{}, conflict("That start date has already passed.")
	}
	return tour.StartDate{}, conflict(fmt.Sprintf("This tour does not start on %s. Please choose one of its start dates.", day.Format(dateLayout)))
}

// seatsLeftError: "Only 2 seats are left on 15 June 2027."
func seatsLeftError(left int, day time.Time) *Error {
	verb := "are"
	if left == 1 {
		verb = "is"
	}
	return noSeats(fmt.Sprintf("Only %s %s left on %s.", seats(left), verb, day.Format(dateLayout)))
}

func seats(n int) string {
	if n == 1 {
		return "1 seat"
	}
	return fmt.Sprintf("%d seats", n)
}

func participantsText(n int) string {
	if n == 1 {
		return "1 participant"
	}
	return fmt.Sprintf("%d participants", n)
}

// travellersText says who travels for a checkout's description: "3 participants" when
// all are of one category, else "2 Adults, 1 Child".
func travellersText(units []Unit) string {
	if len(units) == 1 {
		return participantsText(units[0].Count)
	}
	parts := make([]string, len(units))
	for i, u := range units {
		parts[i] = count(u.Count, u.Name)
	}
	return strings.Join(parts, ", ")
}

// acceptedTerms is the version of the terms of booking a checkout accepts: 0 while none
// are written (whatever was sent), else the current one, which accepted must name.
func (s *Service) acceptedTerms(ctx context.Context, accepted int) (int, error) {
	if s.terms == nil {
		return 0, nil
	}
	current, err := s.terms.TermsVersion(ctx)
	if err != nil {
		return 0, err
	}
	switch {
	case current == 0:
		return 0, nil
	case accepted == 0:
		return 0, badRequest("Please accept the terms of booking to book this tour: tick the box above the button.")
	case accepted != current:
		return 0, badRequest("The terms of booking have changed since this page was opened. Please reload the page, read them and accept them again.")
	}
	return current, nil
}
