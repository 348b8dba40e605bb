import { cancelOverdueBooking } from '../../api/admin-bookings';
import { settleAnswer } from '../../lib/answer';
import { useFormKey } from '../../lib/idempotency-key';
import { useSubmit } from '../../lib/use-submit';
import type { AdminBookingDetail } from '../../props';

const PROCESSING_TEXT = 'Processing...';

interface CancelOverdueFormProps {
  bookingId: string;
  balanceDue: string;
  onCancelled: (booking: AdminBookingDetail) => void;
}

/**
 * A booking whose balance was not paid by its due day (issue #24 §3): cancelled in one
 * step, refunding what its cancellation policy gives today on what was paid.
 */
export function CancelOverdueForm({ bookingId, balanceDue, onCancelled }: CancelOverdueFormProps) {
  // One key until the cancellation goes through: a double click refunds once.
  const key = useFormKey();
  const cancel = useSubmit(
    async () => {
      const res = await cancelOverdueBooking(bookingId, key.current());
      if (res.status === 'success') key.used();
      const cancelled = settleAnswer(res, 'booking', 'Booking cancelled');
      if (cancelled) onCancelled(cancelled);
    },
    { busyText: PROCESSING_TEXT },
  );
  return (
    <section className="admin-section" aria-labelledby="cancel-overdue-title">
      <h2 id="cancel-overdue-title" className="section-title">
        Balance overdue
      </h2>
      <p className="admin-note">
        {`The balance was due by ${balanceDue} and has not been paid. Cancelling refunds what the booking's cancellation policy gives today on what was paid, and tells the customer.`}
      </p>
      <form id="cancel-overdue" className="admin-form admin-form--narrow" noValidate onSubmit={cancel.onSubmit} aria-labelledby="cancel-overdue-title">
        <button id="cancel-overdue-submit" type="submit" className="btn btn--small btn--danger" disabled={cancel.busy}>
          {cancel.text('Cancel for the unpaid balance')}
        </button>
      </form>
    </section>
  );
}
