// SPEC.md §4 "Booking confirmation": the Go document puts data-alert on <body> after a
// payment; show it for 10 s, then go to the user's bookings.
import { showAlert } from './alert';
import { navigate } from './navigate';

export const BOOKING_ALERT_SECONDS = 10;
export const BOOKING_REDIRECT_MS = 10000;

export function showBookingAlert(body: HTMLElement = document.body): boolean {
  const message = body.dataset.alert;
  if (!message) return false;
  showAlert('success', message, BOOKING_ALERT_SECONDS);
  window.setTimeout(() => navigate('/my-tours'), BOOKING_REDIRECT_MS);
  return true;
}
