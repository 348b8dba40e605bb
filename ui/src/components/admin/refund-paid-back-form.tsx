import { useState } from 'react';
import { refundPaidBack } from '../../api/collect';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingAnswer, AdminRefund } from '../../props';

interface RefundPaidBackFormProps {
  bookingId: string;
  refund: AdminRefund;
  today: string;
  onPaidBack: (answer: AdminBookingAnswer) => void;
}

/** A refund owed outside the site, recorded as paid back with the day and a reference. */
export function RefundPaidBackForm({ bookingId, refund, today, onPaidBack }: RefundPaidBackFormProps) {
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const id = `paid-back-${refund.id}`;
  const save = useSubmit(
    async () => {
      const res = await refundPaidBack(bookingId, refund.id, { paidOn, reference });
      const booking = settleAnswer(res, 'booking', `Refund of ${refund.amount} recorded as paid back`);
      if (booking && res.status === 'success' && res.data) onPaidBack(res.data);
    },
    { busyText: 'Saving...' },
  );
  return (
    <form id={id} className="admin-form admin-form--narrow refund-paid-back" noValidate onSubmit={save.onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-title">
        {`Refund owed: ${refund.amount}`}
      </h3>
      <p className="admin-note">Pay it back outside the site (by transfer or in cash), then record it here.</p>
      <div className="form__group">
        <label className="form__label" htmlFor={`${id}-date`}>
          Day paid back
        </label>
        <input id={`${id}-date`} className="form__input" type="date" max={today} value={paidOn} onChange={(e) => setPaidOn(e.target.value)} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor={`${id}-reference`}>
          Reference
        </label>
        <input
          id={`${id}-reference`}
          className="form__input"
          type="text"
          autoComplete="off"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn--small" disabled={save.busy}>
        {save.text('Record as paid back')}
      </button>
    </form>
  );
}
