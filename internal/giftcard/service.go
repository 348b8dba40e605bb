package giftcard

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"strings"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/booking"
	"tourbook/internal/fault"
	"tourbook/internal/mail"
	"tourbook/internal/money"
	"tourbook/internal/payment"
)

// Store is what the service reads (*store.Store has it).
type Store interface {
	GiftCardByID(ctx context.Context, id string) (Card, error)
	GiftCardByCode(ctx context.Context, code string) (Card, error)
	GiftCardByCheckout(ctx context.Context, provider, checkoutID string) (Card, error)
	SearchGiftCards(ctx context.Context, q string, limit int) ([]Card, error)
	GiftCardEntries(ctx context.Context, cardID string) ([]Entry, error)
	GiftCardSpent(ctx context.Context, bookingID string) (cardID string, spentMinor int64, err error)
	LapsedGiftCardSpends(ctx context.Context) ([]string, error)
	CreateGiftCard(ctx context.Context, c *Card, now time.Time) error
	UpdateGiftCard(ctx context.Context, c Card) error
	Setting(ctx context.Context, key string) (string, bool, error)
	SetSetting(ctx context.Context, key, value string, now time.Time, entry audit.Entry) error
}

// Tx is what the service writes in one transaction (*store.Store bound to one).
type Tx interface {
	LockGiftCard(ctx context.Context, id string) (Card, error)
	UpdateGiftCard(ctx context.Context, c Card) error
	AddGiftCardEntry(ctx context.Context, e *Entry, now time.Time) error
	GiftCardEntryByKey(ctx context.Context, key string) (Entry, error)
	GiftCardSpent(ctx context.Context, bookingID string) (cardID string, spentMinor int64, err error)
	LockBooking(ctx context.Context, id string) (booking.Booking, error)
	AddAudit(ctx context.Context, e audit.Entry, objectID string) error
	EnqueueEmail(ctx context.Context, m *mail.Message) (bool, error)
}

// Options configures NewService.
type Options struct {
	Now    func() time.Time
	Logger *slog.Logger
	// Tx runs fn in one transaction of the store; required for every write.
	Tx func(ctx context.Context, fn func(tx Tx) error) error
	// Provider takes the purchases' payments; BaseURL is the site's public address,
	// which the provider sends buyers back to.
	Provider payment.Provider
	BaseURL  string
	// Currency is the site's currency (the business profile's), which cards are sold in.
	Currency func(ctx context.Context) string
	// Mailer writes the buyer's receipt and the recipient's card; nil sends none.
	// Queued wakes the outbox's sender.
	Mailer Mailer
	Queued func()
}

// Mailer writes the emails of a card: the buyer's receipt once it is paid, and the
// recipient's card (with its printable PDF), due on its delivery day.
type Mailer interface {
	GiftCardReceipt(ctx context.Context, c Card) (*mail.Message, error)
	GiftCardDelivery(ctx context.Context, c Card) (*mail.Message, error)
}

// Service sells, spends and manages gift cards.
type Service struct {
	store    Store
	inTx     func(ctx context.Context, fn func(tx Tx) error) error
	now      func() time.Time
	log      *slog.Logger
	provider payment.Provider
	baseURL  string
	currency func(ctx context.Context) string
	mailer   Mailer
	queued   func()
}

// NewService returns the gift card service over st.
func NewService(st Store, o Options) *Service {
	s := &Service{store: st, inTx: o.Tx, now: o.Now, log: o.Logger, provider: o.Provider,
		baseURL: strings.TrimRight(o.BaseURL, "/"), currency: o.Currency, mailer: o.Mailer, queued: o.Queued}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.inTx == nil {
		s.inTx = func(context.Context, func(Tx) error) error {
			return errors.New("giftcard: no transactions (Options.Tx)")
		}
	}
	if s.currency == nil {
		s.currency = func(context.Context) string { return "usd" }
	}
	if s.queued == nil {
		s.queued = func() {}
	}
	return s
}

func refused(format string, args ...any) *fault.Error {
	return &fault.Error{Kind: fault.Conflict, Message: fmt.Sprintf(format, args...)}
}

// usable says why c cannot pay in currency at now, or nil.
func usable(c Card, currency string, now time.Time) error {
	switch {
	case c.Status == Pending:
		return refused("This gift card has not been paid for yet, so it cannot be used.")
	case c.Status == Void:
		return refused("This gift card was cancelled, so it can no longer be used.")
	case !now.Before(c.ExpiresAt):
		return refused("This gift card expired on %s.", c.ExpiresAt.Format("2 January 2006"))
	case c.BalanceMinor <= 0:
		return refused("This gift card has no balance left.")
	case currency != "" && !strings.EqualFold(c.Currency, currency):
		return refused("This gift card is in %s and cannot pay for a booking in %s.",
			strings.ToUpper(c.Currency), strings.ToUpper(currency))
	}
	return nil
}

// find reads a card by a code as typed: a typo is refused before the database is asked.
func (s *Service) find(ctx context.Context, typed string) (Card, error) {
	code, err := ParseCode(typed)
	if err != nil {
		return Card{}, err
	}
	c, err := s.store.GiftCardByCode(ctx, code)
	if errors.Is(err, ErrNotFound) {
		return Card{}, ErrNotFound
	}
	return c, err
}

// Check says why the card of a typed code cannot pay in currency now, in words for the
// person who typed it, or nil (booking.GiftCards).
func (s *Service) Check(ctx context.Context, typed, currency string) error {
	_, err := s.Lookup(ctx, typed, currency)
	return err
}

// Lookup is the card of a typed code when it can pay in currency now (Check).
func (s *Service) Lookup(ctx context.Context, typed, currency string) (Card, error) {
	c, err := s.find(ctx, typed)
	if err != nil {
		return Card{}, err
	}
	if err := usable(c, currency, s.now()); err != nil {
		return Card{}, err
	}
	return c, nil
}

// Spend takes up to dueMinor from the card of a typed code for a booking's checkout
// (in currency) and says how much it took: all that is due, or all that is left. Once
// per booking: a second call answers with the first's amount. Under the card's lock, so
// two checkouts spending one card at once never take more than its balance.
func (s *Service) Spend(ctx context.Context, typed, bookingID, currency string, dueMinor int64) (int64, error) {
	if dueMinor <= 0 {
		return 0, fmt.Errorf("spend gift card on booking %s: nothing due", bookingID)
	}
	c, err := s.find(ctx, typed)
	if err != nil {
		return 0, err
	}
	now := s.now()
	var took int64
	err = s.inTx(ctx, func(tx Tx) error {
		key := "spend:" + bookingID
		if e, err := tx.GiftCardEntryByKey(ctx, key); err == nil {
			took = -e.AmountMinor
			return nil
		} else if !errors.Is(err, ErrEntryNotFound) {
			return err
		}
		c, err := tx.LockGiftCard(ctx, c.ID)
		if err != nil {
			return err
		}
		if err := usable(c, currency, now); err != nil {
			return err
		}
		took = min(c.BalanceMinor, dueMinor)
		return move(ctx, tx, c, Entry{Key: key, Kind: Spend, AmountMinor: -took, BookingID: bookingID}, now)
	})
	if err != nil {
		return 0, fmt.Errorf("spend gift card %s on booking %s: %w", Last4(c.Code), bookingID, err)
	}
	s.log.Info("gift card spent", "card_id", c.ID, "booking_id", bookingID, "amount", took, "currency", c.Currency)
	return took, nil
}

// move changes the locked card c's balance by e.AmountMinor and writes e, with the
// balance it leaves, at now. A balance below zero or past int64 is refused.
func move(ctx context.Context, tx Tx, c Card, e Entry, now time.Time) error {
	if (e.AmountMinor > 0 && c.BalanceMinor > math.MaxInt64-e.AmountMinor) || c.BalanceMinor+e.AmountMinor < 0 {
		return fmt.Errorf("gift card %s: balance %d cannot move by %d", c.ID, c.BalanceMinor, e.AmountMinor)
	}
	c.BalanceMinor += e.AmountMinor
	c.UpdatedAt = now
	e.CardID, e.BalanceMinor = c.ID, c.BalanceMinor
	if err := tx.UpdateGiftCard(ctx, c); err != nil {
		return err
	}
	return tx.AddGiftCardEntry(ctx, &e, now)
}

// Release gives back what a booking's checkout took from its card when the booking
// was never paid and is cancelled (its hold lapsed, or the traveller let it go); a
// booking still held, or paid, keeps it. Under the booking's lock, which a payment
// takes too: a late payment either comes first (and keeps the spend) or finds it given
// back (and is refunded). Once: the key is the booking's.
func (s *Service) Release(ctx context.Context, bookingID string) (int64, error) {
	now := s.now()
	var gave int64
	err := s.inTx(ctx, func(tx Tx) error {
		b, err := tx.LockBooking(ctx, bookingID)
		if err != nil {
			return err
		}
		if b.Status != booking.Cancelled || !b.PaidAt.IsZero() {
			return nil
		}
		cardID, spent, err := tx.GiftCardSpent(ctx, bookingID)
		if err != nil || spent <= 0 {
			return err
		}
		c, err := tx.LockGiftCard(ctx, cardID)
		if err != nil {
			return err
		}
		gave = spent
		return move(ctx, tx, c, Entry{Key: "release:" + bookingID, Kind: Release, AmountMinor: spent, BookingID: bookingID}, now)
	})
	if err != nil {
		return 0, fmt.Errorf("release gift card spend of booking %s: %w", bookingID, err)
	}
	if gave > 0 {
		s.log.Info("gift card spend released", "booking_id", bookingID, "amount", gave)
	}
	return gave, nil
}

// ReleaseLapsed gives back the spends of every booking cancelled unpaid (Release), and
// says how many; the booking service runs it with its sweep of lapsed holds.
func (s *Service) ReleaseLapsed(ctx context.Context) (int, error) {
	ids, err := s.store.LapsedGiftCardSpends(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		gave, err := s.Release(ctx, id)
		if err != nil {
			return n, err
		}
		if gave > 0 {
			n++
		}
	}
	return n, nil
}

// Spent is what gift cards pay of a booking now (spent less given back).
func (s *Service) Spent(ctx context.Context, bookingID string) (int64, error) {
	_, spent, err := s.store.GiftCardSpent(ctx, bookingID)
	return spent, err
}

// RefundToCard puts back on the card up to amountMinor of a refund of a booking it
// paid, never more than it still pays of it, and says how much; the rest of the refund
// is the provider's to give back. Once per refund key: a retry answers the same.
func (s *Service) RefundToCard(ctx context.Context, bookingID, refundKey string, amountMinor int64) (int64, error) {
	if amountMinor <= 0 {
		return 0, nil
	}
	cardID, _, err := s.store.GiftCardSpent(ctx, bookingID)
	if err != nil || cardID == "" {
		return 0, err
	}
	now := s.now()
	var gave int64
	err = s.inTx(ctx, func(tx Tx) error {
		key := "refund:" + refundKey
		c, err := tx.LockGiftCard(ctx, cardID) // first: two refunds of one booking queue here
		if err != nil {
			return err
		}
		if e, err := tx.GiftCardEntryByKey(ctx, key); err == nil {
			gave = e.AmountMinor
			return nil
		} else if !errors.Is(err, ErrEntryNotFound) {
			return err
		}
		_, spent, err := tx.GiftCardSpent(ctx, bookingID)
		if err != nil {
			return err
		}
		if gave = min(spent, amountMinor); gave > 0 {
			// Money put back on a card nobody can spend would be lost to the customer.
			if err := refundable(c, gave, now); err != nil {
				return err
			}
		}
		if gave <= 0 {
			gave = 0
			return nil
		}
		return move(ctx, tx, c, Entry{Key: key, Kind: Refund, AmountMinor: gave, BookingID: bookingID}, now)
	})
	if err != nil {
		return 0, fmt.Errorf("refund booking %s to its gift card: %w", bookingID, err)
	}
	if gave > 0 {
		s.log.Info("refund put back on gift card", "card_id", cardID, "booking_id", bookingID, "amount", gave)
	}
	return gave, nil
}

// refundable says why gaveMinor cannot go back on c at now (voided or expired), as a
// refusal an operator or traveller can act on, or nil.
func refundable(c Card, gaveMinor int64, now time.Time) error {
	why := ""
	switch {
	case c.Status == Void:
		why = "was cancelled"
	case !now.Before(c.ExpiresAt):
		why = "expired on " + c.ExpiresAt.Format("2 January 2006")
	default:
		return nil
	}
	return refused("The gift card ending %s that paid %s of this booking %s, so the refund cannot go back on it and nothing was refunded.",
		Last4(c.Code), money.Format(gaveMinor, c.Currency), why)
}

// Adjust changes a card's balance by deltaMinor (an admin's correction), with a reason,
// once per key, in the audit log. The balance cannot go below zero.
func (s *Service) Adjust(ctx context.Context, actor account.User, cardID string, deltaMinor int64, reason, key string) (Card, error) {
	reason = strings.TrimSpace(reason)
	var f fault.Fields
	if deltaMinor == 0 {
		f.Add("amount", "Please give the amount to add (or, with a minus sign, to take off).")
	}
	if reason == "" || len(reason) > 500 {
		f.Add("reason", "Please say why the balance changes, in at most 500 characters.")
	}
	if err := f.Err(); err != nil {
		return Card{}, err
	}
	return s.adminMove(ctx, actor, cardID, key, "gift_card.adjust", func(c Card) (Entry, error) {
		if c.Status != Active {
			return Entry{}, refused("Only an active gift card's balance can be changed.")
		}
		if c.BalanceMinor+deltaMinor < 0 {
			return Entry{}, refused("The balance cannot go below zero: it is %s.", money.Format(c.BalanceMinor, c.Currency))
		}
		return Entry{Kind: Adjust, AmountMinor: deltaMinor, Reason: reason}, nil
	})
}

// VoidCard cancels a card: what is left on it is gone and it can no longer be spent.
// Once per key, in the audit log.
func (s *Service) VoidCard(ctx context.Context, actor account.User, cardID, reason, key string) (Card, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" || len(reason) > 500 {
		return Card{}, fault.FieldError("reason", "Please say why the card is voided, in at most 500 characters.")
	}
	return s.adminMove(ctx, actor, cardID, key, "gift_card.void", func(c Card) (Entry, error) {
		if c.Status != Active {
			return Entry{}, refused("This gift card is not active, so it cannot be voided.")
		}
		return Entry{Kind: VoidKind, AmountMinor: -c.BalanceMinor, Reason: reason}, nil
	})
}

// adminMove writes an admin's movement of a card once per key, with its audit entry.
func (s *Service) adminMove(ctx context.Context, actor account.User, cardID, key, action string, decide func(Card) (Entry, error)) (Card, error) {
	if !account.CanAdminister(actor) {
		return Card{}, &fault.Error{Kind: fault.Forbidden, Message: "Only administrators can change gift cards."}
	}
	if key = strings.TrimSpace(key); key == "" || len(key) > 100 {
		return Card{}, &fault.Error{Kind: fault.Invalid, Message: "This form has expired. Please reload the page and try again."}
	}
	now := s.now()
	var out Card
	err := s.inTx(ctx, func(tx Tx) error {
		c, err := tx.LockGiftCard(ctx, cardID)
		if err != nil {
			return err
		}
		out = c
		if _, err := tx.GiftCardEntryByKey(ctx, "admin:"+key); err == nil {
			return nil // done already
		} else if !errors.Is(err, ErrEntryNotFound) {
			return err
		}
		e, err := decide(c)
		if err != nil {
			return err
		}
		e.Key, e.ActorID = "admin:"+key, actor.ID
		if e.Kind == VoidKind {
			c.Status = Void
		}
		if err := move(ctx, tx, c, e, now); err != nil {
			return err
		}
		out.Status, out.BalanceMinor, out.UpdatedAt = c.Status, c.BalanceMinor+e.AmountMinor, now
		return tx.AddAudit(ctx, audit.Entry{At: now, ActorID: actor.ID, ActorName: actor.Name, Action: action,
			ObjectType: "gift_card", ObjectID: c.ID, Changes: audit.Changes{
				"balance": {Old: money.Format(c.BalanceMinor, c.Currency), New: money.Format(out.BalanceMinor, c.Currency)},
				"reason":  {Old: nil, New: e.Reason}}}, c.ID)
	})
	if errors.Is(err, ErrNotFound) {
		return Card{}, ErrNotFound
	}
	if err != nil {
		return Card{}, fmt.Errorf("%s of gift card %s: %w", action, cardID, err)
	}
	return out, nil
}
