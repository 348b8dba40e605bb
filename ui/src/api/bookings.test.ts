import { beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/navigate';
import { currentAlert, jsonResponse, mockFetch } from '../test/helpers';
import { bookTour, checkoutPath } from './bookings';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('bookTour', () => {
  it('builds the checkout path with date and participants', () => {
    expect(checkoutPath('t-1', '2027-06-15', 3)).toBe(
      '/api/v1/bookings/checkout-session/t-1?date=2027-06-15&participants=3',
    );
  });

  it('calls the checkout session with credentials and goes to session.url', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'success', data: { session: { id: 'cs_1', url: 'https://pay.example/cs_1' } } }),
    );
    await expect(bookTour('t-1', '2027-06-15', 2)).resolves.toBe(true);
    expect(fetch.mock.calls[0]![0]).toBe(
      `${window.location.origin}/api/v1/bookings/checkout-session/t-1?date=2027-06-15&participants=2`,
    );
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include' });
    expect(navigate).toHaveBeenCalledWith('https://pay.example/cs_1');
  });

  it('accepts a session at the top level of the response too', async () => {
    mockFetch(jsonResponse({ status: 'success', session: { url: '/checkout/sandbox/cs_2' } }));
    await bookTour('t-1', '2027-06-15', 1);
    expect(navigate).toHaveBeenCalledWith('/checkout/sandbox/cs_2');
  });

  it('shows the server message on failure and stays', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'Only 2 seats are left on that date' }, 409));
    await expect(bookTour('t-1', '2027-06-15', 5)).resolves.toBe(false);
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Only 2 seats are left on that date');
    expect(navigate).not.toHaveBeenCalled();
  });
});
