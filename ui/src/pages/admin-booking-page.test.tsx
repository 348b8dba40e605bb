import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../app';
import { adminBookingRefundDue, adminBookingRefunded, fixtures, paidBooking, refundDueBooking } from '../dev-fixtures';
import type { AdminBookingDetail } from '../props';
import { currentAlert, deferred, flush, jsonResponse, mockFetch } from '../test/helpers';

const origin = window.location.origin;

function answer(booking: Partial<AdminBookingDetail>) {
  return jsonResponse({ status: 'success', data: { booking: { ...paidBooking, ...booking } } });
}

const cancelledBooking: Partial<AdminBookingDetail> = {
  status: 'refunded',
  statusLabel: 'Refunded',
  refunded: '$794.00',
  cancellable: false,
  refundableMinor: 0,
  history: [...paidBooking.history, { at: 'Sat 15 May 2027, 08:00 UTC', label: 'Cancelled, refunded $694.00', actor: 'Laura Wilson', detail: 'Ill' }],
};

function sent(fetch: ReturnType<typeof mockFetch>, i = 0) {
  const [url, init] = fetch.mock.calls[i]!;
  return { url: String(url), method: init?.method, json: JSON.parse(init?.body as string) as { refundMinor: unknown; reason: string; key: string } };
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** "Cancel and refund…", then the dialog's confirmation; the confirm button is returned. */
function cancelAndConfirm(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund…' }));
  const button = within(screen.getByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', { name: 'Cancel the booking' });
  fireEvent.click(button);
  return button;
}

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement).value;
}

describe('AdminBookingPage: details', () => {
  it('shows every field of the booking, its history and refunds', () => {
    render(<App data={fixtures.adminBooking} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Booking TB-7KQ4M2' })).toBeTruthy();
    const details = within(document.getElementById('booking-details')!);
    expect(details.getByText('Paid', { selector: '.status' }).className).toBe('status status--paid');
    expect(details.getByRole('link', { name: 'laura@example.com' }).getAttribute('href')).toBe('mailto:laura@example.com');
    expect(details.getByRole('link', { name: 'The Forest Hiker' }).getAttribute('href')).toBe('/tour/the-forest-hiker');
    expect(details.getByRole('link', { name: 'Tue 15 June 2027' }).getAttribute('href')).toBe('/admin/tours/t-5c88fa8c/departures/2027-06-15');
    expect(details.getByText('$794.00', { selector: '#booking-amount' })).toBeTruthy();
    expect(details.getByText('$794.00', { selector: '#booking-received' })).toBeTruthy();
    expect(details.getByText('$100.00')).toBeTruthy();
    expect(details.getByText('stripe')).toBeTruthy();
    expect(details.getByText('cs_test_a1B2c3D4e5F6')).toBeTruthy();
    expect(details.getByText('pi_3PqR8s2eZvKYlo2C1x9yZ')).toBeTruthy();
    expect(details.getByText('Mon 3 May 2027, 14:07 UTC')).toBeTruthy();

    const history = within(document.getElementById('booking-history')!).getAllByRole('listitem');
    expect(history.map((li) => li.textContent)).toEqual([
      'Mon 3 May 2027, 14:05 UTCBookedby Customer',
      'Mon 3 May 2027, 14:07 UTCPaidby Systemstripe pi_3PqR8s2eZvKYlo2C1x9yZ',
      'Tue 11 May 2027, 10:30 UTCRefunded $100.00by Laura WilsonGoodwill: the pick-up was late',
    ]);
    const refunds = within(screen.getByRole('table', { name: 'Refunds of this booking' })).getAllByRole('row');
    expect(refunds).toHaveLength(2);
    expect(within(refunds[1]!).getByText('Succeeded').className).toBe('status status--refund-succeeded');
  });

  it('lists what a family bought, its travellers with their categories and answers, and the answers for the booking', () => {
    render(<App data={adminBookingRefundDue} />);
    expect(screen.getByText('4 travellers · 3 seats', { selector: '#booking-travelling' })).toBeTruthy();
    expect(screen.getByText('3', { selector: '#booking-participants' })).toBeTruthy();
    const bought = within(screen.getByRole('table', { name: 'Travellers and extras of this booking' })).getAllByRole('row');
    expect(bought.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Item', 'Quantity', 'Unit price', 'Amount'],
      ['Adult', '2', '$497.00', '$994.00'],
      ['Child', '1', '$167.00', '$167.00'],
      ['Infant', '1', '$0.00', '$0.00'],
      ['Wetsuit (extra)', '2', '$15.00', '$30.00'],
    ]);
    const people = within(document.getElementById('booking-traveller-details')!).getAllByRole('listitem');
    expect(people.map((li) => li.textContent)).toEqual([
      'Ben Hadley · Adult · +1 403 555 0100Dietary needsVegetarian',
      'Maya Hadley · AdultDietary needsNone',
      'Leo Hadley · ChildDietary needsNuts, Gluten',
      'Ivy Hadley · Infant · no seat',
    ]);
    expect(within(people[0]!).getByRole('link', { name: '+1 403 555 0100' }).getAttribute('href')).toBe('tel:+14035550100');
    expect(document.getElementById('booking-answers')?.textContent).toBe('Pick-up hotelFairmont Banff Springs');
  });

  it('shows no travellers section for a booking without details, and its seats alone when every traveller has one', () => {
    render(<App data={fixtures.adminBooking} />);
    expect(screen.getByRole('table', { name: 'Travellers and extras of this booking' })).toBeTruthy();
    expect(screen.getByText('2 travellers', { selector: '#booking-seats' })).toBeTruthy();
    expect(document.getElementById('booking-travelling')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Travellers and answers' })).toBeNull();
  });

  it('offers a refund of what is left, in major units, and no resolve for a paid booking', () => {
    render(<App data={fixtures.adminBooking} />);
    expect(value('Refund amount')).toBe('694.00');
    expect(screen.getByText('In USD, from 0 (no refund) to 694.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark resolved' })).toBeNull();
  });

  it('offers nothing to do on a refunded booking', () => {
    render(<App data={adminBookingRefunded} />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Refunds of this booking' })).toBeNull();
    expect(screen.getByText('None (recorded by an operator)')).toBeTruthy();
  });
});

describe('AdminBookingPage: an overdue balance', () => {
  it('says when the balance was due and cancels in one step with a key, taking the answered booking', async () => {
    const fetch = mockFetch(answer(cancelledBooking));
    const props = fixtures.adminBooking.props;
    const collect = { ...props.collect, due: '$635.20', balanceDue: 'Sun 16 May 2027', balanceOverdue: true };
    render(<App data={{ ...fixtures.adminBooking, props: { ...props, collect } }} />);
    expect(document.getElementById('payments-balance-due')!.textContent).toBe('Sun 16 May 2027 (overdue)');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel for the unpaid balance' }));
    await flush();
    const { url, method, json } = sent(fetch);
    expect(method).toBe('POST');
    expect(url).toBe(`${origin}/api/v1/admin/bookings/${paidBooking.id}/cancel-overdue`);
    expect(json.key).toMatch(/.+/);
    expect(currentAlert()?.textContent).toBe('Booking cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel for the unpaid balance' })).toBeNull();
  });
});

describe('AdminBookingPage: a gift card', () => {
  it('shows what the gift card pays, linking to the card', () => {
    const props = fixtures.adminBooking.props;
    const collect = { ...props.collect, giftCard: { amount: '$300.00', last4: 'K7QX', url: '/admin/gift-cards/gc-1' } };
    render(<App data={{ ...fixtures.adminBooking, props: { ...props, collect } }} />);
    expect(document.getElementById('payments-gift-card')!.textContent).toBe('$300.00 from card …K7QX');
    expect(screen.getByRole('link', { name: 'gift card ending K7QX' }).getAttribute('href')).toBe('/admin/gift-cards/gc-1');
  });

  it('shows no gift card line when none paid', () => {
    render(<App data={fixtures.adminBooking} />);
    expect(document.getElementById('payments-gift-card')).toBeNull();
  });
});

describe('AdminBookingPage: cancel and refund', () => {
  it('sends the refund as typed (the server reads it in the booking\'s currency), the reason and a key, and takes the answered booking', async () => {
    const pending = deferred<Response>();
    const fetch = vi.fn<typeof globalThis.fetch>().mockReturnValue(pending.promise);
    vi.stubGlobal('fetch', fetch);
    render(<App data={fixtures.adminBooking} />);
    type('Refund amount', '694');
    type('Reason for cancelling (internal)', 'Ill');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel and refund…' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this booking?' }));
    // The dialog says what will happen, and that the customer is emailed, before anything is sent.
    expect(dialog.getByText('The booking will be cancelled and $694.00 refunded to the card; its seats go back on sale.')).toBeTruthy();
    expect(dialog.getByText('The customer gets an email saying the booking is cancelled and what was refunded.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    const button = dialog.getByRole('button', { name: 'Cancel the booking' });
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(button.textContent).toBe('Processing...');
    // A second click while the first is on its way sends nothing.
    fireEvent.click(button);
    expect(fetch).toHaveBeenCalledOnce();

    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/admin/bookings/b-7e21c0a4/cancel`);
    expect(init?.method).toBe('POST');
    const body = JSON.parse(init?.body as string) as { refundMinor: unknown; reason: string; key: string };
    expect(body.refundMinor).toBe('694');
    expect(body.reason).toBe('Ill');
    expect(body.key).toMatch(/^[0-9a-f-]{32,36}$/);

    pending.resolve(answer(cancelledBooking));
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--success');
    expect(currentAlert()?.textContent).toBe('Booking cancelled and $794.00 refunded');
    expect(screen.getByText('Refunded', { selector: '#booking-status .status' }).className).toBe('status status--refunded');
    expect(screen.getByText('Cancelled, refunded $694.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund…' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves the booking alone when the dialog is left with Escape', () => {
    const fetch = mockFetch();
    render(<App data={fixtures.adminBooking} />);
    const opener = screen.getByRole('button', { name: 'Cancel and refund…' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('says only "Booking cancelled" when nothing is refunded', async () => {
    const fetch = mockFetch(answer({ ...cancelledBooking, status: 'cancelled', statusLabel: 'Cancelled', refunded: '$100.00' }));
    render(<App data={fixtures.adminBooking} />);
    type('Refund amount', '0');
    cancelAndConfirm();
    await flush();
    expect(sent(fetch).json.refundMinor).toBe('0');
    expect(currentAlert()?.textContent).toBe('Booking cancelled');
  });

  it('retries with the same key after a failure, keeping what was typed; a success makes a new key', async () => {
    const message = 'The payment provider did not answer. Nothing was refunded; please try again.';
    const fetch = mockFetch(
      jsonResponse({ status: 'fail', message }, 502),
      jsonResponse({ status: 'error', message: 'Something went wrong. Please try again.' }, 500),
      // Still cancellable after this answer (the provider holds the refund), so the form stays.
      answer({ ...refundDueBooking, id: paidBooking.id, refundableMinor: 50000 }),
      answer(cancelledBooking),
    );
    render(<App data={fixtures.adminBooking} />);
    type('Refund amount', '12.5');
    type('Reason for cancelling (internal)', 'Storm warning');
    cancelAndConfirm();
    await flush();
    expect(currentAlert()?.className).toBe('alert alert--error');
    expect(currentAlert()?.textContent).toBe(message);
    expect(value('Refund amount')).toBe('12.5');
    expect(value('Reason for cancelling (internal)')).toBe('Storm warning');
    expect(screen.getByRole('button', { name: 'Cancel and refund…' })).toBeTruthy();

    cancelAndConfirm();
    await flush();
    cancelAndConfirm();
    await flush();
    const [first, second, third] = [sent(fetch, 0).json, sent(fetch, 1).json, sent(fetch, 2).json];
    expect(first).toEqual({ refundMinor: '12.5', reason: 'Storm warning', key: first.key });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(currentAlert()?.textContent).toBe('Booking cancelled and $0.00 refunded');
    // After a success the form starts again: what is left to refund, no reason, a new key.
    expect(value('Refund amount')).toBe('500.00');
    expect(value('Reason for cancelling (internal)')).toBe('');

    type('Reason for cancelling (internal)', 'Again');
    cancelAndConfirm();
    await flush();
    const fourth = sent(fetch, 3).json;
    expect(fourth.key).not.toBe(first.key);
    expect(fourth).toMatchObject({ refundMinor: '500.00', reason: 'Again' });
  });

  it('sends an amount it cannot read as typed, and shows the server\'s message under the field', async () => {
    const message = 'Refund amount can have at most 2 decimals, e.g. 1290.50.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message, fields: { refundMinor: message } }, 400));
    render(<App data={fixtures.adminBooking} />);
    type('Refund amount', '12.345');
    cancelAndConfirm();
    await flush();
    expect(sent(fetch).json.refundMinor).toBe('12.345');
    expect(currentAlert()?.textContent).toBe(message);
    expect(screen.getByLabelText('Refund amount').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('refund-amount-error')?.textContent).toBe(message);
  });
});

describe('AdminBookingPage: the cancel form\'s reason', () => {
  it('shows the server\'s message about the reason under it, tied to it, and clears it once accepted', async () => {
    const message = 'Reason must be at most 500 characters.';
    mockFetch(jsonResponse({ status: 'fail', message, fields: { reason: message } }, 400), answer(cancelledBooking));
    render(<App data={fixtures.adminBooking} />);
    type('Reason for cancelling (internal)', 'x'.repeat(501));
    cancelAndConfirm();
    await flush();
    const reason = screen.getByLabelText('Reason for cancelling (internal)');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(reason.getAttribute('aria-describedby')).toBe('cancel-reason-hint cancel-reason-error');
    expect(document.getElementById('cancel-reason-error')?.textContent).toBe(message);
    // The amount was not named: it stays unmarked.
    expect(screen.getByLabelText('Refund amount').getAttribute('aria-invalid')).toBeNull();

    type('Reason for cancelling (internal)', 'Ill');
    cancelAndConfirm();
    await flush();
    expect(document.getElementById('cancel-reason-error')).toBeNull();
  });
});

describe('AdminBookingPage: refund due', () => {
  it('shows the failed refund and resolves the booking with a reason', async () => {
    const fetch = mockFetch(answer({ ...refundDueBooking, status: 'cancelled', statusLabel: 'Cancelled', cancellable: false, refundableMinor: 0 }));
    render(<App data={adminBookingRefundDue} />);
    const refunds = within(screen.getByRole('table', { name: 'Refunds of this booking' }));
    expect(refunds.getByText('Failed').className).toBe('status status--refund-failed');
    expect(refunds.getByText('Card expired (stripe: charge_expired_for_refund)')).toBeTruthy();
    expect(value('Refund amount')).toBe('1191.00');

    type('How it was settled', 'Bank transfer sent by hand on 16 May');
    fireEvent.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await flush();
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe(`${origin}/api/v1/admin/bookings/b-7e21c0a3/resolve`);
    expect(JSON.parse(init?.body as string)).toEqual({ reason: 'Bank transfer sent by hand on 16 May' });
    expect(currentAlert()?.textContent).toBe('Booking resolved');
    expect(screen.queryByRole('button', { name: 'Mark resolved' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund…' })).toBeNull();
  });

  it('keeps the reason when resolving is refused, with the server\'s message under it', async () => {
    const message = "Please say how it was settled: it is kept in the booking's history.";
    mockFetch(jsonResponse({ status: 'fail', message, fields: { reason: message } }, 400));
    render(<App data={adminBookingRefundDue} />);
    type('How it was settled', ' ');
    fireEvent.click(screen.getByRole('button', { name: 'Mark resolved' }));
    await flush();
    expect(currentAlert()?.textContent).toBe(message);
    expect(value('How it was settled')).toBe(' ');
    expect(screen.getByLabelText('How it was settled').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('resolve-reason-error')?.textContent).toBe(message);
    expect(screen.getByRole('button', { name: 'Mark resolved' })).toBeTruthy();
  });
});

describe('AdminBookingPage: change booking', () => {
  const preview = {
    changes: ['Travellers: 2 → 1', 'Price: $794.00 → $397.00'],
    refundMinor: 29700,
    dueMinor: 0,
    summary: '$297.00 will be refunded to the card; the booking stays active with 1 traveller.',
    email: 'The customer gets an email saying what changed.',
  };

  it('shows what the change means in a dialog before saving it, then takes the answered booking', async () => {
    const fetch = mockFetch(
      jsonResponse({ status: 'success', data: { preview } }),
      answer({ participants: 1, amount: '$397.00', refunded: '$397.00', refundableMinor: 39700 }),
    );
    render(<App data={fixtures.adminBooking} />);
    const form = within(screen.getByRole('form', { name: 'Change booking' }));
    fireEvent.change(form.getByLabelText('Travellers'), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText('Departure'), { target: { value: '2027-06-17' } });
    fireEvent.change(form.getByLabelText('Note on the change (internal)'), { target: { value: 'Bob dropped out' } });
    expect(form.getByRole('option', { name: 'Thu 17 June 2027, 09:00 MDT (America/Edmonton): 1 seat left' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Review change' }));
    await flush();

    const asked = sent(fetch, 0);
    expect(asked.url).toBe(`${origin}/api/v1/admin/bookings/b-7e21c0a4/change/preview`);
    expect(asked.json).toMatchObject({ participants: 1, date: '2027-06-17', note: 'Bob dropped out' });
    const dialog = within(screen.getByRole('dialog', { name: 'Save this change?' }));
    expect(dialog.getAllByRole('listitem').map((li) => li.textContent)).toEqual(preview.changes);
    expect(dialog.getByText(preview.summary)).toBeTruthy();
    expect(dialog.getByText(preview.email)).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Save change' }));
    await flush();
    const saved = sent(fetch, 1).json as unknown as Record<string, unknown>;
    expect(sent(fetch, 1).url).toBe(`${origin}/api/v1/admin/bookings/b-7e21c0a4/change`);
    // The same key as the preview, and what the operator was shown: the server refuses if it changed meanwhile.
    expect(saved).toMatchObject({ participants: 1, date: '2027-06-17', expectRefundMinor: 29700, expectDueMinor: 0, key: asked.json.key });
    expect(currentAlert()?.textContent).toBe('Booking changed');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('1', { selector: '#booking-participants' })).toBeTruthy();
  });

  it('shows the server message when the change cannot be made, and saves nothing', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'There are not enough seats on Thu 17 June 2027 for 2 travellers.' }, 409));
    render(<App data={fixtures.adminBooking} />);
    fireEvent.change(screen.getByLabelText('Departure'), { target: { value: '2027-06-17' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review change' }));
    await flush();
    expect(currentAlert()?.textContent).toBe('There are not enough seats on Thu 17 June 2027 for 2 travellers.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('shows the balance due after a change up', () => {
    render(<App data={{ ...fixtures.adminBooking, props: { ...fixtures.adminBooking.props, booking: { ...paidBooking, due: '$397.00' } } }} />);
    expect(screen.getByText('$397.00 due', { selector: '#booking-due' })).toBeTruthy();
  });
});

describe('AdminBookingPage: refund without cancelling', () => {
  it('suggests the policy refund, confirms in a dialog that the booking stays active, and sends a key', async () => {
    const fetch = mockFetch(answer({ refunded: '$497.00', refundableMinor: 29700 }));
    render(<App data={fixtures.adminBooking} />);
    const form = within(screen.getByRole('form', { name: 'Refund' }));
    expect(form.getByText(/Suggested by the cancellation policy: \$397\.00\. Its cancellation policy refunds 50%/)).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Use the suggested amount' }));
    expect((form.getByLabelText('Amount to refund') as HTMLInputElement).value).toBe('397.00');
    fireEvent.change(form.getByLabelText('Amount to refund'), { target: { value: '120' } });
    fireEvent.change(form.getByLabelText('Reason for the refund (internal)'), { target: { value: 'One traveller ill' } });
    fireEvent.click(form.getByRole('button', { name: 'Refund…' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Refund without cancelling?' }));
    expect(dialog.getByText('$120.00 will be refunded to the card; the booking stays active with 2 travellers.')).toBeTruthy();
    expect(dialog.getByText('The customer gets an email saying how much was refunded.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(dialog.getByRole('button', { name: 'Refund $120.00' }));
    await flush();
    const body = sent(fetch).json as unknown as Record<string, unknown>;
    expect(sent(fetch).url).toBe(`${origin}/api/v1/admin/bookings/b-7e21c0a4/refund`);
    // As typed: the server reads it.
    expect(body).toMatchObject({ amountMinor: '120', reason: 'One traveller ill' });
    expect(body.key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(currentAlert()?.textContent).toBe('$120.00 refunded; the booking stays active');
    expect(screen.getByText('Paid', { selector: '#booking-status .status' })).toBeTruthy();
  });

  it('previews the amount, sends it as typed and shows the server\'s message under it', async () => {
    const message = 'Refund amount is more than was paid and not yet refunded. Reload the page to see what is left.';
    const fetch = mockFetch(jsonResponse({ status: 'fail', message, fields: { refundMinor: message } }, 400));
    render(<App data={fixtures.adminBooking} />);
    const form = within(screen.getByRole('form', { name: 'Refund' }));
    fireEvent.change(form.getByLabelText('Amount to refund'), { target: { value: '1.200' } });
    expect(document.getElementById('refund-only-amount-understood')?.textContent).toBe('= $1,200.00');
    fireEvent.click(form.getByRole('button', { name: 'Refund…' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Refund without cancelling?' })).getByRole('button', { name: 'Refund $1,200.00' }));
    await flush();
    expect(sent(fetch).json).toMatchObject({ amountMinor: '1.200' });
    const amount = form.getByLabelText('Amount to refund');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('refund-only-amount-error')?.textContent).toBe(message);
  });
});
