import { useState } from 'react';
import { leaveWaitlist, payOffer } from '../api/waitlist';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import type { WaitlistPlace } from '../props';
import { TermsCheckbox } from './terms-checkbox';

const PAY_TEXT = 'Pay now';
const PROCESSING_TEXT = 'Processing...';

/**
 * One of the traveller's waiting list entries: an offer (seats held until a deadline) with
 * Pay now and Decline, or a place in the queue with Leave. onLeft runs once the entry is gone.
 * While terms of booking are written (terms > 0), paying an offer accepts them, as booking does.
 */
export function WaitlistPlaceItem({ place, terms, onLeft }: { place: WaitlistPlace; terms: number; onLeft: (id: string) => void }) {
  const [accepted, setAccepted] = useState(false);
  // On success the browser is on its way to the checkout page: keep "Processing...".
  const pay = useSubmit(() => payOffer(place.id, accepted ? terms : 0), { busyText: PROCESSING_TEXT, leaves: (leaving) => leaving });
  const leave = useSubmit(
    async () => {
      if (await leaveWaitlist(place.id)) onLeft(place.id);
    },
    { busyText: 'Leaving...' },
  );
  const busy = pay.busy || leave.busy;
  const people = plural(place.participants, 'person', 'people');
  const departure = `${place.tourName}, ${place.dateLabel} at ${place.startTime}`;

  if (place.status === 'offered') {
    return (
      <div className="waitlist-offer" role="status" data-entry-id={place.id}>
        <p className="waitlist-offer__title">Seats are held for you from the waiting list</p>
        <p>
          {`${departure}: ${people}, ${place.amount}. Pay by ${place.offerUntil}, or the seats go to the next person on the waiting list.`}
        </p>
        {terms > 0 ? <TermsCheckbox id={`accept-terms-${place.id}`} checked={accepted} onChange={setAccepted} /> : null}
        <div className="waitlist-offer__actions">
          <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => void pay.run()}>
            {pay.text(PAY_TEXT)}
          </button>
          <button type="button" className="btn btn--small" disabled={busy} onClick={() => void leave.run()}>
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
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void leave.run()}>
        {leave.text('Leave the waiting list')}
      </button>
    </div>
  );
}
