// The back office's search box (issue #21 §4): in the navigation of every back-office page
// for those who manage bookings, a plain GET form to /admin/bookings?q=, whose answer is the
// bookings list titled by the search, with each booking's reference.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures, guide, leadGuide } from '../dev-fixtures';
import type { PageData } from '../props';

function searchForm(): HTMLFormElement {
  return screen.getByRole('search', { name: 'Find a booking' }) as HTMLFormElement;
}

const zoe = { ...fixtures.adminBookings.props.bookings[0]!, id: 'b-zoe', reference: 'TB-ZQ4M2K', customerName: 'Zoë Martin', customerEmail: 'zoe@example.com' };

const searched: PageData<'adminBookings'> = {
  ...fixtures.adminBookings,
  props: {
    ...fixtures.adminBookings.props,
    bookings: [zoe],
    filters: { ...fixtures.adminBookings.props.filters, status: 'paid', q: 'zoe' },
    paging: { page: 1, total: 1, hasPrev: false, hasNext: false },
  },
};

describe('the booking search', () => {
  it('is on the dashboard of those who manage bookings: what is typed goes to the bookings list as q', async () => {
    render(<App data={fixtures.adminDashboard} />);
    const form = searchForm();
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/bookings');
    const box = within(form).getByRole('searchbox', { name: 'Booking reference, ticket code, name, email or phone' });
    await userEvent.type(box, 'zoe');
    expect([...new FormData(form).entries()]).toEqual([['q', 'zoe']]);
    expect(within(form).getByRole('button', { name: 'Find' }).getAttribute('type')).toBe('submit');
  });

  it('is there for lead guides, not for guides, who may not see bookings', () => {
    const { unmount } = render(<App data={{ ...fixtures.adminDashboard, user: leadGuide }} />);
    expect(searchForm()).toBeTruthy();
    unmount();
    render(<App data={{ ...fixtures.adminDashboard, user: guide, props: { ...fixtures.adminDashboard.props, sales: null } }} />);
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    expect(screen.queryByRole('search', { name: 'Find a booking' })).toBeNull();
  });

  it('shows what it found under a title that says what was searched, the box still holding it', () => {
    const { container } = render(<App data={searched} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bookings found by “zoe”' })).toBeTruthy();
    expect((within(searchForm()).getByRole('searchbox') as HTMLInputElement).value).toBe('zoe');
    const rows = within(screen.getByRole('table', { name: 'Bookings, newest first' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    const row = within(rows[0]!);
    expect(row.getByRole('link', { name: 'Zoë Martin' }).getAttribute('href')).toBe('/admin/bookings/b-zoe');
    expect(row.getByText('TB-ZQ4M2K').tagName).toBe('CODE');
    // Filtering narrows what the search found: the form carries q along.
    const filter = container.querySelector('form#booking-filter') as HTMLFormElement;
    expect(new FormData(filter).get('q')).toBe('zoe');
    expect(new FormData(filter).get('status')).toBe('paid');
  });

  it('says when nothing matches, with a way back to every booking', () => {
    render(<App data={{ ...searched, props: { ...searched.props, bookings: [], paging: { page: 1, total: 0, hasPrev: false, hasNext: false } } }} />);
    expect(screen.getByText('No bookings match these filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all bookings' }).getAttribute('href')).toBe('/admin/bookings');
  });

  it('says what to type when the search has nothing to look for', () => {
    const message = 'Type a name, an email address, a phone number or a booking reference to search for.';
    render(<App data={{ ...searched, props: { ...searched.props, bookings: [], filters: { ...searched.props.filters, q: '--' }, message } }} />);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
