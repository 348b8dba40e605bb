// Addresses of the back office's filtered, paged lists: the same query the GET filter form
// sends, so a paging link keeps the filters the page was shown with. Built by hand, not
// with URLSearchParams: the server renderer's bare JavaScript context has no URL API.

/** A list's filters: string fields only (an interface, which has no index signature, fits). */
type Filters<F> = { [K in keyof F]: string };

/**
 * "/admin/bookings" with {status: 'paid', email: ''} and page 2 → "/admin/bookings?status=paid&page=2".
 * Empty filters are left out, and so is page 1.
 */
export function listUrl<F extends Filters<F>>(path: string, params: F, page = 1): string {
  const pairs = Object.entries<string>(params).filter(([, value]) => value !== '');
  if (page > 1) pairs.push(['page', String(page)]);
  const qs = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return qs === '' ? path : `${path}?${qs}`;
}

/** True when any filter has a value. */
export function isFiltered<F extends Filters<F>>(params: F): boolean {
  return Object.values<string>(params).some((value) => value !== '');
}
