package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"tourbook/internal/account"
	"tourbook/internal/format"
	"tourbook/internal/httpx"
	"tourbook/internal/review"
	"tourbook/internal/tour"
)

// Reviewing says where a signed-in user stands among a tour's reviewers, and reads a page
// of a tour's reviews (review.Service).
type Reviewing interface {
	Standing(ctx context.Context, user account.User, t tour.Tour) (review.Standing, error)
	TourPage(ctx context.Context, t tour.Tour, page int) (review.Page, error)
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

// NewReview is a review as pages show it, dated by the day it was written in the tour's
// zone (loc), as the tour page dates its departures.
func NewReview(r tour.Review, loc *time.Location) Review {
	return Review{ID: r.ID, Text: r.Text, Rating: r.Rating, UserName: r.UserName,
		UserPhoto: UserPhotoURL(r.UserPhoto), UserPhotoSrcSet: UserPhotoSrcSet(r.UserPhoto),
		Date: format.DayIn(r.CreatedAt, loc), Edited: !r.UpdatedAt.IsZero()}
}

func newOwnReview(r *tour.Review, loc *time.Location) *OwnReview {
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
	return ReviewOutcome{RatingsAverage: ratingLabel(o.Tour.RatingsAverage), RatingsQuantity: o.Tour.RatingsCount,
		First: NewReviewsPage(o.First), Own: newOwnReview(o.Own, o.Tour.Zone())}
}

// ReviewsParam is the tour page's query parameter naming a page of its reviews
// (/tour/alps?reviews=2#reviews): the page the "More reviews" link opens without
// JavaScript.
const ReviewsParam = "reviews"

// reviewsParam reads ?reviews=N as links write it: one value, a whole number without a
// leading zero, from 2 (page 1's address is the tour's own). Without the parameter it is
// page 1; ok is false for any other value.
func reviewsParam(q url.Values) (n int, ok bool) {
	v, present := q[ReviewsParam]
	if !present {
		return 1, true
	}
	if len(v) != 1 {
		return 0, false
	}
	n, err := strconv.Atoi(v[0])
	if err != nil || strconv.Itoa(n) != v[0] || n < 2 {
		return 0, false
	}
	return n, true
}

// reviewsPage is the page of t's reviews the address asks for, and false when it names
// no other page the tour has (reviewsParam refuses it, or it is past the last page). Such
// an address is sent to the first page rather than a 404: a link kept while reviews were
// deleted still lands on the tour's reviews, and every page has one address only.
func (h *Handler) reviewsPage(q url.Values, t tour.Tour) (int, bool) {
	n, ok := reviewsParam(q)
	if !ok || n > review.Pages(t.RatingsCount) || (n > 1 && h.Reviews == nil) {
		return 1, false
	}
	return n, true
}

// TourKey is Tour's key in the page cache (server.CacheKey): the path, with ?reviews=N
// when that is the whole query and reviewsParam takes it. Any other query (?utm_source=,
// ?reviews=02) is answered by Tour and not kept, and Tour redirects a page past the last,
// so the cache keeps one copy per page of reviews the tour has.
func (h *Handler) TourKey(r *http.Request) (string, bool) {
	if r.URL.RawQuery == "" {
		return r.URL.Path, true
	}
	q := r.URL.Query()
	if n, ok := reviewsParam(q); !ok || len(q) != 1 || n == 1 {
		return "", false
	}
	return r.URL.Path + "?" + ReviewsParam + "=" + q.Get(ReviewsParam), true
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
	return &ReviewStanding{Own: newOwnReview(st.Own, t.Zone()), CanWrite: st.CanWrite, Waiting: st.Waiting}
}
