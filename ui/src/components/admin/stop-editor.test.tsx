import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LatLng, Map as LeafletMap, LatLngBounds, Marker, Polyline, TileLayer } from 'leaflet';
import { L } from '../../test/leaflet';
import { describe, expect, it, vi } from 'vitest';
import { admin, forestHikerAdmin, site } from '../../dev-fixtures';
import { useState } from 'react';
import type { AdminStop, AdminTour } from '../../props';
import { SessionProvider } from '../../session';
import type { MapElement } from '../tour-map';
import { StopEditor, stopDraftsOf } from './stop-editor';
import { REFIT_DELAY_MS } from './stop-map';

// Real Leaflet on jsdom, as in tour-map.test.tsx: no layout, so only what does not depend
// on pixels is asserted. The page's tests cover saving; these cover the map and the table
// staying in step.

/** The editor with its stops kept as the tour form keeps them. */
function Editor({ tour, canEdit }: { tour: AdminTour; canEdit: boolean }) {
  const [stops, setStops] = useState(() => stopDraftsOf(tour.locations));
  return <StopEditor tour={tour} canEdit={canEdit} stops={stops} setStops={setStops} errors={{}} />;
}

/** A tour whose start is not yet a real place, as a new tour's 0, 0. */
const NOWHERE = { coordinates: [0, 0] as [number, number], description: '' };

async function renderEditor(locations: AdminStop[] = forestHikerAdmin.locations, canEdit = true, startLocation = forestHikerAdmin.startLocation) {
  const view = render(
    <SessionProvider site={site} initialUser={admin}>
      <Editor tour={{ ...forestHikerAdmin, locations, startLocation }} canEdit={canEdit} />
    </SessionProvider>,
  );
  const el = view.container.querySelector('#stop-map') as MapElement;
  await waitFor(() => expect(el._tourbookMap).toBeDefined());
  return { ...view, el, map: el._tourbookMap as LeafletMap };
}

function markers(map: LeafletMap): Marker[] {
  const found: Marker[] = [];
  map.eachLayer((layer) => {
    if (layer instanceof L.Marker) found.push(layer);
  });
  return found;
}

function positions(map: LeafletMap): [number, number][] {
  return markers(map).map((m) => [m.getLatLng().lat, m.getLatLng().lng]);
}

function field(label: string): HTMLInputElement {
  return screen.getByLabelText(label) as HTMLInputElement;
}

describe('StopEditor with its map', () => {
  it('has a labelled map with the public tiles and a draggable marker per stop at [lat, lng]', async () => {
    const { map, el } = await renderEditor();
    expect(el.getAttribute('role')).toBe('region');
    expect(el.getAttribute('aria-label')).toBe('Map of the stops');
    let tiles: TileLayer | undefined;
    map.eachLayer((layer) => {
      if (layer instanceof L.TileLayer) tiles = layer;
    });
    expect((tiles as unknown as { _url: string })._url).toBe(site.tileUrl);
    expect(tiles!.options.maxZoom).toBe(19);
    expect(tiles!.options.attribution).toBe(site.tileAttribution);

    expect(positions(map)).toEqual(forestHikerAdmin.locations.map((l) => [l.coordinates[1], l.coordinates[0]]));
    expect(markers(map).every((m) => m.options.draggable)).toBe(true);
    // The table is the keyboard's way in: markers stay out of the tab order.
    expect(markers(map).map((m) => m.getElement()!.tabIndex)).toEqual([-1, -1, -1]);
    expect(markers(map).map((m) => m.getElement()!.title)).toEqual([
      'Stop 1: day 1, Banff National Park',
      'Stop 2: day 3, Jasper National Park',
      'Stop 3: day 5, Glacier <b>National</b> Park & "Lakes"',
    ]);
    // A description is text: its markup never becomes elements.
    expect(el.querySelector('.leaflet-marker-pane b')).toBeNull();
  });

  it('fits the stops as the public map does', async () => {
    const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds');
    await renderEditor();
    const points = forestHikerAdmin.locations.map((l) => L.latLng(l.coordinates[1], l.coordinates[0]));
    expect((fitBounds.mock.calls[0]![0] as LatLngBounds).equals(L.latLngBounds(points).pad(0.5))).toBe(true);
  });

  it('centres one stop at zoom 10; without stops opens on the tour\'s start, and only without one on the world', async () => {
    const one = await renderEditor([{ coordinates: [-80.128473, 25.781842], day: 1, description: 'Miami' }]);
    expect(one.map.getZoom()).toBe(10);
    expect(one.map.getCenter().lat).toBeCloseTo(25.781842, 5);
    one.unmount();
    const atStart = await renderEditor([]);
    expect(atStart.map.getZoom()).toBe(10);
    expect(atStart.map.getCenter().lat).toBeCloseTo(51.178456, 5);
    expect(atStart.map.getCenter().lng).toBeCloseTo(-115.570154, 5);
    expect(markers(atStart.map)).toEqual([]);
    atStart.unmount();
    const none = await renderEditor([], true, NOWHERE);
    expect(none.map.getZoom()).toBe(2);
  });

  it('fits the stops again when they change in the table, but not when one is placed on the map', async () => {
    const { map } = await renderEditor([], true, NOWHERE);
    expect(map.getZoom()).toBe(2);
    // Typed into the table: the map leaves world zoom for the stop.
    fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
    fireEvent.change(field('Longitude of stop 1'), { target: { value: '7.7491' } });
    fireEvent.change(field('Latitude of stop 1'), { target: { value: '46.0207' } });
    await waitFor(() => {
      expect(map.getZoom()).toBe(10);
      expect(map.getCenter().lat).toBeCloseTo(46.0207, 4);
      expect(map.getCenter().lng).toBeCloseTo(7.7491, 4);
    });

    // Placed on the map: the view stays where the person is looking.
    const fitBounds = vi.spyOn(L.Map.prototype, 'fitBounds');
    const setView = vi.spyOn(L.Map.prototype, 'setView');
    act(() => {
      map.fire('click', { latlng: L.latLng(46.1, 7.9) });
    });
    await act(() => new Promise((r) => setTimeout(r, REFIT_DELAY_MS + 100)));
    expect(fitBounds).not.toHaveBeenCalled();
    expect(setView).not.toHaveBeenCalled();

    // A third typed in: all of them, padded by half.
    fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
    fireEvent.change(field('Longitude of stop 3'), { target: { value: '8.2' } });
    fireEvent.change(field('Latitude of stop 3'), { target: { value: '45.9' } });
    await waitFor(() => expect(fitBounds).toHaveBeenCalledTimes(1));
    const all = [L.latLng(46.0207, 7.7491), L.latLng(46.1, 7.9), L.latLng(45.9, 8.2)];
    expect((fitBounds.mock.calls[0]![0] as LatLngBounds).equals(L.latLngBounds(all).pad(0.5))).toBe(true);
    fitBounds.mockRestore();
    setView.mockRestore();
  });

  it('adds a stop where the map is clicked, the day after the last one', async () => {
    const { map } = await renderEditor();
    act(() => {
      map.fire('click', { latlng: L.latLng(50.123456789, -120.5) });
    });
    expect(field('Longitude of stop 4').value).toBe('-120.5');
    expect(field('Latitude of stop 4').value).toBe('50.123457');
    expect(field('Day of stop 4').value).toBe('6');
    expect(field('Description of stop 4').value).toBe('');
    expect(positions(map)).toHaveLength(4);
    expect(positions(map)[3]).toEqual([50.123457, -120.5]);
  });

  it('"Add stop" puts the new stop at the centre of the map', async () => {
    const { map } = await renderEditor();
    act(() => {
      map.setView([10, 20], 5);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
    expect(field('Longitude of stop 4').value).toBe('20');
    expect(field('Latitude of stop 4').value).toBe('10');
  });

  it('writes a dragged marker\'s new place into the table', async () => {
    const { map } = await renderEditor();
    const marker = markers(map)[1]!;
    act(() => {
      marker.setLatLng([53.5, -117.25]);
      marker.fire('dragend');
    });
    expect(field('Longitude of stop 2').value).toBe('-117.25');
    expect(field('Latitude of stop 2').value).toBe('53.5');
  });

  it('moves, relabels and removes markers as the table changes', async () => {
    const { map } = await renderEditor();
    fireEvent.change(field('Latitude of stop 1'), { target: { value: '51.5' } });
    expect(positions(map)[0]).toEqual([51.5, -116.214531]);
    // Half-typed coordinates leave the marker where it was.
    fireEvent.change(field('Longitude of stop 1'), { target: { value: '' } });
    expect(positions(map)).toHaveLength(2);
    fireEvent.change(field('Longitude of stop 1'), { target: { value: '-116' } });
    expect(positions(map)).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Down: stop 1' }));
    const titles = () => markers(map).map((m) => m.getElement()!.title).sort();
    expect(titles()).toEqual([
      'Stop 1: day 3, Jasper National Park',
      'Stop 2: day 1, Banff National Park',
      'Stop 3: day 5, Glacier <b>National</b> Park & "Lakes"',
    ]);
    fireEvent.change(field('Description of stop 2'), { target: { value: 'Lake Louise' } });
    expect(titles()).toContain('Stop 2: day 1, Lake Louise');

    fireEvent.click(screen.getByRole('button', { name: 'Remove: stop 3' }));
    expect(positions(map)).toHaveLength(2);
    expect(titles()).not.toContain('Stop 3: day 5, Glacier <b>National</b> Park & "Lakes"');
  });

  it('is read-only for guides: no dragging, clicks add nothing, the table is text', async () => {
    const { map } = await renderEditor(forestHikerAdmin.locations, false);
    expect(markers(map).some((m) => m.options.draggable)).toBe(false);
    act(() => {
      map.fire('click', { latlng: L.latLng(50, -120) });
    });
    expect(markers(map)).toHaveLength(3);
    expect(screen.queryByRole('textbox')).toBeNull();
    // Only Leaflet's zoom buttons, inside the map.
    const buttons = screen.queryAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Zoom in', 'Zoom out']);
    expect(screen.getByText('Jasper National Park')).toBeTruthy();
  });

  it('removes the map on unmount', async () => {
    const { el, unmount } = await renderEditor();
    unmount();
    expect(el._tourbookMap).toBeUndefined();
    expect(el.querySelector('.leaflet-pane')).toBeNull();
  });

  it('never adds a stop at 0, 0: before the map is there, "Add stop" puts it at the tour\'s start, or leaves it to be typed', async () => {
    for (const [start, lng, lat] of [
      [forestHikerAdmin.startLocation, '-115.570154', '51.178456'],
      [NOWHERE, '', ''],
    ] as const) {
      // The click comes before Leaflet has loaded: the map has no centre to give.
      const view = render(
        <SessionProvider site={site} initialUser={admin}>
          <Editor tour={{ ...forestHikerAdmin, locations: [], startLocation: start }} canEdit />
        </SessionProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
      expect(field('Longitude of stop 1').value).toBe(lng);
      expect(field('Latitude of stop 1').value).toBe(lat);
      const el = view.container.querySelector('#stop-map') as MapElement;
      await waitFor(() => expect(el._tourbookMap).toBeDefined());
      expect(markers(el._tourbookMap!)).toHaveLength(lng === '' ? 0 : 1);
      view.unmount();
    }
  });

  it('adds a stop from "lat, lng" pasted in one field, and refuses a place off the globe', async () => {
    const { map } = await renderEditor([]);
    const paste = screen.getByLabelText('Add a stop at (latitude, longitude)') as HTMLInputElement;
    for (const text of ['38.7223, -9.1393', '38.7223,-9.1393']) {
      fireEvent.change(paste, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Add at this place' }));
    }
    expect(field('Latitude of stop 1').value).toBe('38.7223');
    expect(field('Longitude of stop 1').value).toBe('-9.1393');
    expect(field('Latitude of stop 2').value).toBe('38.7223');
    expect(field('Longitude of stop 2').value).toBe('-9.1393');
    expect(positions(map)).toEqual([[38.7223, -9.1393], [38.7223, -9.1393]]);

    fireEvent.change(paste, { target: { value: '98.1, -9.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add at this place' }));
    expect(screen.getByText('The latitude (the first number) must be between -90 and 90; 98.1 is not.')).toBeTruthy();
    expect(paste.getAttribute('aria-invalid')).toBe('true');
    expect(positions(map)).toHaveLength(2);

    // Pasted into a row's coordinate: both are set.
    fireEvent.change(field('Latitude of stop 1'), { target: { value: '46.0207, 7.7491' } });
    expect(field('Latitude of stop 1').value).toBe('46.0207');
    expect(field('Longitude of stop 1').value).toBe('7.7491');
    fireEvent.change(field('Longitude of stop 2'), { target: { value: '12.5, 200.5' } });
    expect(screen.getByText('The longitude (the second number) must be between -180 and 180; 200.5 is not.')).toBeTruthy();
    expect(field('Longitude of stop 2').value).toBe('-9.1393');
  });

  it('numbers its pins in day order and draws the route between them in that order', async () => {
    const { map } = await renderEditor();
    const routes = () => {
      const found: Polyline[] = [];
      map.eachLayer((layer) => {
        if (layer instanceof L.Polyline) found.push(layer);
      });
      return found;
    };
    const pinNumbers = () => markers(map).map((m) => [m.getElement()!.title.split(':')[0], m.getElement()!.textContent]);
    expect(pinNumbers()).toEqual([
      ['Stop 1', '1'],
      ['Stop 2', '2'],
      ['Stop 3', '3'],
    ]);
    const route = () => (routes()[0]!.getLatLngs() as LatLng[]).map((p) => [p.lat, p.lng]);
    expect(routes()).toHaveLength(1);
    expect(route()).toEqual(forestHikerAdmin.locations.map((l) => [l.coordinates[1], l.coordinates[0]]));

    // The first stop moved to the last day: it is pin 3 and the route's end.
    fireEvent.change(field('Day of stop 1'), { target: { value: '6' } });
    expect(pinNumbers()).toEqual([
      ['Stop 1', '3'],
      ['Stop 2', '1'],
      ['Stop 3', '2'],
    ]);
    const [first, second, third] = forestHikerAdmin.locations.map((l) => [l.coordinates[1], l.coordinates[0]]);
    expect(route()).toEqual([second, third, first]);
  });
});
