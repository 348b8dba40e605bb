// waitlistCancelled: the departure a traveller waited for (or had seats offered on) is
// cancelled by the operator, so their place on its waiting list has ended; nothing was
// charged. The button leads to the tour's page, to choose another date.
import { notice } from './email-notice';
import type { WaitlistCancelledProps } from './email-props';

export const waitlistCancelled = notice<WaitlistCancelledProps>(({ props }) => {
  const people = props.participants === 1 ? '1 person' : `${props.participants} people`;
  const news = `We are sorry: the departure of ${props.tourName} on ${props.date} is cancelled, so your place on its waiting list (${people}) has ended.`;
  return {
    subject: `${props.tourName} on ${props.date} is cancelled: your waiting list place has ended`,
    heading: 'This departure is cancelled',
    preview: news,
    name: props.name,
    blocks: [
      { paragraph: news },
      { paragraph: props.message },
      {
        paragraph:
          props.offered === ''
            ? 'Nothing was charged.'
            : `The seats we were holding for you are released and the offer of ${props.offered} can no longer be paid. Nothing was charged.`,
      },
      {
        facts: [
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Start time', value: props.startTime },
          { label: 'Participants', value: String(props.participants) },
        ],
      },
      { button: 'Choose another date', href: props.tourUrl },
    ],
  };
});
