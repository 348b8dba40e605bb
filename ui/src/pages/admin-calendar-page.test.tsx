import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { adminCalendarDay, fixtures, guide } from '../dev-fixtures';

describe('AdminCalendarPage', () => {
  it('shows a month, Monday first, each day linking to its day and each departure to its manifest', () => {
    render(<App data={fixtures.adminCalendar} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar: June 2027' })).toBeTruthy();
    const month = document.getElementById('calendar-month')!;
    const days = month.querySelectorAll('.calendar-day');
    expect(days).toHaveLength(35);
    expect(days[0]!.getAttribute('data-date')).toBe('2027-05-31');
    expect(days[0]!.className).toContain('calendar-day--other');
    const fifteenth = month.querySelector('[data-date="2027-06-15"]') as HTMLElement;
    expect(within(fifteenth).getByRole('link', { name: 'Tue 15 June 2027: 1 departure' }).getAttribute('href')).toBe('/admin/calendar?day=2027-06-15');
    const departure = within(fifteenth).getByRole('link', { name: /The Forest Hiker/ });
    expect(departure.getAttribute('href')).toBe('/admin/tours/t-5c88fa8c/departures/2027-06-15');
    expect(departure.textContent).toContain('09:00 MDT (America/Edmonton)');
    expect(within(fifteenth).getByText('7 left of 25')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe('page');
  });

  it('moves by links and filters with a plain GET form', () => {
    render(<App data={fixtures.adminCalendar} />);
    expect(screen.getByRole('link', { name: 'Previous month' }).getAttribute('href')).toBe('/admin/calendar?month=2027-05');
    expect(screen.getByRole('link', { name: 'Next month' }).getAttribute('href')).toBe('/admin/calendar?month=2027-07');
    const form = screen.getByRole('search', { name: 'Filter departures' }) as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/admin/calendar');
    expect((form.querySelector('input[name="month"]') as HTMLInputElement).value).toBe('2027-06');
    expect(within(form).getByLabelText('Tour')).toBeTruthy();
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All tours',
      'The Forest Hiker',
      'The Sea Explorer',
      'All guides',
      'Kwame Mensah',
    ]);
  });

  it('shows a day: each departure with its seats, status and manifest', () => {
    render(<App data={adminCalendarDay} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tue 15 June 2027' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Departures on Tue 15 June 2027, with their manifests' });
    const cells = within(within(table).getAllByRole('row')[1]!);
    expect(cells.getByRole('link', { name: 'The Forest Hiker, manifest of Tue 15 June 2027' }).getAttribute('href')).toBe(
      '/admin/tours/t-5c88fa8c/departures/2027-06-15',
    );
    expect(cells.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(cells.getByText('Banff Visitor Centre')).toBeTruthy();
    expect(cells.getByText('7 / 25')).toBeTruthy();
    expect(cells.getByText('Open').className).toBe('status status--open');
    expect(screen.getByRole('link', { name: 'Previous day' }).getAttribute('href')).toBe('/admin/calendar?day=2027-06-14');
    expect(screen.getByRole('link', { name: 'All of June 2027' }).getAttribute('href')).toBe('/admin/calendar?month=2027-06');
    expect((document.querySelector('#calendar-filter input[name="day"]') as HTMLInputElement).value).toBe('2027-06-15');
  });

  it('says when a day has no departures', () => {
    render(<App data={{ ...adminCalendarDay, props: { ...adminCalendarDay.props, departures: [] } }} />);
    expect(screen.getByText('No departures on this day.')).toBeTruthy();
  });

  it('gives guides no guide filter', () => {
    render(<App data={{ ...fixtures.adminCalendar, user: guide, props: { ...fixtures.adminCalendar.props, guides: [] } }} />);
    expect(screen.queryByLabelText('Guide')).toBeNull();
  });
});
