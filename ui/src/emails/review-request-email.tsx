// reviewRequest: sent after the tour, asking for a review.
import { oneLine } from './email-format';
import { notice } from './email-notice';
import type { ReviewRequestProps } from './email-props';

export const reviewRequest = notice<ReviewRequestProps>(({ props }) => {
  const subject = oneLine(`How was ${props.tourName}?`);
  const ask = `We hope you enjoyed ${props.tourName}. Would you tell other travellers how it was? A few words and a rating help them choose their next tour.`;
  return {
    subject,
    heading: subject,
    preview: ask,
    name: props.name,
    blocks: [{ paragraph: ask }, { button: 'Write a review', href: props.reviewUrl }],
  };
});
