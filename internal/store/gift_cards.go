package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"tourbook/internal/giftcard"
)

// Gift cards (internal/giftcard): the cards and the ledger of their movements. Which
// movement is allowed is the giftcard service's to decide, under LockGiftCard in the
// same transaction; the CHECK constraints keep every balance at zero or more.

const giftCardColumns = `id, code, status, currency, amount_minor, balance_minor, buyer_id, buyer_name, buyer_email,
	recipient_name, recipient_email, message, deliver_on, delivered_at, expires_at, provider, checkout_id, payment_ref,
	created_at, updated_at`

func giftCardFields(c *giftcard.Card) []any {
	return []any{&c.ID, &c.Code, &c.Status, &c.Currency, &c.AmountMinor, &c.BalanceMinor, &c.BuyerID, &c.BuyerName,
		&c.BuyerEmail, &c.RecipientName, &c.RecipientEmail, &c.Message, timeCol{&c.DeliverOn}, timeCol{&c.DeliveredAt},
		timeCol{&c.ExpiresAt}, &c.Provider, &c.CheckoutID, &c.PaymentRef, timeCol{&c.CreatedAt}, timeCol{&c.UpdatedAt}}
}

const giftCardEntryColumns = `id, card_id, idem_key, kind, amount_minor, balance_minor, booking_id, reason, actor_id, created_at`

func giftCardEntryFields(e *giftcard.Entry) []any {
	return []any{&e.ID, &e.CardID, &e.Key, &e.Kind, &e.AmountMinor, &e.BalanceMinor, &e.BookingID, &e.Reason,
		&e.ActorID, timeCol{&e.CreatedAt}}
}

// CreateGiftCard writes c (its ID set when empty, CreatedAt and UpdatedAt to now).
func (s *Store) CreateGiftCard(ctx context.Context, c *giftcard.Card, now time.Time) error {
	s.ensureID(&c.ID)
	c.CreatedAt = now.UTC().Truncate(time.Microsecond)
	c.UpdatedAt = c.CreatedAt
	c.DeliverOn = c.DeliverOn.UTC().Truncate(24 * time.Hour)
	c.ExpiresAt = c.ExpiresAt.UTC().Truncate(time.Microsecond)
	_, err := s.writer().ExecContext(ctx, `INSERT INTO gift_cards (`+giftCardColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
		c.ID, c.Code, string(c.Status), c.Currency, c.AmountMinor, c.BalanceMinor, c.BuyerID, c.BuyerName, c.BuyerEmail,
		c.RecipientName, c.RecipientEmail, c.Message, day(c.DeliverOn), tsNull(c.DeliveredAt), ts(c.ExpiresAt),
		c.Provider, c.CheckoutID, c.PaymentRef, ts(c.CreatedAt), ts(c.UpdatedAt))
	if err != nil {
		return fmt.Errorf("create gift card: %w", err)
	}
	return nil
}

// UpdateGiftCard writes a card's Status, BalanceMinor, Provider, CheckoutID, PaymentRef,
// DeliveredAt and UpdatedAt.
func (s *Store) UpdateGiftCard(ctx context.Context, c giftcard.Card) error {
	res, err := s.writer().ExecContext(ctx, `UPDATE gift_cards SET status = $2, balance_minor = $3, provider = $4,
		checkout_id = $5, payment_ref = $6, delivered_at = $7, updated_at = $8 WHERE id = $1`,
		c.ID, string(c.Status), c.BalanceMinor, c.Provider, c.CheckoutID, c.PaymentRef, tsNull(c.DeliveredAt), ts(c.UpdatedAt))
	return updated(res, err, "update gift card "+c.ID, giftcard.ErrNotFound)
}

// GiftCardByID finds a card (giftcard.ErrNotFound).
func (s *Store) GiftCardByID(ctx context.Context, id string) (giftcard.Card, error) {
	return s.giftCardWhere(ctx, s.reader(), `id = $1`, id)
}

// GiftCardByCode finds a card by its stored code (giftcard.ErrNotFound).
func (s *Store) GiftCardByCode(ctx context.Context, code string) (giftcard.Card, error) {
	return s.giftCardWhere(ctx, s.reader(), `code = $1`, code)
}

// GiftCardByCheckout finds the card bought with a provider's checkout (giftcard.ErrNotFound).
func (s *Store) GiftCardByCheckout(ctx context.Context, provider, checkoutID string) (giftcard.Card, error) {
	if checkoutID == "" {
		return giftcard.Card{}, fmt.Errorf("gift card of empty %s checkout: %w", provider, giftcard.ErrNotFound)
	}
	return s.giftCardWhere(ctx, s.reader(), `provider = $1 AND checkout_id = $2`, provider, checkoutID)
}

// LockGiftCard reads a card and locks it until the transaction ends.
func (s *Store) LockGiftCard(ctx context.Context, id string) (giftcard.Card, error) {
	if s.tx == nil {
		return giftcard.Card{}, errors.New("lock gift card: not in a transaction")
	}
	return s.giftCardWhere(ctx, s.tx, s.forUpdate(`id = $1`), id)
}

func (s *Store) giftCardWhere(ctx context.Context, q querier, where string, args ...any) (giftcard.Card, error) {
	var c giftcard.Card
	err := q.QueryRowContext(ctx, `SELECT `+giftCardColumns+` FROM gift_cards WHERE `+where, args...).
		Scan(giftCardFields(&c)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = giftcard.ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("gift card %v: %w", args, err)
	}
	return c, nil
}

// SearchGiftCards lists the active and void cards whose code is q (stored form) or whose
// buyer's or recipient's email contains q, newest first, at most limit; "" lists the
// newest.
func (s *Store) SearchGiftCards(ctx context.Context, q string, limit int) ([]giftcard.Card, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%"
	rows, err := s.reader().QueryContext(ctx, `SELECT `+giftCardColumns+` FROM gift_cards
		WHERE status <> 'pending' AND ($1 = '' OR code = $2 OR lower(buyer_email) LIKE $3 ESCAPE '\'
			OR lower(recipient_email) LIKE $3 ESCAPE '\')
		ORDER BY created_at DESC, id DESC LIMIT `+fmt.Sprint(limit), q, strings.ToUpper(q), like)
	if err != nil {
		return nil, fmt.Errorf("search gift cards %q: %w", q, err)
	}
	list, err := collect(rows, giftCardFields)
	if err != nil {
		return nil, fmt.Errorf("search gift cards %q: %w", q, err)
	}
	return list, nil
}

// AddGiftCardEntry writes e (its ID set when empty, CreatedAt to now). A key already
// used is an error: the service looks it up first, under the card's lock.
func (s *Store) AddGiftCardEntry(ctx context.Context, e *giftcard.Entry, now time.Time) error {
	s.ensureID(&e.ID)
	e.CreatedAt = now.UTC().Truncate(time.Microsecond)
	_, err := s.writer().ExecContext(ctx, `INSERT INTO gift_card_entries (`+giftCardEntryColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		e.ID, e.CardID, e.Key, string(e.Kind), e.AmountMinor, e.BalanceMinor, e.BookingID, e.Reason, e.ActorID, ts(e.CreatedAt))
	if err != nil {
		return fmt.Errorf("add %s entry to gift card %s: %w", e.Kind, e.CardID, err)
	}
	return nil
}

// GiftCardEntryByKey finds the entry written with an idempotency key
// (giftcard.ErrEntryNotFound).
func (s *Store) GiftCardEntryByKey(ctx context.Context, key string) (giftcard.Entry, error) {
	var e giftcard.Entry
	err := s.reader().QueryRowContext(ctx, `SELECT `+giftCardEntryColumns+` FROM gift_card_entries WHERE idem_key = $1`, key).
		Scan(giftCardEntryFields(&e)...)
	if errors.Is(err, sql.ErrNoRows) {
		err = giftcard.ErrEntryNotFound
	}
	if err != nil {
		return e, fmt.Errorf("gift card entry %q: %w", key, err)
	}
	return e, nil
}

// GiftCardEntries is a card's ledger, oldest first.
func (s *Store) GiftCardEntries(ctx context.Context, cardID string) ([]giftcard.Entry, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+giftCardEntryColumns+` FROM gift_card_entries
		WHERE card_id = $1 ORDER BY created_at, id`, cardID)
	if err != nil {
		return nil, fmt.Errorf("entries of gift card %s: %w", cardID, err)
	}
	list, err := collect(rows, giftCardEntryFields)
	if err != nil {
		return nil, fmt.Errorf("entries of gift card %s: %w", cardID, err)
	}
	return list, nil
}

// GiftCardSpent is what gift cards pay of a booking now: its spends less what was given
// back (released or refunded), and the card that paid it ("" and 0 when none).
func (s *Store) GiftCardSpent(ctx context.Context, bookingID string) (cardID string, spentMinor int64, err error) {
	var card sql.NullString
	var sum sql.NullInt64
	err = s.reader().QueryRowContext(ctx, `SELECT MIN(card_id), SUM(amount_minor) FROM gift_card_entries
		WHERE booking_id = $1 AND kind IN ('spend', 'release', 'refund')`, bookingID).Scan(&card, &sum)
	if err != nil {
		return "", 0, fmt.Errorf("gift card spent on booking %s: %w", bookingID, err)
	}
	return card.String, -sum.Int64, nil
}

// LapsedGiftCardSpends lists the bookings never paid and now cancelled (a hold that
// lapsed or was let go) on which a gift card's spend is still taken.
func (s *Store) LapsedGiftCardSpends(ctx context.Context) ([]string, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT e.booking_id FROM gift_card_entries e
		JOIN bookings b ON b.id = e.booking_id
		WHERE e.kind IN ('spend', 'release', 'refund') AND b.status = 'cancelled' AND b.paid_at IS NULL
		GROUP BY e.booking_id HAVING SUM(e.amount_minor) < 0 ORDER BY e.booking_id`)
	if err != nil {
		return nil, fmt.Errorf("lapsed gift card spends: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("lapsed gift card spends: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lapsed gift card spends: %w", err)
	}
	return ids, nil
}
