import { useState } from 'react';
import { leaveWaitlist, payOffer } from '../api/waitlist';
import { plural } from '../lib/format';
import type { WaitlistPlace } from '../props';

const PAY_TEXT = 'Pay now';
const PROCESSING_TEXT = 'Processing...';

/**
 * One of the traveller's waiting list entries: an offer (seats held until a deadline) with
 * Pay now and Decline, or a place in the queue with Leave. onLeft runs once the entry is gone.
 */
export function WaitlistPlaceItem({ place, onLeft }: { place: WaitlistPlace; onLeft: (id: string) => void }) {
  const [busy, setBusy] = useState<'' | 'pay' | 'leave'>('');
  const people = plural(place.participants, 'person', 'people');
  const departure = `${place.tourName}, ${place.dateLabel} at ${place.startTime}`;

  async function pay() {
    setBusy('pay');
    // On success the browser is on its way to the checkout page: keep "Processing...".
    if (!(await payOffer(place.id))) setBusy('');
  }

  async function leave() {
    setBusy('leave');
    const left = await leaveWaitlist(place.id);
    setBusy('');
    if (left) onLeft(place.id);
  }

  if (place.status === 'offered') {
    return (
      <div className="waitlist-offer" role="status" data-entry-id={place.id}>
        <p className="waitlist-offer__title">Seats are held for you from the waiting list</p>
        <p>
          {`${departure}: ${people}, ${place.amount}. Pay by ${place.offerUntil}, or the seats go to the next person on the waiting list.`}
        </p>
        <div className="waitlist-offer__actions">
          <button type="button" className="btn btn--small btn--primary" disabled={busy !== ''} onClick={() => void pay()}>
            {busy === 'pay' ? PROCESSING_TEXT : PAY_TEXT}
          </button>
          <button type="button" className="btn btn--small" disabled={busy !== ''} onClick={() => void leave()}>
            Decline
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="waitlist-place" data-entry-id={place.id}>
      <p>
        {place.position > 0
          ? `You are number ${place.position} on the waiting list for ${departure} (${people}).`
          : `You are on the waiting list for ${departure} (${people}).`}
      </p>
      <button type="button" className="btn btn--small" disabled={busy !== ''} onClick={() => void leave()}>
        {busy === 'leave' ? 'Leaving...' : 'Leave the waiting list'}
      </button>
    </div>
  );
}
