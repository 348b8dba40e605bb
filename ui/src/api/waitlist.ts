// The waiting list calls: join a full departure, leave it, and pay an offer (the browser
// then goes to the checkout, as for a booking).
import { showAlert } from '../lib/alert';
import { leaveForCheckout } from './bookings';
import { apiPath, errorMessage, request } from './client';

const BASE = 'api/v1/waitlist';

/** Resolves true when the traveller is on the list (the alert says so), false after an error alert. */
export async function joinWaitlist(tourId: string, date: string, participants: number): Promise<boolean> {
  const res = await request('POST', BASE, { tourId, date, participants });
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', res.message ?? 'You are on the waiting list.');
  return true;
}

/** Resolves true when the entry is gone, false after an error alert. */
export async function leaveWaitlist(id: string): Promise<boolean> {
  const res = await request('DELETE', apiPath(BASE, id));
  if (res.status !== 'success') {
    showAlert('error', errorMessage(res));
    return false;
  }
  showAlert('success', res.message ?? 'You have left the waiting list.');
  return true;
}

/**
 * Pays an offer, accepting version `terms` of the terms of booking (0 sends none).
 * Resolves true when the browser is leaving for the checkout page, false after an error alert.
 */
export async function payOffer(id: string, terms = 0): Promise<boolean> {
  const path = apiPath(BASE, id, 'checkout');
  return leaveForCheckout(await request('POST', terms > 0 ? `${path}?terms=${terms}` : path));
}
