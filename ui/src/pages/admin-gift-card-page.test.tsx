// /admin/gift-cards/{id}: the card's history, and an adjustment sent as typed with one
// key per form, whose answer replaces the page's card and history.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { adminGiftCardProps, fixtures } from '../dev-fixtures';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('AdminGiftCardPage', () => {
  it('lists the history newest first', () => {
    render(<App data={fixtures.adminGiftCard} />);
    const rows = within(screen.getByRole('table', { name: "Every movement of the card's money, newest first" })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'WhenWhatAmountBalance afterBooking or reason',
      '2 May 2027 10:00Spent on a booking-$40.00$60.00The booking',
      '1 May 2027 09:00Bought+$100.00$100.00',
    ]);
  });

  it('adjusts with a reason, retries with the same key, and shows the new balance', async () => {
    const answer = {
      card: { ...adminGiftCardProps.card, balance: '$70.00', balanceMinor: 7000 },
      entries: [
        { id: 'e-3', at: '3 May 2027 09:30', kind: 'Adjusted', amount: '+$10.00', balance: '$70.00', bookingId: '', reason: 'Apology' },
        ...adminGiftCardProps.entries,
      ],
    };
    const fetch = mockFetch(jsonResponse({ status: 'error', message: 'Something went wrong. Please try again.' }, 500), jsonResponse({ status: 'success', data: answer }));
    render(<App data={fixtures.adminGiftCard} />);
    type('Amount to add in USD (a minus sign takes off)', '10');
    type('Reason (kept in the history and the audit log)', 'Apology');
    fireEvent.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Adjust balance' }));
    await flush();
    const bodies = fetch.mock.calls.map(([url, init]) => {
      expect(String(url)).toBe(`${window.location.origin}/api/v1/admin/gift-cards/gc-1/adjust`);
      return JSON.parse(init?.body as string) as Record<string, unknown>;
    });
    expect(bodies[0]).toEqual({ key: bodies[0]!.key, amount: '10', reason: 'Apology' });
    expect(bodies[1]!.key).toBe(bodies[0]!.key);
    expect(currentAlert()?.textContent).toBe('Balance changed: it is now $70.00');
    expect(screen.getByText('$70.00 of $100.00')).toBeTruthy();
    expect(screen.getByText('Apology')).toBeTruthy();
  });
});
