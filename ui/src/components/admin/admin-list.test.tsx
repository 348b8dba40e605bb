import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { admin, site } from '../../dev-fixtures';
import type { Paging } from '../../props';
import { SessionProvider } from '../../session';
import { AdminList, type ListFilterForm } from './admin-list';

interface Trip {
  id: string;
  name: string;
  seats: number;
}

const trips: Trip[] = [
  { id: 't-1', name: 'The Forest Hiker', seats: 4 },
  { id: 't-2', name: 'The Sea Explorer', seats: 0 },
];

const filters: ListFilterForm = {
  id: 'trip-filter',
  label: 'Filter trips',
  fields: [
    { id: 'trip-q', label: 'Name', name: 'q', type: 'search', autoComplete: 'off' },
    {
      id: 'trip-state',
      label: 'State',
      name: 'state',
      type: 'select',
      options: [
        { value: '', label: 'All' },
        { value: 'open', label: 'Open' },
        { value: 'full', label: 'Full' },
      ],
    },
    { id: 'trip-date', label: 'Date', name: 'date', type: 'date' },
  ],
  submitText: 'Filter',
  submitId: 'trip-submit',
};

const empty = { none: 'There are no trips yet.', noMatch: 'No trips match these filters.', showAll: 'Show all trips' };

interface ListProps {
  rows?: Trip[];
  query?: Record<string, string>;
  paging?: Paging;
  actions?: ReactNode;
}

function List({ rows = trips, query = { q: '', state: '', date: '' }, paging, actions }: ListProps) {
  return (
    <SessionProvider site={site} initialUser={admin}>
      <AdminList
        section="tours"
        title="Trips"
        actions={actions}
        path="/admin/trips"
        query={query}
        filters={filters}
        id="trips"
        caption="Trips, soonest first"
        columns={['Trip', 'Seats left']}
        rows={rows}
        row={(trip) => (
          <tr>
            <th scope="row">{trip.name}</th>
            <td className="admin-table__number">{trip.seats}</td>
          </tr>
        )}
        empty={empty}
        paging={paging}
      />
    </SessionProvider>
  );
}

describe('AdminList', () => {
  it('is a back-office page: the navigation at its section and the title', () => {
    const { container } = render(<List />);
    expect(screen.getByRole('link', { name: 'Tours' }).getAttribute('aria-current')).toBe('page');
    const title = screen.getByRole('heading', { level: 1, name: 'Trips' });
    expect(title.className).toBe('page-title');
    expect(title.parentElement).toBe(container.querySelector('div.admin'));
  });

  it('puts actions beside the title in a heading row, even when there are none to show', () => {
    const { unmount } = render(<List actions={<a href="/admin/trips/new">New trip</a>} />);
    const row = screen.getByRole('heading', { level: 1, name: 'Trips' }).parentElement!;
    expect(row.className).toBe('admin__heading');
    expect(within(row).getByRole('link', { name: 'New trip' }).getAttribute('href')).toBe('/admin/trips/new');
    unmount();
    render(<List actions={null} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Trips' }).parentElement!.className).toBe('admin__heading');
  });

  it('filters with a plain GET form to the list, showing the filters it was given', () => {
    render(<List query={{ q: 'sea', state: 'full', date: '' }} />);
    const form = screen.getByRole('search', { name: 'Filter trips' }) as HTMLFormElement;
    expect([form.id, form.className, form.getAttribute('method'), form.getAttribute('action')]).toEqual(['trip-filter', 'admin-search', 'get', '/admin/trips']);
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect([name.id, name.name, name.type, name.value, name.className, name.getAttribute('autocomplete')]).toEqual(['trip-q', 'q', 'search', 'sea', 'form__input', 'off']);
    const state = screen.getByLabelText('State') as HTMLSelectElement;
    expect([...state.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All'],
      ['open', 'Open'],
      ['full', 'Full'],
    ]);
    expect(state.value).toBe('full');
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect([date.type, date.value, date.getAttribute('autocomplete')]).toEqual(['date', '', null]);
    const submit = within(form).getByRole('button', { name: 'Filter' });
    expect([submit.id, submit.getAttribute('type'), submit.className]).toEqual(['trip-submit', 'submit', 'btn btn--primary']);
  });

  it('shows the rows in a captioned table with the page’s columns', () => {
    render(<List />);
    const table = screen.getByRole('table', { name: 'Trips, soonest first' });
    expect([table.id, table.className]).toEqual(['trips-table', 'admin-table']);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Trip', 'Seats left']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['The Forest Hiker', 'The Sea Explorer']);
    expect(within(rows[1]!).getByText('0').className).toBe('admin-table__number');
    // The table scrolls on its own on a phone, and a keyboard can reach it to do so.
    const region = screen.getByRole('region', { name: 'Trips, soonest first' });
    expect([region.className, region.tabIndex]).toEqual(['table-scroll', 0]);
    expect(screen.queryByText(empty.none)).toBeNull();
  });

  it('says there is nothing yet, without a way back, when no filter is set', () => {
    const { container } = render(<List rows={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    const state = container.querySelector('.empty-state') as HTMLElement;
    expect(state.textContent).toBe('There are no trips yet.');
    expect(within(state).queryByRole('link')).toBeNull();
  });

  it('says when nothing matches the filters, with a link to the whole list', () => {
    const { container } = render(<List rows={[]} query={{ q: 'zz', state: '', date: '' }} />);
    expect(container.querySelector('.empty-state p')?.textContent).toBe('No trips match these filters.');
    expect(screen.getByRole('link', { name: 'Show all trips' }).getAttribute('href')).toBe('/admin/trips');
  });

  it('pages with links that keep the filters', () => {
    render(<List query={{ q: 'sea', state: '', date: '' }} paging={{ page: 2, total: 102, hasPrev: true, hasNext: true }} />);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
    expect(screen.getByText('Showing 2 of 102').id).toBe('pager-summary');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/trips?q=sea');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/trips?q=sea&page=3');
  });

  it('has no pager for a list shown whole, nor for an empty one', () => {
    const { unmount } = render(<List />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    unmount();
    render(<List rows={[]} paging={{ page: 1, total: 0, hasPrev: false, hasNext: false }} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
