// giftCard: the recipient's gift card, on the day the buyer chose: who it is from, their
// message, the code and amount, until when it can be used, and how (the printable card
// is attached as a PDF).
import { notice } from './email-notice';
import type { GiftCardProps } from './email-props';

export const giftCard = notice<GiftCardProps>(({ props }) => {
  const from = props.from || 'Someone';
  const intro = `${from} has given you a gift card of ${props.amount} for a tour with us.`;
  return {
    subject: `${from} sent you a gift card of ${props.amount}`,
    heading: 'A gift card for you',
    preview: intro,
    name: props.name,
    blocks: [
      { paragraph: intro },
      { paragraph: props.message ? `"${props.message}"` : '' },
      {
        facts: [
          { label: 'Gift card code', value: props.code },
          { label: 'Amount', value: props.amount },
          { label: 'Valid until', value: props.expires },
        ],
      },
      {
        paragraph:
          'To use it, choose a tour and type the code in the Gift card field when you book: it pays what it can and you pay the rest by card. A printable card is attached.',
      },
      { button: 'Choose a tour', href: props.toursUrl },
    ],
  };
});
