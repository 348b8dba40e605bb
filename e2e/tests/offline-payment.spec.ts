// Honest offline payments (issue #21 §2) on the real binary: a booking taken by phone to
// be paid by bank transfer stays "Awaiting payment" on the dashboard and is no revenue;
// the operator records the transfer with its reference, the booking is paid and the
// revenue rises by its price; cancelling it leaves a refund owed on the dashboard, and
// the customer's email, read in the back office's outbox, says the money will be
// transferred, never that a card was refunded.
import type { Page } from '@playwright/test';
import { formatDay, formatMoney, listTours, logIn, newUser, type TourJSON } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';

/** A tour and its last departure with at least `seats` seats left. */
async function departureWithSeats(page: Page, seats: number): Promise<{ tour: TourJSON; date: string }> {
  for (const tour of await listTours(page.request)) {
    const last = [...tour.startDates].sort((a, b) => a.date.localeCompare(b.date)).at(-1);
    if (last && last.seatsLeft >= seats && tour.maxGroupSize >= seats) return { tour, date: last.date };
  }
  throw new Error(`no departure with ${seats} seats left`);
}

/** The minor units of the dashboard's revenue in one currency ("$1,200.00 + €300.00"). */
async function revenueIn(page: Page, currency: string): Promise<number> {
  const text = (await page.locator('#sales-revenue').textContent()) ?? '';
  const symbol = formatMoney(0, currency).replace(/[\d.,]/g, '');
  const part = text.split(' + ').find((p) => p.replace(/[\d.,]/g, '') === symbol);
  return part ? Number(part.replace(/\D/g, '')) : 0;
}

test('a phone booking by bank transfer awaits payment, is paid when the transfer is recorded, and its cancellation owes a transfer back', async ({
  page,
  context,
}) => {
  test.slow(); // several pages of the back office, each loaded and hydrated
  await logIn(context.request, ADMIN);
  const { tour, date } = await departureWithSeats(page, 2);
  const customer = newUser('Ines Duarte');
  const priceMinor = (tour.price - tour.priceDiscount) * 2;
  const price = formatMoney(priceMinor, tour.currency);

  await page.goto('/admin');
  await waitForHydration(page);
  const revenueBefore = await revenueIn(page, tour.currency);

  // --- The phone booking, with New booking from the departure's manifest, to pay later. ---
  await page.goto(`/admin/tours/${encodeURIComponent(tour.id)}/departures/${date}`);
  await waitForHydration(page);
  await page.locator('#new-booking-link').click();
  await page.waitForURL((u) => u.pathname === '/admin/bookings/new');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Number of travellers').fill('2');
  await page.getByLabel('Traveller 2').fill('Rui Duarte');
  await page.getByLabel('Pay later by a date').check();
  await page.getByLabel('Expected payment').selectOption('bank_transfer');
  await page.getByLabel('Pay by', { exact: true }).fill(date);
  const [recorded] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/admin/bookings')),
    page.locator('#new-booking-submit').click(),
  ]);
  expect(recorded.status()).toBe(201);
  expect(recorded.request().postDataJSON()).toMatchObject({ payment: 'later', participants: 2 });
  await page.waitForURL((u) => u.pathname.startsWith('/admin/bookings/') && u.pathname !== '/admin/bookings/new');

  // --- The dashboard lists it, with its departure and what is due; no revenue yet. ---
  await page.goto('/admin');
  await waitForHydration(page);
  const awaiting = page.locator('#awaiting-table tbody tr').filter({ hasText: customer.name });
  await expect(awaiting).toHaveCount(1);
  await expect(awaiting.locator('th a')).toContainText(formatDay(date));
  await expect(awaiting.locator('td').nth(0)).toHaveText(tour.name);
  await expect(awaiting.locator('td').nth(2)).toHaveText(price);
  await expect(awaiting.locator('td').nth(3)).toHaveText('Bank transfer');
  expect(await revenueIn(page, tour.currency)).toBe(revenueBefore);

  // --- The booking's page: awaiting payment; the transfer is recorded with its reference. ---
  await awaiting.locator('th a').click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin/bookings/'));
  await waitForHydration(page);
  const bookingPath = new URL(page.url()).pathname;
  await expect(page.locator('#booking-status')).toHaveText('Awaiting payment');
  await expect(page.locator('#payments-due')).toHaveText(price);
  await expect(page.locator('#payment-amount')).toHaveValue(`${Math.floor(priceMinor / 100)}.${String(priceMinor % 100).padStart(2, '0')}`);
  await page.locator('#payment-method').selectOption('bank_transfer');
  await page.locator('#payment-reference').fill('TRX-2580-IBAN');
  await page.locator('#record-payment-submit').click();
  await expectAlert(page, 'success', 'Payment recorded: the booking is paid');
  await expect(page.locator('#booking-status')).toHaveText('Paid');
  await expect(page.locator('#payments-received')).toHaveText(price);
  await expect(page.locator('#payments-due')).toHaveText(formatMoney(0, tour.currency));
  await expect(page.locator('#payments-table tbody tr')).toContainText(['TRX-2580-IBAN']);
  await expect(page.locator('#record-payment')).toHaveCount(0);

  // A reload shows the same: it is stored, not only on the page.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('#booking-status')).toHaveText('Paid');
  await expect(page.locator('#booking-history')).toContainText(`Payment received: ${price} (bank transfer)`);

  // --- The dashboard: no longer awaiting, and the revenue has risen by the price. ---
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.locator('#awaiting-table tbody tr').filter({ hasText: customer.name })).toHaveCount(0);
  expect(await revenueIn(page, tour.currency)).toBe(revenueBefore + priceMinor);

  // --- Cancelled with a full refund: owed, to be transferred back. ---
  await page.goto(bookingPath);
  await waitForHydration(page);
  await page.locator('#cancel-reason').fill('The customer cannot travel.');
  await page.locator('#cancel-booking-submit').click();
  // The dialog says the money goes back outside the site, and asks first.
  await expect(page.locator('#cancel-dialog')).toContainText('refunded outside the site');
  await page.locator('#cancel-dialog-confirm').click();
  await expectAlert(page, 'success', `Booking cancelled: ${price} to pay back outside the site`);
  await expect(page.locator('#booking-history')).toContainText(`Cancelled; ${price} owed, to pay back outside the site`);
  await expect(page.locator('#refunds-table')).toContainText('Owed (to pay back)');
  await expect(page.locator('.refund-paid-back')).toHaveCount(1);

  await page.goto('/admin');
  await waitForHydration(page);
  const owed = page.locator('#owed-table tbody tr').filter({ hasText: customer.name });
  await expect(owed).toHaveCount(1);
  await expect(owed.locator('td').nth(2)).toHaveText(price);
  await expect(owed.locator('td').nth(3)).toHaveText('Bank transfer');

  // --- The customer's email, in the outbox: a transfer, never a card refund. ---
  await page.goto(`/admin/emails?kind=bookingCancelled&to=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  await page.locator('#emails-table tbody tr a').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin/emails/'));
  await waitForHydration(page);
  const text = page.locator('#email-text');
  await expect(text).toContainText('We will transfer');
  const words = ((await text.textContent()) ?? '').replace(/\s+/g, ' ');
  expect(words).toContain(`We will transfer ${price} to you by bank transfer`);
  expect(words).not.toContain('We have refunded');

  // --- Recorded as paid back: off the dashboard. ---
  await page.goto(bookingPath);
  await waitForHydration(page);
  const paidBack = page.locator('.refund-paid-back');
  await paidBack.getByLabel('Reference').fill('OUT-77');
  await paidBack.getByRole('button', { name: 'Record as paid back' }).click();
  await expectAlert(page, 'success', `Refund of ${price} recorded as paid back`);
  await expect(page.locator('.refund-paid-back')).toHaveCount(0);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.locator('#owed-table tbody tr').filter({ hasText: customer.name })).toHaveCount(0);
});
