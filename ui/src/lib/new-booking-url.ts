/** /admin/bookings/new with the tour and the departure chosen (either may be left out). */
export function newBookingUrl(tourId?: string, date?: string): string {
  // Built by hand: the server's renderer has no URLSearchParams.
  if (!tourId) return '/admin/bookings/new';
  const tour = `/admin/bookings/new?tour=${encodeURIComponent(tourId)}`;
  return date ? `${tour}&date=${encodeURIComponent(date)}` : tour;
}
