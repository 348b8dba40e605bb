import { useState } from 'react';
import type { WaitlistPlace } from '../props';
import { WaitlistPlaceItem } from './waitlist-place-item';

/** The traveller's waiting lists on /my-tours: open offers first, as banners, then places. */
export function WaitlistList({ places: initial, terms }: { places: WaitlistPlace[]; terms: number }) {
  const [places, setPlaces] = useState(initial);
  if (places.length === 0) return null;
  const ordered = [...places.filter((p) => p.status === 'offered'), ...places.filter((p) => p.status !== 'offered')];
  return (
    <section className="waitlist" aria-label="Waiting lists">
      {ordered.map((p) => (
        <WaitlistPlaceItem key={p.id} place={p} terms={terms} onLeft={(gone) => setPlaces((list) => list.filter((x) => x.id !== gone))} />
      ))}
    </section>
  );
}
