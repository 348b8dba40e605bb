import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures, forestHikerAdmin } from '../dev-fixtures';
import { navigate, replaceUrl } from '../lib/navigate';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';
import { answer, json, origin, sent, type, value } from './admin-tour-page.test-helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));
// The stop map has its own tests; here the editor runs without a map, as before Leaflet loads.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(replaceUrl).mockReset();
});

describe('AdminTourPage: stops', () => {
  it('lists the stops with labelled fields', () => {
    render(<App data={fixtures.adminTour} />);
    expect(screen.getByRole('region', { name: 'Map of the stops' }).id).toBe('stop-map');
    expect(value('Longitude of stop 1')).toBe('-116.214531');
    expect(value('Latitude of stop 1')).toBe('51.417611');
    expect(value('Day of stop 2')).toBe('3');
    expect(value('Description of stop 3')).toBe('Glacier <b>National</b> Park & "Lakes"');
    expect((screen.getByRole('button', { name: 'Up: stop 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Down: stop 3' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the table as edited: a new latitude, a new order, a removed stop, an added one', async () => {
    const saved = [
      { coordinates: [-118.076152, 52.9] as [number, number], day: 3, description: 'Jasper National Park' },
      { coordinates: [-116.214531, 51.417611] as [number, number], day: 1, description: 'Banff National Park' },
      { coordinates: [-115.570154, 51.178456] as [number, number], day: 4, description: 'Camp' },
    ];
    const fetch = mockFetch(answer({ version: 8, locations: saved }), answer({ version: 9, locations: saved }));
    render(<App data={fixtures.adminTour} />);

    type('Latitude of stop 2', '52.9');
    fireEvent.click(screen.getByRole('button', { name: 'Down: stop 1' }));
    expect(value('Description of stop 1')).toBe('Jasper National Park');
    fireEvent.click(screen.getByRole('button', { name: 'Remove: stop 3' }));
    expect(screen.queryByLabelText('Description of stop 3')).toBeNull();
    // Without a map (Leaflet not loaded) a new stop starts at the tour's start, never at
    // 0,0, the day after the last.
    fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
    expect(value('Longitude of stop 3')).toBe('-115.570154');
    expect(value('Day of stop 3')).toBe('4');
    type('Description of stop 3', 'Camp');

    const button = screen.getByRole('button', { name: 'Save tour' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Saving...');
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c`, method: 'PATCH' });
    // Numbers as typed: the server reads them.
    expect(json(fetch)).toMatchObject({
      version: 7,
      locations: saved.map((stop) => ({ ...stop, coordinates: stop.coordinates.map(String), day: String(stop.day) })),
    });
    expect(currentAlert()?.textContent).toBe('Tour saved');
    expect(button.textContent).toBe('Save tour');

    // The next save sends the version the answer brought.
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(json(fetch, 1)).toMatchObject({ version: 8 });
  });

  it('keeps the edited stops when saving them fails, with the message under the field', async () => {
    const message = "Stop 1's latitude must be between -90 and 90.";
    mockFetch(jsonResponse({ status: 'fail', message, fields: { 'locations.0.lat': message } }, 400));
    render(<App data={fixtures.adminTour} />);
    type('Latitude of stop 1', '95');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(currentAlert()?.textContent).toBe(message);
    expect(value('Latitude of stop 1')).toBe('95');
    expect(screen.getByLabelText('Latitude of stop 1').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('stop-lat-1-error')?.textContent).toBe(message);
  });
});

describe('AdminTourPage: pictures', () => {
  it('uploads a cover as multipart, "Uploading..." meanwhile', async () => {
    const pending = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(pending.promise);
    vi.stubGlobal('fetch', fetch);
    render(<App data={fixtures.adminTour} />);
    const input = screen.getByLabelText('Cover picture') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    const file = new File(['x'], 'new-cover.webp', { type: 'image/webp' });
    fireEvent.change(input, { target: { files: [file] } });
    const button = screen.getByRole('button', { name: 'Upload cover' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Uploading...');

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/tours/t-5c88fa8c/pictures`);
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body.get('picture')).toBe(file);
    expect(body.get('kind')).toBe('cover');

    pending.resolve(answer({ version: 8, cover: { file: 'new.webp', url: '/img/tours/new.webp' } }));
    await flush();
    expect(button.textContent).toBe('Upload cover');
    expect(currentAlert()?.textContent).toBe('Cover uploaded');
    expect(screen.getByAltText('Cover of The Forest Hiker').getAttribute('src')).toBe('/img/tours/new.webp');
  });

  it('adds to the gallery, reorders and removes', async () => {
    const [one, two, three] = forestHikerAdmin.pictures;
    const fetch = mockFetch(
      answer({ version: 8, pictures: [one!, two!, three!, { file: 'p4.jpg', url: '/img/tours/p4.jpg' }] }),
      answer({ version: 9, pictures: [two!, one!, three!] }),
      answer({ version: 10, pictures: [two!, three!] }),
    );
    render(<App data={fixtures.adminTour} />);
    fireEvent.change(screen.getByLabelText('Gallery picture'), {
      target: { files: [new File(['x'], 'p4.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to gallery' }));
    await flush();
    expect((sent(fetch).body as FormData).get('kind')).toBe('gallery');
    expect(currentAlert()?.textContent).toBe('Picture added');
    expect(screen.getAllByRole('button', { name: /^Remove: picture/ })).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Move right: picture 1' }));
    await flush();
    expect(sent(fetch, 1)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/pictures`, method: 'PUT' });
    expect(json(fetch, 1)).toEqual({ pictures: ['tour-1-2.jpg', 'tour-1-1.jpg', 'tour-1-3.jpg', 'p4.jpg'] });
    expect(currentAlert()?.textContent).toBe('Pictures reordered');

    fireEvent.click(screen.getByRole('button', { name: 'Remove: picture 2' }));
    await flush();
    expect(sent(fetch, 2)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/pictures/tour-1-1.jpg`, method: 'DELETE' });
    expect(currentAlert()?.textContent).toBe('Picture removed');
    expect(within(document.getElementById('gallery')!).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/img/tours/tour-1-2.jpg',
      '/img/tours/tour-1-3.jpg',
    ]);
  });
});

describe('AdminTourPage: departures', () => {
  function row(label: string): HTMLElement {
    return screen.getByRole('rowheader', { name: label }).closest('tr')!;
  }

  it('lists the departures; past ones cannot be changed, booked ones cannot be deleted', () => {
    render(<App data={fixtures.adminTour} />);
    const past = within(row('Sun 25 April 2027'));
    expect(past.getByText('Past').className).toBe('status status--past');
    expect(past.queryByRole('button')).toBeNull();
    const booked = within(row('Tue 15 June 2027'));
    expect(booked.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(booked.getByText('Open')).toBeTruthy();
    const del = booked.getByRole('button', { name: 'Delete: Tue 15 June 2027' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.title).toBe('This departure has bookings: close it instead');
    expect(booked.getByRole('link', { name: 'Tue 15 June 2027' }).getAttribute('href')).toBe('/admin/tours/t-5c88fa8c/departures/2027-06-15');
    const closed = within(row('Wed 6 October 2027'));
    expect(closed.getByText('Closed').className).toBe('status status--closed');
    expect((closed.getByRole('button', { name: 'Delete: Wed 6 October 2027' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes, reopens, resizes and deletes a departure', async () => {
    const june = forestHikerAdmin.departures[1]!;
    const october = forestHikerAdmin.departures[2]!;
    const fetch = mockFetch(
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true }, october] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true }, { ...october, closed: false }] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true, capacity: 20, seatsLeft: 2 }, october] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, june] }),
    );
    render(<App data={fixtures.adminTour} />);

    fireEvent.click(screen.getByRole('button', { name: 'Close: Tue 15 June 2027' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ closed: true });
    expect(currentAlert()?.textContent).toBe('Departure closed');
    expect(within(row('Tue 15 June 2027')).getByRole('button', { name: 'Reopen: Tue 15 June 2027' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reopen: Wed 6 October 2027' }));
    await flush();
    expect(json(fetch, 1)).toEqual({ closed: false });
    expect(currentAlert()?.textContent).toBe('Departure reopened');

    type('Capacity of Tue 15 June 2027', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(json(fetch, 2)).toEqual({ capacity: 20 });
    expect(currentAlert()?.textContent).toBe('Departure updated');
    expect(value('Capacity of Tue 15 June 2027')).toBe('20');
    expect(within(row('Tue 15 June 2027')).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Wed 6 October 2027' }));
    await flush();
    expect(sent(fetch, 3)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-10-06`, method: 'DELETE' });
    expect(currentAlert()?.textContent).toBe('Departure deleted');
    expect(screen.queryByRole('rowheader', { name: 'Wed 6 October 2027' })).toBeNull();
  });

  it('edits a departure in place: only what changed is sent; a refusal is shown', async () => {
    const june = forestHikerAdmin.departures[1]!;
    const fetch = mockFetch(
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, startTime: '07:30', startTimeLabel: '07:30 MDT (America/Edmonton)', meetingPoint: 'Lake Louise' }, forestHikerAdmin.departures[2]!] }),
      jsonResponse({ status: 'fail', message: '18 seats are already sold or held on 15 June 2027, so the capacity cannot be lower than 18.' }, 409),
    );
    render(<App data={fixtures.adminTour} />);
    type('Start time of Tue 15 June 2027', '07:30');
    type('Meeting point of Tue 15 June 2027', 'Lake Louise');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ startTime: '07:30', meetingPoint: 'Lake Louise' });
    expect(within(row('Tue 15 June 2027')).getByText('07:30 MDT (America/Edmonton)')).toBeTruthy();
    expect(value('Meeting point of Tue 15 June 2027')).toBe('Lake Louise');

    type('Capacity of Tue 15 June 2027', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(json(fetch, 1)).toEqual({ capacity: 10 });
    expect(currentAlert()?.textContent).toBe('18 seats are already sold or held on 15 June 2027, so the capacity cannot be lower than 18.');
    expect(value('Capacity of Tue 15 June 2027')).toBe('10');
  });

  it('shows a cancelled departure as "Cancelled", with no way to reopen it', () => {
    const cancelled = { ...forestHikerAdmin.departures[1]!, closed: true, cancelled: true };
    render(<App data={{ ...fixtures.adminTour, props: { ...fixtures.adminTour.props, tour: { ...forestHikerAdmin, departures: [cancelled] } } }} />);
    const r = within(row('Tue 15 June 2027'));
    expect(r.getByText('Cancelled').className).toBe('status status--cancelled');
    expect(r.queryByText('Closed')).toBeNull();
    expect(r.queryByRole('button', { name: /Reopen/ })).toBeNull();
    expect(r.queryByRole('textbox')).toBeNull();
  });

  it('changes a series: the range, the weekdays and only the fields given', async () => {
    const fetch = mockFetch(answer({}, { updated: 3, skipped: 1 }));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Change a series' }));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2027-06-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2027-06-30' } });
    fireEvent.click(form.getByLabelText('Tue'));
    fireEvent.click(form.getByLabelText('Sat'));
    fireEvent.change(form.getByLabelText('New capacity'), { target: { value: '12' } });
    fireEvent.change(form.getByLabelText('Sale'), { target: { value: 'close' } });
    fireEvent.click(form.getByRole('button', { name: 'Change series' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ from: '2027-06-01', to: '2027-06-30', weekdays: [2, 6], capacity: 12, closed: true });
    expect(currentAlert()?.textContent).toBe('Changed 3 departure(s); 1 started or cancelled one(s) left as they were');
  });

  it('adds one date; capacity and meeting point are left out when empty', async () => {
    const fetch = mockFetch(answer({}, { added: 1, skipped: 0 }, 201));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Add one date' }));
    expect((form.getByLabelText('Start time') as HTMLInputElement).value).toBe('09:00');
    expect(form.getByText('Leave empty for the group size (25)')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Date'), { target: { value: '2027-08-01' } });
    fireEvent.click(form.getByRole('button', { name: 'Add departure' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures`, method: 'POST' });
    expect(json(fetch)).toEqual({ date: '2027-08-01', startTime: '09:00' });
    expect(currentAlert()?.textContent).toBe('Added 1 departure(s)');
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('');
  });

  it('adds a series on the ticked weekdays and says how many dates were skipped', async () => {
    const fetch = mockFetch(answer({}, { added: 13, skipped: 1 }, 201));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Add a series' }));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2027-07-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2027-07-31' } });
    fireEvent.click(form.getByLabelText('Sat'));
    fireEvent.click(form.getByLabelText('Tue'));
    fireEvent.click(form.getByLabelText('Mon'));
    fireEvent.click(form.getByLabelText('Sun'));
    fireEvent.click(form.getByLabelText('Sun'));
    fireEvent.change(form.getByLabelText('Start time'), { target: { value: '07:30' } });
    fireEvent.change(form.getByLabelText('Capacity'), { target: { value: '12' } });
    fireEvent.change(form.getByLabelText('Meeting point'), { target: { value: 'Main square' } });
    fireEvent.click(form.getByRole('button', { name: 'Add series' }));
    await flush();
    expect(json(fetch)).toEqual({
      from: '2027-07-01',
      to: '2027-07-31',
      weekdays: [1, 2, 6],
      startTime: '07:30',
      capacity: '12',
      meetingPoint: 'Main square',
    });
    expect(currentAlert()?.textContent).toBe('Added 13 departure(s); 1 date(s) already had one');
  });
});
