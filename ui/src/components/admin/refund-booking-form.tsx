import { useEffect, useRef, useState } from 'react';
import { refundBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { idempotencyKey } from '../../lib/idempotency-key';
import { parseAmount } from '../../lib/amount';
import { fromMinorUnits } from '../../lib/number-input';
import { useSubmit } from '../../lib/use-submit';
import type { NumberField } from '../../api/admin';
import type { AdminBookingDetail, BookingChangeOptions } from '../../props';
import { ConfirmDialog } from './confirm-dialog';

interface RefundBookingFormProps {
  booking: AdminBookingDetail;
  options: BookingChangeOptions;
  onRefunded: (booking: AdminBookingDetail) => void;
}

/**
 * What was typed as minor units, read by the site's rules ("1.290,00"; README, Typing
 * amounts); text they cannot read goes as typed, for the server's message to say why.
 */
export function typedMinor(text: string, currency: string): NumberField {
  const p = parseAmount(text, currency);
  return 'minor' in p ? p.minor : text;
}

/** "120.00 USD": an amount typed in the form, with its currency (text it cannot read as typed). */
export function typedAmount(typed: NumberField, currency: string): string {
  const minor = typeof typed === 'number' ? typed : typedMinor(typed, currency);
  return `${typeof minor === 'number' ? fromMinorUnits(minor) : minor.trim()} ${currency.toUpperCase()}`;
}

/**
 * Money back while the booking stays active (a traveller who dropped out, a gesture): any
 * amount up to what was paid and not yet refunded, the policy's suggestion beside it,
 * confirmed in a dialog that says what will happen.
 */
export function RefundBookingForm({ booking, options, onRefunded }: RefundBookingFormProps) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState<NumberField | null>(null);
  const key = useRef('');
  useEffect(() => {
    if (key.current === '') key.current = idempotencyKey();
  }, []);

  const refund = useSubmit(
    async () => {
      if (asking === null) return;
      if (key.current === '') key.current = idempotencyKey();
      const res = await refundBooking(booking.id, { amountMinor: asking, reason, key: key.current });
      const done = settleAnswer(res, 'booking', () => `${typedAmount(asking, booking.currency)} refunded; the booking stays active`);
      if (res.status === 'success') key.current = idempotencyKey();
      setAsking(null);
      if (done) {
        setAmount('');
        setReason('');
        onRefunded(done);
      }
    },
    { busyText: 'Processing...' },
  );

  // The dialog says what was typed; text that is not an amount goes as typed, for the
  // server's message to say what is wrong.
  function review(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setAsking(typedMinor(amount, booking.currency));
  }

  const currency = booking.currency.toUpperCase();
  return (
    <section className="admin-section" aria-labelledby="refund-booking-title">
      <h2 id="refund-booking-title" className="section-title">
        Refund
      </h2>
      <form id="refund-booking" className="admin-form admin-form--narrow" noValidate onSubmit={review} aria-labelledby="refund-booking-title">
        <p className="form__hint">The booking stays active: only money goes back.</p>
        <div className="form__group">
          <label className="form__label" htmlFor="refund-only-amount">
            Amount to refund
          </label>
          <input
            id="refund-only-amount"
            className="form__input"
            type="text"
            inputMode="decimal"
            name="amount"
            aria-describedby="refund-only-amount-hint"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <p id="refund-only-amount-hint" className="form__hint">
            {`In ${currency}, at most ${fromMinorUnits(booking.refundableMinor)}. Suggested by the cancellation policy: ${options.suggestedRefund}. ${options.suggestedRefundNote}`}
          </p>
          {options.suggestedRefundMinor > 0 ? (
            <button type="button" className="btn btn--small btn--outline" onClick={() => setAmount(fromMinorUnits(Math.min(options.suggestedRefundMinor, booking.refundableMinor)))}>
              Use the suggested amount
            </button>
          ) : null}
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="refund-only-reason">
            Reason for the refund (internal)
          </label>
          <textarea id="refund-only-reason" className="form__input" name="reason" rows={2} aria-describedby="refund-only-reason-hint" value={reason} onChange={(e) => setReason(e.target.value)} />
          <p id="refund-only-reason-hint" className="form__hint">
            Kept in the booking's history; never sent to the customer
          </p>
        </div>
        <button id="refund-booking-submit" type="submit" className="btn btn--primary" disabled={refund.busy}>
          Refund…
        </button>
      </form>
      {asking !== null ? (
        <ConfirmDialog
          id="refund-dialog"
          title="Refund without cancelling?"
          confirmLabel={`Refund ${typedAmount(asking, booking.currency)}`}
          busy={refund.busy}
          busyLabel="Processing..."
          onConfirm={() => void refund.run()}
          onCancel={() => setAsking(null)}
        >
          <p>{`${typedAmount(asking, booking.currency)} will be refunded ${options.refundWay}; the booking stays active with ${booking.participants} ${booking.participants === 1 ? 'traveller' : 'travellers'}.`}</p>
          <p>The customer gets an email saying how much was refunded.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
