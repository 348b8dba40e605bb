// balanceReminder: sent 7 days and 1 day before the balance of a booking paid by a
// deposit is due (issue #24 §3): what is paid, what is due by when, and the page with
// "Pay the balance".
import { notice } from './email-notice';
import type { BalanceReminderProps } from './email-props';

export const balanceReminder = notice<BalanceReminderProps>(({ props }) => {
  const ask = `The balance of ${props.due} for your booking of ${props.tourName} on ${props.date} is due by ${props.dueBy}. You can pay it online from your booking's page.`;
  return {
    subject: `Balance of ${props.due} for ${props.tourName} due by ${props.dueBy}`,
    heading: 'Your balance is due soon',
    preview: ask,
    name: props.name,
    blocks: [
      { paragraph: ask },
      {
        facts: [
          { label: 'Booking reference', value: props.reference },
          { label: 'Tour', value: props.tourName },
          { label: 'Date', value: props.date },
          { label: 'Paid so far', value: props.paid },
          { label: 'Balance due', value: props.due },
          { label: 'Due by', value: props.dueBy },
        ],
      },
      { button: 'Pay the balance', href: props.bookingUrl },
      { paragraph: 'If you have already paid it, you can ignore this email.' },
    ],
  };
});
