// Addresses of the back office's filtered, paged lists: the same query the GET filter form
// sends, so a paging link keeps the filters the page was shown with. Built by hand, not
// with URLSearchParams: the server renderer's bare JavaScript context has no URL API.

/**
 * "/admin/bookings" with {status: 'paid', email: ''} and page 2 → "/admin/bookings?status=paid&page=2".
 * Empty filters are left out, and so is page 1.
 */
export function listUrl(path: string, params: Record<string, string>, page = 1): string {
  const pairs = Object.entries(params).filter(([, value]) => value !== '');
  if (page > 1) pairs.push(['page', String(page)]);
  const qs = pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return qs === '' ? path : `${path}?${qs}`;
}

/** True when any filter has a value. */
export function isFiltered(params: Record<string, string>): boolean {
  return Object.values(params).some((value) => value !== '');
}
