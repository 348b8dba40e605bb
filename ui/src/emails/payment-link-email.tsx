// paymentLink: what a booking owes, and a button to pay exactly that online, until when.
import { boughtFacts, participantsText } from './email-format';
import { notice } from './email-notice';
import type { PaymentLinkProps } from './email-props';

export const paymentLink = notice<PaymentLinkProps>(({ props }) => {
  const people = participantsText(props.participants);
  const due = `Your booking of ${props.tourName} on ${props.date} (${people}) has ${props.amount} to pay. You can pay it online with the button below until ${props.expires}.`;
  return {
    subject: `Pay ${props.amount} for ${props.tourName}`,
    heading: 'Your payment link',
    preview: due,
    name: props.name,
    blocks: [
      { paragraph: due },
      {
        facts: [
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Start time', value: props.startTime },
          ...boughtFacts(props),
          { label: 'Amount due', value: props.amount },
          { label: 'Link valid until', value: props.expires },
          { label: 'Your booking', value: 'See your booking', href: props.bookingUrl },
        ],
      },
      { button: `Pay ${props.amount}`, href: props.payUrl },
      { paragraph: 'If you have already paid by other means, you can ignore this email.' },
    ],
  };
});
