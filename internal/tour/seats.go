package tour

import (
	"context"
	"time"
)

// SeatCounter is what counting a departure's seats needs of the store inside a
// transaction (*store.Store bound to one has it).
type SeatCounter interface {
	// LockDeparture locks the departure until the transaction ends (ErrNotFound).
	LockDeparture(ctx context.Context, tourID string, date time.Time) (StartDate, error)
	// SeatsTaken counts the seats of paid bookings and of holds running past now.
	SeatsTaken(ctx context.Context, tourID string, date, now time.Time) (int, error)
}

// LockSeats locks a departure and counts the seats taken on it at now. Every change that
// takes or frees its seats locks it first, so the count stays true until the caller's
// transaction ends: a check of it and the write that follows cannot be overtaken.
func LockSeats(ctx context.Context, tx SeatCounter, tourID string, date, now time.Time) (StartDate, int, error) {
	dep, err := tx.LockDeparture(ctx, tourID, date)
	if err != nil {
		return dep, 0, err
	}
	taken, err := tx.SeatsTaken(ctx, tourID, date, now)
	return dep, taken, err
}
