import { useState, type FormEvent } from 'react';
import { deleteDeparture, updateDeparture, type DepartureChanges, type TourAnswer } from '../../api/admin';
import type { ApiResponse } from '../../api/client';
import { numberOrText } from '../../lib/number-input';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminDeparture } from '../../props';
import { StatusBadge } from '../status-badge';

const HAS_BOOKINGS = 'This departure has bookings: close it instead';
const STATUS_LABELS = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled', past: 'Past' } as const;

interface DepartureRowProps {
  tourId: string;
  departure: AdminDeparture;
  canEdit: boolean;
  run: RunTourCall;
}

interface Draft {
  startTime: string;
  capacity: string;
  meetingPoint: string;
}

function draftOf(d: AdminDeparture): Draft {
  return { startTime: d.startTime, capacity: String(d.capacity), meetingPoint: d.meetingPoint };
}

/** Only what was changed is sent: the server checks each field it is given. */
function changesOf(draft: Draft, d: AdminDeparture): DepartureChanges {
  const changes: DepartureChanges = {};
  if (draft.startTime !== d.startTime) changes.startTime = draft.startTime;
  if (draft.capacity !== String(d.capacity)) changes.capacity = numberOrText(draft.capacity);
  if (draft.meetingPoint !== d.meetingPoint) changes.meetingPoint = draft.meetingPoint;
  return changes;
}

/**
 * One departure, its date linking to its manifest. Operators edit the start time, capacity
 * and meeting point of the ones still to come in place (one Save for the row), close or
 * reopen them for sale, or delete them. A cancelled departure reads "Cancelled" and is
 * never reopened.
 */
export function DepartureRow({ tourId, departure, canEdit, run }: DepartureRowProps) {
  const [draft, setDraft] = useState(() => draftOf(departure));
  const current = JSON.stringify(draftOf(departure));
  const [saved, setSaved] = useState(current);

  // New values from the server (this row's save, or another tab's) replace the fields.
  if (saved !== current) {
    setSaved(current);
    setDraft(draftOf(departure));
  }

  const { date, label } = departure;
  const editable = canEdit && !departure.past && !departure.cancelled;
  const status = departure.cancelled ? 'cancelled' : departure.past ? 'past' : departure.closed ? 'closed' : 'open';
  const which = `: ${label}`;
  const formId = `departure-${date}`;

  const change = useSubmit((call: Promise<ApiResponse<TourAnswer>>, success: string) => run(call, success));
  const busy = change.busy;

  function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void change.run(updateDeparture(tourId, date, changesOf(draft, departure)), 'Departure updated');
  }

  return (
    <tr>
      <th scope="row">
        <a className="departure-row__manifest" href={departure.manifestUrl}>
          {label}
        </a>
      </th>
      <td>
        {editable ? (
          <>
            <input
              id={`start-time-${date}`}
              form={formId}
              className="form__input admin-table__input admin-table__input--time"
              type="time"
              aria-label={`Start time of ${label}`}
              value={draft.startTime}
              onChange={(e) => setDraft({ ...draft, startTime: e.target.value })}
            />
            <span className="admin-table__sub">{departure.startTimeLabel}</span>
          </>
        ) : (
          departure.startTimeLabel
        )}
      </td>
      <td>
        {editable ? (
          <input
            id={`capacity-${date}`}
            form={formId}
            className="form__input admin-table__input admin-table__input--short"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            aria-label={`Capacity of ${label}`}
            value={draft.capacity}
            onChange={(e) => setDraft({ ...draft, capacity: e.target.value })}
          />
        ) : (
          departure.capacity
        )}
      </td>
      <td className="admin-table__number">{departure.taken}</td>
      <td className="admin-table__number">{departure.seatsLeft}</td>
      <td>
        {editable ? (
          <input
            id={`meeting-point-${date}`}
            form={formId}
            className="form__input admin-table__input"
            type="text"
            aria-label={`Meeting point of ${label}`}
            value={draft.meetingPoint}
            onChange={(e) => setDraft({ ...draft, meetingPoint: e.target.value })}
          />
        ) : (
          departure.meetingPoint
        )}
      </td>
      <td>
        <StatusBadge status={status} label={STATUS_LABELS[status]} />
      </td>
      {canEdit ? (
        <td>
          {editable ? (
            <form id={formId} className="admin-actions admin-actions--row" noValidate onSubmit={save}>
              <button type="submit" className="btn btn--tiny" aria-label={`Save${which}`} disabled={busy}>
                Save
              </button>
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
            </form>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
