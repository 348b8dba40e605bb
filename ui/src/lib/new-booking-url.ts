/** /admin/bookings/new with the tour and the departure chosen (either may be left out). */
export function newBookingUrl(tourId?: string, date?: string): string {
  const q = new URLSearchParams();
  if (tourId) q.set('tour', tourId);
  if (tourId && date) q.set('date', date);
  const s = q.toString();
  return s === '' ? '/admin/bookings/new' : `/admin/bookings/new?${s}`;
}
