import type { Review } from '../props';
import { Stars } from './stars';
import { UserPhoto } from './user-photo';

/** One review as the tour page lists it. */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="review" data-review-id={review.id}>
      <div className="review__author">
        <UserPhoto className="review__img" src={review.userPhoto} srcSet={review.userPhotoSrcSet} size={44} alt={review.userName} lazy />
        <span className="review__name">{review.userName}</span>
      </div>
      <p className="review__text">{review.text}</p>
      <Stars rating={review.rating} />
      <p className="review__date">{review.edited ? `${review.date} (edited)` : review.date}</p>
    </li>
  );
}
