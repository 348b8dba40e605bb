import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { adminDashboardGuideView, fixtures } from '../dev-fixtures';

describe('AdminDashboardPage', () => {
  it('shows the sales figures and the way to the refund-due bookings', () => {
    render(<App data={fixtures.adminDashboard} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(document.getElementById('sales-bookings')?.textContent).toBe('42');
    expect(document.getElementById('sales-revenue')?.textContent).toBe('$18,455.00');
    expect(screen.getByRole('link', { name: '1 booking' }).getAttribute('href')).toBe('/admin/bookings?status=refund_due');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists the upcoming departures, each linking to its manifest', () => {
    render(<App data={fixtures.adminDashboard} />);
    const rows = within(screen.getByRole('table', { name: 'Upcoming departures, with their manifests' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader').textContent).toBe('The Forest Hiker');
    expect(first.getByRole('link', { name: 'Tue 15 June 2027, manifest of The Forest Hiker' }).getAttribute('href')).toBe(
      '/admin/tours/t-5c88fa8c/departures/2027-06-15',
    );
    expect(first.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(first.getByText('16')).toBeTruthy();
    expect(first.getByText('2')).toBeTruthy();
    expect(first.getByText('7 / 25')).toBeTruthy();
    expect(first.getByText('Open')).toBeTruthy();
    expect(within(rows[1]!).getByText('Full').className).toBe('status status--full');
    expect(within(rows[2]!).getByText('Closed').className).toBe('status status--closed');
  });

  it('lists the next 14 days and links to the calendar for the rest', () => {
    render(<App data={fixtures.adminDashboard} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Departures in the next 14 days' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All departures in the calendar' }).getAttribute('href')).toBe('/admin/calendar');
  });

  it('shows guides their departures and no money', () => {
    render(<App data={adminDashboardGuideView} />);
    expect(screen.queryByRole('region', { name: 'Sales' })).toBeNull();
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(2);
    const nav = within(screen.getByRole('navigation', { name: 'Back office' }));
    expect(nav.getAllByRole('link').map((a) => a.textContent)).toEqual(['My departures', 'Calendar', 'Tours']);
  });

  it('says when nothing is coming up', () => {
    render(<App data={{ ...fixtures.adminDashboard, props: { ...fixtures.adminDashboard.props, departures: [] } }} />);
    expect(screen.getByText('No departures in the next 14 days.')).toBeTruthy();
  });
});
