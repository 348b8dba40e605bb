// /gift-cards: a listed amount is sent as minor units, one typed as typed (the server
// reads it); the server's messages show in the alert and under their fields; the notice
// of a purchase paid shows above the form.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../app';
import { fixtures } from '../dev-fixtures';
import { currentAlert, flush, jsonResponse, mockFetch } from '../test/helpers';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function sent(fetch: ReturnType<typeof mockFetch>): Record<string, unknown> {
  const [url, init] = fetch.mock.calls[0]!;
  expect(String(url)).toBe(`${window.location.origin}/api/v1/gift-cards`);
  expect(init?.method).toBe('POST');
  return JSON.parse(init?.body as string) as Record<string, unknown>;
}

describe('GiftCardsPage', () => {
  it('sends a listed amount in minor units, with the recipient and the day', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: "Please give the recipient's email address, like name@example.com.",
      fields: { recipientEmail: "Please give the recipient's email address, like name@example.com." } }, 400));
    render(<App data={fixtures.giftCards} />);
    fireEvent.click(screen.getByLabelText('$100.00'));
    type("Recipient's name", 'Rita');
    type("Recipient's email", 'rita');
    type('Your message (optional)', 'Happy birthday!');
    type('Email it on', '2027-06-01');
    type('Your email, for the receipt', 'bea@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Buy gift card' }));
    await flush();
    expect(sent(fetch)).toEqual({ amount: 10000, recipientName: 'Rita', recipientEmail: 'rita', message: 'Happy birthday!',
      deliverOn: '2027-06-01', buyerName: '', buyerEmail: 'bea@example.com' });
    expect(currentAlert()?.textContent).toBe("Please give the recipient's email address, like name@example.com.");
    expect(document.getElementById('recipient-email-error')?.textContent).toBe("Please give the recipient's email address, like name@example.com.");
  });

  it('sends another amount as typed', async () => {
    const fetch = mockFetch(jsonResponse({ status: 'fail', message: 'Please choose an amount between $25.00 and $1,000.00.' }, 400));
    render(<App data={fixtures.giftCards} />);
    fireEvent.click(screen.getByLabelText('Another amount'));
    type('Amount in USD ($25.00 to $1,000.00)', '75.50');
    fireEvent.click(screen.getByRole('button', { name: 'Buy gift card' }));
    await flush();
    expect(sent(fetch).amount).toBe('75.50');
  });

  it('shows what became of a purchase', () => {
    const notice = 'Thank you! Your gift card of $100.00 for Rita is paid. We email it to rita@example.com on 1 June 2027.';
    render(<App data={{ ...fixtures.giftCards, props: { ...fixtures.giftCards.props, notice } }} />);
    expect(screen.getByRole('status').textContent).toBe(notice);
  });
});
