import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';

describe('AdminMyDeparturesPage', () => {
  it("lists a guide's departures with their day, time, meeting point, numbers and the check-in", () => {
    render(<App data={fixtures.adminMyDepartures} />);
    expect(screen.getByRole('heading', { level: 1, name: 'My departures today and next' })).toBeTruthy();
    const [today, cancelled] = Array.from(document.querySelectorAll<HTMLElement>('#my-departures > li'));
    const first = within(today!);
    expect(first.getByRole('heading', { level: 2 }).textContent).toBe('TodayTue 15 June 2027The Forest Hiker');
    expect(first.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(first.getByText('Banff Visitor Centre')).toBeTruthy();
    expect(first.getByText('16 travellers')).toBeTruthy();
    expect(first.getByText('5 of 16')).toBeTruthy();
    const checkIn = first.getByRole('link', { name: 'Check in travellers of The Forest Hiker, Tue 15 June 2027' });
    expect(checkIn.getAttribute('href')).toBe('/admin/tours/t-5c88fa8c/departures/2027-06-15/check-in');
    expect(checkIn.className).toContain('btn--primary');
    expect(first.getByRole('link', { name: 'Manifest of The Forest Hiker, Tue 15 June 2027' }).getAttribute('href')).toBe(
      '/admin/tours/t-5c88fa8c/departures/2027-06-15',
    );

    const second = within(cancelled!);
    expect(second.getByText('Cancelled').className).toBe('status status--cancelled');
    expect(second.queryByRole('link', { name: /Check in/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'My departures' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All departures in the calendar' }).getAttribute('href')).toBe('/admin/calendar');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('says when there is nothing in the next 30 days', () => {
    render(<App data={{ ...fixtures.adminMyDepartures, props: { ...fixtures.adminMyDepartures.props, departures: [] } }} />);
    expect(screen.getByText('You have no departures in the next 30 days.')).toBeTruthy();
  });
});
