import { useState } from 'react';
import { createReview, deleteReview, fetchReviews, updateReview, type ReviewOutcome } from '../api/reviews';
import { plural } from '../lib/format';
import type { OwnReview, Review, ReviewLimits, ReviewStanding } from '../props';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import { Stars } from './stars';

interface Props {
  tourId: string;
  /** The first page, newest first, as the server rendered it */
  reviews: Review[];
  pages: number;
  /** How many reviews are shown in all (the tour's count) */
  total: number;
  reviewing: ReviewStanding | null;
  limits: ReviewLimits;
  /** Told the tour's rating after each write */
  onRating: (average: string, quantity: number) => void;
}

/**
 * The tour page's reviews: the first page as rendered, more on demand ("More reviews"
 * fetches the next page), and for a signed-in traveller their own review with Edit and
 * Delete, or the form once their trip has ended, or when they can write.
 */
export function TourReviews({ tourId, reviews, pages: initialPages, total: initialTotal, reviewing, limits, onRating }: Props) {
  const [list, setList] = useState(reviews);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(initialPages);
  const [total, setTotal] = useState(initialTotal);
  const [loading, setLoading] = useState(false);
  const [own, setOwn] = useState<OwnReview | null>(reviewing?.own ?? null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function apply(o: ReviewOutcome) {
    setList(o.first.reviews);
    setPage(1);
    setPages(o.first.pages);
    setTotal(o.first.total);
    setOwn(o.own);
    setEditing(false);
    setConfirming(false);
    onRating(o.ratingsAverage, o.ratingsQuantity);
  }

  async function more() {
    setLoading(true);
    const next = await fetchReviews(tourId, page + 1);
    setLoading(false);
    if (!next) return;
    // A review written meanwhile shifts the pages: skip what is already listed.
    setList((shown) => [...shown, ...next.reviews.filter((r) => !shown.some((s) => s.id === r.id))]);
    setPage(next.page);
    setPages(next.pages);
    setTotal(next.total);
  }

  async function save(call: () => Promise<ReviewOutcome | null>): Promise<boolean> {
    const o = await call();
    if (o) apply(o);
    return o !== null;
  }

  async function remove() {
    if (!own) return;
    setDeleting(true);
    const o = await deleteReview(own.id);
    setDeleting(false);
    if (o) apply(o);
  }

  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        Reviews
      </h2>

      {own ? (
        <div id="your-review" className="own-review">
          <h3 className="own-review__title">Your review</h3>
          {editing ? (
            <ReviewForm
              limits={limits}
              initial={{ rating: own.rating, text: own.text }}
              submitLabel="Save review"
              busyLabel="Saving..."
              onSubmit={(input) => save(() => updateReview(own.id, input))}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <Stars rating={own.rating} />
              <p id="own-review-text" className="review__text">
                {own.text}
              </p>
              {own.hidden ? <p className="form__hint">Hidden by the site: other visitors do not see it, and it does not count in the rating.</p> : null}
              {confirming ? (
                <p className="own-review__actions" role="group" aria-label="Delete your review?">
                  <span>Delete your review?</span>
                  <button id="confirm-delete-review" type="button" className="btn btn--small" disabled={deleting} onClick={() => void remove()}>
                    {deleting ? 'Deleting...' : 'Yes, delete it'}
                  </button>
                  <button type="button" className="btn btn--small btn--outline" disabled={deleting} onClick={() => setConfirming(false)}>
                    Keep it
                  </button>
                </p>
              ) : (
                <p className="own-review__actions">
                  <button id="edit-review" type="button" className="btn btn--small btn--outline" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  {own.hidden ? null : (
                    <button id="delete-review" type="button" className="btn btn--small btn--outline" onClick={() => setConfirming(true)}>
                      Delete
                    </button>
                  )}
                </p>
              )}
            </>
          )}
        </div>
      ) : reviewing?.canWrite ? (
        <div id="your-review" className="own-review">
          <h3 className="own-review__title">Review your trip</h3>
          <ReviewForm
            limits={limits}
            submitLabel="Publish review"
            busyLabel="Publishing..."
            onSubmit={(input) => save(() => createReview(tourId, input))}
          />
        </div>
      ) : reviewing?.waiting ? (
        <p id="review-waiting" className="form__hint">
          {reviewing.waiting}
        </p>
      ) : null}

      {list.length === 0 ? (
        <p className="empty">No reviews yet.</p>
      ) : (
        <ul id="reviews-list" className="reviews__list">
          {list.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
      <p className="reviews__more">
        <span className="reviews__count" aria-live="polite">
          {list.length > 0 && total > list.length ? `Showing ${list.length} of ${plural(total, 'review', 'reviews')}.` : ''}
        </span>
        {page < pages ? (
          <button id="more-reviews" type="button" className="btn btn--small btn--outline" disabled={loading} onClick={() => void more()}>
            {loading ? 'Loading...' : 'More reviews'}
          </button>
        ) : null}
      </p>
    </section>
  );
}
