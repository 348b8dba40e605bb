// The site on a phone (390×844), issue #19: no page of the public site or the back office
// is wider than the screen (document.documentElement.scrollWidth <= innerWidth), and the
// navigation of the site and of the back office each keep to one row, so the check-in
// page's title is on the first screen.
import type { BrowserContext, Page } from '@playwright/test';
import { listTours, logIn, signedInUser } from '../lib/api';
import { expect, test } from '../lib/fixtures';

// No mobile emulation: with it, Chromium widens the layout viewport to a page that
// overflows (innerWidth grows with it), which hides the very defect measured here.
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Each path's width, where it is wider than the screen. */
async function tooWide(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(innerWidth, path).toBe(PHONE.width);
    if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px wide on a ${innerWidth} px screen`);
  }
  return wide;
}

/** The first link on `path` whose address matches `re`. */
async function firstLink(page: Page, path: string, re: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => re.test(h));
  expect(href, `a link matching ${re} on ${path}`).toBeTruthy();
  return href!;
}

async function signedInAs(newContext: () => Promise<BrowserContext>, email: string): Promise<Page> {
  const context = await newContext();
  await logIn(context.request, email);
  return context.newPage();
}

test('no public page is wider than a phone', async ({ page, context, newContext, request, guard }) => {
  test.setTimeout(90_000);
  guard.allowConsole(/status of 404/); // the 404 page, on purpose
  const [tour] = await listTours(request);
  const visitor = await tooWide(page, ['/', `/tour/${tour!.slug}`, '/login', '/signup', '/forgot-password', '/no-such-page']);

  await signedInUser(context);
  const member = await tooWide(page, ['/', `/tour/${tour!.slug}`, '/me', '/my-tours']);

  // Daniel has taken a trip: his booking's page.
  const daniel = await signedInAs(newContext, 'daniel@example.com');
  const booking = await firstLink(daniel, '/my-tours', /^\/my-tours\/[^/]+$/);
  const traveller = await tooWide(daniel, ['/my-tours', booking]);

  expect([...visitor, ...member, ...traveller]).toEqual([]);
});

test('no back office page is wider than a phone', async ({ newContext }) => {
  test.setTimeout(120_000);
  const admin = await signedInAs(newContext, 'laura@example.com');
  const tour = await firstLink(admin, '/admin/tours', /^\/admin\/tours\/(?!new$)[^/]+$/);
  const manifest = await firstLink(admin, tour, /^\/admin\/tours\/[^/]+\/departures\/\d{4}-\d{2}-\d{2}$/);
  const booking = await firstLink(admin, '/admin/bookings', /^\/admin\/bookings\/[^/?]+$/);
  const wide = await tooWide(admin, [
    '/admin',
    '/admin/calendar',
    `/admin/calendar?day=${manifest.slice(-10)}`,
    '/admin/tours',
    '/admin/tours/new',
    tour,
    manifest,
    `${manifest}/check-in`,
    '/admin/bookings',
    booking,
    '/admin/bookings/new',
    `/admin/bookings/new?tour=${manifest.split('/')[3]}&date=${manifest.split('/').pop()}`,
    '/admin/users',
    '/admin/reviews',
    '/admin/audit',
    '/admin/emails',
    '/admin/settings',
    '/admin/legal',
  ]);

  // A guide reaches check-in from the dashboard on their phone.
  const guide = await signedInAs(newContext, 'kwame@example.com');
  const guideWide = await tooWide(guide, ['/admin', '/admin/calendar', '/admin/tours']);
  expect([...wide, ...guideWide]).toEqual([]);
});

test('on a phone the header and the back office tabs keep to one row each, so the check-in title is on the first screen', async ({ newContext }) => {
  test.setTimeout(90_000);
  const admin = await signedInAs(newContext, 'laura@example.com');
  const tour = await firstLink(admin, '/admin/tours', /^\/admin\/tours\/(?!new$)[^/]+$/);
  const manifest = await firstLink(admin, tour, /^\/admin\/tours\/[^/]+\/departures\/\d{4}-\d{2}-\d{2}$/);
  await admin.goto(`${manifest}/check-in`);
  const header = await admin.locator('header.header').boundingBox();
  const tabs = await admin.locator('#admin-nav').boundingBox();
  expect(header!.height, 'the header: one row').toBeLessThanOrEqual(80);
  expect(tabs!.height, 'the back office tabs: one row').toBeLessThanOrEqual(70);
  const title = await admin.locator('h1').boundingBox();
  expect(title!.y + title!.height, 'the check-in title is on the first screen').toBeLessThanOrEqual(PHONE.height / 2);
  await expect(admin.locator('#admin-nav summary')).toHaveText(/Back office: Dashboard/);

  // The menus open with a tap and mark where one is.
  await admin.getByText('Menu', { exact: true }).click();
  await expect(admin.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(admin.getByRole('link', { name: 'My bookings', exact: true })).toBeVisible();
  await admin.locator('#admin-nav summary').click();
  await expect(admin.locator('#admin-nav').getByRole('link', { name: 'Bookings', exact: true })).toBeVisible();
});

test('the phone menu opens without JavaScript', async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false });
  await logIn(context.request, 'sophie@example.com');
  const page = await context.newPage();
  await page.goto('/my-tours');
  const myBookings = page.getByRole('link', { name: 'My bookings', exact: true });
  await expect(myBookings).toBeHidden();
  await page.getByText('Menu', { exact: true }).click();
  await expect(myBookings).toBeVisible();
  await expect(myBookings).toHaveAttribute('aria-current', 'page');
  await myBookings.click();
  await expect(page).toHaveURL(/\/my-tours$/);
});

test('on a wide screen the links stand in the row, with no menu button', async ({ page, context }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signedInUser(context);
  await page.goto('/');
  await expect(page.getByText('Menu', { exact: true })).toBeHidden();
  for (const name of ['All tours', 'My bookings']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const header = await page.locator('header.header').boundingBox();
  expect(header!.height).toBeLessThanOrEqual(80);
});

test('on a phone every map popup is open, inside the map and clear of the others; the itinerary highlights a stop', async ({ page, request }) => {
  test.setTimeout(90_000);
  const tours = (await listTours(request)).filter((t) => t.locations.length > 1);
  expect(tours.length).toBeGreaterThan(0);
  const problems: string[] = [];
  for (const tour of tours) {
    await page.goto(`/tour/${tour.slug}`);
    const map = page.locator('#map');
    await map.scrollIntoViewIfNeeded();
    await expect(page.locator('#map .leaflet-popup')).toHaveCount(tour.locations.length);
    const popups = page.locator('#map .leaflet-popup');
    // Laid out once every popup has its size.
    await expect(popups.nth(tour.locations.length - 1)).toHaveClass(/map-popup--placed/);
    const m = (await map.boundingBox())!;
    const boxes = await popups.evaluateAll((els) =>
      els.map((e) => {
        const b = e.getBoundingClientRect();
        return { text: e.textContent ?? '', left: b.left, top: b.top, right: b.right, bottom: b.bottom };
      }),
    );
    for (const [i, b] of boxes.entries()) {
      if (b.left < m.x - 0.5 || b.right > m.x + m.width + 0.5 || b.top < m.y - 0.5 || b.bottom > m.y + m.height + 0.5) {
        problems.push(`${tour.slug}: "${b.text}" runs off the map`);
      }
      for (const o of boxes.slice(i + 1)) {
        const w = Math.min(b.right, o.right) - Math.max(b.left, o.left);
        const h = Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top);
        if (w > 1 && h > 1) problems.push(`${tour.slug}: "${b.text}" overlaps "${o.text}" (${Math.round(w)}×${Math.round(h)} px)`);
      }
    }
  }
  expect(problems).toEqual([]);

  // The last tour's itinerary: focusing a stop highlights its marker and frames its popup.
  const last = tours[tours.length - 1]!;
  const stop = page.locator('.itinerary__show').nth(1);
  await stop.focus();
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('#map .leaflet-marker-icon.map-marker--active')).toHaveCount(1);
  await expect(page.locator('#map .map-popup--active .leaflet-popup-content')).toHaveText(`Day ${last.locations[1]!.day}: ${last.locations[1]!.description}`);
});
