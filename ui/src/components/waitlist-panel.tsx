import { useId, useState } from 'react';
import { joinWaitlist } from '../api/waitlist';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import type { StartDateOption, WaitlistPlace } from '../props';
import { useSession } from '../session';
import { WaitlistPlaceItem } from './waitlist-place-item';

interface Props {
  tourId: string;
  startDates: StartDateOption[];
  /** The dates (yyyy-mm-dd) whose waiting list is open */
  dates: string[];
  /** The signed-in traveller's entries on this tour */
  places: WaitlistPlace[];
  maxGroupSize: number;
  /** The version of the terms of booking an offer's payment accepts; 0: none written */
  terms: number;
}

/**
 * The waiting list beside the booking panel: for a full date, or one with fewer seats than
 * a group, a signed-in traveller joins with their group's size, sees their place and can
 * leave. The server decides whether the group would fit and says so.
 */
export function WaitlistPanel({ tourId, startDates, dates, places: initial, maxGroupSize, terms }: Props) {
  const { user } = useSession();
  const [places, setPlaces] = useState(initial);
  const [joined, setJoined] = useState<{ id: string; date: string; participants: number }[]>([]);
  const waiting = new Set([...places.map((p) => p.date), ...joined.map((j) => j.date)]);
  const open = startDates.filter((d) => dates.includes(d.date) && d.seatsLeft < maxGroupSize && !waiting.has(d.date));
  const [date, setDate] = useState(open[0]?.date ?? '');
  const [participants, setParticipants] = useState('1');
  const join = useSubmit(
    async (day: string, n: number) => {
      if (await joinWaitlist(tourId, day, n)) setJoined((list) => [...list, { id: day, date: day, participants: n }]);
    },
    { busyText: 'Joining...' },
  );
  const id = useId();

  if (open.length === 0 && places.length === 0 && joined.length === 0) return null;
  const chosen = open.find((d) => d.date === date) ?? open[0];

  function submit() {
    if (!chosen) return;
    const count = Number.parseInt(participants, 10);
    void join.run(chosen.date, Number.isFinite(count) ? count : 1);
  }

  return (
    <div className="waitlist" aria-labelledby={`${id}-title`}>
      <h3 className="waitlist__title" id={`${id}-title`}>
        Waiting list
      </h3>
      {places.map((p) => (
        <WaitlistPlaceItem key={p.id} place={p} terms={terms} onLeft={(gone) => setPlaces((list) => list.filter((x) => x.id !== gone))} />
      ))}
      {joined.map((j) => (
        <p key={j.id} className="waitlist-place">
          {`You are on the waiting list for ${startDates.find((d) => d.date === j.date)?.label ?? j.date} (${plural(j.participants, 'person', 'people')}). We will email you when seats free up.`}
        </p>
      ))}
      {chosen &&
        (!user ? (
          <p>
            {'Date full, or not enough seats for your group? '}
            <a href="/login">Log in to join the waiting list</a>
          </p>
        ) : (
          <div className="waitlist__form">
            <p className="form__hint">
              Date full, or not enough seats for your group? Join the waiting list: when seats free up, we hold them for
              the first group that fits and email you.
            </p>
            <div className="form__group">
              <label className="form__label" htmlFor="waitlist-date">
                Date
              </label>
              <select
                id="waitlist-date"
                className="form__input"
                value={chosen.date}
                onChange={(e) => setDate(e.target.value)}
              >
                {open.map((d) => (
                  <option key={d.date} value={d.date}>
                    {`${d.label} (${d.seatsLeft > 0 ? `${plural(d.seatsLeft, 'seat', 'seats')} left` : 'full'})`}
                  </option>
                ))}
              </select>
            </div>
            <div className="form__group">
              <label className="form__label" htmlFor="waitlist-participants">
                People in your group
              </label>
              <input
                id="waitlist-participants"
                className="form__input"
                type="number"
                inputMode="numeric"
                min={1}
                max={maxGroupSize}
                step={1}
                value={participants}
                onChange={(e) => setParticipants(e.target.value)}
              />
            </div>
            <button id="join-waitlist" type="button" className="btn btn--small" disabled={join.busy} onClick={submit}>
              {join.text('Join the waiting list')}
            </button>
          </div>
        ))}
    </div>
  );
}
