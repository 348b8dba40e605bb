import { fireEvent, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, deferred, flush, jsonResponse } from '../test/helpers';

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
});
