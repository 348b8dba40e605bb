// Issue #2: every page loads, its server HTML already holds the content, hydration logs
// nothing, the header follows the session, and account pages send a visitor to /login.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { listTours, signedInUser, type TourJSON } from '../lib/api';
import { expect, test, type Guard } from '../lib/fixtures';
import { htmlText, waitForHydration } from '../lib/page';

/** The sample tour with the most stops: the richest tour page. */
async function sampleTour(tours: TourJSON[]): Promise<TourJSON> {
  const sorted = [...tours].sort((a, b) => b.locations.length - a.locations.length);
  const tour = sorted[0];
  if (!tour) throw new Error('the sample data has no tours');
  return tour;
}

async function noScriptContext(browser: Browser, baseURL: string, guard: Guard): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await guard.attach(context);
  return context;
}

async function expectLayout(page: Page): Promise<void> {
  await expect(page.locator('header.header')).toBeVisible();
  await expect(page.locator('header.header .header__brand')).toHaveAttribute('href', '/');
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
}

test.describe('overview /', () => {
  test('server HTML lists every tour as a card', async ({ request }) => {
    const tours = await listTours(request);
    expect(tours.length).toBeGreaterThanOrEqual(9);
    const res = await request.get('/');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('id="page-props"');
    for (const tour of tours) {
      expect(html, `card of ${tour.name}`).toContain(htmlText(tour.name));
      expect(html).toContain(`href="/tour/${tour.slug}"`);
    }
    expect(html.match(/class="card"/g)?.length).toBe(tours.length);
  });

  test('loads, hydrates without console errors and shows every card', async ({ page, request, guard }) => {
    const tours = await listTours(request);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expectLayout(page);
    await expect(page).toHaveTitle(/All tours/);
    // The sample business's headline (Settings); a site without one says "All tours".
    await expect(page.locator('h1')).toHaveText('Small groups, wild places, unhurried days');
    await expect(page.locator('.card__title')).toHaveText(tours.map((t) => t.name));
    for (const tour of tours) {
      const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: tour.name, exact: true }) });
      await expect(card.locator(`a[href="/tour/${tour.slug}"]`)).toHaveCount(1);
      const stops = tour.locations.length;
      await expect(card.locator('.card__fact', { hasText: 'Stops' }).locator('dd')).toHaveText(`${stops} ${stops === 1 ? 'stop' : 'stops'}`);
      await expect(card.locator('.card__fact', { hasText: 'Group size' }).locator('dd')).toHaveText(`${tour.maxGroupSize} people`);
      await expect(card.locator('.card__img')).toHaveAttribute('src', /^\/img\/tours\//);
    }
    expect(guard.console).toEqual([]);
  });

  test('shows the content with JavaScript turned off', async ({ browser, baseURL, request, guard }) => {
    const tours = await listTours(request);
    const context = await noScriptContext(browser, baseURL!, guard);
    const page = await context.newPage();
    await page.goto('/');
    await expectLayout(page);
    await expect(page.locator('.card__title')).toHaveText(tours.map((t) => t.name));
    await expect(page.locator('.card__price .card__value').first()).toHaveText(/\S/);
    await context.close();
  });
});

test.describe('tour page /tour/{slug}', () => {
  test('server HTML holds the tour, its map data and its reviews', async ({ request }) => {
    const tour = await sampleTour(await listTours(request));
    const res = await request.get(`/tour/${tour.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(htmlText(tour.name));
    expect(html).toContain('id="map"');
    expect(html).toContain('data-locations="');
    // The locations ride on #map as JSON in an attribute: quotes and markup escaped.
    for (const loc of tour.locations) expect(html).toContain(htmlText(JSON.stringify(loc.description)));
    expect(html).toContain('class="reviews"');
    // Signed out: a log-in link instead of the book button.
    expect(html).not.toContain('id="book-tour"');
    expect(html).toContain('Log in to book tour');
  });

  test('loads and hydrates; the map element carries the locations', async ({ page, request, guard }) => {
    const tour = await sampleTour(await listTours(request));
    const res = await page.goto(`/tour/${tour.slug}`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expectLayout(page);
    await expect(page.locator('h1')).toHaveText(tour.name);
    await expect(page).toHaveTitle(new RegExp(tour.name));
    const attached = JSON.parse((await page.locator('#map').getAttribute('data-locations')) ?? 'null') as unknown;
    expect(attached).toEqual(
      tour.locations.map((l) => ({ coordinates: l.coordinates, day: l.day, description: l.description })),
    );
    await expect(page.locator('.review').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to book tour' })).toHaveAttribute('href', '/login');
    await expect(page.locator('#book-tour')).toHaveCount(0);
    // The map is drawn once Leaflet has loaded, which it does when the visitor scrolls
    // near it; that must not log anything either.
    await page.locator('#map').scrollIntoViewIfNeeded();
    await expect(page.locator('#map .leaflet-marker-icon')).toHaveCount(tour.locations.length);
    expect(guard.console).toEqual([]);
  });

  test('signed in, the book button carries the tour id', async ({ page, context, request }) => {
    const tour = await sampleTour(await listTours(request));
    await signedInUser(context);
    await page.goto(`/tour/${tour.slug}`);
    await waitForHydration(page);
    await expect(page.locator('#book-tour')).toHaveAttribute('data-tour-id', tour.id);
    await expect(page.locator('#book-tour')).toHaveText('Book tour now!');
  });

  test('shows the content with JavaScript turned off', async ({ browser, baseURL, request, guard }) => {
    const tour = await sampleTour(await listTours(request));
    const context = await noScriptContext(browser, baseURL!, guard);
    const page = await context.newPage();
    await page.goto(`/tour/${tour.slug}`);
    await expectLayout(page);
    await expect(page.locator('h1')).toHaveText(tour.name);
    await expect(page.locator('.tour__description').first()).toBeVisible();
    await expect(page.locator('.review').first()).toBeVisible();
    await expect(page.locator('#map')).toHaveCount(1);
    await context.close();
  });
});

test.describe('login and signup pages', () => {
  for (const { path, title, button } of [
    { path: '/login', title: 'Log into your account', button: 'Log in' },
    { path: '/signup', title: 'Create your account', button: 'Sign up' },
  ]) {
    test(`${path}: server HTML holds the form; it loads and hydrates`, async ({ page, request, guard }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(htmlText(title));
      expect(html).toContain('id="email"');
      expect(html).toContain('id="password"');

      await page.goto(path);
      await waitForHydration(page);
      await expectLayout(page);
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page.getByLabel('Email address')).toBeVisible();
      await expect(page.locator('main').getByRole('button', { name: button })).toBeVisible();
      expect(guard.console).toEqual([]);
    });
  }

  test('/login shows the form with JavaScript turned off', async ({ browser, baseURL, guard }) => {
    const context = await noScriptContext(browser, baseURL!, guard);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.locator('h1')).toHaveText('Log into your account');
    await expect(page.locator('form.form--login input#email')).toBeVisible();
    await context.close();
  });
});

test.describe('account pages', () => {
  test('/me signed in: server HTML holds the forms with the user data; it hydrates', async ({ page, context, guard }) => {
    const user = await signedInUser(context, 'Mira Account');
    const res = await context.request.get('/me');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain('value="Mira Account"');
    expect(html).toContain('Save password');

    await page.goto('/me');
    await waitForHydration(page);
    await expectLayout(page);
    await expect(page.locator('#name')).toHaveValue('Mira Account');
    await expect(page.locator('#email')).toHaveValue(user.email);
    await expect(page.locator('.form-user-password button')).toHaveText('Save password');
    expect(guard.console).toEqual([]);
  });

  test('/my-tours signed in: loads and says there are no bookings yet', async ({ page, context, guard }) => {
    await signedInUser(context);
    const res = await context.request.get('/my-tours');
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain('You have not booked any tours yet.');
    await page.goto('/my-tours');
    await waitForHydration(page);
    await expectLayout(page);
    await expect(page.locator('h1')).toHaveText('My bookings');
    await expect(page.locator('.empty-state')).toContainText('You have not booked any tours yet.');
    expect(guard.console).toEqual([]);
  });

  for (const path of ['/me', '/my-tours']) {
    test(`${path} sends a signed-out visitor to /login`, async ({ page, request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(303);
      expect(res.headers()['location']).toBe('/login');
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.locator('h1')).toHaveText('Log into your account');
    });
  }
});

test.describe('not found', () => {
  for (const path of ['/tour/no-such-tour', '/no/such/page']) {
    test(`${path} answers 404 with the site's layout`, async ({ page, request, guard }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(404);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('Page not found');
      expect(html).toContain('class="header"');

      // Chromium reports a 404 document on the console; nothing else may appear.
      guard.allowConsole(/the server responded with a status of 404/);
      const nav = await page.goto(path);
      expect(nav?.status()).toBe(404);
      await waitForHydration(page);
      await expectLayout(page);
      await expect(page.locator('h1')).toHaveText('Page not found');
      await expect(page.locator('.error-page__status')).toHaveText('404');
      await expect(page.getByRole('link', { name: 'Back to all tours' })).toHaveAttribute('href', '/');
    });
  }
});

test.describe('header', () => {
  test('signed out: "Log in" and "Sign up" links, no user', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const nav = page.locator('header nav');
    await expect(nav.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/signup');
    await expect(nav.locator('.nav__el--user')).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });

  test("signed in: the user's name and photo, in the server HTML and after hydration", async ({ page, context }) => {
    const user = await signedInUser(context, 'Noor Header');
    expect(user.photo).toMatch(/^\/img\/users\//);
    const html = await (await context.request.get('/')).text();
    expect(html).toContain('Noor');
    expect(html).toContain(`src="${user.photo}"`);
    expect(html).not.toContain('href="/signup"');

    await page.goto('/');
    await waitForHydration(page);
    const nav = page.locator('header nav');
    const userLink = nav.locator('a.nav__el--user');
    await expect(userLink).toHaveAttribute('href', '/me');
    await expect(userLink).toHaveText('Noor');
    const photo = userLink.locator('img');
    await expect(photo).toHaveAttribute('src', user.photo);
    await expect(photo).toHaveAttribute('alt', 'Noor Header');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(nav.getByRole('link', { name: 'Log in', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});
