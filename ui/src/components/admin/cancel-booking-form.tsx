import { useState } from 'react';
import { cancelBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { parseAmount } from '../../lib/amount';
import { useFormKey } from '../../lib/idempotency-key';
import { fromMinorUnits } from '../../lib/number-input';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingDetail } from '../../props';
import { ConfirmDialog } from './confirm-dialog';
import { AmountPreview } from '../amount-preview';
import { FieldError, fieldAria } from '../field-error';
import { FormTextArea } from '../form-textarea';
import { typedAmount } from './refund-booking-form';

const PROCESSING_TEXT = 'Processing...';

/** Whether an amount as typed refunds anything: 0, or text that is not an amount, does not. */
function refundsSomething(typed: string, currency: string): boolean {
  const p = parseAmount(typed, currency);
  return 'minor' in p && p.minor > 0;
}

interface CancelBookingFormProps {
  booking: AdminBookingDetail;
  /** The booking as the server answered after the cancellation */
  onCancelled: (booking: AdminBookingDetail) => void;
}

/** Cancel a paid or refund-due booking and refund some or all of what is left. */
export function CancelBookingForm({ booking, onCancelled }: CancelBookingFormProps) {
  const [refund, setRefund] = useState(() => fromMinorUnits(booking.refundableMinor));
  const [reason, setReason] = useState('');
  // The amount as typed, once the operator asks to cancel: the dialog shows it, and the
  // server reads it in the booking's currency ("1.290,00"; README, Typing amounts).
  const [asking, setAsking] = useState<string | null>(null);
  useUnsavedChanges(reason.trim() !== '');
  // One key for this form until a cancellation goes through (a provider error leaves
  // the booking as it was): a double click or a retry sends the same key, so the server
  // refunds at most once.
  const key = useFormKey();

  const cancel = useSubmit(
    async () => {
      const refundMinor = asking ?? '0';
      const res = await cancelBooking(booking.id, { refundMinor, reason, key: key.current() });
      setAsking(null);
      const cancelled = settleAnswer(res, 'booking', (answered) => {
        if (!refundsSomething(refundMinor, booking.currency)) return 'Booking cancelled';
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

  // The dialog says what was typed; text that is not an amount goes as typed, for the
  // server's message to say what is wrong.
  function review(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setAsking(refund);
  }

  const most = fromMinorUnits(booking.refundableMinor);
  const currency = booking.currency.toUpperCase();
  return (
    <section className="admin-section" aria-labelledby="cancel-booking-title">
      <h2 id="cancel-booking-title" className="section-title">
        Cancel booking
      </h2>
      <form id="cancel-booking" className="admin-form admin-form--narrow" noValidate onSubmit={review} aria-labelledby="cancel-booking-title">
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
        <FormTextArea
          id="cancel-reason"
          label="Reason for cancelling (internal)"
          hint="Kept in the booking's history; never sent to the customer"
          error={cancel.errors.reason}
          name="reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button id="cancel-booking-submit" type="submit" className="btn btn--primary btn--danger-fill" disabled={cancel.busy}>
          {cancel.text('Cancel and refund…')}
        </button>
      </form>
      {asking !== null ? (
        <ConfirmDialog
          id="cancel-dialog"
          title="Cancel this booking?"
          confirmLabel="Cancel the booking"
          busy={cancel.busy}
          busyLabel={PROCESSING_TEXT}
          onConfirm={() => void cancel.run()}
          onCancel={() => setAsking(null)}
        >
          <p>
            {refundsSomething(asking, booking.currency)
              ? `The booking will be cancelled and ${typedAmount(asking, booking.currency)} refunded ${booking.provider === '' ? 'outside the site' : 'to the card'}; its seats go back on sale.`
              : 'The booking will be cancelled without a refund; its seats go back on sale.'}
          </p>
          <p>The customer gets an email saying the booking is cancelled and what was refunded.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
