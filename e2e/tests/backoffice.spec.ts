// The bookings back office end to end (docs/admin.md, part 2), on the real binary: an
// admin finds a customer's paid booking with the filter form, cancels it with a partial
// refund through the sandbox provider, and the customer's /my-tours says so; a lead guide
// opens a manifest from the calendar's day, prints it (the print stylesheet keeps only the
// list) and downloads its CSV; a guide sees only the departures of the tours they guide,
// read-only, and gets the 404 page for anything else.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { formatDay, formatMoney, listTours, logIn, newUser, signedInUser, tourByName, type NewUser, type TourJSON } from '../lib/api';
import { bookAndPay } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, gate, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const ADMIN_NAME = 'Laura Bennett';
const LEAD_GUIDE = 'miyu@example.com';
const GUIDE = 'kwame@example.com';
const SAHARA = 'Sahara and the High Atlas';
const GUIDE_TOURS = [SAHARA, 'Icefields Parkway Explorer', 'Ha Long Bay by Junk'];
const NOT_GUIDED = 'The Matterhorn Glacier Trek';
// Each test books a different tour, on its last departure: booking.spec.ts books the
// first ones, and the worker's server is shared by the specs it runs.
const REFUND_TOUR = 'Norwegian Fjords on Foot';
const MANIFEST_TOUR = "Japan's Old Post Roads";

const CSV_HEADER = 'Booking,Name,Email,Seat,Status,Paid by,Tour,Date,Start,Arrived,Checked in,Phone,Notes,Traveller,Category';
const NOT_CANCELLABLE = 'This booking is not paid, so there is nothing to cancel or refund. Reload the page to see its state.';

/** The tour's last departure, which must have `seats` seats left. */
function lastDeparture(tour: TourJSON, seats: number): string {
  const dates = [...tour.startDates].sort((a, b) => a.date.localeCompare(b.date));
  const last = dates.at(-1);
  if (!last || last.seatsLeft < seats) throw new Error(`${tour.name} has no last departure with ${seats} seats: ${JSON.stringify(tour.startDates)}`);
  return last.date;
}

/** Minor units as typed in the refund field: 289000 → "2890.00". */
function majorUnits(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

function manifestPath(tourId: string, date: string): string {
  return `/admin/tours/${encodeURIComponent(tourId)}/departures/${date}`;
}

/** Records a walk-in booking paid in cash through the API as `admin` (signed in); its id. */
async function recordWalkIn(admin: APIRequestContext, tour: TourJSON, date: string, customer: NewUser, participants: number): Promise<string> {
  const res = await admin.post(`/api/v1/tours/${encodeURIComponent(tour.id)}/departures/${date}/bookings`, {
    data: { email: customer.email, name: customer.name, participants, paymentMethod: 'cash' },
  });
  const body = (await res.json()) as { status: string; message?: string; data?: { bookingId?: string } };
  expect(res.status(), `walk-in on ${tour.name} ${date}: ${body.message ?? ''}`).toBe(201);
  expect(body.data?.bookingId).toBeTruthy();
  return body.data!.bookingId!;
}

/** A CSV cell as Go's encoding/csv writes it. */
function csvCell(s: string): string {
  return /[",\r\n]/.test(s) || s.startsWith(' ') ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The back office's own navigation links, by their text. */
function adminNavLinks(page: Page): Locator {
  return page.locator('#admin-nav .admin-nav__link');
}

/** The calendar day's row of a departure, by the address of its manifest link. */
function calendarRow(page: Page, tourId: string, date: string): Locator {
  return page.locator('#calendar-day-table tbody tr').filter({ has: page.locator(`th a.calendar-manifest[href="${manifestPath(tourId, date)}"]`) });
}

/** Goes to `path` and expects the site's 404 page, in the layout, with its texts. */
async function expectNotFoundPage(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), `${path} answers 404`).toBe(404);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.locator('.error-page__status')).toHaveText('404');
  await expect(page.locator('.error-page__message')).toHaveText('We could not find that page. It may have moved, or the address may be mistyped.');
  await expect(page.locator('header.header')).toBeVisible();
}

test("an admin finds a customer's booking, cancels it with a refund, and the customer's /my-tours shows it cancelled and refunded", async ({
  page,
  context,
  newContext,
}) => {
  test.slow(); // two people, a sandbox checkout and a refund through the provider

  // --- The traveller books two seats and pays on the sandbox checkout. ---
  const traveller = await signedInUser(context, 'Rhea Refund');
  const tour = await tourByName(page.request, REFUND_TOUR);
  const date = lastDeparture(tour, 2);
  const totalMinor = (tour.price - tour.priceDiscount) * 2;
  const amount = await bookAndPay(page, tour, date, 2);
  expect(amount).toBe(formatMoney(totalMinor, tour.currency));
  await page.clock.runFor(10_000);
  await page.waitForURL((u) => u.pathname === '/my-tours');
  await waitForHydration(page);
  const myBooking = page.locator('.my-tours .card');
  await expect(myBooking).toHaveCount(1);
  await expect(myBooking.locator('.card__title')).toHaveText(tour.name);
  await expect(myBooking.locator('.status')).toHaveText('Paid');

  // --- The admin, in a browser of their own, finds it with the filter form. ---
  const adminContext = await newContext();
  await logIn(adminContext.request, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto('/admin/bookings');
  await waitForHydration(admin);
  await expect(admin.locator('h1')).toHaveText('Bookings');
  await expect(adminNavLinks(admin)).toHaveText(['Dashboard', 'Calendar', 'Tours', 'Bookings', 'Receipts', 'Gift cards', 'Users', 'Reviews', 'Audit log', 'Emails', 'Legal pages', 'Promo codes', 'Settings']);
  await expect(admin.locator('#filter-email')).toHaveValue('');
  await admin.locator('#filter-email').fill(traveller.email);
  await admin.locator('#filter-submit').click();
  // A plain GET form: a page load with the filters in the address.
  await admin.waitForURL((u) => u.pathname === '/admin/bookings' && u.searchParams.get('email') === traveller.email);
  await waitForHydration(admin);
  await expect(admin.locator('#filter-email')).toHaveValue(traveller.email);
  const rows = admin.locator('#bookings-table tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(admin.locator('#pager-summary')).toHaveText('Showing 1 of 1');
  const row = rows.first();
  await expect(row.locator('th a')).toHaveText(traveller.name);
  await expect(row.locator('th .admin-table__sub')).toHaveText(traveller.email);
  const cells = row.locator('td');
  await expect(cells.nth(1)).toHaveText(tour.name);
  await expect(cells.nth(2)).toHaveText(formatDay(date));
  await expect(cells.nth(3)).toHaveText('2');
  await expect(cells.nth(4)).toHaveText(amount);
  await expect(cells.nth(5)).toHaveText('Paid');
  await expect(cells.nth(5).locator('.status')).toHaveClass(/status--paid/);
  await expect(cells.nth(6)).toHaveText('Online');
  // The reference people call the booking by; its address has the booking's id.
  const reference = ((await cells.nth(0).textContent()) ?? '').trim();
  expect(reference).toMatch(/^TB-[2-9A-HJKMNP-Z]{6}$/);
  const href = (await row.getByRole('link', { name: traveller.name, exact: true }).getAttribute('href')) ?? '';
  const bookingId = decodeURIComponent(href.replace('/admin/bookings/', ''));
  expect(bookingId).not.toBe('');

  await row.getByRole('link', { name: traveller.name, exact: true }).click();
  await admin.waitForURL((u) => u.pathname === `/admin/bookings/${encodeURIComponent(bookingId)}`);
  await waitForHydration(admin);

  // --- The booking's details. ---
  await expect(admin.locator('h1')).toHaveText(`Booking ${reference}`);
  await expect(admin.locator('#booking-status')).toHaveText('Paid');
  await expect(admin.locator('#booking-status .status')).toHaveClass(/status--paid/);
  await expect(admin.locator('#booking-customer-email')).toHaveText(traveller.email);
  await expect(admin.locator('#booking-tour')).toHaveText(tour.name);
  await expect(admin.locator('#booking-departure')).toHaveText(formatDay(date));
  await expect(admin.locator('#booking-departure')).toHaveAttribute('href', manifestPath(tour.id, date));
  await expect(admin.locator('#booking-participants')).toHaveText('2');
  await expect(admin.locator('#booking-amount')).toHaveText(amount);
  await expect(admin.locator('#booking-refunded')).toHaveText(formatMoney(0, tour.currency));
  await expect(admin.locator('#booking-paid')).not.toHaveText('Not paid');
  const history = admin.locator('#booking-history .admin-history__item');
  await expect(history.locator('.admin-history__label')).toHaveText(['Checkout opened', `Paid ${amount}`]);
  await expect(admin.locator('#refunds-table')).toHaveCount(0);
  await expect(admin.locator('#resolve-booking')).toHaveCount(0);

  // --- Cancel with half refunded. ---
  const refund = admin.locator('#refund-amount');
  await expect(refund).toHaveValue(majorUnits(totalMinor));
  await expect(admin.locator('#refund-amount-hint')).toHaveText(`In ${tour.currency.toUpperCase()}, from 0 (no refund) to ${majorUnits(totalMinor)}`);
  const halfMinor = Math.round(totalMinor / 200) * 100; // whole units
  const half = formatMoney(halfMinor, tour.currency);
  const reason = 'The customer broke an ankle: half refunded as a goodwill gesture.';
  await refund.fill(majorUnits(halfMinor));
  await admin.locator('#cancel-reason').fill(reason);

  // Hold the call to see the button while it is under way.
  const held = gate();
  const sent: { refundMinor?: unknown; reason?: unknown; key?: unknown }[] = [];
  await admin.route(`**/api/v1/admin/bookings/${encodeURIComponent(bookingId)}/cancel`, async (route) => {
    sent.push(route.request().postDataJSON() as (typeof sent)[number]);
    await held.opened;
    await route.fallback();
  });
  await expect(admin.locator('#cancel-booking-submit')).toHaveText('Cancel and refund…');
  await admin.locator('#cancel-booking-submit').click();
  // A dialog says what will happen and that the customer is emailed, before anything is sent.
  const dialog = admin.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog).toContainText(`The booking will be cancelled and ${formatMoney(halfMinor, tour.currency)} refunded to the card`);
  await expect(dialog).toContainText('The customer gets an email');
  expect(sent).toHaveLength(0);
  const submit = admin.locator('#cancel-dialog-confirm');
  await expect(submit).toBeFocused();
  await submit.click();
  await expect(submit).toHaveText('Processing...');
  await expect(submit).toBeDisabled();
  await expect.poll(() => sent.length, { message: 'the cancel call is in flight' }).toBe(1);
  await expect(submit).toHaveText('Processing...');
  const body = sent[0]!;
  // The amount as typed: the server reads it in the booking's currency (README, "Typing amounts").
  expect(body.refundMinor).toBe(majorUnits(halfMinor));
  expect(body.reason).toBe(reason);
  expect(typeof body.key === 'string' && body.key !== '', 'an idempotency key').toBe(true);
  held.open();

  await expectAlert(admin, 'success', `Booking cancelled and ${half} refunded`);
  await expect(admin.locator('#booking-status')).toHaveText('Refunded');
  await expect(admin.locator('#booking-status .status')).toHaveClass(/status--refunded/);
  await expect(admin.locator('#booking-amount')).toHaveText(amount);
  await expect(admin.locator('#booking-refunded')).toHaveText(half);
  await expect(history).toHaveCount(3);
  const refunded = history.last();
  await expect(refunded.locator('.admin-history__label')).toHaveText(`Cancelled and refunded ${half}`);
  await expect(refunded.locator('.admin-history__actor')).toHaveText(`by ${ADMIN_NAME}`);
  await expect(refunded.locator('.admin-history__detail')).toHaveText(reason);
  const refundRows = admin.locator('#refunds-table tbody tr');
  await expect(refundRows).toHaveCount(1);
  await expect(refundRows.locator('td').nth(0)).toHaveText(half);
  await expect(refundRows.locator('td').nth(1)).toHaveText('Succeeded');
  await expect(refundRows.locator('td').nth(2)).toHaveText('');
  // Nothing left to cancel: the form is gone.
  await expect(admin.locator('#cancel-booking')).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Cancel and refund…' })).toHaveCount(0);

  // The same form key again (a retry, a second tab) answers with the first outcome and
  // refunds nothing more; a new key finds nothing to cancel.
  const again = await admin.request.post(`/api/v1/admin/bookings/${encodeURIComponent(bookingId)}/cancel`, { data: body });
  const againBody = (await again.json()) as { status: string; data?: { booking?: { status: string; refunded: string; refunds: unknown[] } } };
  expect(again.status()).toBe(200);
  expect(againBody.status).toBe('success');
  expect(againBody.data?.booking?.status).toBe('refunded');
  expect(againBody.data?.booking?.refunded).toBe(half);
  expect(againBody.data?.booking?.refunds).toHaveLength(1);
  const other = await admin.request.post(`/api/v1/admin/bookings/${encodeURIComponent(bookingId)}/cancel`, {
    data: { ...body, key: `${String(body.key)}-other` },
  });
  expect(other.status()).toBe(409);
  expect(((await other.json()) as { message?: string }).message).toBe(NOT_CANCELLABLE);

  await admin.reload();
  await waitForHydration(admin);
  await expect(admin.locator('#booking-status')).toHaveText('Refunded');
  await expect(admin.locator('#booking-refunded')).toHaveText(half);
  await expect(history).toHaveCount(3);
  await expect(refundRows).toHaveCount(1);
  await expect(admin.locator('#cancel-booking')).toHaveCount(0);

  // The list says so too.
  await admin.goto(`/admin/bookings?email=${encodeURIComponent(traveller.email)}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('td').nth(5)).toHaveText('Refunded');

  // --- The traveller reloads /my-tours. ---
  await page.reload();
  await waitForHydration(page);
  await expect(myBooking).toHaveCount(1);
  await expect(myBooking.locator('.card__title')).toHaveText(tour.name);
  await expect(myBooking.locator('.booking-facts')).toContainText(amount);
  await expect(myBooking.locator('.status')).toHaveText(`Cancelled, ${half} refunded`);
  await expect(myBooking.locator('.status')).toHaveClass(/status--refunded/);
});

test('a lead guide prints a manifest', async ({ page, context, request }) => {
  test.setTimeout(60_000); // the dashboard and the calendar's month and day before the manifest: more than the default on a busy machine
  // A walk-in paid in cash, recorded by the admin through the API.
  const tour = await tourByName(request, MANIFEST_TOUR);
  const date = lastDeparture(tour, 3);
  const seatsBefore = tour.startDates.find((d) => d.date === date)!.seatsLeft;
  await logIn(request, ADMIN);
  const customer = newUser('Zoë Ångström');
  const bookingId = await recordWalkIn(request, tour, date, customer, 3);

  await logIn(context.request, LEAD_GUIDE);
  await page.goto('/admin/dashboard');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Dashboard');
  await expect(adminNavLinks(page)).toHaveText(['My departures', 'Dashboard', 'Calendar', 'Tours', 'Bookings']);
  await expect(page.locator('#sales')).toBeVisible();

  // The last departure is further than the dashboard's 14 days: the calendar's day has it.
  const label = formatDay(date);
  await page.goto(`/admin/calendar?month=${date.slice(0, 7)}`);
  await page.locator(`.calendar-day[data-date="${date}"] .calendar-day__link`).click();
  await page.waitForURL((u) => u.searchParams.get('day') === date);
  await expect(page.locator('h1')).toHaveText(label);
  const row = calendarRow(page, tour.id, date);
  await expect(row).toHaveCount(1);
  const link = row.locator('th a.calendar-manifest');
  await expect(link).toHaveAccessibleName(new RegExp(`^${tour.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ?, manifest of ${label}$`));
  await expect(row.locator('td').nth(2)).toHaveText('3'); // sold
  await expect(row.locator('td').nth(3)).toHaveText('0'); // held
  await expect(row.locator('td').nth(4)).toHaveText(`${seatsBefore - 3} / ${tour.maxGroupSize}`);
  await expect(row.locator('td').nth(5)).toHaveText('Open');
  await link.click();
  await page.waitForURL((u) => u.pathname === manifestPath(tour.id, date));
  await waitForHydration(page);

  await expect(page.locator('h1')).toHaveText(`${tour.name}: ${label}`);
  await expect(page.locator('#manifest-travellers')).toHaveText('3');
  const rows = page.locator('#manifest-table tbody tr');
  await expect(rows).toHaveCount(1);
  const traveller = rows.first();
  await expect(traveller.locator('th')).toHaveText(customer.name);
  // The tick box for paper, the phone (none), email, participants, status, source, arrival, notes (none), reference.
  await expect(traveller.locator('td')).toHaveText(['', '—', customer.email, '3', 'Paid', 'Cash', '—', '', /^TB-[2-9A-HJKMNP-Z]{6}$/]);
  // A lead guide manages the departure.
  await expect(page.locator('#new-booking-link')).toBeVisible();
  await expect(page.locator('#cancel-departure')).toBeVisible();

  // Print: the browser's dialog, stubbed to count the calls.
  await page.evaluate(() => {
    const w = window as Window & { printCalls?: number };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls = (w.printCalls ?? 0) + 1;
    };
  });
  await page.locator('#print-manifest').click();
  await expect.poll(() => page.evaluate(() => (window as Window & { printCalls?: number }).printCalls), { message: 'window.print() was called' }).toBe(1);

  // What the print stylesheet keeps: the title, the facts and the list; no buttons, no help text.
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['header.header', 'footer.footer', '#admin-nav', '.admin__back', '#print-manifest', '#manifest-csv', '#walk-in', '#new-booking-link', '#cancel-departure', '.manifest__waitlist .form__hint']) {
    await expect(page.locator(hidden), `${hidden} in print`).toBeHidden();
  }
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('#manifest-facts')).toBeVisible();
  await expect(page.locator('#manifest-table')).toBeVisible();
  await expect(traveller).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('header.header')).toBeVisible();
  await expect(page.locator('#new-booking-link')).toBeVisible();

  // The CSV: UTF-8 with a byte order mark, the walk-in's row.
  const start = ((await page.locator('#manifest-facts > div').filter({ has: page.locator('dt', { hasText: 'Start time' }) }).locator('dd').textContent()) ?? '').trim();
  expect(start).not.toBe('');
  await expect(page.locator('#manifest-csv')).toHaveText('Download CSV');
  const downloading = page.waitForEvent('download');
  await page.locator('#manifest-csv').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`manifest-${tour.slug}-${date}.csv`);
  const file = await download.path();
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)], 'the UTF-8 byte order mark').toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
  expect(lines.at(-1), 'the file ends with a line break').toBe('');
  expect(lines.slice(0, -1)).toEqual([
    CSV_HEADER,
    // One row per traveller: the walk-in's three, its customer leading.
    [bookingId, customer.name, customer.email, '1', 'Paid', 'Cash', tour.name, date, start, '', '', '', '', '1 of 3', 'Adult'].map(csvCell).join(','),
    [bookingId, '', customer.email, '1', 'Paid', 'Cash', tour.name, date, start, '', '', '', '', '2 of 3', 'Adult'].map(csvCell).join(','),
    [bookingId, '', customer.email, '1', 'Paid', 'Cash', tour.name, date, start, '', '', '', '', '3 of 3', 'Adult'].map(csvCell).join(','),
  ]);
  expect(page.url(), 'the download leaves the page where it was').toContain(manifestPath(tour.id, date));
});

test('a guide sees only their departures', async ({ page, context, request, guard }) => {
  test.setTimeout(60_000); // the first screen, the calendar's month and day, then the manifest: more than the default on a busy machine
  guard.allowConsole(/the server responded with a status of 404/);
  const tours = await listTours(request);
  const mine = tours.filter((t) => GUIDE_TOURS.includes(t.name));
  expect(mine.map((t) => t.name).sort()).toEqual([...GUIDE_TOURS].sort());
  const sahara = mine.find((t) => t.name === SAHARA)!;
  const saharaDate = lastDeparture(sahara, 2);
  const other = tours.find((t) => t.name === NOT_GUIDED)!;
  const otherDate = other.startDates[0]!.date;

  // Someone on one of the guide's departures, recorded by the admin.
  await logIn(request, ADMIN);
  const customer = newUser('Gus Guided');
  const bookingId = await recordWalkIn(request, sahara, saharaDate, customer, 2);

  await logIn(context.request, GUIDE);
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('My departures today and next');
  await expect(page.locator('header.header').getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(adminNavLinks(page)).toHaveText(['My departures', 'Calendar', 'Tours']);
  // No money for guides.
  await expect(page.locator('#sales')).toHaveCount(0);
  await expect(page.locator('#sales-bookings, #sales-revenue, #sales-refund-due')).toHaveCount(0);
  await expect(page.getByText('Revenue, last 30 days')).toHaveCount(0);

  // The calendar's month of their departure: departures of the tours they guide only.
  const mineIds = new Set(mine.map((t) => encodeURIComponent(t.id)));
  await page.goto(`/admin/calendar?month=${saharaDate.slice(0, 7)}`);
  const hrefs = await page.locator('.calendar-departure a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs).toContain(manifestPath(sahara.id, saharaDate));
  expect(hrefs.filter((h) => !mineIds.has(h.split('/')[3]!)), 'departures of tours they do not guide').toEqual([]);
  await expect(page.locator('#calendar-guide')).toHaveCount(0);

  // Their manifest, read-only, from the day.
  const label = formatDay(saharaDate);
  await page.goto(`/admin/calendar?day=${saharaDate}`);
  const row = calendarRow(page, sahara.id, saharaDate);
  await expect(row).toHaveCount(1);
  const link = row.locator('th a.calendar-manifest');
  await expect(row.locator('td').nth(2)).toHaveText('2'); // sold
  await expect(row.locator('td').nth(6).getByRole('link')).toHaveAttribute('href', `${manifestPath(sahara.id, saharaDate)}/check-in`);
  await link.click();
  await page.waitForURL((u) => u.pathname === manifestPath(sahara.id, saharaDate));
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(`${SAHARA}: ${label}`);
  await expect(page.locator('#manifest-travellers')).toHaveText('2');
  const travellers = page.locator('#manifest-table tbody tr');
  await expect(travellers).toHaveCount(1);
  await expect(travellers.locator('th')).toHaveText(customer.name);
  await expect(travellers.locator('td a[href^="mailto:"]')).toHaveText(customer.email);
  await expect(page.locator('#print-manifest')).toBeVisible();
  await expect(page.locator('#manifest-csv')).toBeVisible();
  await expect(page.locator('#walk-in, #new-booking-link, #cancel-departure, #cancel-departure-submit')).toHaveCount(0);
  await expect(page.locator('form')).toHaveCount(0);
  // The API agrees: a guide's write is refused.
  const write = await context.request.post(`/api/v1/tours/${encodeURIComponent(sahara.id)}/departures/${saharaDate}/bookings`, {
    data: { email: newUser().email, name: 'Not Allowed', participants: 1, paymentMethod: 'cash' },
  });
  expect(write.status()).toBe(403);

  // Anything else is not there for them.
  await expectNotFoundPage(page, manifestPath(other.id, otherDate));
  await expect(page.locator('#manifest-table')).toHaveCount(0);
  const csv = await context.request.get(`${manifestPath(other.id, otherDate)}/manifest.csv`);
  expect(csv.status()).toBe(404);
  await expectNotFoundPage(page, '/admin/bookings');
  await expect(page.locator('#bookings-table, #booking-filter')).toHaveCount(0);
  await expectNotFoundPage(page, `/admin/bookings/${encodeURIComponent(bookingId)}`);
  await expect(page.locator('#booking-details')).toHaveCount(0);
});
