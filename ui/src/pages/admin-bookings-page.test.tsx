import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { adminBookingsEmpty, adminBookingsFiltered, fixtures } from '../dev-fixtures';

function field(label: string): HTMLInputElement | HTMLSelectElement {
  return screen.getByLabelText(label);
}

describe('AdminBookingsPage', () => {
  it('lists the bookings, each linking to its page', () => {
    render(<App data={fixtures.adminBookings} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bookings' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Bookings, newest first' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'Laura Wilson' }).getAttribute('href')).toBe('/admin/bookings/b-7e21c0a4');
    expect(first.getByText('laura@example.com')).toBeTruthy();
    expect(first.getByText('$794.00')).toBeTruthy();
    expect(first.getByText('Mon 3 May 2027, 14:05 UTC')).toBeTruthy();
    expect(within(rows[1]!).getByText('Refund due').className).toBe('status status--refund_due');
    // Travellers counted as seats, and both where some travel without one.
    expect(first.getByText('2')).toBeTruthy();
    expect(within(rows[1]!).getByText('4 travellers · 3 seats')).toBeTruthy();
    expect(within(rows[2]!).getByText('Refunded').className).toBe('status status--refunded');
    expect(within(rows[2]!).getByText('Cash')).toBeTruthy();
  });

  it('filters with a plain GET form', () => {
    const { container } = render(<App data={fixtures.adminBookings} />);
    const form = container.querySelector('form#booking-filter') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/bookings');
    expect([...form.elements].filter((el) => (el as HTMLInputElement).name).map((el) => (el as HTMLInputElement).name)).toEqual([
      'tour',
      'date',
      'status',
      'email',
      'from',
      'to',
    ]);
    const tour = field('Tour') as HTMLSelectElement;
    expect([...tour.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All tours'],
      ['t-5c88fa8c', 'The Forest Hiker'],
      ['t-5c88fa8d', 'The Sea Explorer'],
      ['t-5c88fa8e', 'The Snow Adventurer'],
    ]);
    const status = field('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All'],
      ['pending', 'Pending'],
      ['awaiting_payment', 'Awaiting payment'],
      ['paid', 'Paid'],
      ['refund_due', 'Refund due'],
      ['refunded', 'Refunded'],
      ['cancelled', 'Cancelled'],
    ]);
    expect((field('Departure date') as HTMLInputElement).type).toBe('date');
    expect((field('Booked from') as HTMLInputElement).type).toBe('date');
    expect((field('Booked to') as HTMLInputElement).type).toBe('date');
    expect(within(form).getByRole('button', { name: 'Filter' }).getAttribute('type')).toBe('submit');
  });

  it('shows the filters it was given and keeps them in the paging links', () => {
    render(<App data={adminBookingsFiltered} />);
    expect(field('Tour').value).toBe('t-5c88fa8c');
    expect(field('Departure date').value).toBe('');
    expect(field('Status').value).toBe('refund_due');
    expect(field('Customer email').value).toBe('ben@');
    expect(field('Booked from').value).toBe('2027-04-01');
    expect(field('Booked to').value).toBe('2027-05-31');
    expect(screen.getByText('Showing 1 of 51')).toBeTruthy();
    // Page 2 → page 1: the filters stay, the page goes.
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/admin/bookings?tour=t-5c88fa8c&status=refund_due&email=ben%40&from=2027-04-01&to=2027-05-31',
    );
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });

  it('links the next page of an unfiltered list', () => {
    render(<App data={fixtures.adminBookings} />);
    expect(screen.getByText('Showing 4 of 54')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/bookings?page=2');
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
  });

  it('says when nothing matches, with a way back to every booking', () => {
    render(<App data={adminBookingsEmpty} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No bookings match these filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all bookings' }).getAttribute('href')).toBe('/admin/bookings');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
