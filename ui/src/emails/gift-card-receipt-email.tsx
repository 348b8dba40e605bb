// giftCardReceipt: the buyer's receipt for a gift card: what was paid, for whom, and the
// day the card is emailed to them.
import { notice } from './email-notice';
import type { GiftCardReceiptProps } from './email-props';

export const giftCardReceipt = notice<GiftCardReceiptProps>(({ props }) => {
  const paid = `Thank you for your gift card of ${props.amount} for ${props.recipientName}. We have received your payment.`;
  return {
    subject: `Your gift card of ${props.amount} for ${props.recipientName}`,
    heading: 'Thank you for your gift card',
    preview: paid,
    name: props.name,
    blocks: [
      { paragraph: paid },
      {
        facts: [
          { label: 'Amount paid', value: props.amount },
          { label: 'For', value: `${props.recipientName} (${props.recipientEmail})` },
          { label: 'Emailed on', value: props.deliverOn },
          { label: 'Valid until', value: props.expires },
          { label: 'Payment reference', value: props.paymentRef },
        ],
      },
      { paragraph: `We email the card, with its code and a card to print, to ${props.recipientEmail} on ${props.deliverOn}.` },
      { button: 'Give another gift card', href: props.giftCardsUrl },
    ],
  };
});
