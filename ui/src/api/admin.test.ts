import { describe, expect, it } from 'vitest';
import { forestHikerAdmin } from '../dev-fixtures';
import { jsonResponse, mockFetch } from '../test/helpers';
import {
  addDepartures,
  deleteDeparture,
  deleteTour,
  listDepartures,
  orderPictures,
  removePicture,
  setTourStatus,
  updateDeparture,
  updateTour,
  uploadPicture,
} from './admin';

const origin = window.location.origin;
const answer = () => jsonResponse({ status: 'success', data: { tour: forestHikerAdmin } });

function call(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  const body = init?.body;
  return {
    url: String(url),
    method: init?.method,
    json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
    form: body instanceof FormData ? body : undefined,
  };
}

describe('admin API', () => {
  it('sends the version with every tour update', async () => {
    const fetch = mockFetch(answer());
    await updateTour('t-1', 7, { name: 'New name' });
    expect(call(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-1`, method: 'PATCH', json: { name: 'New name', version: 7 } });
  });

  it('escapes ids, file names and dates in the path', async () => {
    const fetch = mockFetch(answer(), answer(), answer(), answer());
    await removePicture('t/1', 'a b?.jpg');
    await updateDeparture('t/1', '2027-06-15', { closed: true });
    await deleteDeparture('t 1', '2027-06-15');
    await deleteTour('t#1');
    expect(call(fetch, 0)).toMatchObject({ url: `${origin}/api/v1/tours/t%2F1/pictures/a%20b%3F.jpg`, method: 'DELETE' });
    expect(call(fetch, 1)).toMatchObject({
      url: `${origin}/api/v1/tours/t%2F1/departures/2027-06-15`,
      method: 'PATCH',
      json: { closed: true },
    });
    expect(call(fetch, 2)).toMatchObject({ url: `${origin}/api/v1/tours/t%201/departures/2027-06-15`, method: 'DELETE' });
    expect(call(fetch, 3)).toMatchObject({ url: `${origin}/api/v1/tours/t%231`, method: 'DELETE' });
  });

  it('puts the status and the gallery order', async () => {
    const fetch = mockFetch(answer(), answer());
    await setTourStatus('t-1', 'archived');
    await orderPictures('t-1', ['b.jpg', 'a.jpg']);
    expect(call(fetch, 0)).toMatchObject({ url: `${origin}/api/v1/tours/t-1/status`, method: 'PUT', json: { status: 'archived' } });
    expect(call(fetch, 1)).toMatchObject({
      url: `${origin}/api/v1/tours/t-1/pictures`,
      method: 'PUT',
      json: { pictures: ['b.jpg', 'a.jpg'] },
    });
  });

  it('uploads a picture as multipart with its kind', async () => {
    const fetch = mockFetch(answer(), answer());
    const file = new File(['x'], 'cover.png', { type: 'image/png' });
    await uploadPicture('t-1', file, 'cover');
    await uploadPicture('t-1', undefined, 'gallery');
    const first = call(fetch, 0);
    expect(first).toMatchObject({ url: `${origin}/api/v1/tours/t-1/pictures`, method: 'POST' });
    expect(first.form?.get('picture')).toBe(file);
    expect(first.form?.get('kind')).toBe('cover');
    // The kind before the picture: the server reads the form as a stream.
    expect([...(first.form?.keys() ?? [])]).toEqual(['kind', 'picture']);
    // Without a file the server says what is missing.
    expect(call(fetch, 1).form?.has('picture')).toBe(false);
    expect(call(fetch, 1).form?.get('kind')).toBe('gallery');
    expect(fetch.mock.calls[0]![1]!.headers).toEqual({ Accept: 'application/json' });
  });

  it('adds and lists departures', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'success', data: { tour: forestHikerAdmin, added: 1, skipped: 0 } }, 201),
      jsonResponse({ status: 'success', data: { departures: forestHikerAdmin.departures } }),
    );
    const res = await addDepartures('t-1', { date: '2027-08-01', startTime: '09:00' });
    expect(res.data?.added).toBe(1);
    expect(call(fetch, 0)).toMatchObject({
      url: `${origin}/api/v1/tours/t-1/departures`,
      method: 'POST',
      json: { date: '2027-08-01', startTime: '09:00' },
    });
    const list = await listDepartures('t-1');
    expect(list.data?.departures).toHaveLength(3);
    expect(call(fetch, 1)).toMatchObject({ url: `${origin}/api/v1/tours/t-1/departures`, method: 'GET' });
  });
});
