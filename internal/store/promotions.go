package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/audit"
	"tourbook/internal/promotion"
)

// Promo codes (issue #24 §1): the promotions, and one use per booking that took one.

const promotionColumns = `id, code, percent, amount_minor, currency, tour_ids, valid_from, valid_until,
	departures_from, departures_until, max_uses, max_per_customer, min_travellers, active, created_at, updated_at`

// usedStatuses are the bookings whose use of a code stays counted: those that hold
// their seats, paid or to be paid. A booking cancelled with a refund, or never honoured
// (refund due: paid after its hold, the date full), gives its use back, as a cancelled
// hold does. A pending booking's counts while its hold runs (usesNow).
const usedStatuses = `b.status IN ('paid', 'awaiting_payment')`

// usesNow: a use counted at $1, its booking used or holding seats.
const usesNow = `(` + usedStatuses + ` OR (b.status = 'pending' AND b.hold_until > $1))`

// optDay is a promotion's date column: ” for none.
func optDay(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return day(t)
}

type optDayCol struct{ t *time.Time }

func (c optDayCol) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case nil:
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("date column: unexpected %T", src)
	}
	if s == "" {
		*c.t = time.Time{}
		return nil
	}
	t, err := time.Parse(time.DateOnly, s)
	*c.t = t
	return err
}

func promotionFields(p *promotion.Promotion) []any {
	return []any{&p.ID, &p.Code, &p.Percent, &p.AmountMinor, &p.Currency, jsonCol[[]string]{&p.TourIDs},
		optDayCol{&p.ValidFrom}, optDayCol{&p.ValidUntil}, optDayCol{&p.DeparturesFrom}, optDayCol{&p.DeparturesUntil},
		&p.MaxUses, &p.MaxPerCustomer, &p.MinTravellers, &p.Active, timeCol{&p.CreatedAt}, timeCol{&p.UpdatedAt}}
}

func promotionArgs(p promotion.Promotion) ([]any, error) {
	ids := p.TourIDs
	if ids == nil {
		ids = []string{}
	}
	tours, err := jsonArg(ids)
	if err != nil {
		return nil, err
	}
	return []any{p.ID, p.Code, p.Percent, p.AmountMinor, p.Currency, tours, optDay(p.ValidFrom), optDay(p.ValidUntil),
		optDay(p.DeparturesFrom), optDay(p.DeparturesUntil), p.MaxUses, p.MaxPerCustomer, p.MinTravellers, p.Active,
		ts(p.CreatedAt), ts(p.UpdatedAt)}, nil
}

// CreatePromotion stores p with a new ID and times, with entry (nil: none) in the audit
// log; a code taken is promotion.ErrCodeTaken.
func (s *Store) CreatePromotion(ctx context.Context, p *promotion.Promotion, entry *audit.Entry) error {
	s.ensureID(&p.ID)
	s.ensureTime(&p.CreatedAt)
	p.UpdatedAt = p.CreatedAt
	args, err := promotionArgs(*p)
	if err != nil {
		return err
	}
	err = s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.tx.ExecContext(ctx, `INSERT INTO promotions (`+promotionColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`, args...); err != nil {
			return err
		}
		return tx.addAudit(ctx, entry, p.ID)
	})
	if isUnique(err, "promotions_code", "promotions.code") {
		return fmt.Errorf("create promotion %s: %w", p.Code, promotion.ErrCodeTaken)
	}
	if err != nil {
		return fmt.Errorf("create promotion %s: %w", p.Code, err)
	}
	return nil
}

// UpdatePromotion rewrites p's rules (not its creation time), stamped now, with entry
// (nil: none) in the audit log.
func (s *Store) UpdatePromotion(ctx context.Context, p promotion.Promotion, entry *audit.Entry) error {
	p.UpdatedAt = s.now()
	args, err := promotionArgs(p)
	if err != nil {
		return err
	}
	err = s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE promotions SET code = $2, percent = $3, amount_minor = $4,
			currency = $5, tour_ids = $6, valid_from = $7, valid_until = $8, departures_from = $9, departures_until = $10,
			max_uses = $11, max_per_customer = $12, min_travellers = $13, active = $14, updated_at = $15 WHERE id = $1`,
			append(args[:14:14], args[15])...)
		if err != nil {
			return err
		}
		if ok, err := affected(res); err != nil || !ok {
			if err == nil {
				err = promotion.ErrNotFound
			}
			return err
		}
		return tx.addAudit(ctx, entry, p.ID)
	})
	if isUnique(err, "promotions_code", "promotions.code") {
		return fmt.Errorf("update promotion %s: %w", p.ID, promotion.ErrCodeTaken)
	}
	if err != nil {
		return fmt.Errorf("update promotion %s: %w", p.ID, err)
	}
	return nil
}

// PromotionByID is one promotion; promotion.ErrNotFound when there is none.
func (s *Store) PromotionByID(ctx context.Context, id string) (promotion.Promotion, error) {
	return s.promotionWhere(ctx, s.reader(), `id = $1`, id)
}

// PromotionByCode is the promotion with a code (as stored: upper case).
func (s *Store) PromotionByCode(ctx context.Context, code string) (promotion.Promotion, error) {
	return s.promotionWhere(ctx, s.reader(), `code = $1`, code)
}

// LockPromotion is PromotionByCode locked until the transaction ends (on SQLite the
// single writer serialises transactions already).
func (s *Store) LockPromotion(ctx context.Context, code string) (promotion.Promotion, error) {
	if err := s.needTx("lock promotion"); err != nil {
		return promotion.Promotion{}, err
	}
	return s.promotionWhere(ctx, s.tx, s.forUpdate(`code = $1`), code)
}

func (s *Store) promotionWhere(ctx context.Context, q querier, where string, arg string) (promotion.Promotion, error) {
	var p promotion.Promotion
	err := q.QueryRowContext(ctx, `SELECT `+promotionColumns+` FROM promotions WHERE `+where, arg).Scan(promotionFields(&p)...)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("promotion %q: %w", arg, promotion.ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("promotion %q: %w", arg, err)
	}
	return p, nil
}

// PromotionUses counts a promotion's uses at now (their bookings used or holding
// seats): all of them, and those of userID's bookings.
func (s *Store) PromotionUses(ctx context.Context, promotionID, userID string, now time.Time) (all, mine int, err error) {
	err = s.reader().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN b.user_id = $3 THEN 1 ELSE 0 END), 0)
		FROM promotion_uses u JOIN bookings b ON b.id = u.booking_id
		WHERE u.promotion_id = $2 AND `+usesNow, ts(now), promotionID, userID).Scan(&all, &mine)
	if err != nil {
		return 0, 0, fmt.Errorf("uses of promotion %s: %w", promotionID, err)
	}
	return all, mine, nil
}

// PromotionCodeOfBooking is the code of the promotion a booking used.
func (s *Store) PromotionCodeOfBooking(ctx context.Context, bookingID string) (string, error) {
	var code string
	err := s.reader().QueryRowContext(ctx, `SELECT p.code FROM promotion_uses u JOIN promotions p ON p.id = u.promotion_id
		WHERE u.booking_id = $1`, bookingID).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("promo code of booking %s: %w", bookingID, promotion.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("promo code of booking %s: %w", bookingID, err)
	}
	return code, nil
}

// AddPromotionUse records a booking's use of a promotion.
func (s *Store) AddPromotionUse(ctx context.Context, u promotion.Use) error {
	s.ensureTime(&u.At)
	_, err := s.writer().ExecContext(ctx, `INSERT INTO promotion_uses (booking_id, promotion_id, discount_minor, created_at)
		VALUES ($1, $2, $3, $4)`, u.BookingID, u.PromotionID, u.DiscountMinor, ts(u.At))
	if err != nil {
		return fmt.Errorf("use of promotion %s by booking %s: %w", u.PromotionID, u.BookingID, err)
	}
	return nil
}

// Promotions lists every promotion, newest first, with its uses and the discount given
// (Listed) at now.
func (s *Store) Promotions(ctx context.Context, now time.Time) ([]promotion.Listed, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT `+promotionColumns+` FROM promotions ORDER BY created_at DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("list promotions: %w", err)
	}
	var out []promotion.Listed
	index := map[string]int{}
	if err := scanAll(rows, func() error {
		var l promotion.Listed
		if err := rows.Scan(promotionFields(&l.Promotion)...); err != nil {
			return err
		}
		index[l.ID] = len(out)
		out = append(out, l)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("list promotions: %w", err)
	}
	rows, err = s.reader().QueryContext(ctx, `SELECT u.promotion_id, b.currency,
		COALESCE(SUM(CASE WHEN `+usedStatuses+` THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN `+usedStatuses+` THEN u.discount_minor ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN b.status = 'pending' AND b.hold_until > $1 THEN 1 ELSE 0 END), 0)
		FROM promotion_uses u JOIN bookings b ON b.id = u.booking_id
		GROUP BY u.promotion_id, b.currency`, ts(now))
	if err != nil {
		return nil, fmt.Errorf("uses of promotions: %w", err)
	}
	if err := scanAll(rows, func() error {
		var id, currency string
		var uses, held int
		var discount int64
		if err := rows.Scan(&id, &currency, &uses, &discount, &held); err != nil {
			return err
		}
		i, ok := index[id]
		if !ok {
			return nil
		}
		l := &out[i]
		l.Uses += uses
		l.Held += held
		if discount != 0 {
			if l.DiscountMinor == nil {
				l.DiscountMinor = map[string]int64{}
			}
			l.DiscountMinor[currency] += discount
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("uses of promotions: %w", err)
	}
	return out, nil
}
