import { describe, expect, it } from 'vitest';
import { paidBooking } from '../dev-fixtures';
import { jsonResponse, mockFetch } from '../test/helpers';
import { cancelBooking, cancelDeparture, recordWalkIn, resolveBooking } from './admin-bookings';
import { setReviewHidden } from './admin-reviews';
import { updateUser } from './admin-users';

const origin = window.location.origin;
const ok = () => jsonResponse({ status: 'success', data: { booking: paidBooking } });

function call(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, json: JSON.parse(init?.body as string) as unknown };
}

describe('back-office booking, user and review calls', () => {
  it('posts a cancellation with its refund, reason and key, the id encoded', async () => {
    const fetch = mockFetch(ok());
    const res = await cancelBooking('b/1 ?', { refundMinor: '694,00', reason: 'Ill', key: 'k-1' });
    expect(res.data?.booking.id).toBe(paidBooking.id);
    expect(call(fetch)).toEqual({
      url: `${origin}/api/v1/admin/bookings/b%2F1%20%3F/cancel`,
      method: 'POST',
      json: { refundMinor: '694,00', reason: 'Ill', key: 'k-1' },
    });
  });

  it('resolves a booking, cancels a departure and records a walk-in', async () => {
    const fetch = mockFetch(ok(), jsonResponse({ status: 'success', data: { results: [] } }), jsonResponse({ status: 'success' }, 201));
    await resolveBooking('b-1', 'Paid back in cash');
    await cancelDeparture('t/1', '2027-06-15', { note: 'Guide ill', message: 'Storm', moves: { 'b-2': '2027-06-20' } });
    await recordWalkIn('t-1', '2027-06-15', { email: 'a@b.c', name: 'A', participants: 2, paymentMethod: 'bank_transfer', awaitingPayment: true });
    expect(call(fetch, 0)).toEqual({ url: `${origin}/api/v1/admin/bookings/b-1/resolve`, method: 'POST', json: { reason: 'Paid back in cash' } });
    expect(call(fetch, 1)).toEqual({
      url: `${origin}/api/v1/tours/t%2F1/departures/2027-06-15/cancel`,
      method: 'POST',
      json: { note: 'Guide ill', message: 'Storm', moves: { 'b-2': '2027-06-20' } },
    });
    expect(call(fetch, 2)).toEqual({
      url: `${origin}/api/v1/tours/t-1/departures/2027-06-15/bookings`,
      method: 'POST',
      json: { email: 'a@b.c', name: 'A', participants: 2, paymentMethod: 'bank_transfer', awaitingPayment: true },
    });
  });

  it('patches a user and a review', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: {} }), jsonResponse({ status: 'success', data: {} }));
    await updateUser('u 1', { active: false });
    await setReviewHidden('r#1', true);
    expect(call(fetch, 0)).toEqual({ url: `${origin}/api/v1/admin/users/u%201`, method: 'PATCH', json: { active: false } });
    expect(call(fetch, 1)).toEqual({ url: `${origin}/api/v1/admin/reviews/r%231`, method: 'PATCH', json: { hidden: true } });
  });
});
