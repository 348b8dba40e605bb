// bookingNotice: the operator's and the guides' news of their departures' bookings (new,
// changed, cancelled), one at a time or as the day's digest. Each line is written in Go.
import { notice } from './email-notice';
import type { BookingNoticeProps } from './email-props';

export const bookingNotice = notice<BookingNoticeProps>(({ props }) => {
  const lines = props.lines.split('\n').filter((l) => l !== '');
  const digest = props.day !== '';
  const summary = digest
    ? `${lines.length === 1 ? '1 booking change' : `${lines.length} booking changes`} on your departures since the last digest`
    : (lines[0] ?? '');
  return {
    subject: digest ? `Bookings digest for ${props.day}: ${lines.length === 1 ? '1 change' : `${lines.length} changes`}` : summary,
    heading: digest ? `Bookings digest, ${props.day}` : 'Booking news',
    preview: summary,
    name: props.name,
    blocks: [
      { paragraph: digest ? `${summary}:` : 'A booking of a departure you look after has changed:' },
      ...lines.map((l) => ({ paragraph: l })),
      { paragraph: props.setting },
      { button: 'Open the bookings', href: props.bookingsUrl },
    ],
  };
});
