// The back office end to end (docs/admin.md), on the real binary: an admin creates a tour,
// adds three stops by clicking the map, uploads a cover, schedules a weekly series and
// publishes it; a signed-out visitor then finds it on `/`, sees the stops on the map and
// the local start times, and books it through the sandbox checkout to /my-tours. And who
// may see what: a guide sees only the tours they guide, read-only; a traveller gets 404.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { formatMoney, listTours, logIn, signUp } from '../lib/api';
import { acceptTerms, SAMPLE_TERMS_VERSION } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { alertLocator, expectAlert, gate, pauseClock, waitForHydration } from '../lib/page';
import { encodePng } from '../lib/png';

const ADMIN = 'laura@example.com';
const GUIDE = 'kwame@example.com';
const TRAVELLER = 'sophie@example.com';
const SAHARA = 'Sahara and the High Atlas';
const GUIDE_TOURS = [SAHARA, 'Icefields Parkway Explorer', 'Ha Long Bay by Junk'];

const TIME_ZONE = 'Atlantic/Reykjavik';
const START_TIME = '08:30';
// Reykjavik keeps GMT all year, so the label is the same on every date.
const START_LABEL = `${START_TIME} GMT (${TIME_ZONE})`;
const PRICE = '1299';
const PRICE_MINOR = 129_900;
const GROUP_SIZE = 8;
// Tuesday and Saturday (the API counts 0 as Sunday).
const WEEKDAYS = [2, 6];
const TEST_CARD = '4242 4242 4242 4242';

const STOPS = ['Þingvellir rift valley', 'Geysir & Strokkur', 'Jökulsárlón glacier lagoon'];
// Where the stops are clicked, as fractions of the map's width and height: apart from
// each other, the edges and the attribution in the bottom right corner.
const CLICKS: [number, number][] = [
  [0.3, 0.35],
  [0.5, 0.55],
  [0.7, 0.4],
];

/** A yyyy-mm-dd day, `days` from today (UTC, which is Reykjavik's time). */
function dayFromToday(days: number): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days));
}

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A date as the site writes it (Go's "Mon 2 January 2006"). */
function dateLabel(d: Date): string {
  return `${WEEKDAY_NAMES[d.getUTCDay()]} ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The days from..to (both included) that fall on one of `weekdays`. */
function seriesDays(from: Date, to: Date, weekdays: number[]): Date[] {
  const days: Date[] = [];
  for (let d = from; d <= to; d = new Date(d.getTime() + 86_400_000)) {
    if (weekdays.includes(d.getUTCDay())) days.push(d);
  }
  return days;
}

/** A 1800×1200 photo-like PNG: wide enough for the 1600 px the server stores. */
function coverPng(): Buffer {
  return encodePng(1800, 1200, (x, y) => [Math.round((x / 1800) * 200) + 30, Math.round((y / 1200) * 150) + 60, 180 - Math.round((x / 1800) * 120)]);
}

type MapElement = HTMLElement & { _tourbookMap?: import('leaflet').Map };

/**
 * Resolves once Leaflet has made the map in element `id` (the page's effects have run).
 * The map's code loads only when the map comes near the viewport, so the visitor scrolls to it.
 */
async function waitForMap(page: Page, id: string): Promise<void> {
  await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.evaluate((el) => !!(document.getElementById(el) as MapElement | null)?._tourbookMap, id), { message: `Leaflet map #${id}` })
    .toBe(true);
}

/** Reads a number input, which must hold a finite number. */
async function numberIn(input: Locator): Promise<number> {
  const value = Number(await input.inputValue());
  expect(Number.isFinite(value), `${await input.getAttribute('id')} holds a number`).toBe(true);
  return value;
}

async function fillCard(page: Page, number: string): Promise<void> {
  const nextYear = (new Date().getUTCFullYear() + 3) % 100;
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill(`12/${String(nextYear).padStart(2, '0')}`);
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Vera Visitor');
  await page.getByRole('button', { name: /^Pay / }).click();
}

test('an admin creates, maps, illustrates, schedules and publishes a tour; a visitor finds it and books it', async ({ page, context, newContext }) => {
  test.slow(); // two people, a picture upload and a checkout: more than the usual 30 s budget

  const name = `Glacier Lagoon Circuit ${randomUUID().slice(0, 6)}`;
  const from = dayFromToday(14);
  const to = dayFromToday(35);
  const departures = seriesDays(from, to, WEEKDAYS);
  expect(departures.length, 'three weeks hold a few Tuesdays and Saturdays').toBeGreaterThanOrEqual(6);
  const first = departures[0]!;

  // --- The admin, signed in through the API; the rest is done on the pages. ---
  await logIn(context.request, ADMIN);
  await page.goto('/admin/tours/new');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('New tour');
  await expect(page.locator('header.header').getByRole('link', { name: 'Admin' })).toBeVisible();

  await page.locator('#tour-name').fill(name);
  await page.locator('#tour-summary').fill('Three days from the rift valley to the icebergs of the south coast.');
  await page.locator('#tour-description').fill('Walk between two continents.\nWatch Strokkur erupt, then sail among icebergs.');
  await page.locator('#tour-difficulty').selectOption('medium');
  await page.locator('#tour-duration').fill('3');
  await page.locator('#tour-group-size').fill(String(GROUP_SIZE));
  await page.locator('#tour-price').fill(PRICE);
  await page.locator('#tour-currency').selectOption('usd');
  await page.locator('#tour-time-zone').fill(TIME_ZONE);
  await page.locator('#tour-start-description').fill('Reykjavík, Hallgrímskirkja');
  await page.locator('#tour-start-lng').fill('-21.9266');
  await page.locator('#tour-start-lat').fill('64.1419');

  // On success the page shows 'Tour created' and goes on as the new tour's editor, at the
  // tour's own address, without a page load: the alert stays in view.
  const isTourPage = (url: URL) => /^\/admin\/tours\/[^/]+$/.test(url.pathname) && url.pathname !== '/admin/tours/new';
  const create = page.locator('#save-tour');
  await expect(create).toHaveText('Create tour');
  await create.click();
  await expectAlert(page, 'success', 'Tour created');
  await expect(page).toHaveURL(isTourPage);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  expect(id).not.toBe('');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(name);
  await expect(page.locator('#tour-status')).toHaveText('Draft');
  await expect(page.locator('#save-tour')).toHaveText('Save tour');
  await expect(page.locator('#tour-price')).toHaveValue('1299.00');
  await expect(page.locator('#tour-time-zone')).toHaveValue(TIME_ZONE);
  const slug = await page.locator('#tour-slug').inputValue();
  expect(slug).toMatch(/^glacier-lagoon-circuit-[a-z0-9]+$/);

  // --- Three stops, by clicking the map. ---
  const stopMap = page.locator('#stop-map');
  await waitForMap(page, 'stop-map');
  await expect(page.locator('#stops-table')).toHaveCount(0);
  await stopMap.scrollIntoViewIfNeeded();
  const box = (await stopMap.boundingBox())!;
  const rows = page.locator('#stops-table tbody tr');
  const clicked: { lng: number; lat: number }[] = [];
  for (const [i, [fx, fy]] of CLICKS.entries()) {
    const position = { x: Math.round(box.width * fx), y: Math.round(box.height * fy) };
    // Where Leaflet puts that point of the map, before the click.
    clicked.push(
      await page.evaluate(({ x, y }) => {
        const map = (document.getElementById('stop-map') as HTMLElement & { _tourbookMap: import('leaflet').Map })._tourbookMap;
        const p = map.containerPointToLatLng([x, y]).wrap();
        return { lng: p.lng, lat: p.lat };
      }, position),
    );
    await stopMap.click({ position });
    await expect(rows).toHaveCount(i + 1);
    await expect(stopMap.locator('.leaflet-marker-icon')).toHaveCount(i + 1);
  }
  for (const [i, description] of STOPS.entries()) {
    const n = i + 1;
    const lng = await numberIn(page.locator(`#stop-lng-${n}`));
    const lat = await numberIn(page.locator(`#stop-lat-${n}`));
    expect(lng).toBeGreaterThanOrEqual(-180);
    expect(lng).toBeLessThanOrEqual(180);
    expect(lat).toBeGreaterThanOrEqual(-90);
    expect(lat).toBeLessThanOrEqual(90);
    // Within a pixel of the clicked point (a pixel is about 0.35° at the world view).
    expect(Math.abs(lng - clicked[i]!.lng), `stop ${n}'s longitude`).toBeLessThan(0.5);
    expect(Math.abs(lat - clicked[i]!.lat), `stop ${n}'s latitude`).toBeLessThan(0.5);
    // Each new stop comes the day after the last one.
    await expect(page.locator(`#stop-day-${n}`)).toHaveValue(String(n));
    await page.locator(`#stop-description-${n}`).fill(description);
  }
  const typed = await Promise.all(
    [1, 2, 3].map(async (n) => [await page.locator(`#stop-lng-${n}`).inputValue(), await page.locator(`#stop-lat-${n}`).inputValue()]),
  );
  // One Save for the details, the stops and the policy.
  await expect(page.locator('#tour-form-state')).toHaveText('Changes not saved yet');
  await page.locator('#save-tour').click();
  await expectAlert(page, 'success', 'Tour saved');
  await expect(page.locator('#tour-form-state')).toHaveText('');
  await expect(rows).toHaveCount(3);
  await expect(stopMap.locator('.leaflet-marker-icon')).toHaveCount(3);
  for (const [i, description] of STOPS.entries()) {
    const n = i + 1;
    await expect(rows.nth(i).locator('th')).toHaveText(String(n));
    await expect(page.locator(`#stop-description-${n}`)).toHaveValue(description);
    // The saved coordinates are the ones the clicks gave (compared as numbers: the
    // server's answer may spell them differently).
    expect(await numberIn(page.locator(`#stop-lng-${n}`))).toBe(Number(typed[i]![0]));
    expect(await numberIn(page.locator(`#stop-lat-${n}`))).toBe(Number(typed[i]![1]));
  }

  // --- A cover picture, made here: a PNG 1800 px wide. ---
  await expect(page.locator('.admin-cover__img')).toHaveCount(0);
  await page.locator('#cover-picture').setInputFiles({ name: 'glacier-lagoon.png', mimeType: 'image/png', buffer: coverPng() });
  await page.locator('#cover-picture-submit').click();
  await expectAlert(page, 'success', 'Cover uploaded');
  const cover = page.locator('.admin-cover__img');
  await expect(cover).toBeVisible();
  await expect(cover).toHaveAttribute('alt', `Cover of ${name}`);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: 'the cover loads' }).toBeGreaterThan(0);
  const coverSrc = (await cover.getAttribute('src'))!;
  await expect(page.locator('#cover-picture-submit')).toHaveText('Upload cover');

  // --- A weekly series: Tuesdays and Saturdays at 08:30, Reykjavik time. ---
  await expect(page.locator('#departures-table')).toHaveCount(0);
  await page.locator('#series-from').fill(isoDay(from));
  await page.locator('#series-to').fill(isoDay(to));
  for (const day of WEEKDAYS) await page.locator(`#series-weekday-${day}`).check();
  await page.locator('#series-start-time').fill(START_TIME);
  await page.locator('#add-series-submit').click();
  await expectAlert(page, 'success', `Added ${departures.length} departure(s)`);
  const departureRows = page.locator('#departures-table tbody tr');
  await expect(departureRows).toHaveCount(departures.length);
  await expect(departureRows.locator('th')).toHaveText(departures.map(dateLabel));
  for (const row of await departureRows.all()) {
    await expect(row.locator('td').first()).toHaveText(START_LABEL);
  }
  await expect(page.locator(`#capacity-${isoDay(first)}`)).toHaveValue(String(GROUP_SIZE));

  // --- Published. ---
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectAlert(page, 'success', 'Tour published');
  await expect(page.locator('#tour-status')).toHaveText('Published');
  await expect(page.locator('#public-link')).toHaveAttribute('href', `/tour/${slug}`);
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toBeVisible();

  // --- A visitor, signed out, in a browser of their own. ---
  const visitor = await (await newContext()).newPage();
  await visitor.goto('/');
  await waitForHydration(visitor);
  await expect(visitor.locator('header.header').getByRole('link', { name: 'Log in' })).toBeVisible();
  const card = visitor.locator('.card').filter({ has: visitor.locator('.card__title', { hasText: name }) });
  await expect(card).toHaveCount(1);
  await expect(card.locator('.card__title')).toHaveText(name);
  await expect(card.locator('.card__price .card__value')).toHaveText('$1,299');
  await expect(card.locator('.card__kind')).toHaveText('Medium 3-day tour');
  await expect(card.locator('.card__facts')).toContainText('3 stops');
  await expect(card.locator('.card__facts')).toContainText(`${GROUP_SIZE} people`);
  await expect(card.locator('.card__img')).toHaveAttribute('src', coverSrc);
  await card.getByRole('link', { name: `Details about ${name}` }).click();
  await visitor.waitForURL((u) => u.pathname === `/tour/${slug}`);
  await waitForHydration(visitor);
  await expect(visitor.locator('h1')).toHaveText(name);
  await expect(visitor.locator('.tour-hero__img')).toHaveAttribute('src', coverSrc);

  // The stops on the map, every popup open.
  await waitForMap(visitor, 'map');
  await expect(visitor.locator('#map .leaflet-marker-icon')).toHaveCount(3);
  await expect(visitor.locator('#map .leaflet-popup')).toHaveCount(3);
  const popups = await visitor.locator('#map .leaflet-popup-content').allTextContents();
  expect([...popups].sort()).toEqual(STOPS.map((s, i) => `Day ${i + 1}: ${s}`).sort());
  await expect(visitor.locator('.itinerary__stop')).toHaveText(STOPS.map((s, i) => `Day ${i + 1} ${s}`));

  // Every departure with its local start time.
  const listed = visitor.locator('.departures__list .departure');
  await expect(listed).toHaveCount(departures.length);
  await expect(listed.locator('.departure__date')).toHaveText(departures.map(dateLabel));
  await expect(listed.locator('.departure__time')).toHaveText(departures.map(() => `Starts ${START_LABEL}`));
  await expect(listed.locator('.departure__seats')).toHaveText(departures.map(() => `${GROUP_SIZE} seats left`));
  await expect(visitor.getByRole('link', { name: 'Log in to book tour' })).toBeVisible();

  // --- The visitor signs up and books one seat on the first departure. ---
  await signUp(visitor.context().request);
  await visitor.clock.install();
  await visitor.reload();
  await waitForHydration(visitor);
  const book = visitor.locator('#book-tour');
  await expect(book).toHaveText('Book tour now!');
  await expect(book).toHaveAttribute('data-tour-id', id);
  const option = visitor.locator(`#start-date option[value="${isoDay(first)}"]`);
  await expect(option).toHaveText(`${dateLabel(first)}, ${START_LABEL} (${GROUP_SIZE} seats left)`);
  await visitor.locator('#start-date').selectOption(isoDay(first));
  await visitor.locator('#participants').fill('1');
  await acceptTerms(visitor);

  // Hold the checkout call to see the button while it is under way.
  const checkout = gate();
  await visitor.route('**/api/v1/bookings/checkout-session/**', async (route) => {
    await checkout.opened;
    await route.fallback();
  });
  const call = visitor.waitForRequest('**/api/v1/bookings/checkout-session/**');
  await book.click();
  await expect(book).toHaveText('Processing...');
  await expect(book).toBeDisabled();
  const url = new URL((await call).url());
  expect(url.pathname).toBe(`/api/v1/bookings/checkout-session/${id}`);
  expect(url.searchParams.get('date')).toBe(isoDay(first));
  expect(url.searchParams.get('participants')).toBe('1');
  expect(url.searchParams.get('terms')).toBe(String(SAMPLE_TERMS_VERSION));
  checkout.open();

  // The sandbox's hosted checkout page.
  await visitor.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(visitor.getByText('TEST MODE')).toBeVisible();
  await expect(visitor.locator('h1')).toHaveText(name);
  const amount = formatMoney(PRICE_MINOR, 'usd');
  expect(amount).toBe('$1,299.00');
  await expect(visitor.locator('#amount')).toHaveText(amount);
  await pauseClock(visitor);
  await fillCard(visitor, TEST_CARD);

  // Back on the site: the confirmation for 10 s, then /my-tours.
  await visitor.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  const message = await visitor.locator('body').getAttribute('data-alert');
  expect(message).toBeTruthy();
  await expectAlert(visitor, 'success', message!);
  const confirmation = visitor.url();
  await visitor.clock.runFor(9999);
  expect(visitor.url()).toBe(confirmation);
  await expect(alertLocator(visitor)).toHaveText(message!);
  await visitor.clock.runFor(1);
  await visitor.waitForURL((u) => u.pathname === '/my-tours');
  await waitForHydration(visitor);
  const booked = visitor.locator('.my-tours .card');
  await expect(booked).toHaveCount(1);
  await expect(booked.locator('.card__title')).toHaveText(name);
  await expect(booked.locator('.booking-facts')).toContainText(dateLabel(first));
  await expect(booked.locator('.booking-facts')).toContainText('1 person');
  await expect(booked.locator('.booking-facts')).toContainText(amount);
  await expect(booked.locator('.status')).toHaveText('Paid');

  // The seat is taken, on the public API and in the back office.
  const tour = (await listTours(visitor.context().request)).find((t) => t.id === id);
  expect(tour?.startDates.find((d) => d.date === isoDay(first))?.seatsLeft).toBe(GROUP_SIZE - 1);
  await page.reload();
  await waitForHydration(page);
  const firstRow = page.locator('#departures-table tbody tr').first();
  await expect(firstRow.locator('th')).toHaveText(dateLabel(first));
  await expect(firstRow.locator('td').nth(2)).toHaveText('1'); // taken
  await expect(firstRow.locator('td').nth(3)).toHaveText(String(GROUP_SIZE - 1)); // seats left
});

test('a guide sees only the tours they guide, read-only; a traveller gets the 404 page', async ({ page, context, guard }) => {
  await logIn(context.request, GUIDE);
  await page.goto('/admin/tours');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Tours');
  await expect(page.locator('header.header').getByRole('link', { name: 'Admin' })).toBeVisible();
  await expect(page.locator('#new-tour')).toHaveCount(0);
  const names = page.locator('#tours-table tbody th');
  await expect(names).toHaveCount(GUIDE_TOURS.length);
  expect([...(await names.allTextContents())].sort()).toEqual([...GUIDE_TOURS].sort());

  await page.locator('#tours-table').getByRole('link', { name: SAHARA, exact: true }).click();
  await page.waitForURL((u) => /^\/admin\/tours\/[^/]+$/.test(u.pathname));
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(SAHARA);
  await expect(page.locator('#tour-name')).toHaveValue(SAHARA);
  await expect(page.locator('#tour-name')).toBeDisabled();
  await expect(page.locator('#stops-table input')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save tour' })).toHaveCount(0);
  await expect(page.locator('#save-tour, #add-stop, #add-tier, #cover-picture, #add-series, #add-departure')).toHaveCount(0);
  for (const label of ['Publish', 'Unpublish', 'Archive']) {
    await expect(page.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  }

  // A traveller: the back office is not there for them.
  await context.clearCookies();
  await logIn(context.request, TRAVELLER);
  guard.allowConsole(/the server responded with a status of 404/);
  const res = await page.goto('/admin/tours');
  expect(res?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Page not found');
  await expect(page.locator('#tours-table')).toHaveCount(0);
  await expect(page.locator('header.header').getByRole('link', { name: 'Admin' })).toHaveCount(0);
});
