// New booking (issue #21 §3) on the real binary: from a departure's row on its tour's
// page the operator opens New booking with that departure chosen, enters a customer and
// three travellers, chooses "Pay later by a date", keeps Send confirmation on and saves;
// the booking's page says "Awaiting payment" with the travellers and what is due by when,
// and the confirmation is in the admin emails list.
import { formatDay, formatMoney, logIn, newUser, tourByName } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const TOUR = 'Sahara and the High Atlas';

/** The day before a yyyy-mm-dd day. */
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

test('an operator books three travellers by phone from a departure row, to pay later', async ({ page, context, request }) => {
  const tour = await tourByName(request, TOUR);
  const departure = [...tour.startDates].sort((a, b) => a.date.localeCompare(b.date)).find((d) => d.seatsLeft >= 3);
  if (!departure) throw new Error(`${TOUR} has no departure with 3 seats`);
  const { date } = departure;
  const payBy = dayBefore(date);
  const customer = newUser('Inês Duarte');
  await logIn(context.request, ADMIN);

  // The tour's page: the departure's row opens New booking with it chosen.
  await page.goto(`/admin/tours/${encodeURIComponent(tour.id)}`);
  await waitForHydration(page);
  const row = page.locator('#departures-table tbody tr').filter({ has: page.locator('th', { hasText: formatDay(date) }) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: `New booking: ${formatDay(date)}` }).click();
  await page.waitForURL((u) => u.pathname === '/admin/bookings/new' && u.searchParams.get('date') === date);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('New booking');
  await expect(page.locator('#nb-tour')).toHaveValue(tour.id);
  await expect(page.locator('#nb-date')).toHaveValue(date);
  await expect(page.locator('#nb-participants-hint')).toHaveText(`${departure.seatsLeft} seats left on this departure`);

  await page.getByLabel('Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Phone (optional)').fill('+351 912 345 678');
  await page.getByLabel('Number of travellers').fill('3');
  await expect(page.locator('#nb-traveller-0')).toHaveAttribute('placeholder', customer.name);
  await page.getByLabel('Traveller 2').fill('Rui Duarte');
  await page.getByLabel('Traveller 3').fill('Ana Duarte');
  await page.getByLabel('Pay later by a date').check();
  await page.getByLabel('Pay by', { exact: true }).fill(payBy);
  await expect(page.locator('#nb-confirm')).toBeChecked();
  await page.locator('#new-booking-submit').click();

  // The booking's page.
  await page.waitForURL((u) => /^\/admin\/bookings\/[0-9a-f]+$/.test(u.pathname));
  await waitForHydration(page);
  const bookingId = page.url().split('/').pop()!;
  await expect(page.locator('#booking-status')).toHaveText('Awaiting payment');
  await expect(page.locator('#booking-travellers li')).toHaveText([customer.name, 'Rui Duarte', 'Ana Duarte']);
  await expect(page.locator('#booking-participants')).toHaveText('3');
  const total = formatMoney((tour.price - tour.priceDiscount) * 3, tour.currency);
  await expect(page.locator('#booking-amount')).toHaveText(total);
  await expect(page.locator('#booking-due')).toHaveText(`${total} by ${formatDay(payBy)}`);
  await expect(page.locator('#booking-paid')).toHaveText('Not paid');
  await expect(page.locator('#booking-phone')).toHaveText('+351 912 345 678');

  // The confirmation is in the outbox, to the customer.
  await page.goto(`/admin/emails?to=${encodeURIComponent(customer.email)}`);
  await waitForHydration(page);
  const emails = page.locator('#emails-table tbody tr');
  await expect(emails).toHaveCount(1);
  await expect(emails.first()).toContainText('bookingConfirmation');
  await expect(emails.first()).toContainText(`Your booking: ${tour.name} on ${formatDay(date)}`);

  // The manifest counts the travellers' seats as taken.
  const seats = (await tourByName(request, TOUR)).startDates.find((d) => d.date === date)!.seatsLeft;
  expect(seats, `seats left after booking ${bookingId}`).toBe(departure.seatsLeft - 3);
});

test('a refused field is shown next to it, in words, and nothing is booked', async ({ page, context, request, guard }) => {
  guard.allowConsole(/status of 400/);
  const tour = await tourByName(request, TOUR);
  const date = tour.startDates.find((d) => d.seatsLeft >= 2)!.date;
  await logIn(context.request, ADMIN);
  await page.goto(`/admin/bookings/new?tour=${encodeURIComponent(tour.id)}&date=${date}`);
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Tom Berg');
  await page.getByLabel('Email', { exact: true }).fill('tom@');
  await page.getByLabel('Number of travellers').fill('2');
  await page.locator('#new-booking-submit').click();
  await expect(page.locator('#nb-email-error')).toHaveText("The customer's email address does not look right, e.g. name@example.com.");
  await expect(page.locator('#nb-traveller-1-error')).toHaveText('Please enter the name of traveller 2.');
  await expect(page.locator('#nb-email')).toHaveAttribute('aria-invalid', 'true');
  await expectAlert(page, 'error', /^Please correct 2 fields:/);
  expect(new URL(page.url()).pathname).toBe('/admin/bookings/new');
  const after = await tourByName(request, TOUR);
  expect(after.startDates.find((d) => d.date === date)!.seatsLeft).toBe(tour.startDates.find((d) => d.date === date)!.seatsLeft);
});
