// SPEC.md §7 #5: create a checkout session for a tour and leave for the provider's page.
import { showAlert } from '../lib/alert';
import { navigate } from '../lib/navigate';
import { errorMessage, request } from './client';

interface CheckoutSession {
  id?: string;
  url: string;
}

interface CheckoutResponseData {
  session?: CheckoutSession;
}

export function checkoutPath(tourId: string, date: string, participants: number): string {
  const query = new URLSearchParams({ date, participants: String(participants) });
  return `/api/v1/bookings/checkout-session/${encodeURIComponent(tourId)}?${query.toString()}`;
}

/** Resolves true when the browser is leaving for the checkout page, false after an error alert. */
export async function bookTour(tourId: string, date: string, participants: number): Promise<boolean> {
  const res = await request<CheckoutResponseData>('GET', checkoutPath(tourId, date, participants));
  // The session is under data (the API's envelope); a top-level `session` is accepted too.
  const session =
    res.data?.session ?? (res as { session?: CheckoutSession }).session;
  if (res.status === 'success' && session && typeof session.url === 'string' && session.url) {
    navigate(session.url);
    return true;
  }
  showAlert('error', res.status === 'success' ? 'Could not start the checkout. Please try again.' : errorMessage(res));
  return false;
}
