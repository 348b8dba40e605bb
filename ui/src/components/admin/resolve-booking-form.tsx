import { useState } from 'react';
import { resolveBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingDetail } from '../../props';
import { FormTextArea } from '../form-textarea';

const PROCESSING_TEXT = 'Processing...';

interface ResolveBookingFormProps {
  bookingId: string;
  onResolved: (booking: AdminBookingDetail) => void;
}

/** A refund-due booking whose money went back by other means: cancelled, with the reason. */
export function ResolveBookingForm({ bookingId, onResolved }: ResolveBookingFormProps) {
  const [reason, setReason] = useState('');
  const resolve = useSubmit(
    async () => {
      const resolved = settleAnswer(await resolveBooking(bookingId, reason), 'booking', 'Booking resolved');
      if (resolved) {
        setReason('');
        onResolved(resolved);
      }
    },
    { busyText: PROCESSING_TEXT },
  );

  return (
    <section className="admin-section" aria-labelledby="resolve-booking-title">
      <h2 id="resolve-booking-title" className="section-title">
        Settled outside the site
      </h2>
      <p className="admin-note">
        When the money was returned by other means, mark the booking resolved: it is cancelled without a refund
        through the payment provider.
      </p>
      <form id="resolve-booking" className="admin-form admin-form--narrow" noValidate onSubmit={resolve.onSubmit} aria-labelledby="resolve-booking-title">
        <FormTextArea
          id="resolve-reason"
          label="How it was settled"
          error={resolve.errors.reason}
          name="reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button id="resolve-booking-submit" type="submit" className="btn btn--small" disabled={resolve.busy}>
          {resolve.text('Mark resolved')}
        </button>
      </form>
    </section>
  );
}
