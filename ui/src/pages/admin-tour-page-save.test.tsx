import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures, forestHikerAdmin } from '../dev-fixtures';
import { navigate, replaceUrl } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';
import { answer, json, origin, sent, type, value } from './admin-tour-page.test-helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));
// The stop map has its own tests; here the editor runs without a map, as before Leaflet loads.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(replaceUrl).mockReset();
});

describe('AdminTourPage: one Save', () => {
  it('saves the details, the stops and the policy in one call with one alert', async () => {
    const fetch = mockFetch(answer({ version: 8, name: 'The Forest Walker' }));
    render(<App data={fixtures.adminTour} />);
    // One Save for the three parts, none of their own.
    const form = within(screen.getByRole('form', { name: 'Tour' }));
    expect(form.getAllByRole('button', { name: /^Save/ }).map((b) => b.textContent)).toEqual(['Save tour']);
    expect(screen.queryByRole('button', { name: 'Save stops' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save policy' })).toBeNull();
    expect(document.getElementById('tour-form-state')?.textContent).toBe('');

    type('Name', 'The Forest Walker');
    type('Day of stop 2', '2');
    type('Tier 2: refund percent', '40');
    expect(document.getElementById('tour-form-state')?.textContent).toBe('Changes not saved yet');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();

    expect(fetch).toHaveBeenCalledOnce();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c`, method: 'PATCH' });
    const body = json(fetch) as { version: number; name: string; locations: { day: string }[]; cancellationPolicy: { percent: string }[] };
    expect(body.version).toBe(7);
    expect(body.name).toBe('The Forest Walker');
    expect(body.locations.map((l) => l.day)).toEqual(['1', '2', '5']);
    expect(body.cancellationPolicy.map((t) => t.percent)).toEqual(['100', '40', '0']);
    expect(currentAlert()?.textContent).toBe('Tour saved');
    expect(document.getElementById('tour-form-state')?.textContent).toBe('');
  });

  it('marks every refused field at once, in every part of the form, and keeps all that was typed', async () => {
    const fields = {
      price: 'Price per person must be a number, e.g. 1290 or 1290.50.',
      slug: 'Another tour already uses this slug. Please choose another.',
      'locations.1.day': "Stop 2's day must be between 1 and the tour's 7 days.",
      'cancellationPolicy.0.percent': "Cancellation tier 1's refund must be between 0 and 100%.",
    };
    mockFetch(jsonResponse({ status: 'fail', message: `Please correct 4 fields: ${Object.values(fields).join(' ')}`, fields }, 400));
    render(<App data={fixtures.adminTour} />);
    type('Price per person', '12,3,45');
    type('Slug', 'the-park-camper');
    type('Day of stop 2', '9');
    type('Tier 1: refund percent', '101');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();

    expect(currentAlert()?.className).toBe('alert alert--error');
    for (const [id, message] of [
      ['tour-price', fields.price],
      ['tour-slug', fields.slug],
      ['stop-day-2', fields['locations.1.day']],
      ['policy-percent-1', fields['cancellationPolicy.0.percent']],
    ] as const) {
      expect(document.getElementById(id)?.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(`${id}-error`)?.textContent).toBe(message);
    }
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();
    expect(value('Price per person')).toBe('12,3,45');
    expect(value('Day of stop 2')).toBe('9');
    expect(value('Tier 1: refund percent')).toBe('101');
    expect(document.getElementById('tour-form-state')?.textContent).toBe('Changes not saved yet');
  });

  it('keeps what was typed when another part of the page saves (a picture, a departure)', async () => {
    mockFetch(answer({ version: 8, departures: [forestHikerAdmin.departures[0]!] }));
    render(<App data={fixtures.adminTour} />);
    type('Summary', 'Typed, not saved');
    type('Description of stop 1', 'Banff, typed');
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Wed 6 October 2027' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('Departure deleted');
    expect(value('Summary')).toBe('Typed, not saved');
    expect(value('Description of stop 1')).toBe('Banff, typed');
    expect(document.getElementById('tour-form-state')?.textContent).toBe('Changes not saved yet');
  });
});

describe('AdminTourPage: unsaved changes', () => {
  it('asks before leaving while a part of the page has changes, and no longer once they are saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    mockFetch(answer({ version: 8, name: 'The Forest Walker' }));
    render(<App data={fixtures.adminTour} />);
    const allTours = document.querySelector<HTMLAnchorElement>('.admin__back a[href="/admin/tours"]')!;
    expect(fireEvent.click(allTours)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();

    type('Name', 'The Forest Walker');
    expect(fireEvent.click(allTours)).toBe(false);
    expect(confirm).toHaveBeenCalledWith('You have changes that are not saved. Leave this page and lose them?');
    // Typed back to what was saved: nothing to lose.
    type('Name', 'The Forest Hiker');
    confirm.mockClear();
    expect(fireEvent.click(allTours)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();

    type('Name', 'The Forest Walker');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(fireEvent.click(allTours)).toBe(true);
  });

  it('asks for the policy\'s changes too, until they are saved', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    mockFetch(answer({ version: 8, cancellationPolicy: [{ daysBefore: 0, percent: 0 }] }));
    render(<App data={fixtures.adminTour} />);
    const allTours = document.querySelector<HTMLAnchorElement>('.admin__back a[href="/admin/tours"]')!;
    type('Tier 1: refund percent', '90');
    expect(fireEvent.click(allTours)).toBe(false);
    fireEvent.click(screen.getByLabelText('Remove tier 1'));
    fireEvent.click(screen.getByLabelText('Remove tier 1'));
    type('Tier 1: days before departure', '0');
    type('Tier 1: refund percent', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    confirm.mockClear();
    expect(fireEvent.click(allTours)).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });
});

describe('AdminTourPage: cancellation policy', () => {
  it('edits, adds and removes tiers and saves them as typed, taking the sorted answer', async () => {
    const sorted = [
      { daysBefore: 45, percent: 100 },
      { daysBefore: 7, percent: 50 },
      { daysBefore: 2, percent: 10 },
    ];
    const fetch = mockFetch(answer({ version: 8, cancellationPolicy: sorted }));
    render(<App data={fixtures.adminTour} />);
    expect(value('Tier 1: days before departure')).toBe('30');
    expect(value('Tier 2: refund percent')).toBe('50');
    type('Tier 1: days before departure', '45');
    fireEvent.click(screen.getByLabelText('Remove tier 3'));
    fireEvent.click(document.getElementById('add-tier')!);
    type('Tier 3: days before departure', '2');
    type('Tier 3: refund percent', '10');
    const button = document.getElementById('save-tour')!;
    expect(button.textContent).toBe('Save tour');
    fireEvent.click(button);
    expect(button.textContent).toBe('Saving...');
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c`, method: 'PATCH' });
    expect(json(fetch)).toMatchObject({
      version: 7,
      cancellationPolicy: [
        { daysBefore: '45', percent: '100' },
        { daysBefore: '7', percent: '50' },
        { daysBefore: '2', percent: '10' },
      ],
    });
    expect(currentAlert()?.textContent).toBe('Tour saved');
    expect(value('Tier 3: days before departure')).toBe('2');
  });

  it('keeps what was typed when the server refuses it', async () => {
    const message = "Cancellation tier 1's refund must be between 0 and 100%.";
    const fetch = mockFetch(jsonResponse({ status: 'fail', message, fields: { 'cancellationPolicy.0.percent': message } }, 400));
    render(<App data={fixtures.adminTour} />);
    type('Tier 1: refund percent', '101');
    fireEvent.click(document.getElementById('save-tour')!);
    await flush();
    expect((json(fetch) as { cancellationPolicy: unknown[] }).cancellationPolicy[0]).toEqual({ daysBefore: '30', percent: '101' });
    expect(currentAlert()?.textContent).toBe(message);
    expect(value('Tier 1: refund percent')).toBe('101');
    expect(document.getElementById('policy-percent-1-error')?.textContent).toBe(message);
  });
});
