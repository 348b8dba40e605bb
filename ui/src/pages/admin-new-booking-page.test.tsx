import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { navigate } from '../lib/navigate';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

vi.mock('../lib/navigate', () => ({ navigate: vi.fn(), replaceUrl: vi.fn() }));

beforeEach(() => {
  vi.mocked(navigate).mockReset();
});

const origin = window.location.origin;

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function sent(fetch: ReturnType<typeof mockFetch>, i = 0): Record<string, unknown> {
  return JSON.parse(fetch.mock.calls[i]![1]?.body as string) as Record<string, unknown>;
}

describe('AdminNewBookingPage', () => {
  it('opens on the departure the address chose, with its seats left and the tour price', () => {
    render(<App data={fixtures.adminNewBooking} />);
    expect(screen.getByRole('heading', { level: 1, name: 'New booking' })).toBeTruthy();
    expect((screen.getByLabelText('Tour') as HTMLSelectElement).value).toBe('t-5c88fa8c');
    const departure = screen.getByLabelText('Departure') as HTMLSelectElement;
    expect(departure.value).toBe('2027-06-15');
    expect(departure.selectedOptions[0]!.textContent).toBe('Tue 15 June 2027, 09:00 MDT (America/Edmonton): 6 seats left');
    expect(screen.getByRole('option', { name: /Tue 20 July 2027.*1 seat left \(closed online\)/ })).toBeTruthy();
    expect(screen.getByText('6 seats left on this departure')).toBeTruthy();
    expect(screen.getByText('Tour price: 497.00 USD for 1 traveller')).toBeTruthy();
    expect((screen.getByLabelText('Send confirmation (the customer gets the booking by email with its calendar file)') as HTMLInputElement).checked).toBe(true);
  });

  it('prices a departure with its own price at that price', () => {
    render(<App data={fixtures.adminNewBooking} />);
    fireEvent.change(screen.getByLabelText('Departure'), { target: { value: '2027-07-20' } });
    expect(screen.getByText('Tour price: 597.00 USD for 1 traveller')).toBeTruthy();
  });

  it('asks a name for each traveller, the lead the customer, and saves a booking paid later once', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'success', data: { bookingId: 'b-1', url: '/admin/bookings/b-1' } }, 201));
    render(<App data={fixtures.adminNewBooking} />);
    type('Name', 'Inês Duarte');
    type('Email', 'ines@example.com');
    type('Phone (optional)', '+351 912 345 678');
    type('Number of travellers', '3');
    expect((screen.getByLabelText('Traveller 1 (lead)') as HTMLInputElement).placeholder).toBe('Inês Duarte');
    type('Traveller 2', 'Rui Duarte');
    type('Traveller 3', 'Ana Duarte');
    expect(screen.getByText('Tour price: 1491.00 USD for 3 travellers')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Pay later by a date'));
    type('Pay by', '2027-06-01');
    const save = screen.getByRole('button', { name: 'Save booking' });
    fireEvent.click(save);
    fireEvent.click(save); // a double click sends one call
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]![0])).toBe(`${origin}/api/v1/admin/bookings`);
    const body = sent(fetch);
    expect(body).toMatchObject({
      tourId: 't-5c88fa8c',
      date: '2027-06-15',
      name: 'Inês Duarte',
      email: 'ines@example.com',
      phone: '+351 912 345 678',
      participants: 3,
      travellers: ['', 'Rui Duarte', 'Ana Duarte'],
      payment: 'later',
      payBy: '2027-06-01',
      receivedOn: '',
      sendConfirmation: true,
    });
    expect(body.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(body).not.toHaveProperty('priceMinor');
    expect(navigate).toHaveBeenCalledWith('/admin/bookings/b-1');
  });

  it('sends a discount in minor units, and shows each refused field next to it', async () => {
    const fetch = mockFetch(
      jsonResponse(
        {
          status: 'fail',
          message: 'Please correct 2 fields: …',
          fields: { email: 'The customer\u2019s email address does not look right.', 'travellers.1': 'Please enter the name of traveller 2.' },
        },
        400,
      ),
    );
    render(<App data={fixtures.adminNewBooking} />);
    type('Number of travellers', '2');
    type('Price', 'amount');
    type('Discount (USD)', '49,70');
    // What the server will read, beside the field.
    expect(document.getElementById('nb-price-value-understood')?.textContent).toBe('= $49.70');
    type('Why the price differs', 'Returning customers');
    fireEvent.click(screen.getByRole('button', { name: 'Save booking' }));
    await flush();
    // As typed: the server reads it in the tour's currency.
    expect(sent(fetch)).toMatchObject({ discountMinor: '49,70', priceNote: 'Returning customers', payment: 'received', paymentMethod: 'cash' });
    expect(currentAlert()?.className).toBe('alert alert--error');
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('The customer\u2019s email address does not look right.');
    expect(document.getElementById('nb-traveller-1-error')?.textContent).toBe('Please enter the name of traveller 2.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks for a whole percentage under the field before sending anything', async () => {
    const fetch = mockFetch();
    render(<App data={fixtures.adminNewBooking} />);
    type('Price', 'percent');
    type('Discount (%)', 'ten');
    fireEvent.click(screen.getByRole('button', { name: 'Save booking' }));
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(currentAlert()?.textContent).toBe('Please enter the discount as a whole percentage, e.g. 10.');
    expect(screen.getByLabelText('Discount (%)').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('nb-price-value-error')?.textContent).toBe('Please enter the discount as a whole percentage, e.g. 10.');
  });

  it('sends an amount it cannot read as typed, and shows the server\'s message under the field', async () => {
    const message = 'Total price must be a number, e.g. 1290 or 1290.50.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message, fields: { priceMinor: message } }, 400));
    render(<App data={fixtures.adminNewBooking} />);
    type('Price', 'price');
    type('Total price (USD)', 'a lot');
    expect(document.getElementById('nb-price-value-understood')?.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Save booking' }));
    await flush();
    expect(sent(fetch)).toMatchObject({ priceMinor: 'a lot' });
    expect(screen.getByLabelText('Total price (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('nb-price-value-error')?.textContent).toBe(message);
  });
});
