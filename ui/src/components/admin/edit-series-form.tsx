import { useState } from 'react';
import { updateSeries, type SeriesChanges } from '../../api/admin';
import { optionalNumber } from '../../lib/number-input';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import { WeekdayChoice } from './weekday-choice';

type Sale = '' | 'close' | 'reopen';

/** "Change a series": the departures on the chosen weekdays between two dates, at once. */
export function EditSeriesForm({ tourId, run }: { tourId: string; run: RunTourCall }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [startTime, setStartTime] = useState('');
  const [capacity, setCapacity] = useState('');
  const [meetingPoint, setMeetingPoint] = useState('');
  const [sale, setSale] = useState<Sale>('');

  function changes(): SeriesChanges {
    const c: SeriesChanges = { from, to, weekdays };
    if (startTime !== '') c.startTime = startTime;
    const cap = optionalNumber(capacity);
    if (cap !== undefined) c.capacity = cap;
    if (meetingPoint.trim() !== '') c.meetingPoint = meetingPoint;
    if (sale !== '') c.closed = sale === 'close';
    return c;
  }

  const submit = useSubmit(() =>
    run(updateSeries(tourId, changes()), (data) =>
      `Changed ${data.updated} departure(s)${data.skipped > 0 ? `; ${data.skipped} started or cancelled one(s) left as they were` : ''}`,
    ),
  );

  return (
    <form id="edit-series" className="admin-form admin-form--compact" noValidate onSubmit={submit.onSubmit} aria-labelledby="edit-series-title">
      <h3 id="edit-series-title" className="admin-subtitle">
        Change a series
      </h3>
      <p className="form__hint">Every departure between the two dates on the chosen days. Fields left empty stay as they are.</p>
      <div className="admin-form__row">
        <div className="form__group">
          <label className="form__label" htmlFor="edit-series-from">
            From
          </label>
          <input id="edit-series-from" className="form__input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="edit-series-to">
            To
          </label>
          <input id="edit-series-to" className="form__input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <WeekdayChoice prefix="edit-series" value={weekdays} onChange={setWeekdays} />
      <div className="admin-form__row">
        <div className="form__group">
          <label className="form__label" htmlFor="edit-series-start-time">
            New start time
          </label>
          <input id="edit-series-start-time" className="form__input" type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="edit-series-capacity">
            New capacity
          </label>
          <input
            id="edit-series-capacity"
            className="form__input"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
          />
        </div>
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="edit-series-meeting-point">
          New meeting point
        </label>
        <input id="edit-series-meeting-point" className="form__input" type="text" value={meetingPoint} onChange={(e) => setMeetingPoint(e.target.value)} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor="edit-series-sale">
          Sale
        </label>
        <select id="edit-series-sale" className="form__input" value={sale} onChange={(e) => setSale(e.target.value as Sale)}>
          <option value="">Leave as it is</option>
          <option value="close">Close for sale</option>
          <option value="reopen">Reopen for sale</option>
        </select>
      </div>
      <button id="edit-series-submit" type="submit" className="btn btn--small" disabled={submit.busy}>
        Change series
      </button>
    </form>
  );
}
