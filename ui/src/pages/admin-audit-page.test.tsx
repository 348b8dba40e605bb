import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('AdminAuditPage', () => {
  it('lists who changed what, the changes line by line', () => {
    render(<App data={fixtures.adminAudit} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Changes, newest first' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const update = within(rows[1]!);
    expect(update.getByRole('rowheader').textContent).toBe('Tue 11 May 2027, 10:30 UTC');
    expect(update.getByText('Laura Wilson')).toBeTruthy();
    expect(update.getByText('tour.update')).toBeTruthy();
    expect(update.getByText('t-5c88fa8c').parentElement?.textContent).toBe('tour t-5c88fa8c');
    expect(update.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'price: 37700 → 39700',
      'name: The Forest Walker → The Forest Hiker',
    ]);
    expect(within(rows[2]!).getByText('None')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/audit?page=2');
  });

  it('filters by actor and object with a GET form kept in the paging links', () => {
    const data = {
      ...fixtures.adminAudit,
      props: { ...fixtures.adminAudit.props, filters: { actor: 'u-5c8a1d5a', object: 't-5c88fa8c' }, paging: { page: 2, total: 120, hasPrev: true, hasNext: true } },
    };
    const { container } = render(<App data={data} />);
    const form = container.querySelector('form#audit-filter') as HTMLFormElement;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/admin/audit']);
    const actor = screen.getByLabelText('Actor (user id)') as HTMLInputElement;
    const object = screen.getByLabelText('Object (tour or booking id)') as HTMLInputElement;
    expect([actor.name, actor.value]).toEqual(['actor', 'u-5c8a1d5a']);
    expect([object.name, object.value]).toEqual(['object', 't-5c88fa8c']);
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/admin/audit?actor=u-5c8a1d5a&object=t-5c88fa8c');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/admin/audit?actor=u-5c8a1d5a&object=t-5c88fa8c&page=3');
  });
});
