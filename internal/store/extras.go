package store

import (
	"context"
	"fmt"
	"time"

	"tourbook/internal/booking"
)

// ExtrasHeld adds up, per extra id, the extras of the bookings that hold seats on a
// departure at now (paid, awaiting payment, and pending ones whose hold runs past now:
// the bookings SeatsTaken counts). A booking's extras are a JSON snapshot, summed here
// in Go: a departure has at most its capacity of bookings. Called under the
// departure's lock (tour.LockSeats), the sum stays true until the transaction ends.
func (s *Store) ExtrasHeld(ctx context.Context, tourID string, date, now time.Time) (map[string]int, error) {
	rows, err := s.reader().QueryContext(ctx, `SELECT b.extras FROM bookings b
		WHERE `+holdsSeats+` AND b.tour_id = $2 AND b.start_date = $3 AND b.extras <> ''`,
		ts(now), tourID, day(date))
	if err != nil {
		return nil, fmt.Errorf("extras held on tour %s on %s: %w", tourID, day(date), err)
	}
	defer rows.Close()
	held := map[string]int{}
	for rows.Next() {
		var lines []booking.ExtraLine
		if err := rows.Scan(jsonCol[[]booking.ExtraLine]{&lines}); err != nil {
			return nil, fmt.Errorf("extras held on tour %s on %s: %w", tourID, day(date), err)
		}
		for _, l := range lines {
			held[l.ExtraID] += l.Quantity
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("extras held on tour %s on %s: %w", tourID, day(date), err)
	}
	return held, nil
}
