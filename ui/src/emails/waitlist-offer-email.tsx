// waitlistOffer: seats freed on a departure the traveller waited for are held for them
// until a deadline; the button leads to /my-tours, where the offer is paid.
import { notice } from './email-notice';
import type { WaitlistOfferProps } from './email-props';

export const waitlistOffer = notice<WaitlistOfferProps>(({ props }) => {
  const people = props.participants === 1 ? '1 person' : `${props.participants} people`;
  const news = `Good news: seats came free on ${props.tourName} on ${props.date}, and we are holding them for you (${people}) until ${props.deadline}. After that they go to the next person on the waiting list.`;
  return {
    subject: `Seats are free on ${props.tourName}: pay by ${props.deadline}`,
    heading: 'Seats are free for you',
    preview: news,
    name: props.name,
    blocks: [
      { paragraph: news },
      {
        facts: [
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Start time', value: props.startTime },
          { label: 'Participants', value: String(props.participants) },
          { label: 'Amount', value: props.amount },
          { label: 'Pay by', value: props.deadline },
        ],
      },
      { button: 'Pay and confirm', href: props.payUrl },
    ],
  };
});
