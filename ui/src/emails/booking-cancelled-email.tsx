// bookingCancelled: which booking, why (when given) and what was refunded (when anything),
// and how: through the card payment, or by the operator for a booking paid outside the
// site ("We will transfer €2,580.00 to you"), never a card refund that is not one.
import { notice } from './email-notice';
import type { BookingCancelledProps } from './email-props';

function refundSentence(props: BookingCancelledProps): string {
  if (props.refunded === '') return 'No payment was refunded for this booking.';
  return moneyBack(props.refunded, props.returnedBy);
}

/**
 * How money given back reaches the customer: to the card it was paid with, or outside
 * the site as it was paid ("bank transfer", "cash"), by the operator.
 */
export function moneyBack(amount: string, returnedBy: string): string {
  switch (returnedBy) {
    case 'bank transfer':
      return `We will transfer ${amount} to you by bank transfer, to the account you paid from or the one you tell us.`;
    case 'cash':
      return `We will pay you back ${amount} in cash. We will be in touch to arrange it.`;
  }
  return `We have refunded ${amount}. Depending on your bank, it can take a few days to appear on your statement.`;
}

export const bookingCancelled = notice<BookingCancelledProps>(({ site, props }) => {
  const cancelled = `Your booking of ${props.tourName} on ${props.date} is cancelled.`;
  return {
    subject: `Your booking of ${props.tourName} is cancelled`,
    heading: 'Your booking is cancelled',
    preview: cancelled,
    name: props.name,
    blocks: [
      { paragraph: cancelled },
      { facts: [{ label: 'Booking reference', value: props.reference }] },
      { paragraph: props.message },
      { paragraph: refundSentence(props) },
      { button: 'Find another tour', href: site.url },
    ],
  };
});
