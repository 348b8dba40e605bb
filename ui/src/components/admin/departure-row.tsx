import { useState, type FormEvent } from 'react';
import { deleteDeparture, updateDeparture, type TourAnswer } from '../../api/admin';
import type { ApiResponse } from '../../api/client';
import { numberOrText } from '../../lib/number-input';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import { newBookingUrl } from '../../lib/new-booking-url';
import type { AdminDeparture } from '../../props';
import { StatusBadge } from '../status-badge';

const HAS_BOOKINGS = 'This departure has bookings: close it instead';
const STATUS_LABELS = { open: 'Open', closed: 'Closed', past: 'Past' } as const;

interface DepartureRowProps {
  tourId: string;
  departure: AdminDeparture;
  canEdit: boolean;
  run: RunTourCall;
}

/** One departure; operators can close, reopen, resize or delete the ones still to come. */
export function DepartureRow({ tourId, departure, canEdit, run }: DepartureRowProps) {
  const [capacity, setCapacity] = useState(String(departure.capacity));
  const [savedCapacity, setSavedCapacity] = useState(departure.capacity);

  // A new capacity from the server (this row's save, or another tab's) replaces the field.
  if (savedCapacity !== departure.capacity) {
    setSavedCapacity(departure.capacity);
    setCapacity(String(departure.capacity));
  }

  const { date, label } = departure;
  const editable = canEdit && !departure.past;
  const status = departure.past ? 'past' : departure.closed ? 'closed' : 'open';
  const which = `: ${label}`;

  const change = useSubmit((call: Promise<ApiResponse<TourAnswer>>, success: string) => run(call, success));
  const busy = change.busy;

  function saveCapacity(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void change.run(updateDeparture(tourId, date, { capacity: numberOrText(capacity) }), 'Departure updated');
  }

  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{departure.startTimeLabel}</td>
      <td>
        {editable ? (
          <form className="inline-form" noValidate onSubmit={saveCapacity}>
            <input
              id={`capacity-${date}`}
              className="form__input admin-table__input admin-table__input--short"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              aria-label={`Capacity of ${label}`}
              value={capacity}
              onChange={(e) => setCapacity(e.target.value)}
            />
            <button type="submit" className="btn btn--tiny" aria-label={`Save: capacity of ${label}`} disabled={busy}>
              Save
            </button>
          </form>
        ) : (
          departure.capacity
        )}
      </td>
      <td className="admin-table__number">{departure.taken}</td>
      <td className="admin-table__number">{departure.seatsLeft}</td>
      <td>{departure.meetingPoint}</td>
      <td>
        <StatusBadge status={status} label={STATUS_LABELS[status]} />
      </td>
      {canEdit ? (
        <td>
          {editable ? (
            <div className="admin-actions admin-actions--row">
              <a className="btn btn--tiny departure-row__new-booking" href={newBookingUrl(tourId, date)} aria-label={`New booking${which}`}>
                New booking
              </a>
              <button
                type="button"
                className="btn btn--tiny"
                aria-label={`${departure.closed ? 'Reopen' : 'Close'}${which}`}
                disabled={busy}
                onClick={() =>
                  void change.run(
                    updateDeparture(tourId, date, { closed: !departure.closed }),
                    departure.closed ? 'Departure reopened' : 'Departure closed',
                  )
                }
              >
                {departure.closed ? 'Reopen' : 'Close'}
              </button>
              <button
                type="button"
                className="btn btn--tiny btn--danger"
                aria-label={`Delete${which}`}
                disabled={busy || departure.hasBookings}
                title={departure.hasBookings ? HAS_BOOKINGS : undefined}
                onClick={() => void change.run(deleteDeparture(tourId, date), 'Departure deleted')}
              >
                Delete
              </button>
            </div>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
