package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"tourbook/internal/account"
	"tourbook/internal/httpx"
	"tourbook/internal/review"
	"tourbook/internal/tour"
	"tourbook/internal/view"
)

// Reviewing says where a signed-in user stands among a tour's reviewers, and reads a page
// of a tour's reviews (review.Service).
type Reviewing interface {
	Standing(ctx context.Context, user account.User, t tour.Tour) (review.Standing, error)
	TourPage(ctx context.Context, t tour.Tour, page int) (review.Page, error)
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
func (h *Handler) reviewStanding(r *http.Request, t tour.Tour) *view.ReviewStanding {
	u, ok := httpx.User(r.Context())
	if !ok || h.Reviews == nil {
		return nil
	}
	st, err := h.Reviews.Standing(r.Context(), u, t)
	if err != nil {
		httpx.LogError(r, h.Log, http.StatusInternalServerError, err)
		return nil
	}
	return &view.ReviewStanding{Own: view.NewOwnReview(st.Own, t.Zone()), CanWrite: st.CanWrite, Waiting: st.Waiting}
}
