// The traveller's side after paying (issue #11): the cancellation policy on the tour page,
// before paying and on the checkout, the booking's own page (/my-tours/{id}) with its calendar file, and
// cancelling it there within the policy's 50% tier, the refund going through the sandbox
// provider; the page and /my-tours then say it is cancelled and what was refunded.
//
// The departure is made 40 days ahead by an admin through the API, so the booking is made
// in the default policy's full-refund tier; the site's test clock (lib/server.ts) is then
// moved 20 days on, into its 7–29-day tier, without waiting.
import { readFile } from 'node:fs/promises';
import { formatDay, formatMoney, logIn, signedInUser, tourByName } from '../lib/api';
import { bookAndPay } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

test.use({ testClock: true });

const ADMIN = 'laura@example.com';
const DAY = 86_400_000;
// No other spec books or changes this tour.
const TOUR = 'Highlands and the Isle of Skye';
const ZONE = 'Europe/London';
const START_TIME = '10:15';
const MEETING_POINT = 'Inverness station, main entrance';
const POLICY = [
  ['30 days or more before departure', 'Full refund'],
  ['7 to 29 days before departure', '50% refund'],
  ['Less than 7 days before departure', 'No refund'],
];

/** The day `days` after today (UTC) as yyyy-mm-dd. */
function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test('a traveller books, opens the booking page, downloads the calendar file and cancels for half the price', async ({
  page,
  context,
  newContext,
  server,
}) => {
  test.slow(); // a sandbox checkout, a download and a refund through the provider

  // --- An admin schedules a departure 40 days ahead, with a meeting point. ---
  const adminContext = await newContext();
  await logIn(adminContext.request, ADMIN);
  let tour = await tourByName(page.request, TOUR);
  const date = daysAhead(40);
  const added = await adminContext.request.post(`/api/v1/tours/${encodeURIComponent(tour.id)}/departures`, {
    data: { date, startTime: START_TIME, meetingPoint: MEETING_POINT },
  });
  expect(added.status(), await added.text()).toBe(201);
  tour = await tourByName(page.request, TOUR);

  // --- The tour page shows the policy, and the booking panel says it before paying. ---
  await signedInUser(context, 'Cora Cancel');
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  const tiers = page.locator('#tour-policy .policy__tier');
  await expect(tiers).toHaveCount(3);
  for (const [i, [when, refund]] of POLICY.entries()) {
    await expect(tiers.nth(i).locator('.policy__when')).toHaveText(when!);
    await expect(tiers.nth(i).locator('.policy__refund')).toHaveText(refund!);
  }
  await expect(page.locator('#tour-policy .policy__note')).toContainText(`in ${ZONE} time`);
  await expect(page.locator('#booking-policy')).toHaveText(
    'If you cancel: 30 days or more before departure, full refund; 7 to 29 days before departure, 50% refund; less than 7 days before departure, no refund.',
  );

  // --- Two seats, paid on the sandbox checkout; the confirmation leads to /my-tours. ---
  const totalMinor = (tour.price - tour.priceDiscount) * 2;
  const halfMinor = Math.floor(totalMinor / 2);
  // The sandbox's checkout shows the policy above its pay button, as Stripe's does.
  const amount = await bookAndPay(page, tour, date, 2, {
    terms:
      'Cancellation policy: 30 days or more before departure: full refund; 7 to 29 days before departure: 50% refund; Less than 7 days before departure: no refund.',
  });
  await page.clock.runFor(10_000);
  await page.waitForURL((u) => u.pathname === '/my-tours');
  await waitForHydration(page);
  const card = page.locator('.my-tours .card').filter({ hasText: tour.name });
  await expect(card).toHaveCount(1);
  await card.getByRole('link', { name: /^View booking/ }).click();

  // --- The booking's page. ---
  await page.waitForURL((u) => /^\/my-tours\/[0-9a-f]{24}$/.test(u.pathname));
  const bookingPath = new URL(page.url()).pathname;
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(tour.name);
  await expect(page.locator('.my-booking__status .status')).toHaveText('Paid');
  const facts = page.locator('#booking-facts');
  const fact = (name: string) => facts.locator('.facts__item').filter({ has: page.locator('dt', { hasText: name }) }).locator('dd');
  await expect(fact('Date')).toHaveText(formatDay(date));
  await expect(fact('Starts')).toHaveText(new RegExp(`^${START_TIME} (GMT|BST) \\(${ZONE}\\)$`));
  await expect(page.locator('#meeting-point')).toHaveText(MEETING_POINT);
  await expect(page.locator('#map-link')).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
  await expect(fact('Participants')).toHaveText('2 people');
  await expect(fact('Amount')).toHaveText(amount);
  await expect(fact('Payment')).toHaveText(/^Paid by card on /);
  const bookedPolicy = page.locator('#policy .policy__tier');
  await expect(bookedPolicy).toHaveCount(3);
  await expect(bookedPolicy.nth(1)).toHaveText(/7 to 29 days before departure\s*50% refund/);

  // --- The calendar file: the departure at its local time in its own zone. ---
  const downloading = page.waitForEvent('download');
  await page.locator('#calendar-link').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${tour.slug}.ics`);
  const ics = (await readFile(await download.path())).toString('utf8').replace(/\r\n /g, '');
  const lines = ics.split('\r\n');
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines).toContain(`DTSTART;TZID=${ZONE}:${date.replace(/-/g, '')}T${START_TIME.replace(':', '')}00`);
  expect(lines).toContain(`SUMMARY:${tour.name}`);
  expect(lines).toContain(`LOCATION:${MEETING_POINT.replace(/,/g, '\\,')}`);
  expect(lines).toContain('STATUS:CONFIRMED');
  expect(lines).toContain(`BEGIN:VTIMEZONE`);
  expect(lines.find((l) => l.startsWith('UID:'))).toMatch(new RegExp(`^UID:booking-${bookingPath.split('/').at(-1)}@`));
  expect(page.url(), 'the download leaves the page where it was').toContain(bookingPath);

  // --- Booked 40 days ahead: cancelling now would give everything back. ---
  const money = (text: string) => text.replace(/[$.]/g, '\\$&');
  await expect(page.locator('#cancel-quote')).toHaveText(
    new RegExp(`^If you cancel now \\((39|40|41) days before departure\\), you get ${money(amount)} back: 100% of ${money(amount)}\\.$`),
  );

  // --- 20 days later on the site's clock, the booking is in the 50% tier. ---
  server.moveClock(20 * DAY);
  try {
    await page.reload();
    await waitForHydration(page);

    // --- Cancelling: the refund is shown before confirming, then made. ---
    const half = formatMoney(halfMinor, tour.currency);
    await expect(page.locator('#cancel-quote')).toHaveText(
      new RegExp(`^If you cancel now \\((19|20|21) days before departure\\), you get ${money(half)} back: 50% of ${money(amount)}\\.$`),
    );
    await expect(page.locator('#cancel-until')).toContainText(`(${ZONE} time)`);
    await page.locator('#cancel-my-booking').click();
    await expect(page.locator('#confirm-cancel-title')).toHaveText(`Cancel your booking and get ${half} back? This cannot be undone.`);
    await expect(page.locator('#confirm-cancel')).toHaveText(`Yes, cancel and refund ${half}`);
    await page.locator('#confirm-cancel').click();
    await expectAlert(page, 'success', `Your booking is cancelled and ${half} is refunded.`);
    await expect(page.locator('.my-booking__status .status')).toHaveText(`Cancelled, ${half} refunded`);
    await expect(page.locator('#refunded')).toHaveText(half);
    await expect(page.locator('#cancel-outcome')).toHaveText(`This booking is cancelled and ${half} was refunded to your card.`);
    await expect(page.locator('#confirm-cancel')).toHaveCount(0);

    // --- It stays so after a reload, and /my-tours says the same. ---
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('.my-booking__status .status')).toHaveText(`Cancelled, ${half} refunded`);
    await page.goto('/my-tours');
    await waitForHydration(page);
    await expect(page.locator('.my-tours .card').filter({ hasText: tour.name }).locator('.status')).toHaveText(`Cancelled, ${half} refunded`);

    // --- The two seats are free again. ---
    const after = await tourByName(page.request, TOUR);
    const before = tour.startDates.find((d) => d.date === date)!;
    expect(after.startDates.find((d) => d.date === date)?.seatsLeft).toBe(before.seatsLeft);
  } finally {
    server.moveClock(0);
  }
});

test("another traveller gets the 404 page for someone's booking", async ({ page, context, newContext, guard }) => {
  guard.allowConsole(/the server responded with a status of 404/);
  const owner = await newContext();
  await signedInUser(owner, 'Otto Owner');
  const ownerPage = await owner.newPage();
  const tour = await tourByName(page.request, TOUR);
  const date = [...tour.startDates].sort((a, b) => b.date.localeCompare(a.date))[0]!.date;
  await bookAndPay(ownerPage, tour, date, 1);
  await ownerPage.goto('/my-tours');
  const link = ownerPage.locator('.my-tours .card').filter({ hasText: tour.name }).getByRole('link', { name: /^View booking/ });
  const path = await link.getAttribute('href');
  expect(path).toMatch(/^\/my-tours\/[0-9a-f]{24}$/);

  await signedInUser(context, 'Nosy Neighbour');
  const res = await page.goto(path!);
  expect(res?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.getByText(tour.name)).toHaveCount(0);
});
