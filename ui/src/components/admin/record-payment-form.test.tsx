// The booking page's "Record a payment received": what is sent (the amount as typed, for
// the server to read), what the page shows after, a retry with the same key, and the
// server's message about the amount under the field.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../app';
import { awaitingCollect, fixtures, paidBooking, paidCollect } from '../../dev-fixtures';
import type { AdminBookingDetail, PageData } from '../../props';
import { currentAlert, flush, jsonResponse, mockFetch } from '../../test/helpers';

const awaitingBooking: AdminBookingDetail = {
  ...paidBooking,
  amount: '€2,580.00',
  amountMinor: 258000,
  refunded: '€0.00',
  currency: 'eur',
  provider: '',
  checkoutId: '',
  paymentRef: '',
  sourceLabel: 'Bank transfer',
  status: 'awaiting_payment',
  statusLabel: 'Awaiting payment',
  paidAt: '',
  refunds: [],
  refundableMinor: 58000,
};

const page: PageData<'adminBooking'> = { ...fixtures.adminBooking, props: { booking: awaitingBooking, collect: awaitingCollect, options: null, receipts: [] } };

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function body(fetch: ReturnType<typeof mockFetch>, i: number): Record<string, unknown> {
  const [url, init] = fetch.mock.calls[i]!;
  expect(String(url)).toBe(`${window.location.origin}/api/v1/admin/bookings/${paidBooking.id}/payments`);
  expect(init?.method).toBe('POST');
  return JSON.parse(init?.body as string) as Record<string, unknown>;
}

const paidAnswer = jsonResponse({
  status: 'success',
  data: {
    booking: { ...awaitingBooking, status: 'paid', statusLabel: 'Paid', paidAt: 'Thu 20 May 2027, 10:00 UTC' },
    collect: {
      ...paidCollect,
      price: '€2,580.00',
      received: '€2,580.00',
      due: '€0.00',
      currency: 'eur',
      payments: [
        ...awaitingCollect.payments,
        { ...awaitingCollect.payments[0]!, id: 'p-2', amount: '€2,000.00', reference: 'TRX-5000', receivedOn: 'Wed 19 May 2027' },
      ],
    },
  },
});

describe('RecordPaymentForm', () => {
  it('shows what is due and offers all of it, by bank transfer, received today', () => {
    render(<App data={page} />);
    const figures = within(document.getElementById('booking-payments')!);
    expect(figures.getByText('€2,580.00', { selector: '#payments-price' })).toBeTruthy();
    expect(figures.getByText('€580.00', { selector: '#payments-received' })).toBeTruthy();
    expect(figures.getByText('€2,000.00', { selector: '#payments-due' })).toBeTruthy();
    expect((screen.getByLabelText('Amount received') as HTMLInputElement).value).toBe('2000.00');
    expect((screen.getByLabelText('Received by') as HTMLSelectElement).value).toBe('bank_transfer');
    expect((screen.getByLabelText('Day received') as HTMLInputElement).value).toBe('2027-05-20');
    expect(screen.getByText('In EUR, at most what is due: €2,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send a link for €2,000.00' })).toBeTruthy();
  });

  it('sends the amount as typed with a key, retries with the same key, and shows the booking paid', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'The day the money was received cannot be in the future.' }, 400), paidAnswer);
    render(<App data={page} />);
    type('Day received', '2027-05-19');
    type('Reference', 'TRX-5000');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('The day the money was received cannot be in the future.');
    expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe('TRX-5000');

    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await flush();
    const first = body(fetch, 0);
    const second = body(fetch, 1);
    expect(first).toEqual({ key: first.key, method: 'bank_transfer', amountMinor: '2000.00', receivedOn: '2027-05-19', reference: 'TRX-5000' });
    expect(typeof first.key === 'string' && first.key.length >= 32).toBe(true);
    expect(second.key).toBe(first.key);

    expect(currentAlert()?.className).toBe('alert alert--success');
    expect(currentAlert()?.textContent).toBe('Payment recorded: the booking is paid');
    expect(screen.getByText('Paid', { selector: '#booking-status .status' })).toBeTruthy();
    expect(screen.getByText('€0.00', { selector: '#payments-due' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Money received and payment links sent' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('TRX-5000')).toBeTruthy();
    // Nothing is due any more: nothing to record or ask for.
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send a link/ })).toBeNull();
  });

  it('previews what it understands, sends what was typed and shows the server\'s message under the field', async () => {
    const message = 'Amount received must be a number, e.g. 1290 or 1290.50.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message, fields: { amountMinor: message } }, 400));
    render(<App data={page} />);
    type('Amount received', '1.500,5');
    expect(document.getElementById('payment-amount-understood')?.textContent).toBe('= €1,500.50');
    type('Amount received', 'two thousand');
    expect(document.getElementById('payment-amount-understood')?.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    await flush();
    expect(body(fetch, 0).amountMinor).toBe('two thousand');
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(message);
    const amount = screen.getByLabelText('Amount received');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('payment-amount-error')?.textContent).toBe(message);
  });

  it('says a cancelled booking paid by transfer owes its refund, not that it was refunded', async () => {
    const paid: AdminBookingDetail = { ...awaitingBooking, status: 'paid', statusLabel: 'Paid', refundableMinor: 258000 };
    mockFetch(
      jsonResponse({
        status: 'success',
        data: {
          booking: {
            ...paid,
            status: 'refunded',
            statusLabel: 'Refunded',
            refunded: '€2,580.00',
            cancellable: false,
            refundableMinor: 0,
            refunds: [{ id: 'rf-9', amount: '€2,580.00', status: 'owed', at: 'Thu 20 May 2027, 10:00 UTC', error: '' }],
          },
        },
      }),
    );
    render(<App data={{ ...page, props: { booking: paid, collect: { ...paidCollect, currency: 'eur' }, options: null, receipts: [] } }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund…' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Cancel the booking' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('Booking cancelled: €2,580.00 to pay back outside the site');
    expect(screen.getByRole('button', { name: 'Record as paid back' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Refund owed: €2,580.00' })).toBeTruthy();
  });
});
