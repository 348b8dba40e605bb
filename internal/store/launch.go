package store

import (
	"context"
	"fmt"
	"time"
)

// PublishedTourCount is how many tours are published (the dashboard's checklist).
func (s *Store) PublishedTourCount(ctx context.Context) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM tours WHERE status = 'published'`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count published tours: %w", err)
	}
	return n, nil
}

// UpcomingDepartureCount is how many departures of any tour start on from's UTC day or
// later and are not cancelled (the dashboard's checklist).
func (s *Store) UpcomingDepartureCount(ctx context.Context, from time.Time) (int, error) {
	var n int
	if err := s.reader().QueryRowContext(ctx, `SELECT COUNT(*) FROM tour_start_dates
		WHERE start_date >= $1 AND cancelled_at IS NULL`, day(from)).Scan(&n); err != nil {
		return 0, fmt.Errorf("count upcoming departures: %w", err)
	}
	return n, nil
}
