// reminder: sent two days before the tour starts, with when and where to meet.
import { notice } from './email-notice';
import type { ReminderProps } from './email-props';
import type { Fact } from './email-template';

export const reminder = notice<ReminderProps>(({ props }) => {
  const soon = `A reminder: ${props.tourName} starts on ${props.date} at ${props.startTime}. We look forward to seeing you.`;
  const facts: Fact[] = [
    { label: 'Booking reference', value: props.reference },
    { label: 'Tour', value: props.tourName },
    { label: 'Date', value: props.date },
    { label: 'Start time', value: props.startTime },
  ];
  if (props.meetingPoint !== '') facts.push({ label: 'Meeting point', value: props.meetingPoint });
  return {
    subject: `${props.tourName} starts in two days`,
    heading: 'Your tour starts in two days',
    preview: soon,
    name: props.name,
    blocks: [{ paragraph: soon }, { facts }, { button: 'View your booking', href: props.bookingUrl }],
  };
});
