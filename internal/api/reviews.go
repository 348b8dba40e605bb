package api

import (
	"context"
	"net/http"
	"strconv"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/review"
	"tourbook/internal/view"
)

// Reviews is the verified reviews service (review.Service).
type Reviews interface {
	Reviews(ctx context.Context, tourID string, page int) (review.Page, error)
	Create(ctx context.Context, user account.User, tourID string, in review.Input) (review.Outcome, error)
	Update(ctx context.Context, user account.User, id string, in review.Input) (review.Outcome, error)
	Delete(ctx context.Context, user account.User, id string) (review.Outcome, error)
}

// TourReviews is GET /api/v1/tours/{id}/reviews?page=N: a published tour's shown
// reviews, newest first, review.PageSize a page, for everyone.
func (h *Handler) TourReviews(w http.ResponseWriter, r *http.Request) {
	page, err := reviewsPage(r)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	p, err := h.Reviews.Reviews(r.Context(), r.PathValue("id"), page)
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.OK(w, view.NewReviewsPage(p))
}

// reviewsPage is the page of reviews a request asks for: ?page=N, 1 without it.
func reviewsPage(r *http.Request) (int, error) {
	v := r.URL.Query().Get("page")
	if v == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, httpx.Errorf(http.StatusBadRequest, "The page must be a whole number from 1.")
	}
	return n, nil
}

// keptReviewPages is how many pages of a tour's reviews visitors who are not signed in
// get from the page cache: any page number past the last is a 200 of no reviews, so
// the bound keeps made-up page numbers from filling the cache.
const keptReviewPages = 10

// TourReviewsKey is TourReviews' key in the page cache (server.CacheKey): the path and
// the page as TourReviews reads it, so ?page=1, ?page=01 and no page are one entry. An
// address with any other parameter, a page that is refused or past keptReviewPages is
// answered by TourReviews, not kept.
func (h *Handler) TourReviewsKey(r *http.Request) (string, bool) {
	q := r.URL.Query()
	if len(q) > 1 || (len(q) == 1 && !q.Has("page")) {
		return "", false
	}
	page, err := reviewsPage(r)
	if err != nil || page > keptReviewPages {
		return "", false
	}
	return r.URL.Path + "?page=" + strconv.Itoa(page), true
}

// reviewInput is the body of a review's create and edit.
type reviewInput struct {
	Rating int    `json:"rating"`
	Text   string `json:"text"`
}

func (h *Handler) reviewAnswer(w http.ResponseWriter, r *http.Request, status int, message string, o review.Outcome, err error) {
	if err != nil {
		h.fail(w, r, err)
		return
	}
	httpx.JSON(w, status, httpx.Response{Status: "success", Message: message, Data: view.NewReviewOutcome(o)})
}

// writeReview reads a review's rating and text and hands them, with the signed-in
// user, to write.
func (h *Handler) writeReview(w http.ResponseWriter, r *http.Request, status int, message string,
	write func(account.User, review.Input) (review.Outcome, error)) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	var in reviewInput
	if err := decodeJSON(w, r, &in); err != nil {
		h.fail(w, r, err)
		return
	}
	o, err := write(u, review.Input(in))
	h.reviewAnswer(w, r, status, message, o, err)
}

// CreateReview is POST /api/v1/tours/{id}/reviews {rating, text}: the signed-in
// traveller reviews a tour they took (review.Service.Create says who may).
func (h *Handler) CreateReview(w http.ResponseWriter, r *http.Request) {
	h.writeReview(w, r, http.StatusCreated, "Thank you! Your review is published.", func(u account.User, in review.Input) (review.Outcome, error) {
		return h.Reviews.Create(r.Context(), u, r.PathValue("id"), in)
	})
}

// UpdateMyReview is PATCH /api/v1/reviews/{id} {rating, text}: the author edits their
// review; anyone else's is a 404.
func (h *Handler) UpdateMyReview(w http.ResponseWriter, r *http.Request) {
	h.writeReview(w, r, http.StatusOK, "Your review is updated.", func(u account.User, in review.Input) (review.Outcome, error) {
		return h.Reviews.Update(r.Context(), u, r.PathValue("id"), in)
	})
}

// DeleteMyReview is DELETE /api/v1/reviews/{id}: the author deletes their review;
// anyone else's is a 404.
func (h *Handler) DeleteMyReview(w http.ResponseWriter, r *http.Request) {
	u, ok := h.user(w, r)
	if !ok {
		return
	}
	o, err := h.Reviews.Delete(r.Context(), u, r.PathValue("id"))
	h.reviewAnswer(w, r, http.StatusOK, "Your review is deleted.", o, err)
}
