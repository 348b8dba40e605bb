import type { NumberField } from '../../api/admin';
import type { FieldErrors } from '../../lib/field-errors';
import { FieldError, fieldAria } from '../field-error';

export interface DepartureOptionsDraft {
  startTime: string;
  capacity: string;
  meetingPoint: string;
}

export const NO_OPTIONS: DepartureOptionsDraft = { startTime: '09:00', capacity: '', meetingPoint: '' };

/** Empty capacity and meeting point are left out: the server then uses its defaults. */
export function departureOptionsOf(draft: DepartureOptionsDraft): {
  startTime: string;
  capacity?: NumberField;
  meetingPoint?: string;
} {
  // As typed: the server reads it and says what is wrong with it.
  const capacity = draft.capacity.trim() === '' ? undefined : draft.capacity;
  return {
    startTime: draft.startTime,
    ...(capacity === undefined ? {} : { capacity }),
    ...(draft.meetingPoint.trim() === '' ? {} : { meetingPoint: draft.meetingPoint }),
  };
}

interface DepartureOptionsFieldsProps {
  /** "departure" or "series": ids are `${prefix}-start-time`, `-capacity`, `-meeting-point` */
  prefix: string;
  groupSize: number;
  value: DepartureOptionsDraft;
  onChange: (patch: Partial<DepartureOptionsDraft>) => void;
  /** The server's messages after the last add, by field key */
  errors: FieldErrors;
}

/** The fields both add forms share: start time, capacity and meeting point. */
export function DepartureOptionsFields({ prefix, groupSize, value, onChange, errors }: DepartureOptionsFieldsProps) {
  return (
    <>
      <div className="form__group">
        <label className="form__label" htmlFor={`${prefix}-start-time`}>
          Start time
        </label>
        <input
          id={`${prefix}-start-time`}
          className="form__input"
          type="time"
          name="startTime"
          value={value.startTime}
          onChange={(e) => onChange({ startTime: e.target.value })}
          {...fieldAria(`${prefix}-start-time`, errors.startTime)}
        />
        <FieldError fieldId={`${prefix}-start-time`} message={errors.startTime} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor={`${prefix}-capacity`}>
          Capacity
        </label>
        <input
          id={`${prefix}-capacity`}
          className="form__input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          name="capacity"
          value={value.capacity}
          onChange={(e) => onChange({ capacity: e.target.value })}
          {...fieldAria(`${prefix}-capacity`, errors.capacity, `${prefix}-capacity-hint`)}
        />
        <p id={`${prefix}-capacity-hint`} className="form__hint">
          {`Leave empty for the group size (${groupSize})`}
        </p>
        <FieldError fieldId={`${prefix}-capacity`} message={errors.capacity} />
      </div>
      <div className="form__group">
        <label className="form__label" htmlFor={`${prefix}-meeting-point`}>
          Meeting point
        </label>
        <input
          id={`${prefix}-meeting-point`}
          className="form__input"
          type="text"
          name="meetingPoint"
          value={value.meetingPoint}
          onChange={(e) => onChange({ meetingPoint: e.target.value })}
          {...fieldAria(`${prefix}-meeting-point`, errors.meetingPoint)}
        />
        <FieldError fieldId={`${prefix}-meeting-point`} message={errors.meetingPoint} />
      </div>
    </>
  );
}
