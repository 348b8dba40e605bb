import { sendPaymentLink } from '../../api/collect';
import { settleAnswer } from '../../lib/answer';
import { useFormKey } from '../../lib/idempotency-key';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingAnswer, BookingCollect } from '../../props';

interface SendPaymentLinkProps {
  bookingId: string;
  collect: BookingCollect;
  customerEmail: string;
  onSent: (answer: AdminBookingAnswer) => void;
}

/** Emails the customer a link to pay exactly what is due; an older link stops working. */
export function SendPaymentLink({ bookingId, collect, customerEmail, onSent }: SendPaymentLinkProps) {
  const key = useFormKey();
  const send = useSubmit(
    async () => {
      const res = await sendPaymentLink(bookingId, key.current());
      if (res.status === 'success') key.used();
      const booking = settleAnswer(res, 'booking', `Payment link for ${collect.due} sent to ${customerEmail}`);
      if (booking && res.status === 'success' && res.data) onSent(res.data);
    },
    { busyText: 'Sending...' },
  );
  return (
    <form id="send-payment-link" className="admin-form admin-form--narrow" noValidate onSubmit={send.onSubmit} aria-labelledby="send-link-title">
      <h3 id="send-link-title" className="section-title">
        Send a payment link
      </h3>
      <p className="admin-note">
        {`The customer (${customerEmail}) gets an email with a link to pay ${collect.due} by card, valid for about a day. A link sent before stops working.`}
      </p>
      <button id="send-payment-link-submit" type="submit" className="btn btn--small" disabled={send.busy}>
        {send.text(`Send a link for ${collect.due}`)}
      </button>
    </form>
  );
}
