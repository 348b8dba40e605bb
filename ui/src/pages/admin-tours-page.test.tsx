import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { adminToursGuideView, fixtures } from '../dev-fixtures';

describe('AdminToursPage', () => {
  it('lists the tours with a link, status badge, price and departures each', () => {
    render(<App data={fixtures.adminTours} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tours' })).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('link', { name: 'The Forest Hiker' }).getAttribute('href')).toBe('/admin/tours/t-5c88fa8c');
    expect(first.getByText('Published').className).toBe('status status--published');
    expect(first.getByText('$397')).toBeTruthy();
    expect(first.getByText('2')).toBeTruthy();
    expect(first.getByText('Tue 15 June 2027')).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft').className).toBe('status status--draft');
    expect(within(rows[1]!).getByText('None')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New tour' }).getAttribute('href')).toBe('/admin/tours/new');
  });

  it('searches with a plain GET form that keeps the current query', () => {
    const data = { ...fixtures.adminTours, props: { ...fixtures.adminTours.props, query: 'forest', status: 'draft' as const } };
    const { container } = render(<App data={data} />);
    const form = container.querySelector('form#tour-search') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/tours');
    const q = screen.getByLabelText('Search by name') as HTMLInputElement;
    expect(q.name).toBe('q');
    expect(q.value).toBe('forest');
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.name).toBe('status');
    expect(status.value).toBe('draft');
    expect([...status.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All'],
      ['draft', 'Draft'],
      ['published', 'Published'],
      ['archived', 'Archived'],
    ]);
    expect(within(form).getByRole('button', { name: 'Search' }).getAttribute('type')).toBe('submit');
  });

  it('hides "New tour" from guides', () => {
    render(<App data={adminToursGuideView} />);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('link', { name: 'New tour' })).toBeNull();
  });

  it('says when no tour matches, with a way back to all of them', () => {
    const data = { ...fixtures.adminTours, props: { ...fixtures.adminTours.props, tours: [], query: 'nothing' } };
    render(<App data={data} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No tours match this search.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all tours' }).getAttribute('href')).toBe('/admin/tours');
  });

  it('has an empty state without a search too', () => {
    render(<App data={{ ...fixtures.adminTours, props: { ...fixtures.adminTours.props, tours: [] } }} />);
    expect(screen.getByText('There are no tours yet.')).toBeTruthy();
  });
});
