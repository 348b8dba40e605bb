import { useState } from 'react';
import { cancelBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { useFormKey } from '../../lib/idempotency-key';
import { parseAmount } from '../../lib/amount';
import { fromMinorUnits } from '../../lib/number-input';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useSubmit } from '../../lib/use-submit';
import { AmountPreview } from '../amount-preview';
import { FieldError, fieldAria } from '../field-error';
import type { AdminBookingDetail } from '../../props';

const PROCESSING_TEXT = 'Processing...';

interface CancelBookingFormProps {
  booking: AdminBookingDetail;
  /** The booking as the server answered after the cancellation */
  onCancelled: (booking: AdminBookingDetail) => void;
}

/** Cancel a paid or refund-due booking and refund some or all of what is left. */
export function CancelBookingForm({ booking, onCancelled }: CancelBookingFormProps) {
  const [refund, setRefund] = useState(() => fromMinorUnits(booking.refundableMinor));
  const [reason, setReason] = useState('');
  useUnsavedChanges(reason.trim() !== '');
  // One key for this form until a cancellation goes through (a provider error leaves
  // the booking as it was): a double click or a retry sends the same key, so the server
  // refunds at most once.
  const key = useFormKey();

  const cancel = useSubmit(
    async () => {
      // Sent as typed: the server reads it in the booking's currency ("1.290,00").
      const res = await cancelBooking(booking.id, { refundMinor: refund, reason, key: key.current() });
      const typed = parseAmount(refund, booking.currency);
      const cancelled = settleAnswer(res, 'booking', (answered) => {
        if (!('minor' in typed) || typed.minor <= 0) return 'Booking cancelled';
        // Money received outside the site goes back outside it: the refund is owed.
        const last = answered.refunds.at(-1);
        if (last?.status === 'owed') return `Booking cancelled: ${last.amount} to pay back outside the site`;
        return `Booking cancelled and ${answered.refunded} refunded`;
      });
      // Any success used the key up, even one whose answer lacked the booking.
      if (res.status === 'success') key.used();
      if (cancelled) {
        setReason('');
        setRefund(fromMinorUnits(cancelled.refundableMinor));
        onCancelled(cancelled);
      }
    },
    { busyText: PROCESSING_TEXT },
  );

  const most = fromMinorUnits(booking.refundableMinor);
  const currency = booking.currency.toUpperCase();
  return (
    <section className="admin-section" aria-labelledby="cancel-booking-title">
      <h2 id="cancel-booking-title" className="section-title">
        Cancel booking
      </h2>
      <form id="cancel-booking" className="admin-form admin-form--narrow" noValidate onSubmit={cancel.onSubmit} aria-labelledby="cancel-booking-title">
        <div className="form__group">
          <label className="form__label" htmlFor="refund-amount">
            Refund amount
          </label>
          <input
            id="refund-amount"
            className="form__input"
            type="text"
            inputMode="decimal"
            name="refund"
            value={refund}
            onChange={(e) => setRefund(e.target.value)}
            {...fieldAria('refund-amount', cancel.errors.refundMinor, 'refund-amount-hint')}
          />
          <AmountPreview fieldId="refund-amount" text={refund} currency={booking.currency} />
          <p id="refund-amount-hint" className="form__hint">
            {`In ${currency}, from 0 (no refund) to ${most}`}
          </p>
          <FieldError fieldId="refund-amount" message={cancel.errors.refundMinor} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="cancel-reason">
            Reason
          </label>
          <textarea id="cancel-reason" className="form__input" name="reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)}
            {...fieldAria('cancel-reason', cancel.errors.reason)} />
          <FieldError fieldId="cancel-reason" message={cancel.errors.reason} />
        </div>
        <button id="cancel-booking-submit" type="submit" className="btn btn--primary btn--danger-fill" disabled={cancel.busy}>
          {cancel.text('Cancel and refund')}
        </button>
      </form>
    </section>
  );
}
