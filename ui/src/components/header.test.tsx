import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures, user } from '../dev-fixtures';
import type { Role } from '../props';

function renderAs(role: Role | null) {
  render(<App data={{ ...fixtures.overview, user: role ? { ...user, role } : null }} />);
}

describe('Header', () => {
  it.each(['admin', 'lead-guide', 'guide'] as const)('links a %s to the back office', (role) => {
    renderAs(role);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('shows no Admin link to travellers', () => {
    renderAs('user');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows no Admin link when signed out', () => {
    renderAs(null);
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
