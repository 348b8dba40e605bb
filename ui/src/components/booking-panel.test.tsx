import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));
vi.mock('./leaflet-setup', () => ({ L: null }));
vi.mock('./admin/stop-map-leaflet', () => ({ L: null }));

beforeEach(() => vi.mocked(navigate).mockReset());

describe('BookingPanel', () => {
  it('starts one checkout for a double click, and shows "Processing..." on a disabled button meanwhile', async () => {
    const answer = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(answer.promise);
    vi.stubGlobal('fetch', fetch);
    const { container } = render(<App data={fixtures.tour} />);
    const button = container.querySelector('#book-tour') as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(button.textContent).toBe('Processing...');
    expect(button.disabled).toBe(true);

    answer.resolve(jsonResponse({ status: 'fail', message: 'This date is fully booked' }, 409));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe('This date is fully booked');
    expect(button.textContent).toBe('Book tour now!');
    expect(button.disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks to accept the terms with one checkbox linking them, and sends the version accepted', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'fail', message: 'Please accept the terms of booking to book this tour: tick the box above the button.' }, 400),
      jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/1' } }),
    );
    const { container } = render(<App data={fixtures.tour} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms of booking' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByRole('link', { name: 'terms of booking' }).getAttribute('href')).toBe('/terms');
    const button = container.querySelector('#book-tour') as HTMLButtonElement;

    // Not ticked: the call goes without terms, and the server's refusal is the alert.
    fireEvent.click(button);
    await flush();
    expect(new URL(String(fetch.mock.calls[0]![0])).searchParams.has('terms')).toBe(false);
    expect(currentAlert()?.textContent).toBe('Please accept the terms of booking to book this tour: tick the box above the button.');
    expect(button.textContent).toBe('Book tour now!');

    fireEvent.click(box);
    fireEvent.click(button);
    expect(button.textContent).toBe('Processing...');
    await flush();
    expect(new URL(String(fetch.mock.calls[1]![0])).searchParams.get('terms')).toBe('2');
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/1');
  });

  it('shows no checkbox and sends no terms while none are written', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://checkout.test/s/2' } }));
    const data = { ...fixtures.tour, props: { ...fixtures.tour.props, termsVersion: 0 } };
    const { container } = render(<App data={data} />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(container.querySelector('#book-tour') as HTMLButtonElement);
    await flush();
    expect(new URL(String(fetch.mock.calls[0]![0])).searchParams.has('terms')).toBe(false);
    expect(navigate).toHaveBeenCalledWith('https://checkout.test/s/2');
  });
});
