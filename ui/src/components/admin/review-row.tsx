import { setReviewHidden } from '../../api/admin-reviews';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminReviewRow } from '../../props';
import { StatusBadge } from '../status-badge';

interface ReviewRowProps {
  review: AdminReviewRow;
  onSaved: (review: AdminReviewRow) => void;
}

/** One review; hiding it takes it off the tour page and out of the tour's average. */
export function ReviewRow({ review, onSaved }: ReviewRowProps) {
  const toggle = useSubmit(async () => {
    const saved = settleAnswer(await setReviewHidden(review.id, !review.hidden), 'review', (answered) =>
      answered.hidden ? 'Review hidden' : 'Review shown',
    );
    if (saved) onSaved(saved);
  });

  const stars = Math.max(0, Math.min(5, Math.round(review.rating)));
  const which = `: review by ${review.userName} of ${review.tourName}`;
  return (
    <tr>
      <th scope="row">
        <a href={`/tour/${encodeURIComponent(review.tourSlug)}`}>{review.tourName}</a>
      </th>
      <td>{review.userName}</td>
      <td>
        <span className="review-stars" aria-hidden="true">
          {'★'.repeat(stars) + '☆'.repeat(5 - stars)}
        </span>
        <span className="visually-hidden">{`${review.rating} of 5`}</span>
      </td>
      <td className="admin-table__text">{review.text}</td>
      <td>{review.createdAt}</td>
      <td>
        <StatusBadge status={review.hidden ? 'hidden' : 'shown'} label={review.hidden ? 'Hidden' : 'Shown'} />
      </td>
      <td>
        <button type="button" className="btn btn--tiny" aria-label={`${review.hidden ? 'Show' : 'Hide'}${which}`} disabled={toggle.busy} onClick={() => void toggle.run()}>
          {review.hidden ? 'Show' : 'Hide'}
        </button>
      </td>
    </tr>
  );
}
