import { render, waitFor } from '@testing-library/react';
import type { LatLng, Map as LeafletMap, Popup, LatLngBounds, Marker } from 'leaflet';
import { L } from '../test/leaflet';
import { describe, expect, it, vi } from 'vitest';
import { forestHikerDetail, site } from '../dev-fixtures';
import type { TourLocation } from '../props';
import { MAP_LOAD_MARGIN, NARROW_MAP_PX, TourMap, whenNearViewport, type MapElement } from './tour-map';

// Real Leaflet on jsdom: it builds the map, markers and popups; jsdom has no layout, so
// sizes are 0 and only what does not depend on pixels is asserted.

async function renderMap(locations: TourLocation[]) {
  const view = render(
    <TourMap locations={locations} tileUrl={site.tileUrl} tileAttribution={site.tileAttribution} />,
  );
  const el = view.container.querySelector('#map') as MapElement;
  await waitFor(() => expect(el._tourbookMap).toBeDefined());
  return { ...view, el, map: el._tourbookMap as LeafletMap };
}

function layers(map: LeafletMap) {
  const all: unknown[] = [];
  map.eachLayer((layer) => {
    all.push(layer);
  });
  return all;
}

describe('TourMap', () => {
  it('renders the map element with the locations as data', () => {
    const { container } = render(
      <TourMap locations={forestHikerDetail.locations} tileUrl="t" tileAttribution="a" />,
    );
    const section = container.querySelector('section.section-map')!;
    const el = section.querySelector('div#map') as HTMLElement;
    expect(el.getAttribute('role')).toBe('region');
    expect(el.getAttribute('aria-label')).toBe("Map of the tour's locations");
    expect(JSON.parse(el.dataset.locations!)).toEqual(forestHikerDetail.locations);
  });

  it('builds the map as SPEC.md §2 says: no zoom control, no wheel zoom, tiles to 19', async () => {
    const { map, el } = await renderMap(forestHikerDetail.locations);
    expect(map.options.zoomControl).toBe(false);
    expect(map.options.scrollWheelZoom).toBe(false);
    expect(el.querySelector('.leaflet-control-zoom')).toBeNull();
    const tiles = layers(map).find((l) => (l as { _url?: string })._url !== undefined) as {
      _url: string;
      options: { maxZoom: number; attribution: string };
    };
    expect(tiles._url).toBe(site.tileUrl);
    expect(tiles.options.maxZoom).toBe(19);
    expect(tiles.options.attribution).toBe(site.tileAttribution);
    expect(el.querySelector('.leaflet-control-attribution a[href*="openstreetmap"]')).not.toBeNull();
  });

  it('puts a marker per location at [lat, lng] with an open popup "Day {day}: {description}" as text', async () => {
    const { map, el } = await renderMap(forestHikerDetail.locations);
    const markers = layers(map).filter((l): l is Marker => l instanceof L.Marker);
    expect(markers).toHaveLength(3);
    expect(markers.map((m) => [m.getLatLng().lat, m.getLatLng().lng])).toEqual(
      forestHikerDetail.locations.map((l) => [l.coordinates[1], l.coordinates[0]]),
    );
    for (const m of markers) {
      const popup = m.getPopup() as Popup;
      expect(popup.isOpen()).toBe(true);
      expect(popup.options).toMatchObject({ autoClose: false, closeOnClick: false, autoPan: false, className: 'map-popup' });
    }
    const texts = [...el.querySelectorAll('.map-popup .leaflet-popup-content')].map((p) => p.textContent);
    expect(texts).toEqual([
      'Day 1: Banff National Park',
      'Day 3: Jasper National Park',
      'Day 5: Glacier <b>National</b> Park & "Lakes"',
    ]);
    // The description's markup stayed text.
    expect(el.querySelector('.leaflet-popup-content b')).toBeNull();
  });

  it('keeps every popup open: no close button, and a click on a marker or the map closes nothing', async () => {
    const { map, el } = await renderMap(forestHikerDetail.locations);
    const markers = layers(map).filter((l): l is Marker => l instanceof L.Marker);
    expect(el.querySelector('.leaflet-popup-close-button')).toBeNull();
    for (const m of markers) {
      expect((m.getPopup() as Popup).options.closeButton).toBe(false);
      m.getElement()!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      expect((m.getPopup() as Popup).isOpen(), 'after a click on its marker').toBe(true);
      m.getElement()!.dispatchEvent(new KeyboardEvent('keypress', { bubbles: true, keyCode: 13 }));
      expect((m.getPopup() as Popup).isOpen(), 'after Enter on its marker').toBe(true);
    }
    el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    for (const m of markers) expect((m.getPopup() as Popup).isOpen(), 'after a click on the map').toBe(true);
    expect(el.querySelectorAll('.map-popup')).toHaveLength(markers.length);
    // Nothing to focus that does nothing.
    for (const m of markers) expect(m.getElement()!.getAttribute('tabindex')).toBeNull();
  });

  it('highlights the active stop: its marker stands out and its popup is framed, one at a time', async () => {
    const props = { locations: forestHikerDetail.locations, tileUrl: site.tileUrl, tileAttribution: site.tileAttribution };
    const view = render(<TourMap {...props} active={1} />);
    const el = view.container.querySelector('#map') as MapElement;
    await waitFor(() => expect(el._tourbookMap).toBeDefined());
    const active = () => [...el.querySelectorAll('.map-popup--active .leaflet-popup-content')].map((p) => p.textContent);
    expect(active()).toEqual(['Day 3: Jasper National Park']);
    expect(el.querySelectorAll('.leaflet-marker-icon.map-marker--active')).toHaveLength(1);
    view.rerender(<TourMap {...props} active={2} />);
    expect(active()).toEqual(['Day 5: Glacier <b>National</b> Park & "Lakes"']);
    view.rerender(<TourMap {...props} active={null} />);
    expect(active()).toEqual([]);
    expect(el.querySelectorAll('.map-marker--active')).toHaveLength(0);
  });

  it('lays the popups out around their pins on a narrow map, each still open', async () => {
    // jsdom's map has no size: narrower than a phone.
    const { map, el } = await renderMap(forestHikerDetail.locations);
    expect(map.getSize().x).toBeLessThan(NARROW_MAP_PX);
    expect(el.querySelectorAll('.leaflet-popup.map-popup--placed')).toHaveLength(3);
    for (const m of layers(map).filter((l): l is Marker => l instanceof L.Marker)) expect((m.getPopup() as Popup).isOpen()).toBe(true);
  });

  it('never turns a description into HTML', async () => {
    const evil = '<img src=x onerror="window.__pwned=1">';
    const { el } = await renderMap([{ coordinates: [-116.2, 51.4], day: 2, description: evil }]);
    const content = el.querySelector('.leaflet-popup-content')!;
    expect(content.querySelector('img')).toBeNull();
    expect(content.textContent).toBe(`Day 2: ${evil}`);
  });

  it('fits the bounds of all markers padded by 0.5 (not pixels)', async () => {
    const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds');
    const { map } = await renderMap(forestHikerDetail.locations);
    const points = forestHikerDetail.locations.map((l) => L.latLng(l.coordinates[1], l.coordinates[0]));
    expect(fitBounds).toHaveBeenCalledTimes(1);
    const [bounds, options] = fitBounds.mock.calls[0]!;
    expect((bounds as LatLngBounds).equals(L.latLngBounds(points).pad(0.5))).toBe(true);
    expect(options).toBeUndefined();
    // With a 0×0 container Leaflet can only centre on the bounds: the centre of the padded
    // bounds is the centre of the markers' bounds.
    const lats = forestHikerDetail.locations.map((l) => l.coordinates[1]);
    const lngs = forestHikerDetail.locations.map((l) => l.coordinates[0]);
    const center: LatLng = map.getCenter();
    expect(center.lat).toBeCloseTo((Math.min(...lats) + Math.max(...lats)) / 2, 0);
    expect(center.lng).toBeCloseTo((Math.min(...lngs) + Math.max(...lngs)) / 2, 0);
  });

  it('centres a single location at zoom 10', async () => {
    const { map } = await renderMap([{ coordinates: [-80.128473, 25.781842], day: 1, description: 'Miami' }]);
    expect(map.getZoom()).toBe(10);
    expect(map.getCenter().lat).toBeCloseTo(25.781842, 5);
    expect(map.getCenter().lng).toBeCloseTo(-80.128473, 5);
  });

  it('removes the map on unmount', async () => {
    const { el, unmount } = await renderMap(forestHikerDetail.locations);
    unmount();
    expect(el._tourbookMap).toBeUndefined();
    expect(el.querySelector('.leaflet-pane')).toBeNull();
  });
});

/** An IntersectionObserver the test drives: it says when the map is near the viewport. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  fire(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

describe('whenNearViewport', () => {
  it('loads once the element comes near the viewport, and then stops watching', () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const el = document.createElement('div');
    const load = vi.fn();
    whenNearViewport(el, load);
    const observer = FakeObserver.all[0]!;
    expect(observer.observed).toEqual([el]);
    expect(observer.options.rootMargin).toBe(MAP_LOAD_MARGIN);

    observer.fire(false);
    expect(load).not.toHaveBeenCalled();
    expect(observer.disconnected).toBe(false);

    observer.fire(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
  });

  it('never loads after it was stopped', () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const load = vi.fn();
    const stop = whenNearViewport(document.createElement('div'), load);
    stop();
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads at once in a browser without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const load = vi.fn();
    whenNearViewport(document.createElement('div'), load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('TourMap with an IntersectionObserver', () => {
  it('watches its map element and draws the map once it comes near the viewport', async () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container, unmount } = render(
      <TourMap locations={forestHikerDetail.locations} tileUrl="t" tileAttribution="a" />,
    );
    const el = container.querySelector('#map') as MapElement;
    const observer = FakeObserver.all[0]!;
    expect(observer.observed).toEqual([el]);
    expect(el._tourbookMap).toBeUndefined();

    observer.fire(true);
    await waitFor(() => expect(el._tourbookMap).toBeDefined());
    expect(el.querySelectorAll('.leaflet-marker-icon')).toHaveLength(forestHikerDetail.locations.length);
    unmount();
  });

  it('stops watching when the page goes before the map came near', () => {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { unmount } = render(<TourMap locations={forestHikerDetail.locations} tileUrl="t" tileAttribution="a" />);
    unmount();
    expect(FakeObserver.all[0]!.disconnected).toBe(true);
  });
});
