import { useState } from 'react';
import { recordPayment, type OfflineMethod } from '../../api/collect';
import { settleAnswer } from '../../lib/answer';
import { useFormKey } from '../../lib/idempotency-key';
import { fromMinorUnits } from '../../lib/number-input';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingAnswer, BookingCollect } from '../../props';
import { AmountPreview } from '../amount-preview';
import { FieldError, fieldAria } from '../field-error';

const SAVING_TEXT = 'Saving...';

interface RecordPaymentFormProps {
  bookingId: string;
  collect: BookingCollect;
  /** The booking and its money as the server answered */
  onRecorded: (answer: AdminBookingAnswer) => void;
}

/**
 * Money received outside the site: how, how much (all that is due unless less is typed),
 * the day (not after today where the tour runs) and a reference. One key per form until
 * it goes through, so a double click or a retry records the money once.
 */
export function RecordPaymentForm({ bookingId, collect, onRecorded }: RecordPaymentFormProps) {
  const [method, setMethod] = useState<OfflineMethod>('bank_transfer');
  const [amount, setAmount] = useState(() => fromMinorUnits(collect.dueMinor));
  const [receivedOn, setReceivedOn] = useState(collect.today);
  const [reference, setReference] = useState('');
  const key = useFormKey();

  const record = useSubmit(
    async () => {
      // As typed: the server reads it in the booking's currency ("1.290,00"; README,
      // Typing amounts) and says next to the field what is wrong with it.
      const res = await recordPayment(bookingId, { key: key.current(), method, amountMinor: amount, receivedOn, reference });
      if (res.status === 'success') key.used();
      const booking = settleAnswer(res, 'booking', (b) => (b.status === 'paid' ? 'Payment recorded: the booking is paid' : 'Payment recorded'));
      const answered = res.status === 'success' ? res.data : undefined;
      if (booking && answered) {
        setReference('');
        setAmount(fromMinorUnits(answered.collect.dueMinor));
        onRecorded(answered);
      }
    },
    { busyText: SAVING_TEXT },
  );

  return (
    <form id="record-payment" className="admin-form admin-form--narrow" noValidate onSubmit={record.onSubmit} aria-labelledby="record-payment-title">
      <h3 id="record-payment-title" className="section-title">
        Record a payment received
      </h3>
      <div className="form__group">
        <label className="form__label" htmlFor="payment-method">
          Received by
        </label>
        <select id="payment-method" className="form__input" name="method" value={method} onChange={(e) => setMethod(e.target.value as OfflineMethod)}>
          <option value="bank_transfer">Bank transfer</option>
          <option value="cash">Cash</option>
        </select>
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="payment-amount">
          Amount received
        </label>
        <input
          id="payment-amount"
          className="form__input"
          type="text"
          inputMode="decimal"
          name="amount"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldAria('payment-amount', record.errors.amountMinor, 'payment-amount-hint')}
        />
        <AmountPreview fieldId="payment-amount" text={amount} currency={collect.currency} />
        <p id="payment-amount-hint" className="form__hint">
          {`In ${collect.currency.toUpperCase()}, at most what is due: ${collect.due}`}
        </p>
        <FieldError fieldId="payment-amount" message={record.errors.amountMinor} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="payment-date">
          Day received
        </label>
        <input
          id="payment-date"
          className="form__input"
          type="date"
          name="receivedOn"
          max={collect.today}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.target.value)}
        />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="payment-reference">
          Reference
        </label>
        <input
          id="payment-reference"
          className="form__input"
          type="text"
          name="reference"
          autoComplete="off"
          aria-describedby="payment-reference-hint"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
        />
        <p id="payment-reference-hint" className="form__hint">
          The bank's transaction reference or your receipt number
        </p>
      </div>
      <button id="record-payment-submit" type="submit" className="btn btn--small" disabled={record.busy}>
        {record.text('Record payment')}
      </button>
    </form>
  );
}
