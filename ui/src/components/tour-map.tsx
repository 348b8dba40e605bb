import { useEffect, useRef } from 'react';
import type { Map as LeafletMap } from 'leaflet';
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
export function TourMap({ locations, tileUrl, tileAttribution }: TourMapProps) {
  const ref = useRef<MapElement>(null);

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
          L.marker(point, { alt: `Day ${loc.day}: ${loc.description}`, interactive: false, keyboard: false })
            .addTo(created)
            .bindPopup(content, {
              autoClose: false,
              closeOnClick: false,
              closeButton: false,
              autoPan: false,
              className: 'map-popup',
            })
            .openPopup();
        });

        el._tourbookMap = created;
      });
    };
    const stopWatching = whenNearViewport(el, draw);

    return () => {
      cancelled = true;
      stopWatching();
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
