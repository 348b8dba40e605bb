// /admin/reviews?page=: every review, with a way to hide one (docs/admin.md, admins).
// Ids for browser tests: #admin-nav, #reviews-table (buttons by name:
// "Hide: review by {user} of {tour}", "Show: …"), #pager-summary, #pager-prev, #pager-next.
import { useState } from 'react';
import { AdminNav } from '../components/admin/admin-nav';
import { Pager } from '../components/admin/pager';
import { ReviewRow } from '../components/admin/review-row';
import { listUrl } from '../lib/list-url';
import type { AdminReviewRow, PageProps } from '../props';

export function AdminReviewsPage({ reviews: initialReviews, paging }: PageProps['adminReviews']) {
  const [reviews, setReviews] = useState(initialReviews);
  const replace = (saved: AdminReviewRow) => setReviews((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));

  return (
    <div className="admin">
      <AdminNav current="reviews" />
      <h1 className="page-title">Reviews</h1>
      {reviews.length === 0 ? (
        <p className="empty-state">There are no reviews yet.</p>
      ) : (
        <div className="table-scroll" role="region" aria-labelledby="reviews-caption" tabIndex={0}>
          <table id="reviews-table" className="admin-table">
            <caption id="reviews-caption" className="visually-hidden">
              Reviews, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Tour</th>
                <th scope="col">By</th>
                <th scope="col">Rating</th>
                <th scope="col">Review</th>
                <th scope="col">Written</th>
                <th scope="col">On the site</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((review) => (
                <ReviewRow key={review.id} review={review} onSaved={replace} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager paging={paging} shown={reviews.length} pageUrl={(page) => listUrl('/admin/reviews', {}, page)} />
    </div>
  );
}
