// Who travels and their answers (issue #23 §2), on the real binary: a booking on a tour
// that asks every traveller's name and a dietary need shows on /my-tours that its details
// are needed; on /my-tours/{id} the traveller gives them, then changes an answer, each
// saved with 'Updating...' and kept across a reload; the manifest's CSV lists each
// traveller with their answer.
//
// The questions are set through the tour API after the booking was taken: the booking
// is the office's (paid in cash), made before the tour asked anything.
import type { APIRequestContext } from '@playwright/test';
import { logIn, signedInUser } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';

const FORM = {
  travellers: 'all',
  questions: [
    { id: 'diet', label: 'Dietary needs', type: 'choice', options: ['None', 'Vegetarian', 'Vegan'], required: true, perTraveller: true },
    { id: 'hotel', label: 'Pick-up hotel', help: 'Where we collect you.', type: 'text' },
  ],
};

async function call<T>(admin: APIRequestContext, method: 'post' | 'patch', url: string, data: unknown, status: number): Promise<T> {
  const res = await admin[method](url, { data });
  const body = (await res.json()) as { message?: string; data?: T };
  expect(res.status(), `${method} ${url}: ${body.message ?? ''}`).toBe(status);
  return body.data!;
}

/** The day `days` after today (UTC) as yyyy-mm-dd. */
function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('a traveller gives the names and answers a tour asks, then changes an answer', async ({ page, context, newContext, guard }) => {
  test.slow(); // a tour made from scratch and two saves
  guard.allowConsole(/the server responded with a status of 400/); // the refused change at the end
  const adminContext = await newContext();
  const admin = adminContext.request;
  await logIn(admin, ADMIN);
  const { tour } = await call<{ tour: { id: string; version: number } }>(admin, 'post', '/api/v1/tours', {
    name: 'Fjord Family Paddle', slug: '', summary: 'Calm water.', description: 'Day one.', difficulty: 'easy', durationDays: 1,
    maxGroupSize: 8, price: 9900, priceDiscount: 0, currency: 'eur', timeZone: 'Europe/Oslo',
    startLocation: { coordinates: [5.32, 60.39], description: 'Bergen harbour' },
    locations: [{ coordinates: [5.4, 60.4], description: 'The fjord', day: 1 }], guides: [],
  }, 201);
  const date = daysAhead(30);
  await call(admin, 'post', `/api/v1/tours/${tour.id}/departures`, { date, startTime: '09:00', meetingPoint: 'Fish market' }, 201);
  const traveller = await signedInUser(context, 'Ada Paddler');
  const { bookingId } = await call<{ bookingId: string }>(admin, 'post', `/api/v1/tours/${tour.id}/departures/${date}/bookings`,
    { email: traveller.email, name: traveller.name, participants: 2, paymentMethod: 'cash' }, 201);
  await call(admin, 'patch', `/api/v1/tours/${tour.id}`, { version: tour.version, ...FORM }, 200);

  // /my-tours says the details are needed, and links to them.
  await page.goto('/my-tours');
  await waitForHydration(page);
  const needed = page.locator(`#details-needed-${bookingId} a`);
  await expect(needed).toContainText(/^Details needed by \w{3} \d{1,2} \w+ \d{4}/);
  await needed.click();
  await page.waitForURL((u) => u.pathname === `/my-tours/${bookingId}`);
  await waitForHydration(page);

  const details = page.locator('#traveller-details');
  await expect(details.locator('#details-missing li')).toHaveText([
    'The name of traveller 2 (Adult)',
    'Dietary needs (traveller 1, Adult)',
    'Dietary needs (traveller 2, Adult)',
  ]);
  // The lead is the booking's customer; the second traveller has no name yet.
  await expect(page.locator('#traveller-1-name')).toHaveValue(traveller.name);
  await page.locator('#traveller-2-name').fill('Bo Paddler');
  await page.locator('#answer-diet-1').selectOption('None');
  await page.locator('#answer-diet-2').selectOption('Vegetarian');
  await page.locator('#answer-hotel-0').fill('Hotel Norge');
  await page.locator('#save-details').click();
  await expectAlert(page, 'success', 'Your travellers and answers are saved.');
  await expect(page.locator('#save-details')).toHaveText('Save details');
  await expect(details.locator('#details-missing')).toHaveCount(0);

  // Kept: a reload shows them; then the second traveller's need changes.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('#traveller-2')).toContainText('Bo Paddler (Adult)');
  await expect(page.locator('#traveller-2')).toContainText('Vegetarian');
  await expect(page.locator('#answer-diet-2')).toHaveValue('Vegetarian');
  await page.locator('#answer-diet-2').selectOption('Vegan');
  const saving = page.waitForResponse((r) => r.url().endsWith(`/api/v1/my-bookings/${bookingId}/details`));
  await page.locator('#save-details').click();
  await expect(page.locator('#save-details')).toHaveText(/^(Updating\.\.\.|Save details)$/);
  expect((await saving).status()).toBe(200);
  await expectAlert(page, 'success', 'Your travellers and answers are saved.');
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('#traveller-2')).toContainText('Vegan');
  await expect(page.locator('#booking-answers')).toHaveText('The bookingPick-up hotelHotel Norge');

  // A wrong answer is refused with the question named, and nothing changes.
  await page.locator('#traveller-2-name').fill('');
  await page.locator('#save-details').click();
  await expectAlert(page, 'error', 'The name of traveller 2 (Adult) cannot be empty.');

  // The manifest's CSV: one row per traveller, with their answer.
  const csv = await admin.get(`/admin/tours/${tour.id}/departures/${date}/manifest.csv`);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).replace(/^\ufeff/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Booking,Name,Email,Seat,Status,Paid by,Tour,Date,Start,Arrived,Checked in,Phone,Notes,Traveller,Category,Dietary needs,Pick-up hotel');
  expect(lines.slice(1).map((l) => l.split(',').filter((_, i) => [1, 13, 15, 16].includes(i)).join('|'))).toEqual([
    `${traveller.name}|1 of 2|None|Hotel Norge`,
    'Bo Paddler|2 of 2|Vegan|',
  ]);
});
