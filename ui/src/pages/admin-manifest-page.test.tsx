import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { adminManifestGuideView, adminManifestPast, cancelResultsWithFailure, fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
});

const origin = window.location.origin;

function body(fetch: ReturnType<typeof mockFetch>, i = 0): unknown {
  return JSON.parse(fetch.mock.calls[i]![1]?.body as string);
}

describe('AdminManifestPage', () => {
  it('shows the departure and who is coming, names as text', () => {
    render(<App data={fixtures.adminManifest} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Hiker: Tue 15 June 2027' })).toBeTruthy();
    const facts = within(document.getElementById('manifest-facts')!);
    expect(facts.getByText('09:00 MDT (America/Edmonton)')).toBeTruthy();
    expect(facts.getByText('Banff Visitor Centre')).toBeTruthy();
    expect(facts.getByText('25')).toBeTruthy();
    expect(document.getElementById('manifest-guides')?.textContent).toBe('Kwame Mensah, Miyu Tanaka');
    expect(document.getElementById('manifest-bookings')?.textContent).toBe('2');
    expect(document.getElementById('manifest-travellers')?.textContent).toBe('6');
    expect(document.getElementById('manifest-checked-in')?.textContent).toBe('2 of 6');

    const table = screen.getByRole('table', { name: 'Travellers coming on this departure' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '✓',
      'Name',
      'Phone',
      'Email',
      'Participants',
      'Status',
      'Source',
      'Arrival',
      'Notes',
      'Reference',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader').textContent).toBe('Laura Wilson');
    expect(first.getByRole('link', { name: 'laura@example.com' }).getAttribute('href')).toBe('mailto:laura@example.com');
    expect(first.getByText('2')).toBeTruthy();
    expect(first.getByText('Paid').className).toBe('status status--paid');
    expect(first.getByText('Online')).toBeTruthy();
    expect(first.getByText('2 of 2 arrived')).toBeTruthy();
    expect(first.getByText('TB-7KQ4M2')).toBeTruthy();
    expect(rows[0]!.querySelector('.manifest-table__box')).not.toBeNull();
    const second = within(rows[1]!);
    const jo = second.getByRole('rowheader');
    expect(jo.textContent).toBe('Jo <b>Bold</b> & Sons');
    expect(jo.querySelector('b')).toBeNull();
    expect(second.getByRole('link', { name: '+351 912 345 678' }).getAttribute('href')).toBe('tel:+351912345678');
    expect(second.getByText('One vegetarian; <b>bring</b> a rain cover')).toBeTruthy();
  });

  it('lists cancelled and refunded bookings apart, struck through and not counted', () => {
    render(<App data={fixtures.adminManifest} />);
    const table = screen.getByRole('table', { name: 'Cancelled and refunded bookings, not counted' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Ben Hadley', 'Chloe Martin']);
    expect(rows[0]!.querySelector('th s')?.textContent).toBe('Ben Hadley');
    expect(within(rows[0]!).getByText('Refund due').className).toBe('status status--refund_due');
    expect(within(rows[1]!).getByText('Refunded')).toBeTruthy();
    // No tick box, no arrival: they are not coming.
    expect(table.querySelector('.manifest-table__box')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Arrival' })).toBeNull();
    // Not among those coming.
    const coming = screen.getByRole('table', { name: 'Travellers coming on this departure' });
    expect(within(coming).queryByText('Ben Hadley')).toBeNull();
  });

  it('prints and links the CSV', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    render(<App data={fixtures.adminManifest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/admin/tours/t-5c88fa8c/departures/2027-06-15/manifest.csv',
    );
  });

  it("heads the printed page with the business's name", () => {
    render(<App data={{ ...fixtures.adminManifest, site: { ...fixtures.adminManifest.site, name: 'Fjord & Fell Tours' } }} />);
    expect(document.getElementById('manifest-brand')?.textContent).toBe('Fjord & Fell Tours');
  });

  it('is read-only for guides and for a departure that has set off', () => {
    render(<App data={adminManifestGuideView} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    document.body.innerHTML = '';
    render(<App data={adminManifestPast} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText('No bookings on this departure yet.')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Cancelled and refunded' })).toBeNull();
    expect(document.getElementById('manifest-guides')?.textContent).toBe('None assigned');
  });

  it('says a cancelled departure is Cancelled, not Closed', () => {
    const departure = { ...fixtures.adminManifest.props.departure, closed: true, cancelled: true };
    render(<App data={{ ...fixtures.adminManifest, props: { ...fixtures.adminManifest.props, departure } }} />);
    expect(screen.getByText('Cancelled').className).toBe('status status--cancelled');
    expect(screen.queryByText('Closed')).toBeNull();
  });
});

describe('AdminManifestPage: new booking', () => {
  it('links to New booking with this departure chosen', () => {
    render(<App data={fixtures.adminManifest} />);
    expect(screen.getByRole('link', { name: 'New booking on this departure' }).getAttribute('href')).toBe(
      '/admin/bookings/new?tour=t-5c88fa8c&date=2027-06-15',
    );
  });
});

describe('AdminManifestPage: cancel the departure', () => {
  it('previews the customers\' email, confirms, moves or refunds each booking and updates the page without a reload', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'success', data: { email: { subject: 'Your booking of The Forest Hiker is cancelled', text: 'Hi Laura,\n\nA storm is coming.\n' } } }),
      jsonResponse({ status: 'success', data: { results: cancelResultsWithFailure } }),
      jsonResponse({
        status: 'success',
        data: { results: cancelResultsWithFailure.filter((r) => !r.ok).map((r) => ({ ...r, ok: true, message: 'Refunded $1,191.00' })) },
      }),
    );
    render(<App data={fixtures.adminManifest} />);
    const form = within(screen.getByRole('form', { name: 'Cancel departure' }));
    fireEvent.change(form.getByLabelText('Internal note'), { target: { value: 'Guide Ola ill; insurer ref 4411' } });
    fireEvent.change(form.getByLabelText('Message to customers'), { target: { value: 'A storm is coming.' } });
    fireEvent.click(form.getByRole('button', { name: 'Preview the email' }));
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toBe(`${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15/cancel/preview`);
    expect(body(fetch, 0)).toEqual({ message: 'A storm is coming.' });
    expect(document.getElementById('cancel-departure-email')!.textContent).toContain('A storm is coming.');

    // The refund-due booking is always cancelled; the paid ones may move.
    expect(form.queryByLabelText('Ben Hadley (3)')).toBeNull();
    fireEvent.change(form.getByLabelText('Jo <b>Bold</b> & Sons (4)'), { target: { value: '2027-06-17' } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel departure…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this departure?' }));
    expect(dialog.getByText('The departure closes. 2 bookings are cancelled and refunded in full; 1 is moved to the departure chosen.')).toBeTruthy();
    expect(dialog.getByText('The internal note stays in each booking\'s history and is not sent.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledOnce();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel the departure' }));
    await flush();
    expect(String(fetch.mock.calls[1]![0])).toBe(`${origin}/api/v1/tours/t-5c88fa8c/departures/2027-06-15/cancel`);
    expect(body(fetch, 1)).toEqual({ note: 'Guide Ola ill; insurer ref 4411', message: 'A storm is coming.', moves: { 'b-7e21c0a5': '2027-06-17' } });
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('Some refunds or moves failed: see the list, then try again');
    const items = within(document.getElementById('cancel-results')!).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '✓Done: Laura Wilson: Refunded $694.00',
      '✗Failed: Ben Hadley: Card expired (stripe: charge_expired_for_refund)',
      '✓Done: Jo <b>Bold</b> & Sons: Moved to Thu 17 June 2027',
    ]);
    // The page shows the departure cancelled and each booking as it ended, without a reload.
    expect(document.getElementById('manifest-sale')!.textContent).toBe('Cancelled');
    // Nobody is coming any more: Laura refunded, Jo moved (gone from this manifest).
    expect(screen.queryByRole('table', { name: 'Travellers coming on this departure' })?.textContent ?? '').not.toContain('Laura Wilson');
    expect(document.getElementById('manifest-table')?.textContent ?? '').not.toContain('Jo <b>Bold</b> & Sons');
    const apart = within(screen.getByRole('table', { name: 'Cancelled and refunded bookings, not counted' }));
    // Laura, refunded now, beside Chloe, refunded before.
    expect(apart.getAllByText('Refunded', { selector: '.status' })).toHaveLength(2);
    expect(apart.getByText('Laura Wilson')).toBeTruthy();
    // The failed refund stays as it was: due, listed apart.
    expect(apart.getByText('Ben Hadley')).toBeTruthy();
    expect(document.getElementById('manifest-travellers')!.textContent).toBe('0');

    // Sent again, only the failed refund is retried by the server.
    fireEvent.click(form.getByRole('button', { name: 'Cancel departure…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the departure' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('Departure cancelled');
    expect(document.querySelectorAll('.cancel-results__item--failed')).toHaveLength(0);
  });

  it('shows the server\'s messages about the note and the message under each field, all at once', async () => {
    const fields = {
      note: 'Internal note must be at most 500 characters.',
      message: 'Message to customers must be at most 2000 characters.',
    };
    mockFetch(jsonResponse({ status: 'fail', message: `Please correct 2 fields: ${fields.note} ${fields.message}`, fields }, 400));
    render(<App data={fixtures.adminManifest} />);
    const form = within(screen.getByRole('form', { name: 'Cancel departure' }));
    fireEvent.change(form.getByLabelText('Internal note'), { target: { value: 'n'.repeat(501) } });
    fireEvent.change(form.getByLabelText('Message to customers'), { target: { value: 'm'.repeat(2001) } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel departure…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the departure' }));
    await flush();
    expect(currentAlert()?.textContent).toBe(`Please correct 2 fields: ${fields.note} ${fields.message}`);
    const note = form.getByLabelText('Internal note');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(note.getAttribute('aria-describedby')).toBe('cancel-departure-reason-hint cancel-departure-reason-error');
    expect(document.getElementById('cancel-departure-reason-error')?.textContent).toBe(fields.note);
    const message = form.getByLabelText('Message to customers');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toBe('cancel-departure-message-hint cancel-departure-message-error');
    expect(document.getElementById('cancel-departure-message-error')?.textContent).toBe(fields.message);
  });

  it('shows the preview\'s refusal of the message under it', async () => {
    const message = 'Message to customers must be at most 2000 characters.';
    mockFetch(jsonResponse({ status: 'fail', message, fields: { message } }, 400));
    render(<App data={fixtures.adminManifest} />);
    const form = within(screen.getByRole('form', { name: 'Cancel departure' }));
    fireEvent.change(form.getByLabelText('Message to customers'), { target: { value: 'm'.repeat(2001) } });
    fireEvent.click(form.getByRole('button', { name: 'Preview the email' }));
    await flush();
    expect(form.getByLabelText('Message to customers').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('cancel-departure-message-error')?.textContent).toBe(message);
    expect(document.getElementById('cancel-departure-email')).toBeNull();
  });

  it('asks for the internal note, and shows the server message when the call fails', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'This departure has already set off' }, 409));
    render(<App data={fixtures.adminManifest} />);
    const form = within(screen.getByRole('form', { name: 'Cancel departure' }));
    fireEvent.click(form.getByRole('button', { name: 'Cancel departure…' }));
    expect(currentAlert()?.textContent).toBe("Please write an internal note: it is kept in each booking's history.");
    expect(screen.queryByRole('dialog')).toBeNull();
    // Said under the field too, tied to it.
    const note = form.getByLabelText('Internal note');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('cancel-departure-reason-error')?.textContent).toBe("Please write an internal note: it is kept in each booking's history.");
    fireEvent.change(form.getByLabelText('Internal note'), { target: { value: 'Storm' } });
    fireEvent.click(form.getByRole('button', { name: 'Cancel departure…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the departure' }));
    await flush();
    expect(fetch).toHaveBeenCalledOnce();
    expect(currentAlert()?.textContent).toBe('This departure has already set off');
    expect(document.getElementById('cancel-results')).toBeNull();
  });
});
