package web

import (
	"context"
	"net/http"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// Reviewing says where a signed-in user stands among a tour's reviewers (review.Service).
type Reviewing interface {
	Standing(ctx context.Context, user account.User, t tour.Tour) (review.Standing, error)
}

// OwnReview is the signed-in traveller's review, hidden by an admin or not.
type OwnReview struct {
	Review
	Hidden bool `json:"hidden"`
}

// ReviewStanding is the tour page's part for a signed-in user: their review, or whether
// they may write one, or when they can.
type ReviewStanding struct {
	Own      *OwnReview `json:"own"`
	CanWrite bool       `json:"canWrite"`
	Waiting  string     `json:"waiting"`
}

// ReviewLimits are the form's bounds, the server's (review.MinText…).
type ReviewLimits struct {
	MinText int `json:"minText"`
	MaxText int `json:"maxText"`
}

// ReviewsPage is one page of a tour's reviews (GET /api/v1/tours/{id}/reviews).
type ReviewsPage struct {
	Reviews []Review `json:"reviews"`
	Page    int      `json:"page"`
	Pages   int      `json:"pages"`
	Total   int      `json:"total"`
}

// ReviewOutcome answers a traveller's write: the tour's new rating, its first page of
// reviews, and their review (nil once deleted).
type ReviewOutcome struct {
	RatingsAverage  string      `json:"ratingsAverage"`
	RatingsQuantity int         `json:"ratingsQuantity"`
	First           ReviewsPage `json:"first"`
	Own             *OwnReview  `json:"own"`
}

// NewReview is a review as pages show it.
func NewReview(r tour.Review) Review {
	return Review{ID: r.ID, Text: r.Text, Rating: r.Rating, UserName: r.UserName,
		UserPhoto: UserPhotoURL(r.UserPhoto), UserPhotoSrcSet: UserPhotoSrcSet(r.UserPhoto),
		Date: FormatDate(r.CreatedAt), Edited: !r.UpdatedAt.IsZero()}
}

func newOwnReview(r *tour.Review) *OwnReview {
	if r == nil {
		return nil
	}
	return &OwnReview{Review: NewReview(*r), Hidden: r.Hidden}
}

// NewReviewsPage is a page of reviews as the API sends it.
func NewReviewsPage(p review.Page) ReviewsPage {
	out := ReviewsPage{Reviews: make([]Review, 0, len(p.Reviews)), Page: p.Page, Pages: p.Pages, Total: p.Total}
	for _, r := range p.Reviews {
		out.Reviews = append(out.Reviews, NewReview(r))
	}
	return out
}

// NewReviewOutcome is a traveller's write as the API answers it.
func NewReviewOutcome(o review.Outcome) ReviewOutcome {
	return ReviewOutcome{RatingsAverage: ratingLabel(o.Tour.RatingsAverage), RatingsQuantity: o.Tour.RatingsCount,
		First: NewReviewsPage(o.First), Own: newOwnReview(o.Own)}
}

// reviewStanding is the signed-in user's standing on t's reviews; nil for visitors (and
// when it cannot be read: the page matters more).
func (h *Handler) reviewStanding(r *http.Request, t tour.Tour) *ReviewStanding {
	u, ok := httpx.User(r.Context())
	if !ok || h.Reviews == nil {
		return nil
	}
	st, err := h.Reviews.Standing(r.Context(), u, t)
	if err != nil {
		httpx.LogError(r, h.Log, http.StatusInternalServerError, err)
		return nil
	}
	return &ReviewStanding{Own: newOwnReview(st.Own), CanWrite: st.CanWrite, Waiting: st.Waiting}
}
