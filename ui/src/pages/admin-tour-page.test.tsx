import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { adminTourGuideView, adminTourNew, fixtures, forestHikerAdmin } from '../dev-fixtures';
import { navigate, replaceUrl } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';
import { answer, json, origin, section, sent, type, value } from './admin-tour-page.test-helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));
// The stop map has its own tests; here the editor runs without a map, as before Leaflet loads.
vi.mock('../components/leaflet-setup', () => ({ L: null }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(replaceUrl).mockReset();
});

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
