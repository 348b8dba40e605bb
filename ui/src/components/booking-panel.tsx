import { useId, useState } from 'react';
import { bookTour } from '../api/bookings';
import type { PolicyTier, StartDateOption } from '../props';
import { plural } from '../lib/format';
import { useSubmit } from '../lib/use-submit';
import { useSession } from '../session';
import { TermsCheckbox } from './terms-checkbox';

const BOOK_TEXT = 'Book tour now!';
const PROCESSING_TEXT = 'Processing...';

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

interface BookingPanelProps {
  tourId: string;
  startDates: StartDateOption[];
  policy: PolicyTier[];
  /** The version of the terms of booking to accept (a checkbox linking /terms); 0: none written, no box. */
  terms: number;
}

/**
 * The booking call to action at the end of the tour page (SPEC.md §4 "Booking"). While
 * terms of booking are written, one checkbox accepts them; the checkout call names the
 * version accepted, and the server refuses it without (its message in the alert: the
 * page itself checks nothing, SPEC.md §5).
 */
export function BookingPanel({ tourId, startDates, policy, terms }: BookingPanelProps) {
  const { user } = useSession();
  const bookable = startDates.filter((d) => d.bookable);
  const [date, setDate] = useState(bookable[0]?.date ?? '');
  const [participants, setParticipants] = useState('1');
  const [accepted, setAccepted] = useState(false);
  // On success the browser is on its way to the checkout page: keep "Processing...".
  const book = useSubmit((day: string, count: number) => bookTour(tourId, day, count, accepted ? terms : 0), {
    busyText: PROCESSING_TEXT,
    leaves: (leaving) => leaving,
  });
  const hintId = useId();

  if (bookable.length === 0) {
    return <p className="booking__full">Fully booked</p>;
  }
  if (!user) {
    return (
      <a className="btn btn--primary" href="/login">
        Log in to book tour
      </a>
    );
  }

  const chosen = startDates.find((d) => d.date === date && d.bookable) ?? bookable[0]!;
  const maxSeats = Math.max(chosen.seatsLeft, 1);

  function chooseDate(next: string) {
    setDate(next);
    const option = startDates.find((d) => d.date === next);
    if (option) {
      const current = Number.parseInt(participants, 10);
      setParticipants(String(clamp(Number.isFinite(current) ? current : 1, 1, Math.max(option.seatsLeft, 1))));
    }
  }

  function submit() {
    const count = Number.parseInt(participants, 10);
    void book.run(chosen.date, Number.isFinite(count) ? clamp(count, 1, maxSeats) : 1);
  }

  return (
    <div className="booking">
      <div className="form__group">
        <label className="form__label" htmlFor="start-date">
          Start date
        </label>
        <select
          id="start-date"
          className="form__input"
          value={chosen.date}
          onChange={(e) => chooseDate(e.target.value)}
        >
          {startDates.map((d) => (
            <option key={d.date} value={d.date} disabled={!d.bookable}>
              {`${d.label}, ${d.startTime} (${d.bookable ? `${plural(d.seatsLeft, 'seat', 'seats')} left` : d.seatsLeft > 0 ? 'not bookable' : 'full'})`}
            </option>
          ))}
        </select>
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="participants">
          Participants
        </label>
        <input
          id="participants"
          className="form__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxSeats}
          step={1}
          value={participants}
          aria-describedby={hintId}
          onChange={(e) => setParticipants(e.target.value)}
        />
      </div>
      {terms > 0 ? <TermsCheckbox id="accept-terms" checked={accepted} onChange={setAccepted} /> : null}
      <button
        id="book-tour"
        type="button"
        className="btn btn--primary"
        data-tour-id={tourId}
        disabled={book.busy}
        onClick={submit}
      >
        {book.text(BOOK_TEXT)}
      </button>
      <p className="form__hint" id={hintId}>
        {`Up to ${plural(maxSeats, 'seat', 'seats')} left on this date`}
      </p>
      {/* What the traveller agrees to by paying; the booking keeps a copy of it. */}
      <p className="booking__policy" id="booking-policy">
        {`If you cancel: ${policy.map((t) => `${t.when.toLowerCase()}, ${t.refund.toLowerCase()}`).join('; ')}.`}
      </p>
    </div>
  );
}
