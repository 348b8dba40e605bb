import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitlistPlaces } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';
import { WaitlistList } from './waitlist-list';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn() }));
beforeEach(() => vi.mocked(navigate).mockReset());

describe('WaitlistList', () => {
  it('shows an offer as a banner with its deadline, and a place with its number', () => {
    render(<WaitlistList places={waitlistPlaces} terms={0} />);
    const offer = screen.getByRole('status');
    expect(offer.textContent).toContain('Seats are held for you from the waiting list');
    expect(offer.textContent).toContain('2 people, $794.00. Pay by Mon 14 June 2027, 09:00 MDT (America/Edmonton)');
    expect(screen.getByText(/You are number 2 on the waiting list for The Sea Explorer/)).toBeTruthy();
  });

  it('pays an offer: POST …/checkout, "Processing..." and on to session.url', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', session: { url: 'https://pay.example/o' } }));
    render(<WaitlistList places={waitlistPlaces} terms={0} />);
    const pay = screen.getByRole('button', { name: 'Pay now' });
    fireEvent.click(pay);
    expect(pay.textContent).toBe('Processing...');
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/v1/waitlist/w-1/checkout');
    expect(fetch.mock.calls[0]![1]?.method).toBe('POST');
    expect(navigate).toHaveBeenCalledWith('https://pay.example/o');
  });

  it('shows the server message when the offer has ended, and keeps the banner', async () => {
    mockFetch(jsonResponse({ status: 'fail', message: 'This offer has ended.' }, 409));
    render(<WaitlistList places={waitlistPlaces} terms={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('This offer has ended.');
    expect(screen.getByRole('button', { name: 'Pay now' }).textContent).toBe('Pay now');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a waiting list: DELETE, then the place is gone', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', message: 'You have left the waiting list.' }));
    render(<WaitlistList places={waitlistPlaces} terms={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave the waiting list' }));
    await flush();
    expect(fetch.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/v1/waitlist/w-2');
    expect(screen.queryByText(/You are number 2/)).toBeNull();
    expect(currentAlert()?.textContent).toBe('You have left the waiting list.');
  });

  it('while terms are written, paying an offer accepts them with one checkbox: without it the server refuses', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'fail', message: 'Please accept the terms of booking to book this tour: tick the box above the button.' }, 400),
      jsonResponse({ status: 'success', session: { url: 'https://pay.example/o' } }),
    );
    render(<WaitlistList places={waitlistPlaces} terms={3} />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms of booking' });
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await flush();
    expect(String(fetch.mock.calls[0]![0])).not.toContain('terms=');
    expect(currentAlert()?.textContent).toBe('Please accept the terms of booking to book this tour: tick the box above the button.');
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await flush();
    expect(String(fetch.mock.calls[1]![0])).toContain('/api/v1/waitlist/w-1/checkout?terms=3');
    expect(navigate).toHaveBeenCalledWith('https://pay.example/o');
  });
});
