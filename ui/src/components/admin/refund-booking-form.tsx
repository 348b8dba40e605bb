import { useEffect, useRef, useState } from 'react';
import { refundBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { idempotencyKey } from '../../lib/idempotency-key';
import { formatAmount, parseAmount } from '../../lib/amount';
import { fromMinorUnits } from '../../lib/number-input';
import { useSubmit } from '../../lib/use-submit';
import type { TypedAmount } from '../../api/admin';
import type { AdminBookingDetail, BookingChangeOptions } from '../../props';
import { AmountPreview } from '../amount-preview';
import { FieldError, fieldAria } from '../field-error';
import { FormTextArea } from '../form-textarea';
import { ConfirmDialog } from './confirm-dialog';

interface RefundBookingFormProps {
  booking: AdminBookingDetail;
  options: BookingChangeOptions;
  onRefunded: (booking: AdminBookingDetail) => void;
}

/**
 * "$120.00": an amount typed in a form as the confirm dialog names it, by the preview's
 * reading of the site's rules (the server reads the same text when it is sent); text they
 * cannot read is named as typed, and the server's answer says why.
 */
export function typedAmount(typed: TypedAmount, currency: string): string {
  const p = parseAmount(typed, currency);
  return 'minor' in p ? formatAmount(p.minor, currency) : `${typed.trim()} ${currency.toUpperCase()}`;
}

/**
 * Money back while the booking stays active (a traveller who dropped out, a gesture): any
 * amount up to what was paid and not yet refunded, the policy's suggestion beside it,
 * confirmed in a dialog that says what will happen.
 */
export function RefundBookingForm({ booking, options, onRefunded }: RefundBookingFormProps) {
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // The amount as typed, once the operator asks to refund: the dialog names it.
  const [asking, setAsking] = useState<TypedAmount | null>(null);
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

  // Sent as typed: the server reads it in the booking's currency and says what is wrong.
  function review(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setAsking(amount);
  }

  // The server names the amount "amountMinor", and "refundMinor" when it is more than is left.
  const amountError = refund.errors.amountMinor ?? refund.errors.refundMinor;

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
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            {...fieldAria('refund-only-amount', amountError, 'refund-only-amount-hint')}
          />
          <AmountPreview fieldId="refund-only-amount" text={amount} currency={booking.currency} />
          <p id="refund-only-amount-hint" className="form__hint">
            {`In ${currency}, at most ${fromMinorUnits(booking.refundableMinor)}. Suggested by the cancellation policy: ${options.suggestedRefund}. ${options.suggestedRefundNote}`}
          </p>
          {options.suggestedRefundMinor > 0 ? (
            <button type="button" className="btn btn--small btn--outline" onClick={() => setAmount(fromMinorUnits(Math.min(options.suggestedRefundMinor, booking.refundableMinor)))}>
              Use the suggested amount
            </button>
          ) : null}
          <FieldError fieldId="refund-only-amount" message={amountError} />
        </div>
        <FormTextArea
          id="refund-only-reason"
          label="Reason for the refund (internal)"
          hint="Kept in the booking's history; never sent to the customer"
          error={refund.errors.reason}
          name="reason"
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
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
