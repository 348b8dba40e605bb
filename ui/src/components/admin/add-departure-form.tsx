import { useState } from 'react';
import { addDepartures } from '../../api/admin';
import { departuresAddedMessage } from '../../lib/format';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import { FieldError, fieldAria } from '../field-error';
import { DepartureOptionsFields, NO_OPTIONS, departureOptionsOf } from './departure-options-fields';

interface AddDepartureFormProps {
  tourId: string;
  groupSize: number;
  run: RunTourCall;
}

/** "Add one date": a single departure. */
export function AddDepartureForm({ tourId, groupSize, run }: AddDepartureFormProps) {
  const [date, setDate] = useState('');
  const [options, setOptions] = useState(NO_OPTIONS);
  const add = useSubmit(async () => {
    const added = await run(addDepartures(tourId, { date, ...departureOptionsOf(options) }), (data) =>
      departuresAddedMessage(data.added, data.skipped),
    );
    // The time, capacity and meeting point stay for the next date.
    if (added) setDate('');
  });

  return (
    <form id="add-departure" className="admin-form admin-form--compact" noValidate onSubmit={add.onSubmit} aria-labelledby="add-departure-title">
      <h3 id="add-departure-title" className="admin-subtitle">
        Add one date
      </h3>
      <div className="form__group">
        <label className="form__label" htmlFor="departure-date">
          Date
        </label>
        <input id="departure-date" className="form__input" type="date" name="date" value={date} onChange={(e) => setDate(e.target.value)}
          {...fieldAria('departure-date', add.errors.date)} />
        <FieldError fieldId="departure-date" message={add.errors.date} />
      </div>
      <DepartureOptionsFields prefix="departure" groupSize={groupSize} value={options} onChange={(patch) => setOptions((o) => ({ ...o, ...patch }))} errors={add.errors} />
      <button id="add-departure-submit" type="submit" className="btn btn--small" disabled={add.busy}>
        Add departure
      </button>
    </form>
  );
}
