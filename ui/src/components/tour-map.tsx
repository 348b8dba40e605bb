import { useEffect, useRef } from 'react';
import type { Map as LeafletMap, Marker, Popup } from 'leaflet';
import type { TourLocation } from '../props';

/** Tests and e2e specs read the Leaflet map from the #map element. */
export type MapElement = HTMLDivElement & { _tourbookMap?: LeafletMap };

export const SINGLE_LOCATION_ZOOM = 10;

/**
 * How far below the viewport the map starts loading: about a screen ahead, so a visitor
 * scrolling down finds it drawn, while one who reads only the top never downloads
 * Leaflet (a third of the tour page's JavaScript).
 */
export const MAP_LOAD_MARGIN = '600px 0px';

/**
 * Calls load once el is within MAP_LOAD_MARGIN of the viewport (at once where the browser
 * has no IntersectionObserver); the returned function stops watching.
 */
export function whenNearViewport(el: Element, load: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    load();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        load();
      }
    },
    { rootMargin: MAP_LOAD_MARGIN },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

interface TourMapProps {
  locations: TourLocation[];
  tileUrl: string;
  tileAttribution: string;
  /** The stop to highlight (its index in `locations`): its marker stands out, its popup on top. */
  active?: number | null;
}

/** Below this map width (a phone), popups are laid out around their markers. */
export const NARROW_MAP_PX = 640;
/** Between a pin and its popup. */
const GAP_PX = 6;
/** The popup's frame around its text (main.css: .map-popup's margins on a phone, the border). */
const POPUP_FRAME_PX = 22;
/** Narrower than this, a popup's words would stand one a line. */
const MIN_POPUP_TEXT_PX = 72;
/** Popups above or below a pin are no wider than this on a phone. */
const MAX_POPUP_TEXT_PX = 200;
/** Leaflet's default pin: 25 × 41 px, its point at the bottom middle; popups anchor at (1, -34). */
const PIN = { left: 12, right: 13, height: 41, anchorX: 1, anchorY: -34 };

interface Stop {
  marker: Marker;
  popup: Popup;
}

type Side = 'north' | 'south' | 'west' | 'east';

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A place for a popup: its box in the map, and the width its text gets there. */
interface Spot {
  maxWidth: number;
  rect: Rect;
}

function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/** The area of r outside the map. */
function outside(r: Rect, width: number, height: number): number {
  const area = (r.right - r.left) * (r.bottom - r.top);
  return area - overlap(r, { left: 0, top: 0, right: width, bottom: height });
}

/**
 * On a narrow map (a phone) the popups, all open as SPEC.md wants, would pile up above
 * their pins and run past the map's edges, so stop names could not be read. Each popup in
 * turn takes the spot around its pin (left, right, above or below, in three alignments)
 * where it covers least of the popups already placed and of the pins, and stays inside the
 * map: it is no wider than the room on that side and its words wrap. The side with more
 * room is tried first. A wide map keeps Leaflet's popups above the pins.
 */
function placePopups(map: LeafletMap, stops: Stop[]): void {
  const { x: width, y: height } = map.getSize();
  if (width >= NARROW_MAP_PX) {
    for (const { popup } of stops) {
      popup.getElement()?.classList.remove('map-popup--placed');
      popup.options.offset = [0, 7];
      popup.options.maxWidth = 300;
      popup.update();
    }
    return;
  }
  const points = stops.map(({ marker }) => map.latLngToContainerPoint(marker.getLatLng()));
  const pins: Rect[] = points.map((p) => ({ left: p.x - PIN.left, top: p.y - PIN.height, right: p.x + PIN.right, bottom: p.y }));
  // Every spot each popup may take, with the width its text gets there.
  const spots: Spot[][] = stops.map(({ popup }, i) => {
    const el = popup.getElement();
    const p = points[i]!;
    if (!el) return [];
    el.classList.add('map-popup--placed');
    const room: Record<Side, number> = {
      west: p.x - PIN.left - GAP_PX - 4,
      east: width - (p.x + PIN.right + GAP_PX) - 4,
      north: Math.min(width - 8, MAX_POPUP_TEXT_PX + POPUP_FRAME_PX),
      south: Math.min(width - 8, MAX_POPUP_TEXT_PX + POPUP_FRAME_PX),
    };
    const sides: Side[] = room.west > room.east ? ['west', 'east', 'north', 'south'] : ['east', 'west', 'north', 'south'];
    return sides.flatMap((side) => {
      const maxWidth = Math.max(MIN_POPUP_TEXT_PX, Math.floor(room[side] - POPUP_FRAME_PX));
      popup.options.minWidth = 0;
      popup.options.maxWidth = maxWidth;
      popup.update(); // lays the text out at that width
      const { offsetWidth: w, offsetHeight: h } = el;
      // Beside the pin: centred on its middle, its head or its point, or level with its
      // head or its point; above or below it: centred on it, or reaching out to the right
      // or the left of it, by all or half of its width.
      const corners: [number, number][] =
        side === 'west' || side === 'east'
          ? [p.y - PIN.height / 2 - h / 2, p.y - PIN.height - h / 2, p.y - h / 2, p.y - PIN.height, p.y - h].map((top) => [
              side === 'west' ? p.x - PIN.left - GAP_PX - w : p.x + PIN.right + GAP_PX,
              top,
            ])
          : [p.x - w / 2, p.x - PIN.left, p.x + PIN.right - w, p.x - w / 4, p.x - (3 * w) / 4].map((left) => [
              left,
              side === 'north' ? p.y - PIN.height - GAP_PX - h : p.y + GAP_PX,
            ]);
      return corners.map(([left, top]) => ({ maxWidth, rect: { left, top, right: left + w, bottom: top + h } }));
    });
  });
  // Covering another popup's text is worst, then leaving the map, then covering a pin.
  const cost = (i: number, spot: Spot, chosen: (Spot | undefined)[]) =>
    chosen.reduce((sum, other, j) => sum + (other && j !== i ? 10 * overlap(spot.rect, other.rect) : 0), 0) +
    pins.reduce((sum, pin, j) => sum + (j !== i ? overlap(spot.rect, pin) : 0), 0) +
    20 * outside(spot.rect, width, height);
  const chosen: (Spot | undefined)[] = [];
  // Each in turn against those placed before it, then each again against all the others.
  for (let round = 0; round < 4; round++) {
    spots.forEach((options, i) => {
      let best: Spot | undefined;
      let bestCost = Infinity;
      for (const spot of options) {
        const c = cost(i, spot, chosen);
        if (c < bestCost) [best, bestCost] = [spot, c];
      }
      chosen[i] = best;
    });
  }
  stops.forEach(({ popup }, i) => {
    const spot = chosen[i];
    const p = points[i];
    if (!spot || !p) return;
    // Leaflet puts the popup's bottom centre at the pin's popup anchor plus the offset.
    const centre = (spot.rect.left + spot.rect.right) / 2;
    popup.options.maxWidth = spot.maxWidth;
    popup.options.offset = [centre - (p.x + PIN.anchorX), spot.rect.bottom - (p.y + PIN.anchorY)];
    popup.update();
  });
}

/** Highlights stop `active` (none when null): its marker and popup stand out, on top. */
function highlight(stops: Stop[], active: number | null | undefined): void {
  stops.forEach(({ marker, popup }, i) => {
    const on = i === active;
    marker.getElement()?.classList.toggle('map-marker--active', on);
    marker.setZIndexOffset(on ? 1000 : 0);
    popup.getElement()?.classList.toggle('map-popup--active', on);
    if (on) popup.bringToFront();
  });
}

function readLocations(el: HTMLElement): TourLocation[] {
  try {
    const parsed: unknown = JSON.parse(el.dataset.locations ?? '[]');
    return Array.isArray(parsed) ? (parsed as TourLocation[]) : [];
  } catch {
    return [];
  }
}

/**
 * SPEC.md §2 "Map behaviour". Leaflet runs only in the browser, inside the effect, and is
 * fetched only when the map comes near the viewport; the server renders the empty map
 * element with its data, so hydration does not depend on it.
 */
export function TourMap({ locations, tileUrl, tileAttribution, active = null }: TourMapProps) {
  const ref = useRef<MapElement>(null);
  const stopsRef = useRef<Stop[]>([]);
  const activeRef = useRef(active);

  useEffect(() => {
    activeRef.current = active;
    highlight(stopsRef.current, active);
  }, [active]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let map: LeafletMap | undefined;
    let cancelled = false;

    const draw = () => {
      void import('./leaflet-setup').then(({ L }) => {
        if (cancelled || !L) return;
        const stops = readLocations(el);
        // SPEC.md §3: coordinates are [lng, lat]; Leaflet wants [lat, lng].
        const points = stops.map((loc) => [loc.coordinates[1], loc.coordinates[0]] as [number, number]);
        const created = L.map(el, { zoomControl: false, scrollWheelZoom: false });
        map = created;
        // The view first: markers and popups join a map only once it has one, and a popup
        // opened on a marker that has not joined yet stays closed.
        if (points.length === 1 && points[0]) {
          created.setView(points[0], SINGLE_LOCATION_ZOOM);
        } else if (points.length > 1) {
          created.fitBounds(L.latLngBounds(points).pad(0.5));
        }
        L.tileLayer(tileUrl, { maxZoom: 19, attribution: tileAttribution }).addTo(created);

        const placed: Stop[] = [];
        stops.forEach((loc, i) => {
          const point = points[i];
          if (!point) return;
          // Text, never HTML: descriptions come from tour data.
          const content = document.createElement('p');
          content.textContent = `Day ${loc.day}: ${loc.description}`;
          // SPEC.md: each popup stays open. A marker that took clicks would toggle its
          // popup shut (Leaflet's bindPopup), and a close button would shut it too: the
          // markers are pictures only (no click, no focus, nothing to do) and the popups
          // have no ×.
          const marker = L.marker(point, { alt: `Day ${loc.day}: ${loc.description}`, interactive: false, keyboard: false })
            .addTo(created)
            .bindPopup(content, {
              autoClose: false,
              closeOnClick: false,
              closeButton: false,
              autoPan: false,
              className: 'map-popup',
            })
            .openPopup();
          placed.push({ marker, popup: marker.getPopup()! });
        });
        stopsRef.current = placed;
        placePopups(created, placed);
        // A turned phone, a zoom or a drag moves the markers: the popups turn again.
        created.on('resize zoomend moveend', () => placePopups(created, placed));
        highlight(placed, activeRef.current);

        el._tourbookMap = created;
      });
    };
    const stopWatching = whenNearViewport(el, draw);

    return () => {
      cancelled = true;
      stopWatching();
      stopsRef.current = [];
      map?.remove();
      delete el._tourbookMap;
    };
  }, [tileUrl, tileAttribution]);

  return (
    <section className="section-map">
      <div
        id="map"
        ref={ref}
        data-locations={JSON.stringify(locations)}
        aria-label="Map of the tour's locations"
        role="region"
      />
    </section>
  );
}
