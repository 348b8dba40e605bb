// detailsReminder: sent 72 hours before the cut-off for a booking whose required names
// or answers are missing, with what is missing and the page to give it on.
import { notice } from './email-notice';
import type { DetailsReminderProps } from './email-props';

export const detailsReminder = notice<DetailsReminderProps>(({ props }) => {
  const missing = props.missing.split('\n').filter((m) => m !== '');
  const ask = `Your booking of ${props.tourName} on ${props.date} still lacks some details the tour asks for. Please give them by ${props.cutoff}: after that they can no longer be changed online.`;
  return {
    subject: `Details needed for ${props.tourName} by ${props.cutoff}`,
    heading: 'A few details are still needed',
    preview: ask,
    name: props.name,
    blocks: [
      { paragraph: ask },
      { paragraph: `Still needed: ${missing.join('; ')}.` },
      {
        facts: [
          { label: 'Booking reference', value: props.reference },
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Details needed by', value: props.cutoff },
        ],
      },
      { button: 'Give the details', href: props.bookingUrl },
    ],
  };
});
