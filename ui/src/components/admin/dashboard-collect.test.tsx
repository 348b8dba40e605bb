// The dashboard's money to collect and pay back: shown to those who manage bookings,
// each row linking to its booking; never to guides.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app';
import { adminDashboardGuideView, fixtures } from '../../dev-fixtures';

describe('DashboardCollect', () => {
  it('lists the bookings awaiting payment and the refunds owed, with their amounts and links', () => {
    render(<App data={fixtures.adminDashboard} />);
    const awaiting = within(screen.getByRole('table', { name: 'Bookings awaiting payment outside the site, by departure' })).getAllByRole('row');
    expect(awaiting).toHaveLength(2);
    expect(awaiting[1]!.textContent).toContain('Ines Duarte');
    expect(awaiting[1]!.textContent).toContain('€2,580.00');
    expect(within(awaiting[1]!).getByRole('link', { name: 'Tue 15 June 2027, booking of Ines Duarte' }).getAttribute('href')).toBe(
      '/admin/bookings/b-7e21c0b1',
    );
    const owed = within(screen.getByRole('table', { name: 'Refunds to pay back outside the site' })).getAllByRole('row');
    expect(owed).toHaveLength(2);
    expect(owed[1]!.textContent).toContain('$497.00');
    expect(owed[1]!.textContent).toContain('Cash');
    expect(within(owed[1]!).getByRole('link').getAttribute('href')).toBe('/admin/bookings/b-7e21c0a2');
  });

  it('shows guides no money', () => {
    render(<App data={adminDashboardGuideView} />);
    expect(screen.queryByRole('heading', { name: 'Awaiting payment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Refunds owed' })).toBeNull();
  });
});
