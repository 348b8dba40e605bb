// bookingCancelled: which booking, why (when given) and what was refunded (when anything).
import { notice } from './email-notice';
import type { BookingCancelledProps } from './email-props';

export const bookingCancelled = notice<BookingCancelledProps>(({ site, props }) => {
  const cancelled = `Your booking of ${props.tourName} on ${props.date} is cancelled.`;
  return {
    subject: `Your booking of ${props.tourName} is cancelled`,
    heading: 'Your booking is cancelled',
    preview: cancelled,
    name: props.name,
    blocks: [
      { paragraph: cancelled },
      { paragraph: props.message },
      {
        paragraph:
          props.refunded === ''
            ? 'No payment was refunded for this booking.'
            : `We have refunded ${props.refunded}. Depending on your bank, it can take a few days to appear on your statement.`,
      },
      { button: 'Find another tour', href: site.url },
    ],
  };
});
