import { useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { StopInput } from '../../api/admin';
import type { FieldErrors } from '../../lib/field-errors';
import { PASTE_HINT, parseLatLng } from '../../lib/lat-lng';
import { FieldError, fieldAria } from '../field-error';
import type { AdminStop, AdminTour } from '../../props';
import { StopMap, type StopMapHandle, type StopMarker } from './stop-map';
import { AdminTable } from './admin-table';
import { StopRow, type StopDraft } from './stop-row';

// Row keys only tie a row to its marker; they never reach the markup.
let lastKey = 0;
function newKey(): string {
  lastKey += 1;
  return `stop-${lastKey}`;
}

/** Drafts of saved stops, keeping the rows' keys where there are rows (no marker churn). */
export function stopDraftsOf(stops: AdminStop[], keys: string[] = []): StopDraft[] {
  return stops.map((stop, i) => ({
    key: keys[i] ?? newKey(),
    lng: String(stop.coordinates[0]),
    lat: String(stop.coordinates[1]),
    day: String(stop.day),
    description: stop.description,
  }));
}

/** A stop as the API takes it: numbers as typed, for the server to read and judge. */
export function stopInput(stop: StopDraft): StopInput {
  return { coordinates: [stop.lng, stop.lat], day: stop.day, description: stop.description };
}

/** The stops' places and days as saved, to tell whether the table has changed. */
export function sameStops(stops: StopDraft[], saved: AdminStop[]): boolean {
  const strip = (all: StopDraft[]) => all.map(({ key: _key, ...rest }) => rest);
  return JSON.stringify(strip(stops)) === JSON.stringify(strip(stopDraftsOf(saved)));
}

function finite(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function markerOf(stop: StopDraft, index: number): StopMarker {
  const lng = finite(stop.lng);
  const lat = finite(stop.lat);
  const about = stop.description.trim() === '' ? '' : `, ${stop.description}`;
  return {
    key: stop.key,
    position: lng === null || lat === null ? null : [lng, lat],
    label: `Stop ${index + 1}: day ${stop.day}${about}`,
    day: finite(stop.day) ?? Number.MAX_SAFE_INTEGER,
  };
}

/** The tour's start as [lng, lat], or null while it is not a real place (a new tour's 0, 0). */
function startOf(tour: AdminTour): [number, number] | null {
  const [lng, lat] = tour.startLocation.coordinates;
  return lng === 0 && lat === 0 ? null : [lng, lat];
}

interface StopEditorProps {
  tour: AdminTour;
  canEdit: boolean;
  /** The stops as typed; the tour form (tour-form.tsx) keeps them and saves them with the rest */
  stops: StopDraft[];
  setStops: Dispatch<SetStateAction<StopDraft[]>>;
  /** The server's messages after the last save, by the API's keys ("locations.0.lat") */
  errors: FieldErrors;
}

/**
 * The tour's stops on a map and in a table, kept in step both ways, part of the tour
 * form. The table alone is enough to edit them (keyboard, screen readers).
 */
export function StopEditor({ tour, canEdit, stops, setStops, errors }: StopEditorProps) {
  const mapRef = useRef<StopMapHandle>(null);
  const markers = useMemo(() => stops.map(markerOf), [stops]);
  const home = startOf(tour);
  const [paste, setPaste] = useState('');
  const [pasteError, setPasteError] = useState('');
  const pasteId = 'stop-paste';

  function update(key: string, patch: Partial<Omit<StopDraft, 'key'>>) {
    setStops((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  }

  /** A new stop at a place, or with empty coordinates to type: never at 0, 0 by default. */
  function add(position: [number, number] | null) {
    const key = newKey();
    setStops((all) => {
      // The new stop comes the day after the last one.
      const lastDay = all.reduce((max, s) => Math.max(max, finite(s.day) ?? 0), 0);
      const [lng, lat] = position ? position.map(String) : ['', ''];
      return [...all, { key, lng: lng ?? '', lat: lat ?? '', day: String(lastDay + 1), description: '' }];
    });
  }

  /** "Add stop": where the map is looking, else at the tour's start, else to be typed. */
  function addHere() {
    add(mapRef.current?.center() ?? home);
  }

  function addPasted() {
    const pos = parseLatLng(paste);
    if (!pos) {
      setPasteError(PASTE_HINT);
      return;
    }
    if ('error' in pos) {
      setPasteError(pos.error);
      return;
    }
    setPasteError('');
    setPaste('');
    add([pos.lng, pos.lat]);
  }

  function move(index: number, by: -1 | 1) {
    setStops((all) => {
      const to = index + by;
      const moving = all[index];
      const other = all[to];
      if (!moving || !other) return all;
      const next = [...all];
      next[index] = other;
      next[to] = moving;
      return next;
    });
  }

  function remove(key: string) {
    setStops((all) => all.filter((s) => s.key !== key));
  }

  return (
    <section className="admin-section" aria-labelledby="stops-title">
      <h2 id="stops-title" className="section-title">
        Stops
      </h2>
      <StopMap
        ref={mapRef}
        markers={markers}
        home={home}
        editable={canEdit}
        onAdd={add}
        onMove={(key, [lng, lat]) => update(key, { lng: String(lng), lat: String(lat) })}
      />
      <AdminTable
        id="stops"
        caption="Stops, in order"
        columns={['Stop', 'Longitude', 'Latitude', 'Day', 'Description', canEdit && 'Actions']}
        rows={stops}
        rowKey={(stop) => stop.key}
        row={(stop, i) => (
          <StopRow
            stop={stop}
            index={i}
            count={stops.length}
            errors={{
              lng: errors[`locations.${i}.lng`],
              lat: errors[`locations.${i}.lat`],
              day: errors[`locations.${i}.day`],
              description: errors[`locations.${i}.description`],
            }}
            editable={canEdit}
            onChange={(patch) => update(stop.key, patch)}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(stop.key)}
          />
        )}
        empty="This tour has no stops yet."
      />
      <FieldError fieldId="stops-table" message={errors.locations} />
      {canEdit ? (
        <div className="admin-form__row">
          <div className="form__group admin-form__grow">
            <label className="form__label" htmlFor={pasteId}>
              Add a stop at (latitude, longitude)
            </label>
            <input
              id={pasteId}
              className="form__input"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="38.7223, -9.1393"
              value={paste}
              onChange={(e) => setPaste(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addPasted();
                }
              }}
              {...fieldAria(pasteId, pasteError || undefined, `${pasteId}-hint`)}
            />
            <p id={`${pasteId}-hint`} className="form__hint">
              Paste it from a map site in one piece
            </p>
            <FieldError fieldId={pasteId} message={pasteError || undefined} />
          </div>
          <button id="add-pasted-stop" type="button" className="btn btn--small btn--outline" onClick={addPasted}>
            Add at this place
          </button>
        </div>
      ) : null}
      {canEdit ? (
        <div className="admin-actions">
          <button id="add-stop" type="button" className="btn btn--small btn--outline" onClick={addHere}>
            Add stop
          </button>
        </div>
      ) : null}
    </section>
  );
}
