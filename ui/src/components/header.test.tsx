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

  it('folds its links into a Menu disclosure (<details>), which works without JavaScript', () => {
    renderAs('admin');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const details = nav.closest('details')!;
    expect(details.classList.contains('menu')).toBe(true);
    expect(details.querySelector(':scope > summary')!.textContent).toBe('Menu');
  });

  it('marks the link of the current page, and of the section of a page inside it', () => {
    render(<App data={{ ...fixtures.myTours, user }} />);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All tours' }).getAttribute('aria-current')).toBeNull();
  });

  it('marks the section of a page inside it as "true"', () => {
    render(<App data={{ ...fixtures.myBooking, user }} />);
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('aria-current')).toBe('true');
  });
});
