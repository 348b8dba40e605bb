import { useState, type MouseEvent } from 'react';
import { createReview, deleteReview, fetchReviews, updateReview, type ReviewOutcome } from '../api/reviews';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import type { OwnReview, Review, ReviewLimits, ReviewStanding } from '../props';
import { ReviewForm } from './review-form';
import { ReviewItem } from './review-item';
import { Stars } from './stars';

interface Props {
  tourId: string;
  /** The tour page's address ("/tour/alps"): each page of reviews is it with ?reviews=N */
  path: string;
  /** Page `page` (1 unless the address asked for another), newest first, as the server rendered it */
  reviews: Review[];
  page: number;
  pages: number;
  /** How many reviews a page holds */
  pageSize: number;
  /** How many reviews are shown in all (the tour's count) */
  total: number;
  reviewing: ReviewStanding | null;
  limits: ReviewLimits;
  /** Told the tour's rating after each write */
  onRating: (average: string, quantity: number) => void;
}

/** The address of page n of a tour's reviews: the tour's own for the first. */
function reviewsHref(path: string, n: number): string {
  return n > 1 ? `${path}?reviews=${n}#reviews` : `${path}#reviews`;
}

/**
 * The tour page's reviews: the page the server rendered, and more on demand: "More
 * reviews" is a link to the next page (/tour/alps?reviews=2#reviews, which the server
 * renders, so paging works without JavaScript and for search engines); once hydrated a
 * plain click fetches that page and appends it instead. A later page links back to the
 * newer ones. For a signed-in traveller: their own review with Edit and Delete, or the
 * form once their trip has ended, or when they can write; for a visitor, an invitation to
 * log in. Each is #your-review, where the review links of the booking page and the
 * review-request email land.
 */
export function TourReviews({ tourId, path, reviews, page: initialPage, pages: initialPages, pageSize, total: initialTotal, reviewing, limits, onRating }: Props) {
  const [list, setList] = useState(reviews);
  // The first page listed, and the last: appending moves only the last.
  const [firstPage, setFirstPage] = useState(initialPage);
  const [page, setPage] = useState(initialPage);
  const [pages, setPages] = useState(initialPages);
  const [total, setTotal] = useState(initialTotal);
  const [own, setOwn] = useState<OwnReview | null>(reviewing?.own ?? null);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  function apply(o: ReviewOutcome) {
    setList(o.first.reviews);
    setFirstPage(1);
    setPage(1);
    setPages(o.first.pages);
    setTotal(o.first.total);
    setOwn(o.own);
    setEditing(false);
    setConfirming(false);
    onRating(o.ratingsAverage, o.ratingsQuantity);
  }

  function onMore(e: MouseEvent<HTMLAnchorElement>) {
    // A click meant for a new tab or window follows the link.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void more.run();
  }

  async function save(call: () => Promise<ReviewOutcome | null>): Promise<boolean> {
    const o = await call();
    if (o) apply(o);
    return o !== null;
  }

  const more = useSubmit(
    async () => {
      const next = await fetchReviews(tourId, page + 1);
      if (!next) return;
      // A review written meanwhile shifts the pages: skip what is already listed.
      setList((shown) => [...shown, ...next.reviews.filter((r) => !shown.some((s) => s.id === r.id))]);
      setPage(next.page);
      setPages(next.pages);
      setTotal(next.total);
    },
    { busyText: 'Loading...' },
  );

  const remove = useSubmit(
    async () => {
      if (!own) return;
      const o = await deleteReview(own.id);
      if (o) apply(o);
    },
    { busyText: 'Deleting...' },
  );

  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title">
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
                  <button id="confirm-delete-review" type="button" className="btn btn--small" disabled={remove.busy} onClick={() => void remove.run()}>
                    {remove.text('Yes, delete it')}
                  </button>
                  <button type="button" className="btn btn--small btn--outline" disabled={remove.busy} onClick={() => setConfirming(false)}>
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
        // The review links (#your-review) land here before the trip has ended.
        <div id="your-review">
          <p id="review-waiting" className="form__hint">
            {reviewing.waiting}
          </p>
        </div>
      ) : reviewing === null ? (
        // A traveller opening the review-request email where they are not signed in.
        <p id="your-review" className="form__hint">
          Took this tour? <a href="/login">Log in</a> to review it.
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
          {showing(list.length, (firstPage - 1) * pageSize + 1, total)}
        </span>
        {firstPage > 1 ? (
          <a id="newer-reviews" className="btn btn--small btn--outline" href={reviewsHref(path, firstPage - 1)} rel="prev">
            Newer reviews
          </a>
        ) : null}
        {page < pages ? (
          <a
            id="more-reviews"
            className="btn btn--small btn--outline"
            href={reviewsHref(path, page + 1)}
            rel="next"
            aria-disabled={more.busy || undefined}
            onClick={onMore}
          >
            {more.text('More reviews')}
          </a>
        ) : null}
      </p>
    </section>
  );
}

/** Which reviews are listed, when not all: "Showing 5 of 7 reviews." from the newest,
 * "Showing reviews 6–7 of 7." from the from-th. */
function showing(listed: number, from: number, total: number): string {
  if (listed === 0 || total <= listed) return '';
  if (from === 1) return `Showing ${listed} of ${plural(total, 'review', 'reviews')}.`;
  return `Showing reviews ${from}–${from + listed - 1} of ${total}.`;
}
