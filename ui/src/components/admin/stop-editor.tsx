import { useMemo, useRef, useState } from 'react';
import { updateTour, type StopInput } from '../../api/admin';
import { numberOrText } from '../../lib/number-input';
import type { RunTourCall } from '../../lib/tour-answer';
import { useSubmit } from '../../lib/use-submit';
import type { AdminStop, AdminTour } from '../../props';
import { StopMap, type StopMapHandle, type StopMarker } from './stop-map';
import { AdminTable } from './admin-table';
import { StopRow, type StopDraft } from './stop-row';

const SAVING_TEXT = 'Saving...';

// Row keys only tie a row to its marker; they never reach the markup.
let lastKey = 0;
function newKey(): string {
  lastKey += 1;
  return `stop-${lastKey}`;
}

/** Drafts of saved stops, keeping the rows' keys where there are rows (no marker churn). */
function draftsOf(stops: AdminStop[], keys: string[] = []): StopDraft[] {
  return stops.map((stop, i) => ({
    key: keys[i] ?? newKey(),
    lng: String(stop.coordinates[0]),
    lat: String(stop.coordinates[1]),
    day: String(stop.day),
    description: stop.description,
  }));
}

function inputOf(stop: StopDraft): StopInput {
  return {
    coordinates: [numberOrText(stop.lng), numberOrText(stop.lat)],
    day: numberOrText(stop.day),
    description: stop.description,
  };
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
  };
}

/**
 * The tour's stops on a map and in a table, kept in step both ways, saved together with
 * "Save stops". The table alone is enough to edit them (keyboard, screen readers).
 */
export function StopEditor({ tour, canEdit, run }: { tour: AdminTour; canEdit: boolean; run: RunTourCall }) {
  const [stops, setStops] = useState(() => draftsOf(tour.locations));
  const mapRef = useRef<StopMapHandle>(null);
  const markers = useMemo(() => stops.map(markerOf), [stops]);

  function update(key: string, patch: Partial<Omit<StopDraft, 'key'>>) {
    setStops((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  }

  function add([lng, lat]: [number, number]) {
    const key = newKey();
    setStops((all) => {
      // The new stop comes the day after the last one.
      const lastDay = all.reduce((max, s) => Math.max(max, finite(s.day) ?? 0), 0);
      return [...all, { key, lng: String(lng), lat: String(lat), day: String(lastDay + 1), description: '' }];
    });
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

  const save = useSubmit(
    async () => {
      const saved = await run(updateTour(tour.id, tour.version, { locations: stops.map(inputOf) }), 'Stops saved');
      if (saved) setStops((current) => draftsOf(saved.tour.locations, current.map((s) => s.key)));
    },
    { busyText: SAVING_TEXT },
  );

  return (
    <section className="admin-section" aria-labelledby="stops-title">
      <h2 id="stops-title" className="section-title">
        Stops
      </h2>
      <StopMap
        ref={mapRef}
        markers={markers}
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
            editable={canEdit}
            onChange={(patch) => update(stop.key, patch)}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(stop.key)}
          />
        )}
        empty="This tour has no stops yet."
      />
      {canEdit ? (
        <div className="admin-actions">
          <button id="add-stop" type="button" className="btn btn--small btn--outline" onClick={() => add(mapRef.current?.center() ?? [0, 0])}>
            Add stop
          </button>
          <button id="save-stops" type="button" className="btn btn--primary" disabled={save.busy} onClick={() => void save.run()}>
            {save.text('Save stops')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
