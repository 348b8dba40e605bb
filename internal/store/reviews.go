package store

import (
	"context"
	"fmt"

	"tourbook/internal/tour"
)

// CreateReview stores r (filling an empty ID and a zero CreatedAt) and recomputes the
// tour's ratings average and count in the same transaction, so they always agree with the
// reviews. A second review by the same user of the same tour is tour.ErrDuplicateReview;
// an unknown tour or user is tour.ErrNotFound.
func (s *Store) CreateReview(ctx context.Context, r *tour.Review) error {
	s.ensureID(&r.ID)
	s.ensureTime(&r.CreatedAt)
	err := s.InTx(ctx, func(tx *Store) error {
		_, err := tx.tx.ExecContext(ctx, `INSERT INTO reviews (id, tour_id, user_id, rating, text, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, r.ID, r.TourID, r.UserID, r.Rating, r.Text, ts(r.CreatedAt))
		switch {
		case isUnique(err, "reviews_tour_user", "reviews.tour_id"):
			return tour.ErrDuplicateReview
		case isForeignKey(err):
			return tour.ErrNotFound
		case err != nil:
			return err
		}
		return tx.recomputeRating(ctx, r.TourID)
	})
	if err != nil {
		return fmt.Errorf("create review of tour %s by user %s: %w", r.TourID, r.UserID, err)
	}
	return nil
}
