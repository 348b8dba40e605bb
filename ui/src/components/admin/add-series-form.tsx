import { useState } from 'react';
import { addDepartures } from '../../api/admin';
import { departuresAddedMessage } from '../../lib/format';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import { DepartureOptionsFields, NO_OPTIONS, departureOptionsOf } from './departure-options-fields';
import { WeekdayChoice } from './weekday-choice';

interface AddSeriesFormProps {
  tourId: string;
  groupSize: number;
  run: RunTourCall;
}

/** "Add a series": a departure on the chosen weekdays between two dates. */
export function AddSeriesForm({ tourId, groupSize, run }: AddSeriesFormProps) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [options, setOptions] = useState(NO_OPTIONS);

  const add = useSubmit(() =>
    run(addDepartures(tourId, { from, to, weekdays, ...departureOptionsOf(options) }), (data) => departuresAddedMessage(data.added, data.skipped)),
  );

  return (
    <form id="add-series" className="admin-form admin-form--compact" noValidate onSubmit={add.onSubmit} aria-labelledby="add-series-title">
      <h3 id="add-series-title" className="admin-subtitle">
        Add a series
      </h3>
      <div className="admin-form__row">
        <div className="form__group">
          <label className="form__label" htmlFor="series-from">
            From
          </label>
          <input id="series-from" className="form__input" type="date" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="form__group">
          <label className="form__label" htmlFor="series-to">
            To
          </label>
          <input id="series-to" className="form__input" type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <WeekdayChoice prefix="series" value={weekdays} onChange={setWeekdays} />
      <DepartureOptionsFields prefix="series" groupSize={groupSize} value={options} onChange={(patch) => setOptions((o) => ({ ...o, ...patch }))} />
      <button id="add-series-submit" type="submit" className="btn btn--small" disabled={add.busy}>
        Add series
      </button>
    </form>
  );
}
