package booking

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"tourbook/internal/account"
	"tourbook/internal/fault"
	"tourbook/internal/money"
	"tourbook/internal/payment"
	"tourbook/internal/promotion"
	"tourbook/internal/tour"
)

// Promo codes at checkout (issue #24 §1): the order of money is the price (Price), less
// the code's discount = the booking's price (AmountMinor, its PriceNote naming the code,
// which its receipt, emails and back-office page print as the adjustment line). The
// code is checked before the hold and its use reserved in the hold's own transaction
// (promotion.Service.ReserveIn), so it is released with the hold.

// Promotions checks promo codes and reserves their uses (*promotion.Service).
type Promotions interface {
	Check(ctx context.Context, code string, o promotion.Order) (promotion.Applied, error)
	ReserveIn(ctx context.Context, tx promotion.Tx, code string, o promotion.Order, bookingID string) (promotion.Applied, error)
	StillHonoured(ctx context.Context, tx promotion.Tx, bookingID, userID string) (bool, error)
}

// promoHold is a code that applies to a checkout about to be held.
type promoHold struct {
	code    string
	order   promotion.Order
	applied promotion.Applied
}

// promoOrder is what a code is checked against for a quote q of t on start.
func promoOrder(user account.User, t tour.Tour, start tour.StartDate, q Order) promotion.Order {
	return promotion.Order{TourID: t.ID, Currency: t.Currency, Departure: start.Date, Travellers: q.Travelling(),
		PriceMinor: q.TotalMinor, UserID: user.ID}
}

// PromoMissesPerClient bounds the unknown promo codes tried from one client address
// within LimitWindow (the panel's Apply and checkouts together, counted in the store
// that every instance shares): codes cannot be found by guessing.
const PromoMissesPerClient = 20

// promoMissKey is the key client's unknown codes are counted under: its address, or for
// IPv6 its /64, the network one host is given (else every try could come from another
// address of it).
func promoMissKey(client string) string {
	if a, err := netip.ParseAddr(client); err == nil && a.Unmap().Is6() {
		if p, err := a.Unmap().Prefix(64); err == nil {
			return "promo-miss:" + p.String()
		}
	}
	return "promo-miss:" + client
}

// checkPromo checks the checkout's promo code ("" none: nil) against the quote; the
// refusal is the promotion's, in words. client is the address the request came from
// ("" counts none): its unknown codes are counted and bounded.
func (s *Service) checkPromo(ctx context.Context, user account.User, client string, t tour.Tour, start tour.StartDate, q Order, code string) (*promoHold, error) {
	if strings.TrimSpace(code) == "" {
		return nil, nil
	}
	if s.promos == nil {
		return nil, badRequest("Promo codes are not taken on this site.")
	}
	now := s.now()
	// The try is counted as a miss before the code is looked up, and taken back if the
	// code exists: counted after, a burst of tries at once would all pass the bound.
	takeBack := client != ""
	if takeBack {
		key := promoMissKey(client)
		if err := s.store.AddLoginFailure(ctx, key, now); err != nil {
			return nil, fmt.Errorf("count a promo code tried from a client address: %w", err)
		}
		n, err := s.store.CountLoginFailures(ctx, key, now.Add(-LimitWindow))
		if err == nil && n > PromoMissesPerClient {
			err = &LimitError{Wait: LimitWindow, Message: fmt.Sprintf(
				"Too many promo codes that do not exist were tried from your network. Please try again in %s.", minutes(LimitWindow))}
		}
		defer func() {
			if !takeBack {
				return
			}
			if rerr := s.store.RemoveLoginFailure(ctx, key, now); rerr != nil {
				s.log.Warn("take back a promo code tried from a client address", "err", rerr)
			}
		}()
		if err != nil {
			var limit *LimitError
			if !errors.As(err, &limit) {
				err = fmt.Errorf("count unknown promo codes of a client address: %w", err)
			}
			return nil, err // refused unchecked: taken back
		}
	}
	o := promoOrder(user, t, start, q)
	a, err := s.promos.Check(ctx, code, o)
	var pub fault.Public
	if takeBack && errors.As(err, &pub) && pub.FaultKind() == fault.NotFound {
		takeBack = false // a miss: it stays counted
	}
	if err != nil {
		return nil, err
	}
	if a.DiscountMinor >= q.TotalMinor {
		return nil, conflict(fmt.Sprintf("The promo code %s takes off the whole price, which cannot be paid by card. Please contact us to book.", a.Code))
	}
	return &promoHold{code: code, order: o, applied: a}, nil
}

// apply sets b's price to the quote's less the discount, with the code as its note.
func (p *promoHold) apply(b *Booking) {
	if p == nil {
		return
	}
	b.AmountMinor -= p.applied.DiscountMinor
	b.PriceNote = p.applied.Note()
}

// reserve is the hold transaction's part: the code's use, checked again under the
// promotion's lock. A code changed meanwhile so that it takes off another amount
// refuses the hold: the traveller is charged only what they were shown.
func (p *promoHold) reserve(s *Service) holdAlso {
	if p == nil {
		return nil
	}
	return func(ctx context.Context, tx Tx, b *Booking) error {
		a, err := s.promos.ReserveIn(ctx, tx, p.code, p.order, b.ID)
		if err != nil {
			return err
		}
		if a.DiscountMinor != p.applied.DiscountMinor {
			return conflict(fmt.Sprintf("The promo code %s has just changed. Please book again to see what it takes off.", a.Code))
		}
		return nil
	}
}

// lines is what the provider's checkout lists: the units and extras, or, with a code,
// one line for the discounted price that names them, the code and what it took off.
// Stripe takes no negative line, and the lines must add up to what is charged.
func (p *promoHold) lines(units []Unit, extras []ExtraLine, b Booking) []payment.LineItem {
	lines := LineItems(units, extras)
	if p == nil {
		return lines
	}
	parts := make([]string, 0, len(lines))
	for _, l := range lines {
		parts = append(parts, fmt.Sprintf("%d × %s", l.Quantity, l.Name))
	}
	name := fmt.Sprintf("Booking with promo code %s (%s, %s)", p.applied.Code, strings.Join(parts, ", "),
		money.Format(-p.applied.DiscountMinor, b.Currency))
	return []payment.LineItem{{Name: name, UnitAmountMinor: b.AmountMinor, Quantity: 1}}
}

// PromoQuote is what the booking panel's "Apply" shows: what the code takes off the
// booking asked for, and the price then.
type PromoQuote struct {
	Code          string
	PriceMinor    int64 // before the discount
	DiscountMinor int64
	TotalMinor    int64 // to pay
	Currency      string
}

// QuotePromo says whether c's promo code applies to the booking c asks for, and what it
// takes off, without holding anything: the tour, departure and travellers are read as
// Open reads them (a departure without the seats asked is Open's refusal too). Errors
// are *Error, *LimitError (too many unknown codes from client) or the promotion's
// *fault.Error, each in words.
func (s *Service) QuotePromo(ctx context.Context, user account.User, client string, c Checkout) (PromoQuote, error) {
	if strings.TrimSpace(c.PromoCode) == "" {
		return PromoQuote{}, badRequest("Please type a promo code.")
	}
	now := s.now()
	t, err := s.tours.TourByID(ctx, c.TourID, now)
	if errors.Is(err, tour.ErrNotFound) {
		return PromoQuote{}, &Error{Kind: fault.NotFound, Message: "There is no tour with that id.", Err: err}
	}
	if err != nil {
		return PromoQuote{}, fmt.Errorf("load tour %q: %w", c.TourID, err)
	}
	asked, err := unitsAsked(t, c)
	if err != nil {
		return PromoQuote{}, err
	}
	q, err := Price(t, tour.StartDate{}, asked, c.Extras)
	if err != nil {
		return PromoQuote{}, err
	}
	start, err := pickDate(t, c.Date, q.Seats, now)
	if err != nil {
		return PromoQuote{}, err
	}
	if q, err = Price(t, start, asked, c.Extras); err != nil {
		return PromoQuote{}, err
	}
	p, err := s.checkPromo(ctx, user, client, t, start, q, c.PromoCode)
	if err != nil {
		return PromoQuote{}, err
	}
	if p == nil {
		return PromoQuote{}, badRequest("Please type a promo code.")
	}
	return PromoQuote{Code: p.applied.Code, PriceMinor: q.TotalMinor, DiscountMinor: p.applied.DiscountMinor,
		TotalMinor: q.TotalMinor - p.applied.DiscountMinor, Currency: strings.ToLower(t.Currency)}, nil
}

// holdAlso is written in a hold's transaction after the booking, with its ID: nil for
// nothing.
type holdAlso func(ctx context.Context, tx Tx, b *Booking) error
