package view

import (
	"time"

	"tourbook/internal/format"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// OwnReview is the signed-in traveller's review, hidden by an admin or not.
type OwnReview struct {
	Review
	Hidden bool `json:"hidden"`
}

// ReviewStanding is the tour page's part for a signed-in user: their review, or whether
// they may write one, or when they can.
type ReviewStanding struct {
	Own *OwnReview `json:"own"`
	// No review yet, and a paid booking whose trip has ended.
	CanWrite bool `json:"canWrite"`
	// Why they cannot write yet (their trip has not ended), or "".
	Waiting string `json:"waiting"`
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

// NewReview is a review as pages show it, dated by the day it was written in the tour's
// zone (loc), as the tour page dates its departures.
func NewReview(r tour.Review, loc *time.Location) Review {
	return Review{ID: r.ID, Text: r.Text, Rating: r.Rating, UserName: r.UserName,
		UserPhoto: UserPhotoURL(r.UserPhoto), UserPhotoSrcSet: UserPhotoSrcSet(r.UserPhoto),
		Date: format.DayIn(r.CreatedAt, loc), Edited: !r.UpdatedAt.IsZero()}
}

func NewOwnReview(r *tour.Review, loc *time.Location) *OwnReview {
	if r == nil {
		return nil
	}
	return &OwnReview{Review: NewReview(*r, loc), Hidden: r.Hidden}
}

// NewReviewsPage is a page of reviews as the API sends it.
func NewReviewsPage(p review.Page) ReviewsPage {
	out := ReviewsPage{Reviews: make([]Review, 0, len(p.Reviews)), Page: p.Page, Pages: p.Pages, Total: p.Total}
	for _, r := range p.Reviews {
		out.Reviews = append(out.Reviews, NewReview(r, zoneOr(p.Zone)))
	}
	return out
}

func zoneOr(loc *time.Location) *time.Location {
	if loc == nil {
		return time.UTC
	}
	return loc
}

// NewReviewOutcome is a traveller's write as the API answers it.
func NewReviewOutcome(o review.Outcome) ReviewOutcome {
	return ReviewOutcome{RatingsAverage: RatingLabel(o.Tour.RatingsAverage), RatingsQuantity: o.Tour.RatingsCount,
		First: NewReviewsPage(o.First), Own: NewOwnReview(o.Own, o.Tour.Zone())}
}
