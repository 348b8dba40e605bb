// The "Review this tour" link of a traveller's booking page, and the review-request
// email's, go to /tour/{slug}#your-review. On a phone the reviews are far below the fold:
// the page opens scrolled to the form, and stays there once hydrated and its pictures
// have loaded. A traveller whose trip has not ended lands on the line saying from when
// they can write; a visitor not signed in on the invitation to log in.
import type { Page } from '@playwright/test';
import { listTours, logIn, signedInUser } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { waitForHydration } from '../lib/page';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Waits for the page to settle (hydrated, every picture loaded), then checks that it is
 * scrolled down to selector: its top within the screen's upper half. */
async function expectScrolledTo(page: Page, selector: string): Promise<void> {
  await page.waitForLoadState('load');
  await waitForHydration(page);
  const where = await page.evaluate((sel) => {
    const top = document.querySelector(sel)?.getBoundingClientRect().top ?? NaN;
    return { top, scrollY: window.scrollY, height: window.innerHeight };
  }, selector);
  expect(where.scrollY, `${selector} is below the fold: the page scrolled`).toBeGreaterThan(where.height);
  // Scrolled to: its top at the top of the screen, within a pixel of rounding.
  expect(where.top, `${selector} at the top of the screen`).toBeGreaterThan(-1);
  expect(where.top).toBeLessThan(where.height / 2);
}

test('the review link opens the tour page at the form on a phone', async ({ page, context }) => {
  await logIn(context.request, 'daniel@example.com'); // the sample traveller whose trip ended
  await page.goto('/my-tours');
  await page.getByRole('link', { name: /^View booking/ }).first().click();
  await page.locator('#review-link').click();
  await expect(page).toHaveURL(/\/tour\/[^/#?]+#your-review$/);
  await expect(page.locator('#review-form')).toBeVisible();
  await expectScrolledTo(page, '#your-review');
  await expect(page.locator('#review-text')).toBeInViewport();
});

test('the review link of a traveller whose trip has not ended, or of a visitor, lands on why they cannot write', async ({ page, context, newContext }) => {
  const adminContext = await newContext();
  await logIn(adminContext.request, 'laura@example.com');
  const tour = (await listTours(adminContext.request))[0]!;
  const traveller = await signedInUser(context, 'Early Reviewer');
  const date = tour.startDates[0]!.date;
  const walkIn = await adminContext.request.post(`/api/v1/tours/${tour.id}/departures/${date}/bookings`, {
    data: { email: traveller.email, name: traveller.name, participants: 1, paymentMethod: 'cash' },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);

  await page.goto(`/tour/${tour.slug}#your-review`);
  await expect(page.locator('#review-waiting')).toHaveText(/^You can review this tour once your trip has ended, from /);
  await expectScrolledTo(page, '#your-review');
  await expect(page.locator('#review-form')).toHaveCount(0);

  const visitor = await (await newContext()).newPage();
  await visitor.goto(`/tour/${tour.slug}#your-review`);
  await expect(visitor.locator('#your-review')).toHaveText('Took this tour? Log in to review it.');
  await expectScrolledTo(visitor, '#your-review');
  await expect(visitor.locator('#your-review').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
});
