import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { adminTourGuideView, adminTourNew, fixtures, forestHikerAdmin } from '../dev-fixtures';
import { navigate, replaceUrl } from '../lib/navigate';
import type { AdminTour } from '../props';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));
// The stop map has its own tests; here the editor runs without a map, as before Leaflet loads.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(replaceUrl).mockReset();
});

const origin = window.location.origin;

function answer(tour: Partial<AdminTour> = {}, extra: Record<string, unknown> = {}, status = 200) {
  return jsonResponse({ status: 'success', data: { tour: { ...forestHikerAdmin, ...tour }, ...extra } }, status);
}

function sent(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, body: init?.body };
}

function json(fetch: ReturnType<typeof mockFetch>, i = 0): unknown {
  return JSON.parse(sent(fetch, i).body as string);
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function value(label: string | RegExp): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('AdminTourPage: create', () => {
  it('posts the details as typed (the server reads the numbers) and goes on as the new tour\'s editor', async () => {
    const fetch = mockFetch(answer({ id: 't-new', name: 'The Park Camper' }, {}, 201));
    render(<App data={adminTourNew} />);
    expect(screen.getByRole('heading', { level: 1, name: 'New tour' })).toBeTruthy();
    // Nothing to edit before the tour exists.
    expect(screen.queryByRole('region', { name: 'Stops' })).toBeNull();

    type('Name', 'The Park Camper');
    type('Summary', 'Breathing in Nature in America\'s most spectacular National Parks');
    type('Description', 'Lorem ipsum.');
    type('Difficulty', 'medium');
    type('Duration (days)', '10');
    type('Maximum group size', '15');
    type('Price per person', '497');
    type('Discount per person', '12.5');
    type('Currency', 'eur');
    type('Time zone', 'America/Los_Angeles');
    // Left empty: the business's default rate (the field's hint says so; nothing is sent).
    expect(screen.getByText(/leave empty for the business's default/)).toBeTruthy();
    const start = within(screen.getByRole('group', { name: 'Start location' }));
    fireEvent.change(start.getByLabelText('Place'), { target: { value: 'Las Vegas, USA' } });
    fireEvent.change(start.getByLabelText('Longitude'), { target: { value: '-115.172652' } });
    fireEvent.change(start.getByLabelText('Latitude'), { target: { value: '36.110904' } });
    fireEvent.click(screen.getByLabelText('Kate Morrison (Tour guide)'));
    fireEvent.click(screen.getByLabelText('Miyah Myles (Lead guide)'));

    const button = screen.getByRole('button', { name: 'Create tour' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Saving...');
    await flush();

    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours`, method: 'POST' });
    expect(json(fetch)).toEqual({
      name: 'The Park Camper',
      slug: '',
      summary: "Breathing in Nature in America's most spectacular National Parks",
      description: 'Lorem ipsum.',
      difficulty: 'medium',
      durationDays: '10',
      maxGroupSize: '15',
      price: '497',
      priceDiscount: '12.5',
      currency: 'eur',
      timeZone: 'America/Los_Angeles',
      startLocation: { coordinates: ['-115.172652', '36.110904'], description: 'Las Vegas, USA' },
      locations: [],
      // In the order they were ticked.
      guides: ['u-5c8a1f4e', 'u-5c8a22c8'],
    });
    expect(currentAlert()?.textContent).toBe('Tour created');
    // No page load, so the alert stays in view: the address becomes the tour's, and the
    // page edits it from here on.
    expect(navigate).not.toHaveBeenCalled();
    expect(replaceUrl).toHaveBeenCalledWith('/admin/tours/t-new');
    expect(screen.getByRole('heading', { level: 1, name: 'The Park Camper' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Stops' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save tour' })).toBeTruthy();
  });

  it('shows every field\'s message under its field, labelled, and sums them up in the alert', async () => {
    const summary = 'Please correct 2 fields: Price per person must be a number, e.g. 1290 or 1290.50. Duration (days) cannot be empty.';
    const fetch = mockFetch(
      jsonResponse(
        {
          status: 'fail',
          message: summary,
          fields: {
            price: 'Price per person must be a number, e.g. 1290 or 1290.50.',
            durationDays: 'Duration (days) cannot be empty.',
          },
        },
        400,
      ),
    );
    render(<App data={adminTourNew} />);
    type('Name', 'The Park Camper');
    type('Price per person', '12,3,45');
    fireEvent.click(screen.getByRole('button', { name: 'Create tour' }));
    await flush();
    expect(json(fetch)).toMatchObject({ price: '12,3,45', priceDiscount: '', durationDays: '' });
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(summary);
    const price = screen.getByLabelText('Price per person');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe(
      'Price per person must be a number, e.g. 1290 or 1290.50.',
    );
    expect(screen.getByText('Duration (days) cannot be empty.')).toBeTruthy();
    expect(screen.getByLabelText('Duration (days)').getAttribute('aria-invalid')).toBe('true');
    // A field the server did not name stays as it was.
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBeNull();

    // Corrected and saved: the messages go.
    mockFetch(answer({ id: 't-new', name: 'The Park Camper' }, {}, 201));
    type('Currency', 'eur');
    type('Price per person', '1.290,00');
    // What the site reads in it, beside the field.
    expect(document.getElementById('tour-price-understood')?.textContent).toBe('= €1,290.00');
    type('Duration (days)', '3');
    fireEvent.click(screen.getByRole('button', { name: 'Create tour' }));
    await flush();
    expect(screen.queryByText('Duration (days) cannot be empty.')).toBeNull();
    expect(screen.getByLabelText('Price per person').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends a price as typed, shows the refusal and keeps the form', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'Price per person can have at most 2 decimals, e.g. 1290.50.' }, 400));
    render(<App data={adminTourNew} />);
    type('Name', 'The Park Camper');
    type('Price per person', '12.345');
    fireEvent.click(screen.getByRole('button', { name: 'Create tour' }));
    await flush();
    expect(json(fetch)).toMatchObject({ price: '12.345', priceDiscount: '', durationDays: '' });
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Price per person can have at most 2 decimals, e.g. 1290.50.');
    expect(navigate).not.toHaveBeenCalled();
    expect(value('Name')).toBe('The Park Camper');
    expect(value('Price per person')).toBe('12.345');
    expect(screen.getByRole('button', { name: 'Create tour' })).toBeTruthy();
  });
});

describe('AdminTourPage: details', () => {
  it('shows the saved tour, prices in major units', () => {
    render(<App data={fixtures.adminTour} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Hiker' })).toBeTruthy();
    expect(value('Name')).toBe('The Forest Hiker');
    expect(value('Price per person')).toBe('397.00');
    expect(value('Discount per person')).toBe('');
    expect(value('Currency')).toBe('usd');
    expect(value('Time zone')).toBe('America/Edmonton');
    // 1250 basis points, as typed.
    expect(value('Tax rate (%)')).toBe('12.5');
    expect(screen.getByText('Leave empty to make it from the name')).toBeTruthy();
    expect((screen.getByLabelText('Miyah Myles (Lead guide)') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Kate Morrison (Tour guide)') as HTMLInputElement).checked).toBe(false);
    const zones = document.getElementById('time-zones')!;
    expect([...zones.querySelectorAll('option')].map((o) => o.value)).toContain('Europe/Paris');
  });

  it('keeps what was typed and shows the server message when a save fails', async () => {
    const message = 'Someone else changed this tour. Reload the page to see their changes.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message }, 409));
    render(<App data={fixtures.adminTour} />);
    type('Name', 'The Forest Walker');
    type('Summary', 'A gentler walk');
    type('Price per person', '1,000');
    const button = screen.getByRole('button', { name: 'Save tour' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Saving...');
    await flush();

    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c`, method: 'PATCH' });
    expect(json(fetch)).toMatchObject({ version: 7, name: 'The Forest Walker', price: '1,000' });
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(message);
    expect(button.textContent).toBe('Save tour');
    expect(value('Name')).toBe('The Forest Walker');
    expect(value('Summary')).toBe('A gentler walk');
    expect(value('Price per person')).toBe('1,000');
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Hiker' })).toBeTruthy();
  });

  it('takes the answered tour after a save, so the next save sends the new version', async () => {
    const fetch = mockFetch(
      answer({ version: 8, name: 'The Forest Walker', slug: 'the-forest-walker', price: 41000 }),
      answer({ version: 9, name: 'The Forest Walker' }),
    );
    render(<App data={fixtures.adminTour} />);
    type('Name', 'The Forest Walker');
    type('Price per person', '410');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(json(fetch)).toMatchObject({ version: 7, price: '410' });
    expect(currentAlert()?.textContent).toBe('Tour saved');
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Walker' })).toBeTruthy();
    // The form shows the tour as saved (the slug the server made, the price it kept).
    expect(value('Slug')).toBe('the-forest-walker');
    expect(value('Price per person')).toBe('410.00');

    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(json(fetch, 1)).toMatchObject({ version: 8 });
  });
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

describe('AdminTourPage: status', () => {
  it('unpublishes, then offers Publish and Archive', async () => {
    const fetch = mockFetch(answer({ version: 8, status: 'draft' }));
    render(<App data={fixtures.adminTour} />);
    const status = section('Status');
    expect(within(status).getByText('Published').className).toBe('status status--published');
    expect(within(status).getByRole('link', { name: 'View on the site' }).getAttribute('href')).toBe('/tour/the-forest-hiker');
    expect(within(status).queryByRole('button', { name: 'Publish' })).toBeNull();

    fireEvent.click(within(status).getByRole('button', { name: 'Unpublish' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/status`, method: 'PUT' });
    expect(json(fetch)).toEqual({ status: 'draft' });
    expect(currentAlert()?.textContent).toBe('Tour unpublished');
    expect(within(status).getByText('Draft').className).toBe('status status--draft');
    expect(within(status).queryByRole('link', { name: 'View on the site' })).toBeNull();
    expect(within(status).getAllByRole('button').map((b) => b.textContent)).toEqual(['Publish', 'Archive']);
  });

  it('shows the server message when the status cannot change', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'A tour needs a cover picture to be published' }, 400));
    render(<App data={{ ...fixtures.adminTour, props: { ...fixtures.adminTour.props, tour: { ...forestHikerAdmin, status: 'draft' } } }} />);
    fireEvent.click(within(section('Status')).getByRole('button', { name: 'Publish' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('A tour needs a cover picture to be published');
    expect(within(section('Status')).getByText('Draft')).toBeTruthy();
  });

  it('lists what the tour still needs when publishing is refused', async () => {
    const message = 'This tour is not ready to publish. It still needs a cover picture and at least one stop.';
    const fields = { cover: 'Upload a cover picture (under Pictures).', locations: 'Add at least one stop to the map (under Stops).' };
    mockFetch(jsonResponse({ status: 'fail', message, fields }, 409));
    render(<App data={{ ...fixtures.adminTour, props: { ...fixtures.adminTour.props, tour: { ...forestHikerAdmin, status: 'draft' } } }} />);
    expect(document.getElementById('publish-missing')).toBeNull();
    fireEvent.click(within(section('Status')).getByRole('button', { name: 'Publish' }));
    await flush();
    expect(currentAlert()?.textContent).toBe(message);
    const missing = document.getElementById('publish-missing')!;
    expect([...missing.querySelectorAll('li')].map((li) => li.textContent)).toEqual([fields.cover, fields.locations]);
    expect(within(section('Status')).getByText('Draft')).toBeTruthy();
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

describe('AdminTourPage: stops', () => {
  it('lists the stops with labelled fields', () => {
    render(<App data={fixtures.adminTour} />);
    expect(screen.getByRole('region', { name: 'Map of the stops' }).id).toBe('stop-map');
    expect(value('Longitude of stop 1')).toBe('-116.214531');
    expect(value('Latitude of stop 1')).toBe('51.417611');
    expect(value('Day of stop 2')).toBe('3');
    expect(value('Description of stop 3')).toBe('Glacier <b>National</b> Park & "Lakes"');
    expect((screen.getByRole('button', { name: 'Up: stop 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Down: stop 3' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the table as edited: a new latitude, a new order, a removed stop, an added one', async () => {
    const saved = [
      { coordinates: [-118.076152, 52.9] as [number, number], day: 3, description: 'Jasper National Park' },
      { coordinates: [-116.214531, 51.417611] as [number, number], day: 1, description: 'Banff National Park' },
      { coordinates: [-115.570154, 51.178456] as [number, number], day: 4, description: 'Camp' },
    ];
    const fetch = mockFetch(answer({ version: 8, locations: saved }), answer({ version: 9, locations: saved }));
    render(<App data={fixtures.adminTour} />);

    type('Latitude of stop 2', '52.9');
    fireEvent.click(screen.getByRole('button', { name: 'Down: stop 1' }));
    expect(value('Description of stop 1')).toBe('Jasper National Park');
    fireEvent.click(screen.getByRole('button', { name: 'Remove: stop 3' }));
    expect(screen.queryByLabelText('Description of stop 3')).toBeNull();
    // Without a map (Leaflet not loaded) a new stop starts at the tour's start, never at
    // 0,0, the day after the last.
    fireEvent.click(screen.getByRole('button', { name: 'Add stop' }));
    expect(value('Longitude of stop 3')).toBe('-115.570154');
    expect(value('Day of stop 3')).toBe('4');
    type('Description of stop 3', 'Camp');

    const button = screen.getByRole('button', { name: 'Save tour' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Saving...');
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c`, method: 'PATCH' });
    // Numbers as typed: the server reads them.
    expect(json(fetch)).toMatchObject({
      version: 7,
      locations: saved.map((stop) => ({ ...stop, coordinates: stop.coordinates.map(String), day: String(stop.day) })),
    });
    expect(currentAlert()?.textContent).toBe('Tour saved');
    expect(button.textContent).toBe('Save tour');

    // The next save sends the version the answer brought.
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(json(fetch, 1)).toMatchObject({ version: 8 });
  });

  it('keeps the edited stops when saving them fails, with the message under the field', async () => {
    const message = "Stop 1's latitude must be between -90 and 90.";
    mockFetch(jsonResponse({ status: 'fail', message, fields: { 'locations.0.lat': message } }, 400));
    render(<App data={fixtures.adminTour} />);
    type('Latitude of stop 1', '95');
    fireEvent.click(screen.getByRole('button', { name: 'Save tour' }));
    await flush();
    expect(currentAlert()?.textContent).toBe(message);
    expect(value('Latitude of stop 1')).toBe('95');
    expect(screen.getByLabelText('Latitude of stop 1').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('stop-lat-1-error')?.textContent).toBe(message);
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

describe('AdminTourPage: pictures', () => {
  it('uploads a cover as multipart, "Uploading..." meanwhile', async () => {
    const pending = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(pending.promise);
    vi.stubGlobal('fetch', fetch);
    render(<App data={fixtures.adminTour} />);
    const input = screen.getByLabelText('Cover picture') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    const file = new File(['x'], 'new-cover.webp', { type: 'image/webp' });
    fireEvent.change(input, { target: { files: [file] } });
    const button = screen.getByRole('button', { name: 'Upload cover' });
    fireEvent.click(button);
    expect(button.textContent).toBe('Uploading...');

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/tours/t-5c88fa8c/pictures`);
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect(body.get('picture')).toBe(file);
    expect(body.get('kind')).toBe('cover');

    pending.resolve(answer({ version: 8, cover: { file: 'new.webp', url: '/img/tours/new.webp' } }));
    await flush();
    expect(button.textContent).toBe('Upload cover');
    expect(currentAlert()?.textContent).toBe('Cover uploaded');
    expect(screen.getByAltText('Cover of The Forest Hiker').getAttribute('src')).toBe('/img/tours/new.webp');
  });

  it('adds to the gallery, reorders and removes', async () => {
    const [one, two, three] = forestHikerAdmin.pictures;
    const fetch = mockFetch(
      answer({ version: 8, pictures: [one!, two!, three!, { file: 'p4.jpg', url: '/img/tours/p4.jpg' }] }),
      answer({ version: 9, pictures: [two!, one!, three!] }),
      answer({ version: 10, pictures: [two!, three!] }),
    );
    render(<App data={fixtures.adminTour} />);
    fireEvent.change(screen.getByLabelText('Gallery picture'), {
      target: { files: [new File(['x'], 'p4.jpg', { type: 'image/jpeg' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to gallery' }));
    await flush();
    expect((sent(fetch).body as FormData).get('kind')).toBe('gallery');
    expect(currentAlert()?.textContent).toBe('Picture added');
    expect(screen.getAllByRole('button', { name: /^Remove: picture/ })).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Move right: picture 1' }));
    await flush();
    expect(sent(fetch, 1)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/pictures`, method: 'PUT' });
    expect(json(fetch, 1)).toEqual({ pictures: ['tour-1-2.jpg', 'tour-1-1.jpg', 'tour-1-3.jpg', 'p4.jpg'] });
    expect(currentAlert()?.textContent).toBe('Pictures reordered');

    fireEvent.click(screen.getByRole('button', { name: 'Remove: picture 2' }));
    await flush();
    expect(sent(fetch, 2)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/pictures/tour-1-1.jpg`, method: 'DELETE' });
    expect(currentAlert()?.textContent).toBe('Picture removed');
    expect(within(document.getElementById('gallery')!).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([
      '/img/tours/tour-1-2.jpg',
      '/img/tours/tour-1-3.jpg',
    ]);
  });
});

describe('AdminTourPage: departures', () => {
  function row(label: string): HTMLElement {
    return screen.getByRole('rowheader', { name: label }).closest('tr')!;
  }

  it('lists the departures; past ones cannot be changed, booked ones cannot be deleted', () => {
    render(<App data={fixtures.adminTour} />);
    const past = within(row('Sun 25 April 2027'));
    expect(past.getByText('Past').className).toBe('status status--past');
    expect(past.queryByRole('button')).toBeNull();
    const booked = within(row('Tue 15 June 2027'));
    expect(booked.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(booked.getByText('Open')).toBeTruthy();
    const del = booked.getByRole('button', { name: 'Delete: Tue 15 June 2027' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    expect(del.title).toBe('This departure has bookings: close it instead');
    expect(booked.getByRole('link', { name: 'Tue 15 June 2027' }).getAttribute('href')).toBe('/admin/tours/t-5c88fa8c/departures/2027-06-15');
    const closed = within(row('Wed 6 October 2027'));
    expect(closed.getByText('Closed').className).toBe('status status--closed');
    expect((closed.getByRole('button', { name: 'Delete: Wed 6 October 2027' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('closes, reopens, resizes and deletes a departure', async () => {
    const june = forestHikerAdmin.departures[1]!;
    const october = forestHikerAdmin.departures[2]!;
    const fetch = mockFetch(
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true }, october] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true }, { ...october, closed: false }] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, closed: true, capacity: 20, seatsLeft: 2 }, october] }),
      answer({ departures: [forestHikerAdmin.departures[0]!, june] }),
    );
    render(<App data={fixtures.adminTour} />);

    fireEvent.click(screen.getByRole('button', { name: 'Close: Tue 15 June 2027' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ closed: true });
    expect(currentAlert()?.textContent).toBe('Departure closed');
    expect(within(row('Tue 15 June 2027')).getByRole('button', { name: 'Reopen: Tue 15 June 2027' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reopen: Wed 6 October 2027' }));
    await flush();
    expect(json(fetch, 1)).toEqual({ closed: false });
    expect(currentAlert()?.textContent).toBe('Departure reopened');

    type('Capacity of Tue 15 June 2027', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(json(fetch, 2)).toEqual({ capacity: 20 });
    expect(currentAlert()?.textContent).toBe('Departure updated');
    expect(value('Capacity of Tue 15 June 2027')).toBe('20');
    expect(within(row('Tue 15 June 2027')).getByText('2')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete: Wed 6 October 2027' }));
    await flush();
    expect(sent(fetch, 3)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-10-06`, method: 'DELETE' });
    expect(currentAlert()?.textContent).toBe('Departure deleted');
    expect(screen.queryByRole('rowheader', { name: 'Wed 6 October 2027' })).toBeNull();
  });

  it('edits a departure in place: only what changed is sent; a refusal is shown', async () => {
    const june = forestHikerAdmin.departures[1]!;
    const fetch = mockFetch(
      answer({ departures: [forestHikerAdmin.departures[0]!, { ...june, startTime: '07:30', startTimeLabel: '07:30 MDT (America/Edmonton)', meetingPoint: 'Lake Louise' }, forestHikerAdmin.departures[2]!] }),
      jsonResponse({ status: 'fail', message: '18 seats are already sold or held on 15 June 2027, so the capacity cannot be lower than 18.' }, 409),
    );
    render(<App data={fixtures.adminTour} />);
    type('Start time of Tue 15 June 2027', '07:30');
    type('Meeting point of Tue 15 June 2027', 'Lake Louise');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ startTime: '07:30', meetingPoint: 'Lake Louise' });
    expect(within(row('Tue 15 June 2027')).getByText('07:30 MDT (America/Edmonton)')).toBeTruthy();
    expect(value('Meeting point of Tue 15 June 2027')).toBe('Lake Louise');

    type('Capacity of Tue 15 June 2027', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save: Tue 15 June 2027' }));
    await flush();
    expect(json(fetch, 1)).toEqual({ capacity: 10 });
    expect(currentAlert()?.textContent).toBe('18 seats are already sold or held on 15 June 2027, so the capacity cannot be lower than 18.');
    expect(value('Capacity of Tue 15 June 2027')).toBe('10');
  });

  it('shows a cancelled departure as "Cancelled", with no way to reopen it', () => {
    const cancelled = { ...forestHikerAdmin.departures[1]!, closed: true, cancelled: true };
    render(<App data={{ ...fixtures.adminTour, props: { ...fixtures.adminTour.props, tour: { ...forestHikerAdmin, departures: [cancelled] } } }} />);
    const r = within(row('Tue 15 June 2027'));
    expect(r.getByText('Cancelled').className).toBe('status status--cancelled');
    expect(r.queryByText('Closed')).toBeNull();
    expect(r.queryByRole('button', { name: /Reopen/ })).toBeNull();
    expect(r.queryByRole('textbox')).toBeNull();
  });

  it('changes a series: the range, the weekdays and only the fields given', async () => {
    const fetch = mockFetch(answer({}, { updated: 3, skipped: 1 }));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Change a series' }));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2027-06-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2027-06-30' } });
    fireEvent.click(form.getByLabelText('Tue'));
    fireEvent.click(form.getByLabelText('Sat'));
    fireEvent.change(form.getByLabelText('New capacity'), { target: { value: '12' } });
    fireEvent.change(form.getByLabelText('Sale'), { target: { value: 'close' } });
    fireEvent.click(form.getByRole('button', { name: 'Change series' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures`, method: 'PATCH' });
    expect(json(fetch)).toEqual({ from: '2027-06-01', to: '2027-06-30', weekdays: [2, 6], capacity: 12, closed: true });
    expect(currentAlert()?.textContent).toBe('Changed 3 departure(s); 1 started or cancelled one(s) left as they were');
  });

  it('adds one date; capacity and meeting point are left out when empty', async () => {
    const fetch = mockFetch(answer({}, { added: 1, skipped: 0 }, 201));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Add one date' }));
    expect((form.getByLabelText('Start time') as HTMLInputElement).value).toBe('09:00');
    expect(form.getByText('Leave empty for the group size (25)')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Date'), { target: { value: '2027-08-01' } });
    fireEvent.click(form.getByRole('button', { name: 'Add departure' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ url: `${origin}/api/v1/tours/t-5c88fa8c/departures`, method: 'POST' });
    expect(json(fetch)).toEqual({ date: '2027-08-01', startTime: '09:00' });
    expect(currentAlert()?.textContent).toBe('Added 1 departure(s)');
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('');
  });

  it('adds a series on the ticked weekdays and says how many dates were skipped', async () => {
    const fetch = mockFetch(answer({}, { added: 13, skipped: 1 }, 201));
    render(<App data={fixtures.adminTour} />);
    const form = within(screen.getByRole('form', { name: 'Add a series' }));
    fireEvent.change(form.getByLabelText('From'), { target: { value: '2027-07-01' } });
    fireEvent.change(form.getByLabelText('To'), { target: { value: '2027-07-31' } });
    fireEvent.click(form.getByLabelText('Sat'));
    fireEvent.click(form.getByLabelText('Tue'));
    fireEvent.click(form.getByLabelText('Mon'));
    fireEvent.click(form.getByLabelText('Sun'));
    fireEvent.click(form.getByLabelText('Sun'));
    fireEvent.change(form.getByLabelText('Start time'), { target: { value: '07:30' } });
    fireEvent.change(form.getByLabelText('Capacity'), { target: { value: '12' } });
    fireEvent.change(form.getByLabelText('Meeting point'), { target: { value: 'Main square' } });
    fireEvent.click(form.getByRole('button', { name: 'Add series' }));
    await flush();
    expect(json(fetch)).toEqual({
      from: '2027-07-01',
      to: '2027-07-31',
      weekdays: [1, 2, 6],
      startTime: '07:30',
      capacity: '12',
      meetingPoint: 'Main square',
    });
    expect(currentAlert()?.textContent).toBe('Added 13 departure(s); 1 date(s) already had one');
  });
});

describe('AdminTourPage: a guide', () => {
  it('sees the tour with no buttons and no editable field', () => {
    render(<App data={adminTourGuideView} />);
    const main = within(screen.getByRole('main'));
    expect(main.queryAllByRole('button')).toEqual([]);
    for (const field of screen.getByRole('main').querySelectorAll('input, select, textarea')) {
      expect((field as HTMLInputElement).disabled || (field as HTMLInputElement).matches(':disabled')).toBe(true);
    }
    expect(main.queryByLabelText('Cover picture')).toBeNull();
    expect(main.queryByRole('form', { name: 'Add one date' })).toBeNull();
    // Stops and departures read as text.
    expect(main.getByText('Jasper National Park')).toBeTruthy();
    expect(main.getByRole('rowheader', { name: 'Tue 15 June 2027' })).toBeTruthy();
    expect(main.getByRole('link', { name: 'View on the site' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });
});
