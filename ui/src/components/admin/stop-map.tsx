import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { LatLng, LeafletMouseEvent, Map as LeafletMap, Marker, Polyline } from 'leaflet';
import { useSession } from '../../session';
import { SINGLE_LOCATION_ZOOM, type MapElement } from '../tour-map';

type Leaflet = NonNullable<Awaited<typeof import('./stop-map-leaflet')>['L']>;

/** A stop as the map shows it. */
export interface StopMarker {
  key: string;
  /** [lng, lat]; null while a coordinate field does not hold a number */
  position: [number, number] | null;
  /** The marker's title and alt: text, never HTML */
  label: string;
  /** The stop's day: pins are numbered, and the route drawn, in day order */
  day: number;
}

export interface StopMapHandle {
  /** The map's centre as [lng, lat]; null until the map is ready (or without one). */
  center(): [number, number] | null;
}

interface StopMapProps {
  markers: StopMarker[];
  /** The tour's start as [lng, lat]: where the map opens while there is no stop; null for none */
  home: [number, number] | null;
  editable: boolean;
  onAdd: (position: [number, number]) => void;
  onMove: (key: string, position: [number, number]) => void;
  ref?: Ref<StopMapHandle>;
}

const WORLD_CENTER: [number, number] = [20, 0];
const WORLD_ZOOM = 2;

/**
 * How long the table's coordinates must stay unchanged before the map fits them again:
 * typing "46.52" passes through "4" and "46.", which would each send the view elsewhere.
 */
export const REFIT_DELAY_MS = 400;

/** The stops' places, as one comparable value. */
function placesOf(markers: StopMarker[]): string {
  return JSON.stringify(markers.flatMap((m) => (m.position ? [m.position] : [])));
}

/** About 10 cm: enough for a stop, and what a person can read in the table. */
function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function lngLat(point: LatLng): [number, number] {
  const wrapped = point.wrap();
  return [round(wrapped.lng), round(wrapped.lat)];
}

/**
 * The public map's first view: the stops padded by half, one stop close up; with none, the
 * tour's start close up, and only without that the world.
 */
function fitView(L: Leaflet, map: LeafletMap, markers: StopMarker[], home: [number, number] | null): void {
  // Coordinates are [lng, lat]; Leaflet wants [lat, lng].
  const points = markers.flatMap((m) => (m.position ? [L.latLng(m.position[1], m.position[0])] : []));
  if (points.length === 1 && points[0]) map.setView(points[0], SINGLE_LOCATION_ZOOM);
  else if (points.length > 1) map.fitBounds(L.latLngBounds(points).pad(0.5));
  else if (home) map.setView(L.latLng(home[1], home[0]), SINGLE_LOCATION_ZOOM);
  else map.setView(WORLD_CENTER, WORLD_ZOOM);
}

/** The placed stops in day order (the table's order within a day): the pins' numbers and the route. */
export function inDayOrder(markers: StopMarker[]): StopMarker[] {
  return markers
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => m.position !== null)
    .sort((a, b) => a.m.day - b.m.day || a.i - b.i)
    .map(({ m }) => m);
}

/** A round pin with the stop's number in day order (a number: no markup from the page's text). */
function pinIcon(L: Leaflet, n: number) {
  return L.divIcon({ className: 'stop-pin', html: String(n), iconSize: [28, 28], iconAnchor: [14, 14] });
}

function setLabel(marker: Marker, label: string): void {
  if (marker.options.title === label) return;
  marker.options.title = label;
  marker.options.alt = label;
  const el = marker.getElement();
  if (!el) return;
  // Properties, not markup: a description shows as typed.
  el.title = label;
  if (el instanceof HTMLImageElement) el.alt = label;
}

/** Brings the map's markers in line with `markers`, reusing each stop's marker by key. */
function syncMarkers(
  L: Leaflet,
  map: LeafletMap,
  layers: Map<string, Marker>,
  markers: StopMarker[],
  editable: boolean,
  onMove: (key: string, position: [number, number]) => void,
): void {
  const shown = new Set<string>();
  const numbers = new Map(inDayOrder(markers).map((m, i) => [m.key, i + 1]));
  for (const { key, position, label } of markers) {
    if (!position) continue;
    shown.add(key);
    // Coordinates are [lng, lat]; Leaflet wants [lat, lng].
    const latLng = L.latLng(position[1], position[0]);
    const n = numbers.get(key) ?? 0;
    const existing = layers.get(key);
    if (existing) {
      if (!existing.getLatLng().equals(latLng)) existing.setLatLng(latLng);
      if (existing.getElement()?.textContent !== String(n)) existing.setIcon(pinIcon(L, n));
      setLabel(existing, label);
      if (editable) existing.dragging?.enable();
      else existing.dragging?.disable();
      continue;
    }
    // Not in the tab order: the table is the keyboard's way to edit stops, and a marker
    // a keyboard can focus but not move would only be a dead stop on the way.
    const marker = L.marker(latLng, { icon: pinIcon(L, n), draggable: editable, autoPan: true, keyboard: false, title: label, alt: label });
    marker.on('dragend', () => onMove(key, lngLat(marker.getLatLng())));
    marker.addTo(map);
    layers.set(key, marker);
  }
  for (const [key, marker] of layers) {
    if (shown.has(key)) continue;
    marker.remove();
    layers.delete(key);
  }
}

/**
 * The stops on a Leaflet map: a click adds a stop, dragging a marker moves one. The map
 * follows `markers` (the editor's table is the source of truth) and reports changes
 * through `onAdd` and `onMove`. Leaflet runs only in effects: the server never builds it.
 */
/** The route between the stops in day order, one line. */
function syncRoute(L: Leaflet, map: LeafletMap, route: { current: Polyline | null }, markers: StopMarker[]): void {
  const points = inDayOrder(markers).map((m) => L.latLng(m.position![1], m.position![0]));
  if (!route.current) {
    route.current = L.polyline(points, { color: '#1a5fb4', weight: 3, opacity: 0.7, dashArray: '6 6', interactive: false }).addTo(map);
  } else {
    route.current.setLatLngs(points);
  }
}

export function StopMap({ markers, home, editable, onAdd, onMove, ref }: StopMapProps) {
  const { site } = useSession();
  const elRef = useRef<MapElement>(null);
  const [ready, setReady] = useState<{ L: Leaflet; map: LeafletMap } | null>(null);
  const layers = useRef(new Map<string, Marker>());
  const route = useRef<Polyline | null>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  // Leaflet's handlers are bound once; they read the latest props through this.
  const latest = useRef({ markers, home, editable, onAdd, onMove });
  useEffect(() => {
    latest.current = { markers, home, editable, onAdd, onMove };
  });
  // A stop placed or dragged on the map is where the person is looking: the view stays.
  // Stops that change otherwise (typed into the table, added from it, saved) are fitted
  // again as the public map fits them, so typed stops never leave the map at world zoom.
  const fromMap = useRef(false);
  const fitted = useRef(placesOf(markers));
  const reportMove = (key: string, position: [number, number]) => {
    fromMap.current = true;
    latest.current.onMove(key, position);
  };

  useEffect(() => {
    const el = elRef.current;
    if (!el) return;
    let map: LeafletMap | undefined;
    let cancelled = false;
    const markerLayers = layers.current;

    void import('./stop-map-leaflet').then(({ L }) => {
      if (cancelled || !L) return;
      const created = L.map(el, { scrollWheelZoom: false });
      map = created;
      fitView(L, created, latest.current.markers, latest.current.home);
      L.tileLayer(site.tileUrl, { maxZoom: 19, attribution: site.tileAttribution }).addTo(created);
      fitted.current = placesOf(latest.current.markers);
      created.on('click', (e: LeafletMouseEvent) => {
        if (!latest.current.editable) return;
        fromMap.current = true;
        latest.current.onAdd(lngLat(e.latlng));
      });
      const { markers: initial, editable: canDrag } = latest.current;
      syncMarkers(L, created, markerLayers, initial, canDrag, reportMove);
      syncRoute(L, created, route, initial);
      // Tests and e2e specs read the map here, complete with its markers.
      el._tourbookMap = created;
      mapRef.current = created;
      setReady({ L, map: created });
    });

    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
      route.current = null;
      markerLayers.clear();
      delete el._tourbookMap;
    };
  }, [site.tileUrl, site.tileAttribution]);

  // Markers follow the table: added, moved, relabelled (after a reorder) and removed.
  useEffect(() => {
    if (!ready) return;
    syncMarkers(ready.L, ready.map, layers.current, markers, editable, reportMove);
    syncRoute(ready.L, ready.map, route, markers);
  }, [ready, markers, editable]);

  // The view follows the stops' places, once the table has stopped changing them.
  const places = placesOf(markers);
  useEffect(() => {
    if (!ready || places === fitted.current) return;
    if (fromMap.current) {
      fromMap.current = false;
      fitted.current = places;
      return;
    }
    const timer = setTimeout(() => {
      fitted.current = places;
      fitView(ready.L, ready.map, latest.current.markers, latest.current.home);
    }, REFIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready, places]);

  useImperativeHandle(
    ref,
    () => ({
      center: () => (mapRef.current ? lngLat(mapRef.current.getCenter()) : null),
    }),
    [],
  );

  return (
    <>
      {editable ? (
        <p id="stop-map-hint" className="form__hint">
          Click the map to add a stop and drag a marker to move it. The table does the same with the keyboard.
        </p>
      ) : null}
      <div
        id="stop-map"
        className="stop-map"
        ref={elRef}
        role="region"
        aria-label="Map of the stops"
        aria-describedby={editable ? 'stop-map-hint' : undefined}
      />
    </>
  );
}
