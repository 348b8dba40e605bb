import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures, myBooking, myBookingAfterCancel, myBookingCancelled } from '../dev-fixtures';
import type { MyBooking } from '../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;

function answer(booking: MyBooking) {
  return jsonResponse({ status: 'success', data: { booking } });
}

describe('MyBookingPage', () => {
  it('shows the booking, its policy, the calendar link and what cancelling gives back', () => {
    render(<App data={fixtures.myBooking} />);
    expect(screen.getByRole('heading', { level: 1, name: 'The Forest Hiker' })).toBeTruthy();
    expect(screen.getByText('Tue 15 June 2027')).toBeTruthy();
    expect(screen.getByText('08:30 MDT (America/Edmonton)')).toBeTruthy();
    expect(document.getElementById('meeting-point')!.textContent).toBe('Banff visitor centre');
    expect(document.getElementById('map-link')!.getAttribute('href')).toBe(myBooking.mapUrl);
    const receipt = screen.getByRole('link', { name: 'Receipt 2027-000042 (PDF)' });
    expect(receipt.getAttribute('href')).toBe('/my-tours/b-1/receipts/r-42');
    expect(receipt.parentElement!.textContent).toBe('Receipt 2027-000042 (PDF) · $1,588.00 · Mon 3 May 2027');
    expect(screen.getByText('2 people')).toBeTruthy();
    expect(document.querySelector('#my-ticket .ticket__code')!.textContent).toBe('7KQ4-M2XD-9TWP');
    expect(document.querySelector('#my-ticket img')!.getAttribute('src')).toBe('/my-tours/b-1/ticket.svg');
    expect(document.getElementById('calendar-link')!.getAttribute('href')).toBe('/my-tours/b-1/calendar.ics');
    const tiers = document.querySelectorAll('#policy .policy__tier');
    expect([...tiers].map((li) => li.textContent)).toEqual([
      '30 days or more before departureFull refund',
      '7 to 29 days before departure50% refund',
      'Less than 7 days before departureNo refund',
    ]);
    expect(document.getElementById('cancel-quote')!.textContent).toBe('If you cancel now (12 days before departure), you get $397.00 back: 50% of $794.00.');
    expect(document.getElementById('cancel-until')!.textContent).toBe('This refund applies until the end of Tue 8 June 2027 (America/Edmonton time).');
    expect(document.getElementById('review-link'), 'no review before the trip').toBeNull();
  });

  it('offers an unpaid booking its open checkout and releasing its seats, and no calendar file', () => {
    const unpaid: MyBooking = {
      ...myBooking,
      status: 'pending',
      statusLabel: 'Awaiting payment',
      payment: 'Not paid',
      calendarUrl: '',
      continueUrl: '/my-tours/b-1/checkout',
      releaseUrl: '/my-tours/b-1/release',
    };
    render(<App data={{ ...fixtures.myBooking, props: { booking: unpaid, ticket: null, receipts: [] } }} />);
    expect(document.getElementById('calendar-link'), 'an unpaid booking has no calendar file').toBeNull();
    expect(screen.queryByText('Add to calendar (.ics)')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to payment' }).getAttribute('href')).toBe('/my-tours/b-1/checkout');
    const release = screen.getByRole('button', { name: 'Release these seats' });
    const form = release.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/my-tours/b-1/release');
  });

  it('shows a booking paid by a deposit what is paid and due, and Pay the balance as a plain form', () => {
    const deposit: MyBooking = {
      ...myBooking,
      balance: { paid: '$158.80', due: '$635.20', dueBy: 'Sun 16 May 2027', overdue: false, payUrl: '/my-tours/b-1/balance' },
    };
    render(<App data={{ ...fixtures.myBooking, props: { booking: deposit, ticket: null, receipts: [] } }} />);
    expect(document.getElementById('balance-paid')!.textContent).toBe('$158.80');
    expect(document.getElementById('balance-due')!.textContent).toBe('$635.20 by Sun 16 May 2027');
    const form = screen.getByRole('button', { name: 'Pay the balance' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/my-tours/b-1/balance');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers a paid booking no payment and no release', () => {
    render(<App data={fixtures.myBooking} />);
    expect(document.getElementById('unpaid')).toBeNull();
    expect(screen.queryByText('Continue to payment')).toBeNull();
  });

  it('links an ended trip to its review form on the tour page', () => {
    const ended = { ...fixtures.myBooking, props: { ...fixtures.myBooking.props, booking: { ...myBooking, reviewUrl: '/tour/the-forest-hiker#your-review' } } };
    render(<App data={ended} />);
    expect(screen.getByRole('link', { name: 'Review this tour' }).getAttribute('href')).toBe('/tour/the-forest-hiker#your-review');
  });

  it('reads a fresh quote, asks to confirm, cancels with the quoted amount and shows the outcome', async () => {
    const fetch = mockFetch(answer(myBooking), answer(myBookingCancelled));
    render(<App data={fixtures.myBooking} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    await flush();
    expect(String(fetch.mock.calls[0]![0])).toBe(`${origin}/api/v1/my-bookings/b-1`);
    expect(screen.getByText('Cancel your booking and get $397.00 back? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel and refund $397.00' }));
    await flush();
    const [url, init] = fetch.mock.calls[1]!;
    expect(String(url)).toBe(`${origin}/api/v1/my-bookings/b-1/cancel`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ expectedRefundMinor: 39700 });
    expect(currentAlert()!.textContent).toBe('Your booking is cancelled and $397.00 is refunded.');
    expect(document.querySelector('.my-booking__status .status')!.textContent).toBe('Cancelled, $397.00 refunded');
    expect(document.getElementById('cancel-outcome')!.textContent).toBe('This booking is cancelled and $397.00 was refunded to your card.');
    expect(screen.queryByRole('button', { name: /cancel/i })).toBeNull();
    expect(document.getElementById('my-ticket')).toBeNull(); // a cancelled booking has no ticket
  });

  it('shows the server message and the new quote when a deadline passed meanwhile', async () => {
    const lower: MyBooking = { ...myBooking, cancel: { ...myBooking.cancel, refundMinor: 0, refund: '$0.00', percent: 0, daysBefore: 6, tier: 'Less than 7 days before departure', until: '' } };
    const message = 'The refund for cancelling is now $0.00, not $397.00: a cancellation deadline passed.';
    mockFetch(answer(myBooking), jsonResponse({ status: 'fail', message }, 409), answer(lower));
    render(<App data={fixtures.myBooking} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel and refund $397.00' }));
    await flush();
    expect(currentAlert()!.textContent).toBe(message);
    expect(currentAlert()!.className).toContain('alert--error');
    expect(document.getElementById('cancel-quote')!.textContent).toBe(
      "If you cancel now (6 days before departure), nothing is refunded: the booking's policy gives no refund less than 7 days before departure.",
    );
    expect(screen.getByRole('button', { name: 'Cancel booking…' })).toBeTruthy();
  });

  it('says why a booking cannot be cancelled here, and what a cancelled one got back', () => {
    const started: MyBooking = { ...myBooking, cancel: { ...myBooking.cancel, allowed: false, refusal: 'Your tour has already started, so it can no longer be cancelled.' } };
    const { unmount } = render(<App data={{ ...fixtures.myBooking, props: { booking: started, ticket: null, receipts: [] } }} />);
    expect(document.getElementById('cancel-refusal')!.textContent).toBe('Your tour has already started, so it can no longer be cancelled.');
    expect(screen.queryByRole('button', { name: 'Cancel booking…' })).toBeNull();
    unmount();
    render(<App data={myBookingAfterCancel} />);
    expect(document.getElementById('refunded')!.textContent).toBe('$397.00');
    expect(document.getElementById('no-policy')).toBeNull();
    expect(document.getElementById('my-ticket')).toBeNull();
  });
});
