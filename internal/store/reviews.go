package store

import (
	"context"
	"fmt"
	"time"

	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// CreateReview stores r (filling an empty ID and a zero CreatedAt) and recomputes the
// tour's ratings average and count in the same transaction, so they always agree with the
// reviews. A second review by the same user of the same tour is tour.ErrDuplicateReview;
// an unknown tour or user is tour.ErrNotFound. It checks no booking: sample data and
// imports write through it; travellers write through CreateVerifiedReview.
func (s *Store) CreateReview(ctx context.Context, r *tour.Review) error {
	s.ensureID(&r.ID)
	s.ensureTime(&r.CreatedAt)
	err := s.InTx(ctx, func(tx *Store) error { return tx.insertReview(ctx, r) })
	if err != nil {
		return fmt.Errorf("create review of tour %s by user %s: %w", r.TourID, r.UserID, err)
	}
	return nil
}

func (s *Store) insertReview(ctx context.Context, r *tour.Review) error {
	_, err := s.tx.ExecContext(ctx, `INSERT INTO reviews (id, tour_id, user_id, rating, text, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, r.ID, r.TourID, r.UserID, r.Rating, r.Text, ts(r.CreatedAt))
	switch {
	case isUnique(err, "reviews_tour_user", "reviews.tour_id"):
		return tour.ErrDuplicateReview
	case isForeignKey(err):
		return tour.ErrNotFound
	case err != nil:
		return err
	}
	return s.recomputeRating(ctx, r.TourID)
}

// FirstPaidDeparture is the earliest departure day of userID's paid (not cancelled, not
// refunded) bookings of the tour, and false when there is none.
func (s *Store) FirstPaidDeparture(ctx context.Context, tourID, userID string) (time.Time, bool, error) {
	first, ok, err := s.firstPaidDeparture(ctx, s.reader(), tourID, userID)
	if err != nil {
		return first, ok, fmt.Errorf("first paid departure of user %s on tour %s: %w", userID, tourID, err)
	}
	return first, ok, nil
}

func (s *Store) firstPaidDeparture(ctx context.Context, q querier, tourID, userID string) (time.Time, bool, error) {
	var first time.Time
	err := q.QueryRowContext(ctx, `SELECT MIN(start_date) FROM bookings
		WHERE tour_id = $1 AND user_id = $2 AND status = 'paid'`, tourID, userID).Scan(timeCol{&first})
	return first, err == nil && !first.IsZero(), err
}

// UpdateOwnReview changes userID's review id (rating and text, UpdatedAt to now) and
// recomputes its tour's rating in the same transaction; a review that is not theirs, or
// none, is review.ErrNotFound. A hidden review stays hidden.
func (s *Store) UpdateOwnReview(ctx context.Context, userID, id string, rating int, text string, now time.Time) (tour.Review, error) {
	var r tour.Review
	err := s.InTx(ctx, func(tx *Store) error {
		res, err := tx.tx.ExecContext(ctx, `UPDATE reviews SET rating = $3, text = $4, updated_at = $5
			WHERE id = $1 AND user_id = $2`, id, userID, rating, text, ts(now))
		if err := updated(res, err, "update review", review.ErrNotFound); err != nil {
			return err
		}
		if r, err = tx.reviewWhere(ctx, tx.tx, `r.id = $1`, id); err != nil {
			return err
		}
		return tx.recomputeRating(ctx, r.TourID)
	})
	if err != nil {
		return r, fmt.Errorf("update review %s of user %s: %w", id, userID, err)
	}
	return r, nil
}

// DeleteOwnReview deletes userID's review id and recomputes its tour's rating in the same
// transaction, returning what was deleted; not theirs, or none, is review.ErrNotFound, and
// one an admin hid is review.ErrHiddenStays.
func (s *Store) DeleteOwnReview(ctx context.Context, userID, id string) (tour.Review, error) {
	var r tour.Review
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if r, err = tx.reviewWhere(ctx, tx.tx, `r.id = $1 AND r.user_id = $2`, id, userID); err != nil {
			return err
		}
		// A hidden review stays (review.ErrHiddenStays): deleted, it could be written again.
		res, err := tx.tx.ExecContext(ctx, `DELETE FROM reviews WHERE id = $1 AND NOT hidden`, id)
		if err := updated(res, err, "delete review", review.ErrHiddenStays); err != nil {
			return err
		}
		return tx.recomputeRating(ctx, r.TourID)
	})
	if err != nil {
		return r, fmt.Errorf("delete review %s of user %s: %w", id, userID, err)
	}
	return r, nil
}

// UserReview is userID's review of the tour, hidden or not, or review.ErrNotFound.
func (s *Store) UserReview(ctx context.Context, tourID, userID string) (tour.Review, error) {
	r, err := s.reviewWhere(ctx, s.reader(), `r.tour_id = $1 AND r.user_id = $2`, tourID, userID)
	if err != nil {
		return r, fmt.Errorf("review of tour %s by user %s: %w", tourID, userID, err)
	}
	return r, nil
}

// TourReviews lists a tour's shown reviews, newest first, from offset.
func (s *Store) TourReviews(ctx context.Context, tourID string, offset, limit int) ([]tour.Review, error) {
	list, err := s.reviews(ctx, s.reader(), `r.tour_id = $1 AND NOT r.hidden`+
		fmt.Sprintf(` ORDER BY r.created_at DESC, r.id DESC LIMIT %d OFFSET %d`, max(limit, 0), max(offset, 0)), tourID)
	if err != nil {
		return nil, fmt.Errorf("reviews of tour %s: %w", tourID, err)
	}
	return list, nil
}

func (s *Store) reviewWhere(ctx context.Context, q querier, where string, args ...any) (tour.Review, error) {
	list, err := s.reviews(ctx, q, where, args...)
	if err != nil {
		return tour.Review{}, err
	}
	if len(list) == 0 {
		return tour.Review{}, review.ErrNotFound
	}
	return list[0], nil
}

func (s *Store) reviews(ctx context.Context, q querier, where string, args ...any) ([]tour.Review, error) {
	rows, err := q.QueryContext(ctx, `SELECT r.id, r.tour_id, r.user_id, u.name, u.photo,
			r.rating, r.text, r.created_at, r.updated_at, r.hidden
		FROM reviews r JOIN users u ON u.id = r.user_id WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r *tour.Review) []any {
		return []any{&r.ID, &r.TourID, &r.UserID, &r.UserName, &r.UserPhoto,
			&r.Rating, &r.Text, timeCol{&r.CreatedAt}, timeCol{&r.UpdatedAt}, &r.Hidden}
	})
}
