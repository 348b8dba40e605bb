import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../app';
import { admin, allFixtures, guide, leadGuide, site, user } from '../../dev-fixtures';
import type { SessionUser } from '../../props';
import { SessionProvider } from '../../session';
import { AdminNav, type AdminSection } from './admin-nav';

// The tour editor's map loads Leaflet, which needs a window that may be gone when the file ends.
vi.mock('../leaflet-setup', () => ({ L: null }));
vi.mock('./stop-map-leaflet', () => ({ L: null }));

function renderNav(who: SessionUser | null, current: AdminSection = 'dashboard', exact = true) {
  return render(
    <SessionProvider site={site} initialUser={who}>
      <AdminNav current={current} exact={exact} />
    </SessionProvider>,
  );
}

function links(): [string, string | null][] {
  const nav = screen.getByRole('navigation', { name: 'Back office' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => [a.textContent ?? '', a.getAttribute('href')]);
}

describe('AdminNav', () => {
  it('gives admins every section', () => {
    renderNav(admin);
    expect(links()).toEqual([
      ['Dashboard', '/admin'],
      ['Calendar', '/admin/calendar'],
      ['Tours', '/admin/tours'],
      ['Bookings', '/admin/bookings'],
      ['Receipts', '/admin/receipts'],
      ['Gift cards', '/admin/gift-cards'],
      ['Users', '/admin/users'],
      ['Reviews', '/admin/reviews'],
      ['Audit log', '/admin/audit'],
      ['Emails', '/admin/emails'],
      ['Legal pages', '/admin/legal'],
      ['Promo codes', '/admin/promotions'],
      ['Settings', '/admin/settings'],
    ]);
  });

  it('gives lead guides their departures first, and no users, reviews or audit log', () => {
    renderNav(leadGuide);
    expect(links()).toEqual([
      ['My departures', '/admin'],
      ['Dashboard', '/admin/dashboard'],
      ['Calendar', '/admin/calendar'],
      ['Tours', '/admin/tours'],
      ['Bookings', '/admin/bookings'],
    ]);
  });

  it('gives guides their departures, the calendar and tours only', () => {
    renderNav(guide);
    expect(links().map(([label]) => label)).toEqual(['My departures', 'Calendar', 'Tours']);
  });

  it('shows nothing to travellers or when signed out', () => {
    const { container } = renderNav(user);
    expect(container.innerHTML).toBe('');
    renderNav(null);
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('marks the current section: the page itself, or a page inside it', () => {
    renderNav(admin, 'bookings');
    expect(screen.getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('folds into a disclosure whose button names the current section', () => {
    renderNav(admin, 'bookings');
    const details = screen.getByRole('navigation', { name: 'Back office' }).querySelector('details.menu')!;
    expect(details.querySelector(':scope > summary')!.textContent).toBe('Back office: Bookings');
    // Every section is inside it: as many links as the admin's sections.
    expect(details.querySelectorAll('.admin-nav__link')).toHaveLength(links().length);
  });

  it('marks the section of a page inside it as "true", not "page"', () => {
    renderNav(admin, 'tours', false);
    expect(screen.getByRole('link', { name: 'Tours' }).getAttribute('aria-current')).toBe('true');
  });
});

describe('AdminNav on the pages', () => {
  it.each(allFixtures.filter((d) => d.page.startsWith('admin')).map((d) => [d.page, d] as const))('%s has it', (_page, data) => {
    render(<App data={data} />);
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });
});
