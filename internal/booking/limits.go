package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tourbook/internal/fault"
)

// The rules that make holding seats without paying useless (issue 20): a hold's life
// does not restart when its user asks again, the checkouts one account or client
// address opens are rate-limited, and one account holds a bounded number of seats.

// LimitError refuses a checkout for a while (429): the message says until when, and
// RetryAfterSeconds is for the Retry-After header.
type LimitError struct {
	Message string
	Wait    time.Duration
}

func (e *LimitError) Error() string { return "checkout limited: " + e.Message }

// FaultKind is TooManyAttempts (429 Too Many Requests).
func (e *LimitError) FaultKind() fault.Kind { return fault.TooManyAttempts }

// PublicMessage is the sentence shown in the page's alert.
func (e *LimitError) PublicMessage() string { return e.Message }

// RetryAfterSeconds is the wait, rounded up to a whole second.
func (e *LimitError) RetryAfterSeconds() int { return int((e.Wait + time.Second - 1) / time.Second) }

// ErrLimited is matched with errors.Is by every *LimitError.
var ErrLimited = errors.New("checkout limited")

func (e *LimitError) Is(target error) bool { return target == ErrLimited }

// minutes says a wait in whole minutes, rounded up: never promise too early.
func minutes(d time.Duration) string {
	m := int((d + time.Minute - 1) / time.Minute)
	if m <= 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", m)
}

func clientKey(client string) string { return "checkout:" + client }

// checkoutRate refuses a checkout beyond the ones an account, or a client address, may
// open within LimitWindow.
func (s *Service) checkoutRate(ctx context.Context, userID, client string, now time.Time) error {
	since := now.Add(-LimitWindow)
	if max := s.limits.CheckoutsPerAccount; max > 0 {
		n, err := s.store.CheckoutsSince(ctx, userID, since)
		if err != nil {
			return fmt.Errorf("count checkouts: %w", err)
		}
		if n >= max {
			s.counter.HoldLimited()
			return &LimitError{Wait: LimitWindow, Message: fmt.Sprintf(
				"You have started %d checkouts in the last hour, the most we allow. Please finish one of them, or try again in %s.", n, minutes(LimitWindow))}
		}
	}
	if max := s.limits.CheckoutsPerClient; max > 0 && client != "" {
		n, err := s.store.CountLoginFailures(ctx, clientKey(client), since)
		if err != nil {
			return fmt.Errorf("count checkouts of a client address: %w", err)
		}
		if n >= max {
			s.counter.HoldLimited()
			return &LimitError{Wait: LimitWindow, Message: fmt.Sprintf(
				"Too many checkouts were started from your network in the last hour. Please try again in %s.", minutes(LimitWindow))}
		}
	}
	return nil
}

// holdEnd is when a new hold of the user on a departure ends. Asking again does not
// restart a hold's life: while the user's last hold there runs (or would have, had it
// not been released or replaced), the new one ends when it would have. Once it has
// ended the user waits as long again (the hold time) before holding that departure
// anew, so a departure cannot be kept from sale by asking again and again. A hold whose
// checkout could not be opened (the provider failed) does not count.
func (s *Service) holdEnd(ctx context.Context, userID, tourID string, date, now time.Time) (time.Time, error) {
	last, err := s.store.LastHold(ctx, userID, tourID, date)
	if errors.Is(err, ErrNotFound) {
		return now.Add(s.holdFor), nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("last hold: %w", err)
	}
	switch again := last.HoldUntil.Add(s.holdFor); {
	case now.Before(last.HoldUntil):
		return last.HoldUntil, nil
	case now.Before(again):
		s.counter.HoldLimited()
		return time.Time{}, &LimitError{Wait: again.Sub(now), Message: fmt.Sprintf(
			"Seats on %s were held for you for %d minutes without being paid. You can hold seats on that date again in %s.",
			date.Format(dateLayout), int(s.holdFor/time.Minute), minutes(again.Sub(now)))}
	}
	return now.Add(s.holdFor), nil
}

// seatCeiling refuses a hold that would take the seats the user holds at once, across
// departures, past the ceiling. The user's earlier hold on the same tour is already
// released (StartCheckout replaces it).
func (s *Service) seatCeiling(ctx context.Context, userID string, participants int, now time.Time) error {
	max := s.limits.HeldSeats
	if max <= 0 {
		return nil
	}
	held, err := s.store.HeldSeats(ctx, userID, now)
	if err != nil {
		return fmt.Errorf("count held seats: %w", err)
	}
	if held+participants <= max {
		return nil
	}
	s.counter.HoldLimited()
	if held == 0 {
		return conflict(fmt.Sprintf("At most %d seats can be booked online at once. For a larger group, please contact us.", max))
	}
	return conflict(fmt.Sprintf("You already hold %s in open checkouts, and one account may hold at most %d at once. Please finish or cancel a checkout first.",
		seats(held), max))
}
