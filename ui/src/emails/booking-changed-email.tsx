// bookingChanged: an operator changed a booking (its date, travellers or lead contact) or
// gave money back while it stays active: what changed, the money back or still due, the
// operator's message to customers (never an internal note), and the new calendar file
// when the date changed.
import { moneyBack } from './booking-cancelled-email';
import { boughtFacts } from './email-format';
import { notice } from './email-notice';
import type { BookingChangedProps } from './email-props';

export const bookingChanged = notice<BookingChangedProps>(({ props }) => {
  const refundOnly = props.changes === '';
  // Money paid outside the site goes back outside it: never "refunded" to a card.
  const byCard = props.returnedBy === '';
  const news = refundOnly
    ? byCard
      ? `We have refunded ${props.refunded} for your booking of ${props.tourName} on ${props.date}. Your booking stays as it is.`
      : `Your booking of ${props.tourName} on ${props.date} stays as it is, with ${props.refunded} given back to you.`
    : `Your booking of ${props.tourName} has changed. Here is what changed:`;
  return {
    subject: refundOnly
      ? byCard
        ? `We have refunded ${props.refunded} for your booking of ${props.tourName}`
        : `Money back on your booking of ${props.tourName}`
      : `Your booking of ${props.tourName} has changed`,
    heading: refundOnly ? 'Money back on your booking' : 'Your booking has changed',
    preview: news,
    name: props.name,
    blocks: [
      { paragraph: news },
      { paragraph: props.changes === '' ? '' : `${props.changes}.` },
      { paragraph: props.message },
      { paragraph: props.refunded === '' || refundOnly ? '' : moneyBack(props.refunded, props.returnedBy) },
      {
        paragraph: !refundOnly
          ? ''
          : byCard
            ? 'Depending on your bank, it can take a few days to appear on your statement.'
            : moneyBack(props.refunded, props.returnedBy),
      },
      { paragraph: props.due === '' ? '' : `${props.due} is still to pay for this booking. We will send you a way to pay it.` },
      {
        paragraph:
          props.calendarFile === ''
            ? ''
            : `The calendar file attached (${props.calendarFile}) replaces the entry you may have added before: open it to move it to the new date.`,
      },
      {
        facts: [
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Start time', value: props.startTime },
          ...boughtFacts(props),
        ],
      },
      { button: 'See your booking', href: props.bookingUrl },
    ],
  };
});
