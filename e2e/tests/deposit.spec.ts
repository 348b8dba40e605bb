// Deposits and balance payments (issue #24 §3): an admin makes a tour ask a 20 % deposit
// with the balance due 30 days before departure and schedules a departure 60 days ahead;
// a traveller sees "Pay X now, Y by <date>" under the booking panel's total, pays only the
// deposit on the sandbox's checkout, and later, from the booking's page
// (/my-tours/{id}), pays exactly the balance through "Pay the balance". The page then
// says it is paid in full, and each payment has its own receipt. No time needs to pass:
// the balance may be paid any day before it is due.
import { formatDay, formatMoney, logIn, signedInUser, tourByName } from '../lib/api';
import { acceptTerms, fillCard } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const TOUR = 'Highlands and the Isle of Skye';

/** The day `days` after today (UTC) as yyyy-mm-dd. */
function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('a traveller pays a deposit at checkout and the balance later from the booking page', async ({ page, context, newContext }) => {
  test.slow(); // two sandbox checkouts

  // --- An admin asks a 20 % deposit, the balance 30 days before, on a departure 60 days ahead. ---
  const admin = await newContext();
  await logIn(admin.request, ADMIN);
  const tour = await tourByName(page.request, TOUR);
  const date = daysAhead(60);
  const dueBy = formatDay(daysAhead(30));
  const added = await admin.request.post(`/api/v1/tours/${encodeURIComponent(tour.id)}/departures`, { data: { date } });
  expect(added.status(), await added.text()).toBe(201);
  const current = await admin.request.put(`/api/v1/tours/${encodeURIComponent(tour.id)}/status`, { data: { status: 'published' } });
  const { version } = ((await current.json()) as { data: { tour: { version: number } } }).data.tour;
  const saved = await admin.request.patch(`/api/v1/tours/${encodeURIComponent(tour.id)}`, {
    data: { version, deposit: { kind: 'percent', percent: '20', amount: '', balanceDays: '30' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const totalMinor = (tour.price - tour.priceDiscount) * 2;
  const depositMinor = Math.ceil(totalMinor / 5);
  const deposit = formatMoney(depositMinor, tour.currency);
  const balance = formatMoney(totalMinor - depositMinor, tour.currency);

  // --- The booking panel says what is paid now and what later; the checkout takes the deposit. ---
  await signedInUser(context, 'Dora Deposit');
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#start-date').selectOption(date);
  await page.locator('#participants').fill('2');
  await expect(page.locator('#booking-total')).toHaveText(`Total ${formatMoney(totalMinor, tour.currency)}`);
  await expect(page.locator('#booking-deposit')).toHaveText(`Pay ${deposit} now, ${balance} by ${dueBy}`);
  await acceptTerms(page);
  await page.locator('#book-tour').click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('#amount')).toHaveText(deposit);
  await fillCard(page, '4242 4242 4242 4242', 'Dora Deposit');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  await expectAlert(page, 'success', /is confirmed/);

  // --- The booking's page: the deposit paid, the balance due, and the button. ---
  await page.goto('/my-tours');
  await page.locator('.my-tours .card').filter({ hasText: tour.name }).getByRole('link', { name: /^View booking/ }).click();
  await page.waitForURL((u) => /^\/my-tours\/[0-9a-f]{24}$/.test(u.pathname));
  const bookingPath = new URL(page.url()).pathname;
  await waitForHydration(page);
  await expect(page.locator('#balance-paid')).toHaveText(deposit);
  await expect(page.locator('#balance-due')).toHaveText(`${balance} by ${dueBy}`);
  await expect(page.locator('#receipts li')).toHaveCount(1);

  // --- "Pay the balance" opens a checkout for exactly the balance. ---
  await page.getByRole('button', { name: 'Pay the balance' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('#amount')).toHaveText(balance);
  await fillCard(page, '4242 4242 4242 4242', 'Dora Deposit');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  await expectAlert(page, 'success', `Thank you: your payment of ${balance} is received.`);

  // --- Paid in full: no button, a second receipt. ---
  await page.goto(bookingPath);
  await waitForHydration(page);
  await expect(page.locator('#balance-paid')).toHaveText(formatMoney(totalMinor, tour.currency));
  await expect(page.locator('#balance-due')).toHaveText('Paid in full');
  await expect(page.getByRole('button', { name: 'Pay the balance' })).toHaveCount(0);
  await expect(page.locator('#receipts li')).toHaveCount(2);
});
