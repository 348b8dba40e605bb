package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"tourbook/internal/fault"
	"tourbook/internal/payment"
	"tourbook/internal/tour"
)

// The writes that take or free seats, each in one transaction with the waiting list's
// offers on the departure: seats freed go to the list before anyone else can take them.

// Hold stores b as a Pending booking whose seats are held until b.HoldUntil, if the
// departure still has them once its free seats (a hold that ran out) went to its waiting
// list: it must be open for sale and the seats taken at now plus b.Participants within
// its capacity, counted under its lock, else ErrNoSeats. The extras b adds are held with
// its seats: those held on the departure plus b's must be within each extra's stock,
// else a conflict (*Error wrapping ErrNoStock) that says how many are left. A date the
// tour does not run on is tour.ErrNotFound. When the hold is refused for want of seats,
// the offers, rolled back with it, are made again on their own: they stand either way.
func (s *Service) Hold(ctx context.Context, b *Booking, now time.Time) error {
	var extras []tour.Extra
	if len(b.Extras) > 0 {
		t, err := s.tours.TourByID(ctx, b.TourID, now)
		if err != nil {
			return fmt.Errorf("hold extras of tour %s: %w", b.TourID, err)
		}
		extras = t.Extras
	}
	return s.hold(ctx, b, extras, now)
}

// hold is Hold with the tour's extras (their stock) at hand.
func (s *Service) hold(ctx context.Context, b *Booking, extras []tour.Extra, now time.Time) error {
	return s.holdWith(ctx, b, extras, now, nil)
}

// holdWith is hold that also writes also (nil: nothing) in its transaction, after the
// booking: a promo code's use (promo.go).
func (s *Service) holdWith(ctx context.Context, b *Booking, extras []tour.Extra, now time.Time, also holdAlso) error {
	err := s.inTx(ctx, func(tx Tx) error {
		if err := s.offerIn(ctx, tx, b.TourID, b.StartDate, now); err != nil {
			return err
		}
		dep, taken, err := tour.LockSeats(ctx, tx, b.TourID, b.StartDate, now)
		if err != nil {
			return err
		}
		if dep.Closed || taken+b.Participants > dep.Capacity {
			return ErrNoSeats
		}
		if err := CheckStock(ctx, tx, b, extras, now); err != nil {
			return err
		}
		if err := tx.CreateHold(ctx, b, now); err != nil || also == nil {
			return err
		}
		return also(ctx, tx, b)
	})
	if err != nil {
		err = fmt.Errorf("hold %d seats of tour %s on %s: %w", b.Participants, b.TourID, b.StartDate.Format(time.DateOnly), err)
	}
	// Refused for want of seats or of an extra, the offers rolled back with the hold are
	// made again on their own.
	if (errors.Is(err, ErrNoSeats) || errors.Is(err, ErrNoStock)) && s.waitlist != nil {
		if oerr := s.waitlist.Offer(ctx, b.TourID, b.StartDate, now); oerr != nil {
			err = errors.Join(err, fmt.Errorf("offer seats: %w", oerr))
		}
	}
	if err != nil {
		return err
	}
	s.seats()
	return nil
}

// ErrNoStock: a departure has fewer of an extra left than asked for.
var ErrNoStock = errors.New("not enough of an extra left")

// StockReader adds up the extras held on a departure (the store, in a transaction).
type StockReader interface {
	ExtrasHeld(ctx context.Context, tourID string, date, now time.Time) (map[string]int, error)
}

// CheckStock refuses b's extras beyond what its departure has left of each (extras are
// the tour's, with their stock): the stock less what the bookings holding seats there
// hold, b itself not among them. It runs under the departure's lock, which every hold
// and move takes first, so two cannot both take the last one.
func CheckStock(ctx context.Context, tx StockReader, b *Booking, extras []tour.Extra, now time.Time) error {
	var held map[string]int
	for _, line := range b.Extras {
		e, ok := extraOf(extras, line.ExtraID)
		if !ok || e.Stock <= 0 || line.Quantity <= 0 {
			continue
		}
		if held == nil {
			var err error
			if held, err = tx.ExtrasHeld(ctx, b.TourID, b.StartDate, now); err != nil {
				return err
			}
		}
		left := max(0, e.Stock-held[e.ID])
		if line.Quantity <= left {
			continue
		}
		day := b.StartDate.Format(dateLayout)
		msg := fmt.Sprintf("There are no %s left on %s.", lowerPlural(e.Name), day)
		switch left {
		case 0:
		case 1:
			msg = fmt.Sprintf("Only 1 %s is left on %s.", lowerFirst(e.Name), day)
		default:
			msg = fmt.Sprintf("Only %d %s are left on %s.", left, lowerPlural(e.Name), day)
		}
		return &Error{Kind: fault.Conflict, Message: msg, Err: ErrNoStock}
	}
	return nil
}

func extraOf(extras []tour.Extra, id string) (tour.Extra, bool) {
	for _, e := range extras {
		if e.ID == id {
			return e, true
		}
	}
	return tour.Extra{}, false
}

// cancelHold cancels a Pending booking and offers its seats to the waiting list; reason
// is the metrics' (Counter.HoldsReleased).
func (s *Service) cancelHold(ctx context.Context, id, reason string, now time.Time) error {
	var b Booking
	err := s.inTx(ctx, func(tx Tx) error {
		var err error
		if b, err = tx.LockBooking(ctx, id); err != nil {
			return err
		}
		if b.Status != Pending {
			return nil
		}
		if err := tx.CancelBooking(ctx, id); err != nil {
			return err
		}
		return s.offerIn(ctx, tx, b.TourID, b.StartDate, now)
	})
	if err != nil {
		return err
	}
	if b.Status == Pending {
		s.counter.HoldsReleased(reason, 1)
		s.expireCheckouts(ctx, []Booking{b})
		s.releaseGiftCard(ctx, b.ID) // giftcard.go
	}
	s.seats()
	s.queued()
	return nil
}

// releaseHolds cancels the user's open checkouts on a tour and offers their seats to
// the departures' waiting lists.
func (s *Service) releaseHolds(ctx context.Context, userID, tourID string, now time.Time) error {
	var released []Booking
	err := s.inTx(ctx, func(tx Tx) error {
		var err error
		if released, err = tx.ReleaseHolds(ctx, userID, tourID); err != nil {
			return err
		}
		offered := map[time.Time]bool{}
		for _, b := range released {
			if offered[b.StartDate] {
				continue
			}
			offered[b.StartDate] = true
			if err := s.offerIn(ctx, tx, tourID, b.StartDate, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil || len(released) == 0 {
		return err
	}
	s.counter.HoldsReleased("replaced", len(released))
	s.expireCheckouts(ctx, released)
	for _, b := range released {
		s.releaseGiftCard(ctx, b.ID) // giftcard.go: the new checkout may spend it again
	}
	s.seats()
	s.queued()
	return nil
}

// expireCheckouts closes the provider's checkouts of holds just released (ExpireCheckouts).
func (s *Service) expireCheckouts(ctx context.Context, released []Booking) {
	ExpireCheckouts(ctx, s.provider, s.log, released)
}

// CheckoutCloser is a payment provider that closes its checkouts (both providers are).
type CheckoutCloser interface {
	Name() string
	payment.Expirer
}

// ExpireCheckouts closes provider's checkouts of holds just released, so that nobody is
// charged for seats no longer held: a traveller's own release, a lapsed hold, or an
// operator cancelling the departure. It runs after the commit, even when the request
// was cancelled. A checkout paid first keeps its payment, which fulfilment records (paid
// if the seats are still free, else refund due); one the provider cannot close now
// closes by itself when it expires.
func ExpireCheckouts(ctx context.Context, provider CheckoutCloser, log *slog.Logger, released []Booking) {
	ctx = context.WithoutCancel(ctx)
	for _, b := range released {
		if b.CheckoutID == "" || b.Provider != provider.Name() {
			continue
		}
		err := provider.ExpireCheckout(ctx, b.CheckoutID)
		switch {
		case err == nil:
			log.Info("checkout closed with its hold", "booking_id", b.ID, "checkout_id", b.CheckoutID)
		case errors.Is(err, payment.ErrCheckoutPaid):
			log.Info("checkout paid before its hold was released", "booking_id", b.ID, "checkout_id", b.CheckoutID)
		default:
			log.Warn("checkout of a released hold not closed; it expires by itself", "booking_id", b.ID,
				"checkout_id", b.CheckoutID, "err", err)
		}
	}
}

func (s *Service) offerIn(ctx context.Context, tx Tx, tourID string, date, now time.Time) error {
	if s.waitlist == nil {
		return nil
	}
	return s.waitlist.OfferIn(ctx, tx, tourID, date, now)
}
