/** A stop as typed in the table: text until it is saved; `key` follows it through reorders. */
export interface StopDraft {
  key: string;
  lng: string;
  lat: string;
  day: string;
  description: string;
}

interface StopRowProps {
  stop: StopDraft;
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
export function StopRow({ stop, index, count, editable, onChange, onMove, onRemove }: StopRowProps) {
  const n = index + 1;
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
          type="number"
          step="any"
          inputMode="decimal"
          aria-label={`Longitude of stop ${n}`}
          value={stop.lng}
          onChange={(e) => onChange({ lng: e.target.value })}
        />
      </td>
      <td>
        <input
          id={`stop-lat-${n}`}
          className="form__input admin-table__input"
          type="number"
          step="any"
          inputMode="decimal"
          aria-label={`Latitude of stop ${n}`}
          value={stop.lat}
          onChange={(e) => onChange({ lat: e.target.value })}
        />
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
        />
      </td>
      <td>
        <input
          id={`stop-description-${n}`}
          className="form__input admin-table__input admin-table__input--wide"
          type="text"
          aria-label={`Description of stop ${n}`}
          value={stop.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
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
