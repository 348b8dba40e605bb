import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentAlert } from '../test/helpers';
import { showBookingAlert } from './booking-alert';
import { navigate } from './navigate';

vi.mock('./navigate', () => ({ navigate: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(navigate).mockReset();
});

describe('showBookingAlert', () => {
  it('shows body data-alert for 10 s, then goes to /my-tours after 10000 ms', () => {
    document.body.dataset.alert = 'Your booking was successful!';
    expect(showBookingAlert()).toBe(true);
    expect(currentAlert()?.className).toBe('alert alert--success');
    expect(currentAlert()?.textContent).toBe('Your booking was successful!');

    vi.advanceTimersByTime(9999);
    expect(currentAlert()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/my-tours');
    expect(currentAlert()).toBeNull();
  });

  it('does nothing without a message', () => {
    document.body.dataset.alert = '';
    expect(showBookingAlert()).toBe(false);
    vi.advanceTimersByTime(20000);
    expect(currentAlert()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
