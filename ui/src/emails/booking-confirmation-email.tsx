// bookingConfirmation: the booking's details; the Go side attaches the calendar file (.ics).
import { boughtFacts } from './email-format';
import { notice } from './email-notice';
import type { BookingConfirmationProps } from './email-props';
import type { Fact } from './email-template';

export const bookingConfirmation = notice<BookingConfirmationProps>(({ props }) => {
  const facts: Fact[] = [
    { label: 'Booking reference', value: props.reference },
    { label: 'Tour', value: props.tourName, href: props.tourUrl },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
    ...boughtFacts(props),
    { label: 'Total', value: props.amount },
  ];
  if (props.meetingPoint !== '') facts.push({ label: 'Meeting point', value: props.meetingPoint });
  if (props.due !== '') facts.push({ label: 'To pay', value: props.due });
  if (props.payBy !== '') facts.push({ label: 'Pay by', value: props.payBy });
  const payment =
    props.due === ''
      ? []
      : [{ paragraph: props.payBy === '' ? `Your seats are held. Please pay ${props.due}.` : `Your seats are held. Please pay ${props.due} by ${props.payBy}.` }];
  return {
    subject: `Your booking: ${props.tourName} on ${props.date}`,
    heading: 'Your booking is confirmed',
    preview: `${props.tourName}, ${props.date} at ${props.startTime}`,
    name: props.name,
    blocks: [
      { paragraph: `Thank you for booking ${props.tourName}. Here are the details:` },
      { facts },
      ...payment,
      { paragraph: 'The calendar file for this tour is attached: open it to add the tour to your calendar.' },
      { button: 'View your booking', href: props.bookingUrl },
    ],
  };
});
