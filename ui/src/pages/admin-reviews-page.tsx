// /admin/reviews?page=: every review, with a way to hide one (docs/admin.md, admins).
// Ids for browser tests: #admin-nav, #reviews-table (buttons by name:
// "Hide: review by {user} of {tour}", "Show: …"), #pager-summary, #pager-prev, #pager-next.
import { useState } from 'react';
import { AdminList } from '../components/admin/admin-list';
import { ReviewRow } from '../components/admin/review-row';
import type { AdminReviewRow, PageProps } from '../props';

export function AdminReviewsPage({ reviews: initialReviews, paging }: PageProps['adminReviews']) {
  const [reviews, setReviews] = useState(initialReviews);
  const replace = (saved: AdminReviewRow) => setReviews((rows) => rows.map((row) => (row.id === saved.id ? saved : row)));

  return (
    <AdminList
      section="reviews"
      title="Reviews"
      path="/admin/reviews"
      id="reviews"
      caption="Reviews, newest first"
      columns={['Tour', 'By', 'Rating', 'Review', 'Written', 'On the site', 'Action']}
      rows={reviews}
      row={(review) => <ReviewRow review={review} onSaved={replace} />}
      empty={{ none: 'There are no reviews yet.' }}
      paging={paging}
    />
  );
}
