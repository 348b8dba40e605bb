// SPEC.md §7 #5: create a checkout session for a tour and leave for the provider's page.
import { showAlert } from '../lib/alert';
import type { DetailsGiven } from '../lib/booking-order';
import { navigate } from '../lib/navigate';
import { apiPath, errorMessage, request, type ApiResponse } from './client';

/** The checkout call's answer: {status, session: {url}} (SPEC.md §3, "session.url"). */
export type CheckoutResponse = ApiResponse & { session?: { url?: unknown } };

/**
 * What a booking of categories sends (issue #23): the units ("adult:2,child:1"), the
 * extras ("boots:2", "" for none) and the travellers' details and answers (null when
 * the tour asks none; sent in a POST's body, never the address). A plain number is `participants=N`: N of the first category.
 */
export interface Order {
  units: string;
  extras: string;
  details: DetailsGiven | null;
}

/**
 * SPEC.md's GET of a checkout that sends no details: `terms` is the version of the terms
 * of booking accepted (0 sends none), `giftCard` a gift card's code as typed ("" for none). An order's details never go in the address: they
 * are personal data, and a long one passes the server's header limit.
 */
export function checkoutPath(tourId: string, date: string, order: number | Order, terms = 0, promo = '', giftCard = ''): string {
  const query = new URLSearchParams({ date });
  if (typeof order === 'number') query.set('participants', String(order));
  else {
    query.set('units', order.units);
    if (order.extras) query.set('extras', order.extras);
  }
  if (terms > 0) query.set('terms', String(terms));
  if (promo.trim() !== '') query.set('promo', promo.trim());
  if (giftCard) query.set('giftCard', giftCard);
  return `${checkoutBase(tourId)}?${query.toString()}`;
}

function checkoutBase(tourId: string): string {
  return `/${apiPath('api/v1/bookings/checkout-session', tourId)}`;
}

/**
 * The body of the POST a checkout with details sends to the same address:
 * {date, units, extras, terms, details}, units and extras as the GET's "id:n,…".
 */
export function checkoutBody(date: string, order: Order, terms = 0, promo = '', giftCard = ''): Record<string, unknown> {
  const body: Record<string, unknown> = { date, units: order.units, details: order.details };
  if (order.extras) body.extras = order.extras;
  if (terms > 0) body.terms = terms;
  if (promo.trim() !== '') body.promo = promo.trim();
  if (giftCard) body.giftCard = giftCard;
  return body;
}

/**
 * Resolves true when the browser is leaving for the checkout page, false after an error
 * alert. An order whose tour asks who travels or questions POSTs them in the body;
 * every other order is SPEC.md's GET.
 */
export async function bookTour(tourId: string, date: string, order: number | Order, terms = 0, promo = '', giftCard = ''): Promise<boolean> {
  if (typeof order !== 'number' && order.details) {
    return leaveForCheckout(await request('POST', checkoutBase(tourId), checkoutBody(date, order, terms, promo, giftCard)));
  }
  return leaveForCheckout(await request('GET', checkoutPath(tourId, date, order, terms, promo, giftCard)));
}

/**
 * Sends the browser to the checkout page a checkout call answered with (a booking's, or
 * a waiting-list offer's) and returns true, or shows the error alert and returns false.
 */
export function leaveForCheckout(res: CheckoutResponse): boolean {
  const url = res.session?.url;
  if (res.status === 'success' && typeof url === 'string' && url !== '') {
    navigate(url);
    return true;
  }
  showAlert('error', res.status === 'success' ? 'Could not start the checkout. Please try again.' : errorMessage(res));
  return false;
}

/**
 * Back from a checkout the traveller cancelled (`?checkout=cancelled&booking=ID`), the
 * page gives the seats of its hold back with a POST: the server releases a hold on that
 * GET only when it is same-site, and the payment provider's cancel link is not. Resolves
 * true when a release was asked for; the query then leaves the address bar.
 */
export async function releaseCancelledHold(loc: Location = window.location): Promise<boolean> {
  const query = new URLSearchParams(loc.search);
  const booking = query.get('booking');
  if (query.get('checkout') !== 'cancelled' || !booking) return false;
  const res = await request('POST', apiPath('api/v1/my-bookings', booking, 'release'));
  if (res.status === 'success') {
    query.delete('checkout');
    query.delete('booking');
    const rest = query.toString();
    window.history.replaceState(window.history.state, '', loc.pathname + (rest ? `?${rest}` : '') + loc.hash);
  }
  return true;
}
