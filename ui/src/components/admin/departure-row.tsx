import { useState, type FormEvent } from 'react';
import { deleteDeparture, updateDeparture, type DepartureChanges, type TourAnswer } from '../../api/admin';
import type { ApiResponse } from '../../api/client';
import { numberOrText } from '../../lib/number-input';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import { newBookingUrl } from '../../lib/new-booking-url';
import type { CategoryView, AdminDeparture } from '../../props';
import { fromMinorUnits } from '../../lib/number-input';
import { FieldError, fieldAria } from '../field-error';
import { StatusBadge } from '../status-badge';

const HAS_BOOKINGS = 'This departure has bookings: close it instead';
const STATUS_LABELS = { open: 'Open', closed: 'Closed', cancelled: 'Cancelled', past: 'Past' } as const;

interface DepartureRowProps {
  tourId: string;
  departure: AdminDeparture;
  /** The tour's price categories, each with its usual price */
  categories: CategoryView[];
  canEdit: boolean;
  run: RunTourCall;
}

interface Draft {
  startTime: string;
  capacity: string;
  meetingPoint: string;
  /** The departure's own price per category id, as typed; "" is the category's usual price */
  prices: Record<string, string>;
}

function draftOf(d: AdminDeparture, categories: CategoryView[]): Draft {
  const prices: Record<string, string> = {};
  for (const c of categories) {
    const own = d.prices[c.id];
    prices[c.id] = own === undefined ? '' : fromMinorUnits(own);
  }
  return { startTime: d.startTime, capacity: String(d.capacity), meetingPoint: d.meetingPoint, prices };
}

/** Only what was changed is sent: the server checks each field it is given. */
function changesOf(draft: Draft, d: AdminDeparture, categories: CategoryView[]): DepartureChanges {
  const changes: DepartureChanges = {};
  if (draft.startTime !== d.startTime) changes.startTime = draft.startTime;
  if (draft.capacity !== String(d.capacity)) changes.capacity = numberOrText(draft.capacity);
  if (draft.meetingPoint !== d.meetingPoint) changes.meetingPoint = draft.meetingPoint;
  // The own prices go whole, blank ones left out (the category's usual price).
  if (JSON.stringify(draft.prices) !== JSON.stringify(draftOf(d, categories).prices)) {
    changes.prices = Object.fromEntries(Object.entries(draft.prices).filter(([, v]) => v.trim() !== ''));
  }
  return changes;
}

/**
 * One departure, its date linking to its manifest. Operators edit the start time, capacity
 * and meeting point of the ones still to come in place (one Save for the row), close or
 * reopen them for sale, or delete them. A cancelled departure reads "Cancelled" and is
 * never reopened.
 */
export function DepartureRow({ tourId, departure, categories, canEdit, run }: DepartureRowProps) {
  const [draft, setDraft] = useState(() => draftOf(departure, categories));
  const current = JSON.stringify(draftOf(departure, categories));
  const [saved, setSaved] = useState(current);

  // New values from the server (this row's save, or another tab's) replace the fields.
  if (saved !== current) {
    setSaved(current);
    setDraft(draftOf(departure, categories));
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
    void change.run(updateDeparture(tourId, date, changesOf(draft, departure, categories)), 'Departure updated');
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
        {categories.map((c) => {
          const id = `price-${date}-${c.id}`;
          const error = change.errors[`prices.${c.id}`];
          const own = departure.prices[c.id];
          return editable ? (
            <div key={c.id} className="departure-row__price">
              <label className="admin-table__sub" htmlFor={id}>
                {c.name}
              </label>
              <input
                id={id}
                form={formId}
                className="form__input admin-table__input admin-table__input--short"
                type="text"
                inputMode="decimal"
                aria-label={`Own price for ${c.name} on ${label}`}
                placeholder={fromMinorUnits(c.price)}
                value={draft.prices[c.id] ?? ''}
                onChange={(e) => setDraft({ ...draft, prices: { ...draft.prices, [c.id]: e.target.value } })}
                {...fieldAria(id, error)}
              />
              <FieldError fieldId={id} message={error} />
            </div>
          ) : own === undefined ? null : (
            <div key={c.id} className="admin-table__sub">{`${c.name}: ${fromMinorUnits(own)}`}</div>
          );
        })}
        <FieldError fieldId={`prices-${date}`} message={change.errors.prices} />
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
            </form>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
