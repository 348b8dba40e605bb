// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isFiltered, listUrl } from './list-url';

describe('listUrl', () => {
  it('keeps the filters with a value, in order, and the page after the first', () => {
    expect(listUrl('/admin/bookings', { tour: 't-1', date: '', status: 'refund_due' }, 3)).toBe(
      '/admin/bookings?tour=t-1&status=refund_due&page=3',
    );
  });

  it('leaves out page 1 and gives the bare path without filters', () => {
    expect(listUrl('/admin/reviews', {}, 1)).toBe('/admin/reviews');
    expect(listUrl('/admin/users', { q: 'ann' })).toBe('/admin/users?q=ann');
  });

  it('encodes the values', () => {
    expect(listUrl('/admin/users', { q: 'a&b=c d+é' }, 2)).toBe('/admin/users?q=a%26b%3Dc%20d%2B%C3%A9&page=2');
  });

  it('tells whether anything filters the list', () => {
    expect(isFiltered({ a: '', b: '' })).toBe(false);
    expect(isFiltered({ a: '', b: 'x' })).toBe(true);
  });
});
