import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/navigate';
import { currentAlert, jsonResponse, mockFetch } from '../test/helpers';
import { bookTour, checkoutBody, checkoutPath, releaseCancelledHold } from './bookings';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('bookTour', () => {
  it('builds the checkout path with date and participants', () => {
    expect(checkoutPath('t-1', '2027-06-15', 3)).toBe(
      '/api/v1/bookings/checkout-session/t-1?date=2027-06-15&participants=3',
    );
  });

  it('builds the checkout path of units and extras, never details (issue #23)', () => {
    const details = { travellers: [{ category: 'adult', name: 'Ann & Co', phone: '' }], answers: [] };
    const url = new URL(checkoutPath('t/1', '2027-06-15', { units: 'adult:2,child:1', extras: 'boots:2', details }, 3), 'http://x');
    expect(url.pathname).toBe('/api/v1/bookings/checkout-session/t%2F1');
    expect([...url.searchParams.keys()]).toEqual(['date', 'units', 'extras', 'terms']);
    expect(url.searchParams.get('units')).toBe('adult:2,child:1');
    expect(url.searchParams.get('extras')).toBe('boots:2');
    expect(checkoutPath('t-1', '2027-06-15', { units: 'adult:1', extras: '', details: null })).toBe(
      '/api/v1/bookings/checkout-session/t-1?date=2027-06-15&units=adult%3A1',
    );
  });

  it('POSTs an order with details in the body, to the address with no query', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://pay.example/cs_2' } }));
    const details = { travellers: [{ category: 'adult', name: 'Ann & Co', phone: '+47 1' }], answers: [{ question: 'q', traveller: 1, value: 'a\nb' }] };
    const order = { units: 'adult:1', extras: 'boots:1', details };
    await expect(bookTour('t/1', '2027-06-15', order, 3)).resolves.toBe(true);
    const [address, init] = fetch.mock.calls[0]!;
    expect(address).toBe(`${window.location.origin}/api/v1/bookings/checkout-session/t%2F1`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(new Headers(init!.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init!.body))).toEqual({ date: '2027-06-15', units: 'adult:1', extras: 'boots:1', terms: 3, details });
    expect(checkoutBody('2027-06-15', { ...order, extras: '' })).toEqual({ date: '2027-06-15', units: 'adult:1', details });
    expect(navigate).toHaveBeenCalledWith('https://pay.example/cs_2');
  });

  it('keeps the GET for an order without details', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://pay.example/cs_3' } }));
    await expect(bookTour('t-1', '2027-06-15', { units: 'adult:2', extras: '', details: null })).resolves.toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/bookings/checkout-session/t-1?date=2027-06-15&units=adult%3A2`);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET' });
  });

  it('shows the server message when a POSTed checkout fails, and stays', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Please give the name of Traveller 1 (Adult).' }, 400));
    const details = { travellers: [{ category: 'adult', name: '', phone: '' }], answers: [] };
    await expect(bookTour('t-1', '2027-06-15', { units: 'adult:1', extras: '', details }, 1)).resolves.toBe(false);
    expect(currentAlert()?.textContent).toBe('Please give the name of Traveller 1 (Adult).');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('calls the checkout session with credentials and goes to session.url', async () => {
    // The server's answer: {status, session: {url}} (SPEC.md §3 "its response carries session.url").
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://pay.example/cs_1' } }));
    await expect(bookTour('t-1', '2027-06-15', 2)).resolves.toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe(
      `${window.location.origin}/api/v1/bookings/checkout-session/t-1?date=2027-06-15&participants=2`,
    );
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(navigate).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('shows an error when a success carries no session url', async () => {
    mockFetch(jsonResponse({ status: 'success', data: { session: { url: '/elsewhere' } } }));
    await expect(bookTour('t-1', '2027-06-15', 1)).resolves.toBe(false);
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the server message on failure and stays', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Only 2 seats are left on that date' }, 409));
    await expect(bookTour('t-1', '2027-06-15', 5)).resolves.toBe(false);
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Only 2 seats are left on that date');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('releaseCancelledHold', () => {
  const at = (href: string) => new URL(href) as unknown as Location;

  it('POSTs the release of the booking named in a cancelled checkout return', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    window.history.replaceState(null, '', '/tour/the-forest-hiker?checkout=cancelled&booking=b%2F7');
    await expect(releaseCancelledHold(window.location)).resolves.toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe(`${window.location.origin}/api/v1/my-bookings/b%2F7/release`);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(window.location.search).toBe('');
    expect(window.location.pathname).toBe('/tour/the-forest-hiker');
  });

  it('does nothing on other addresses', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success' }));
    await expect(releaseCancelledHold(at('http://localhost/tour/x?checkout=success&booking=b1'))).resolves.toBe(false);
    await expect(releaseCancelledHold(at('http://localhost/tour/x?checkout=cancelled'))).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
