import { useState } from 'react';
import { cancelMyBooking, getMyBooking } from '../api/my-bookings';
import { errorMessage } from '../api/client';
import { showAlert } from '../lib/alert';
import { NOT_UPDATED_MESSAGE } from '../lib/answer';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import type { MyBooking } from '../props';

const PROCESSING_TEXT = 'Processing...';

interface CancelMyBookingProps {
  booking: MyBooking;
  /** The booking as the server answered, after a fresh quote or the cancellation */
  onChange: (booking: MyBooking) => void;
}

/** What cancelling gives back now, in words. */
function quoteText(b: MyBooking): string {
  const when = b.cancel.daysBefore === 0 ? 'on the day of departure' : `${plural(b.cancel.daysBefore, 'day', 'days')} before departure`;
  if (b.cancel.refundMinor === 0) {
    return `If you cancel now (${when}), nothing is refunded: the booking's policy gives no refund ${b.cancel.tier ? `${b.cancel.tier.toLowerCase()}` : 'this close to departure'}.`;
  }
  return `If you cancel now (${when}), you get ${b.cancel.refund} back: ${b.cancel.percent}% of ${b.amount}.`;
}

/**
 * The traveller's own cancellation: the refund their booking's policy gives now, a fresh
 * quote before they confirm, and the cancellation itself. The server computes every
 * amount; a deadline passing between the quote and the click is refused with the new
 * amount, and the quote is read again.
 */
export function CancelMyBooking({ booking, onChange }: CancelMyBookingProps) {
  const [confirming, setConfirming] = useState(false);

  async function refresh(): Promise<MyBooking | null> {
    const res = await getMyBooking(booking.id);
    const fresh = res.status === 'success' ? res.data?.booking : undefined;
    if (!fresh) {
      showAlert('error', errorMessage(res));
      return null;
    }
    onChange(fresh);
    return fresh;
  }

  const ask = useSubmit(
    async () => {
      const fresh = await refresh();
      if (fresh?.cancel.allowed) setConfirming(true);
    },
    { busyText: PROCESSING_TEXT },
  );

  const confirm = useSubmit(
    async () => {
      const res = await cancelMyBooking(booking.id, booking.cancel.refundMinor);
      if (res.status !== 'success') {
        showAlert('error', errorMessage(res));
        setConfirming(false);
        // The quote may have changed (a deadline passed): show the one in force.
        await refresh();
        return;
      }
      setConfirming(false);
      const cancelled = res.data?.booking;
      if (!cancelled) {
        showAlert('error', NOT_UPDATED_MESSAGE);
        return;
      }
      showAlert('success', cancelled.refunded ? `Your booking is cancelled and ${cancelled.refunded} is refunded.` : 'Your booking is cancelled.');
      onChange(cancelled);
    },
    { busyText: PROCESSING_TEXT },
  );
  const busy = ask.busy || confirm.busy;

  if (booking.status === 'cancelled' || booking.status === 'refunded') {
    return (
      <section className="my-booking__section" aria-labelledby="cancel-title">
        <h2 id="cancel-title" className="section-title">
          Cancelled
        </h2>
        <p id="cancel-outcome">
          {booking.refunded ? `This booking is cancelled and ${booking.refunded} was refunded to your card.` : 'This booking is cancelled. Nothing was refunded.'}
        </p>
      </section>
    );
  }

  return (
    <section className="my-booking__section" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="section-title">
        Cancel this booking
      </h2>
      {booking.cancel.allowed ? (
        <>
          <p id="cancel-quote">{quoteText(booking)}</p>
          {booking.cancel.until && booking.cancel.refundMinor > 0 ? (
            <p className="form__hint" id="cancel-until">
              {`This refund applies until the end of ${booking.cancel.until} (${booking.timeZone} time).`}
            </p>
          ) : null}
          {confirming ? (
            <div className="my-booking__confirm" role="group" aria-labelledby="confirm-cancel-title">
              <p id="confirm-cancel-title">
                <strong>
                  {booking.cancel.refundMinor > 0
                    ? `Cancel your booking and get ${booking.cancel.refund} back? This cannot be undone.`
                    : 'Cancel your booking without a refund? This cannot be undone.'}
                </strong>
              </p>
              <div className="my-booking__actions">
                <button id="confirm-cancel" type="button" className="btn btn--primary btn--danger-fill" disabled={busy} onClick={() => void confirm.run()}>
                  {confirm.text(booking.cancel.refundMinor > 0 ? `Yes, cancel and refund ${booking.cancel.refund}` : 'Yes, cancel without a refund')}
                </button>
                <button type="button" className="btn btn--outline" disabled={busy} onClick={() => setConfirming(false)}>
                  Keep my booking
                </button>
              </div>
            </div>
          ) : (
            <button id="cancel-my-booking" type="button" className="btn btn--outline btn--danger" disabled={busy} onClick={() => void ask.run()}>
              {ask.text('Cancel booking…')}
            </button>
          )}
        </>
      ) : (
        <p id="cancel-refusal">{booking.cancel.refusal}</p>
      )}
    </section>
  );
}
