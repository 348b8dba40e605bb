import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import type { AdminUserRow } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;
const jennifer = fixtures.adminUsers.props.users[2]!;

function answer(user: AdminUserRow) {
  return jsonResponse({ status: 'success', data: { user } });
}

function row(name: string): HTMLElement {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

function sent(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, json: JSON.parse(init?.body as string) as unknown };
}

describe('AdminUsersPage', () => {
  it('lists the users with their role and whether they are active', () => {
    render(<App data={fixtures.adminUsers} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
    const role = screen.getByLabelText('Role of Jennifer Hardy') as HTMLSelectElement;
    expect(role.value).toBe('guide');
    expect([...role.options].map((o) => [o.value, o.textContent])).toEqual([
      ['user', 'User'],
      ['guide', 'Tour guide'],
      ['lead-guide', 'Lead guide'],
      ['admin', 'Administrator'],
    ]);
    expect(within(row('Jennifer Hardy')).getByText('Active').className).toBe('status status--active');
    expect(within(row('Ben Hadley')).getByText('Inactive').className).toBe('status status--inactive');
    expect(within(row('Ben Hadley')).getByRole('button', { name: 'Reactivate: Ben Hadley' })).toBeTruthy();
  });

  it('searches with a plain GET form that keeps the query', () => {
    const data = { ...fixtures.adminUsers, props: { ...fixtures.adminUsers.props, query: 'hardy' } };
    const { container } = render(<App data={data} />);
    const form = container.querySelector('form#user-search') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/users');
    const q = screen.getByLabelText('Search by name or email') as HTMLInputElement;
    expect([q.name, q.value]).toEqual(['q', 'hardy']);
  });

  it('saves a new role with PATCH {role} and shows the answered row', async () => {
    const fetch = mockFetch(answer({ ...jennifer, role: 'lead-guide', roleLabel: 'Lead guide' }));
    render(<App data={fixtures.adminUsers} />);
    fireEvent.change(screen.getByLabelText('Role of Jennifer Hardy'), { target: { value: 'lead-guide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role: Jennifer Hardy' }));
    await flush();
    expect(sent(fetch)).toEqual({ url: `${origin}/api/v1/admin/users/u-5c8a21d0`, method: 'PATCH', json: { role: 'lead-guide' } });
    expect(currentAlert()?.textContent).toBe('User updated');
    expect((screen.getByLabelText('Role of Jennifer Hardy') as HTMLSelectElement).value).toBe('lead-guide');
  });

  it('keeps the chosen role when the change is refused', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'The last active admin cannot lose the role' }, 409));
    render(<App data={fixtures.adminUsers} />);
    fireEvent.change(screen.getByLabelText('Role of Laura Wilson'), { target: { value: 'user' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save role: Laura Wilson' }));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('The last active admin cannot lose the role');
    expect((screen.getByLabelText('Role of Laura Wilson') as HTMLSelectElement).value).toBe('user');
  });

  it('deactivates with PATCH {active: false} and replaces the row', async () => {
    const fetch = mockFetch(answer({ ...jennifer, active: false }));
    render(<App data={fixtures.adminUsers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate: Jennifer Hardy' }));
    await flush();
    expect(sent(fetch).json).toEqual({ active: false });
    expect(currentAlert()?.textContent).toBe('User updated');
    const jen = within(row('Jennifer Hardy'));
    expect(jen.getByText('Inactive')).toBeTruthy();
    expect(jen.getByRole('button', { name: 'Reactivate: Jennifer Hardy' })).toBeTruthy();
  });
});
