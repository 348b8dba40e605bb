import { useState, type ChangeEvent } from 'react';
import { parseLatLng } from '../../lib/lat-lng';
import { FieldError, fieldAria } from '../field-error';

/** A stop as typed in the table: text until it is saved; `key` follows it through reorders. */
export interface StopDraft {
  key: string;
  lng: string;
  lat: string;
  day: string;
  description: string;
}

/** The server's messages about a stop's fields after the last save. */
export type StopErrors = Partial<Record<'lng' | 'lat' | 'day' | 'description', string>>;

interface StopRowProps {
  stop: StopDraft;
  errors?: StopErrors;
  /** 0-based position in the list */
  index: number;
  count: number;
  editable: boolean;
  onChange: (patch: Partial<Omit<StopDraft, 'key'>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/**
 * One stop of the editor's table. Every control's name says which stop it is for, and
 * starts with the button's visible word so that voice control finds it.
 */
export function StopRow({ stop, index, count, errors = {}, editable, onChange, onMove, onRemove }: StopRowProps) {
  const n = index + 1;
  // What was wrong with a pair pasted into one of the coordinates, under that one.
  const [pasted, setPasted] = useState<{ which: 'lat' | 'lng'; error: string } | undefined>();
  const lngError = pasted?.which === 'lng' ? pasted.error : errors.lng;
  const latError = pasted?.which === 'lat' ? pasted.error : errors.lat;
  /** A coordinate typed, or "lat, lng" pasted from a map site into either field: both are set. */
  const coordinate = (which: 'lat' | 'lng') => (e: ChangeEvent<HTMLInputElement>) => {
    const text = e.target.value;
    const pos = text.includes('.') ? parseLatLng(text) : null;
    if (pos && 'error' in pos) {
      setPasted({ which, error: pos.error });
      return;
    }
    setPasted(undefined);
    onChange(pos ? { lat: String(pos.lat), lng: String(pos.lng) } : { [which]: text });
  };
  if (!editable) {
    return (
      <tr>
        <th scope="row">{n}</th>
        <td>{stop.lng}</td>
        <td>{stop.lat}</td>
        <td>{stop.day}</td>
        <td>{stop.description}</td>
      </tr>
    );
  }
  return (
    <tr>
      <th scope="row">{n}</th>
      <td>
        <input
          id={`stop-lng-${n}`}
          className="form__input admin-table__input"
          type="text"
          inputMode="decimal"
          aria-label={`Longitude of stop ${n}`}
          value={stop.lng}
          onChange={coordinate('lng')}
          {...fieldAria(`stop-lng-${n}`, lngError)}
        />
        <FieldError fieldId={`stop-lng-${n}`} message={lngError} />
      </td>
      <td>
        <input
          id={`stop-lat-${n}`}
          className="form__input admin-table__input"
          type="text"
          inputMode="decimal"
          aria-label={`Latitude of stop ${n}`}
          value={stop.lat}
          onChange={coordinate('lat')}
          {...fieldAria(`stop-lat-${n}`, latError)}
        />
        <FieldError fieldId={`stop-lat-${n}`} message={latError} />
      </td>
      <td>
        <input
          id={`stop-day-${n}`}
          className="form__input admin-table__input admin-table__input--short"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-label={`Day of stop ${n}`}
          value={stop.day}
          onChange={(e) => onChange({ day: e.target.value })}
          {...fieldAria(`stop-day-${n}`, errors.day)}
        />
        <FieldError fieldId={`stop-day-${n}`} message={errors.day} />
      </td>
      <td>
        <input
          id={`stop-description-${n}`}
          className="form__input admin-table__input admin-table__input--wide"
          type="text"
          aria-label={`Description of stop ${n}`}
          value={stop.description}
          onChange={(e) => onChange({ description: e.target.value })}
          {...fieldAria(`stop-description-${n}`, errors.description)}
        />
        <FieldError fieldId={`stop-description-${n}`} message={errors.description} />
      </td>
      <td>
        <div className="admin-actions admin-actions--row">
          <button type="button" className="btn btn--tiny" aria-label={`Up: stop ${n}`} disabled={index === 0} onClick={() => onMove(-1)}>
            Up
          </button>
          <button
            type="button"
            className="btn btn--tiny"
            aria-label={`Down: stop ${n}`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            Down
          </button>
          <button type="button" className="btn btn--tiny btn--danger" aria-label={`Remove: stop ${n}`} onClick={onRemove}>
            Remove
          </button>
        </div>
      </td>
    </tr>
  );
}
