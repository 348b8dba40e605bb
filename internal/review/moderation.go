package review

import (
	"context"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/audit"
	"tourbook/internal/fault"
)

// Moderation: admins list every review, hidden or not, and hide or show one; the tour's
// rating then counts only the shown ones. Only admins may (checked here, once).

// ErrNoSuchReview: no review has the id a moderator gave.
var ErrNoSuchReview = fault.New(fault.NotFound, "review not found", "There is no such review.")

// Row is a review with its tour and author, as moderators see it.
type Row struct {
	ID        string
	TourID    string
	TourName  string
	TourSlug  string
	UserName  string
	Rating    int
	Text      string
	Hidden    bool
	CreatedAt time.Time
}

// ModerationStore is what moderation needs of the store (*store.Store has it).
type ModerationStore interface {
	Reviews(ctx context.Context, offset, limit int) ([]Row, int, error)
	// SetReviewHidden hides or shows a review, recomputes its tour's rating and writes
	// entry to the audit log, in one transaction (ErrNoSuchReview when there is none).
	SetReviewHidden(ctx context.Context, id string, hidden bool, entry audit.Entry) (Row, error)
}

// Moderation is the admins' service over all reviews.
type Moderation struct {
	store   ModerationStore
	changed func()
}

// NewModeration returns the service; changed (nil: none) is called after a review is
// hidden or shown, to forget cached copies of the catalogue (ratings changed).
func NewModeration(store ModerationStore, changed func()) *Moderation {
	if changed == nil {
		changed = func() {}
	}
	return &Moderation{store: store, changed: changed}
}

// Reviews lists every review for admins.
func (m *Moderation) Reviews(ctx context.Context, actor account.User, offset, limit int) ([]Row, int, error) {
	if !account.CanAdminister(actor) {
		return nil, 0, account.ErrNotAllowed
	}
	return m.store.Reviews(ctx, offset, limit)
}

// SetReviewHidden hides or shows a review; the tour's rating follows.
func (m *Moderation) SetReviewHidden(ctx context.Context, actor account.User, id string, hidden bool) (Row, error) {
	if !account.CanAdminister(actor) {
		return Row{}, account.ErrNotAllowed
	}
	r, err := m.store.SetReviewHidden(ctx, id, hidden,
		audit.Entry{ActorID: actor.ID, ActorName: actor.Name, Action: "review.update", ObjectType: "review", ObjectID: id})
	if err != nil {
		return Row{}, err
	}
	m.changed()
	return r, nil
}
