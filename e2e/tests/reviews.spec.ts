// Verified reviews end to end, on the real binary with a test clock (lib/server.ts): a
// traveller booked at the office sees on the tour page that they can review once their
// trip has ended; the site's clock is moved past the trip's end (no waiting); from their
// booking's page they go to the review form, publish a review, and see the tour's rating
// and count change and their review listed first, then edit it. Visitors see it too.
// Paging: "More reviews" is a link the server renders (read here without JavaScript),
// which the hydrated page follows by fetching and appending.
import type { APIRequestContext } from '@playwright/test';
import { listTours, logIn, signedInUser } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

test.use({ testClock: true });

const ADMIN = 'laura@example.com';
const DAY = 86_400_000;

interface TourFacts {
  id: string;
  slug: string;
  duration: number;
  ratingsAverage: number;
  ratingsQuantity: number;
  startDates: { date: string }[];
}

async function tourFacts(request: APIRequestContext, id: string): Promise<TourFacts> {
  const res = await request.get(`/api/v1/tours/${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { tour: TourFacts } }).data.tour;
}

/** The rating line of the tour page's quick facts: the average of quantity ratings that
 * add up to sum, to one decimal with halves up, in whole numbers so no float decides. */
function ratingLine(sum: number, quantity: number): string {
  const tenths = Math.floor((20 * sum + quantity) / (2 * quantity));
  return `${(tenths / 10).toFixed(1)} / 5 (${quantity} ${quantity === 1 ? 'review' : 'reviews'})`;
}

test('a traveller reviews a tour after the trip and sees the rating change', async ({ page, context, newContext, server }) => {
  // Two people and a move of the site's clock: more than the default budget on a busy machine.
  test.slow();
  const adminContext = await newContext();
  const admin = adminContext.request;
  await logIn(admin, ADMIN);
  const tour = await tourFacts(admin, (await listTours(admin))[0]!.id);
  const date = tour.startDates[0]!.date;

  // Booked and paid at the office.
  const traveller = await signedInUser(context, 'Rhea Reviewer');
  const walkIn = await admin.post(`/api/v1/tours/${tour.id}/departures/${date}/bookings`, {
    data: { email: traveller.email, name: traveller.name, participants: 1, paymentMethod: 'cash' },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);
  const { bookingId } = ((await walkIn.json()) as { data: { bookingId: string } }).data;

  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await expect(page.locator('#review-waiting')).toHaveText(/^You can review this tour once your trip has ended, from \d{1,2} \w+ \d{4}\.$/);
  await expect(page.locator('#review-form')).toHaveCount(0);
  const sum = Math.round(tour.ratingsAverage * tour.ratingsQuantity);
  await expect(page.locator('#tour-rating')).toHaveText(ratingLine(sum, tour.ratingsQuantity));

  try {
    // Two days after the trip's last day in UTC: past its end in any time zone.
    server.moveClock(Date.parse(`${date}T00:00:00Z`) + (tour.duration + 2) * DAY - Date.now());
    // Weeks went by: the session ended, so the traveller logs in again.
    await logIn(context.request, traveller.email, traveller.password);

    await page.goto(`/my-tours/${bookingId}`);
    await page.locator('#review-link').click();
    await expect(page).toHaveURL(new RegExp(`/tour/${tour.slug}#your-review$`));
    await waitForHydration(page);
    await expect(page.locator('#review-waiting')).toHaveCount(0);

    const text = 'Long days, kind guides, and views I will not forget.';
    const n = tour.ratingsQuantity + 1;
    const stars = 5;
    await page.getByLabel('5 stars', { exact: true }).check();
    await page.locator('#review-text').fill(text);
    await expect(page.locator('#review-form .form__hint')).toHaveText(`10 to 2000 characters; ${text.length} so far.`);
    await page.locator('#review-submit').click();
    await expectAlert(page, 'success', 'Thank you! Your review is published.');

    await expect(page.locator('#tour-rating')).toHaveText(ratingLine(sum + stars, n));
    const first = page.locator('#reviews-list .review').first();
    await expect(first.locator('.review__name')).toHaveText(traveller.name);
    await expect(first.locator('.review__text')).toHaveText(text);
    await expect(page.locator('#own-review-text')).toHaveText(text);
    await expect(page.locator('#review-form')).toHaveCount(0);

    // The server agrees, after a reload and for a visitor.
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('#tour-rating')).toHaveText(ratingLine(sum + stars, n));
    await expect(page.locator('#reviews-list .review').first().locator('.review__text')).toHaveText(text);
    const visitor = await (await newContext()).newPage();
    await visitor.goto(`/tour/${tour.slug}`);
    await expect(visitor.locator('#tour-rating')).toHaveText(ratingLine(sum + stars, n));
    await expect(visitor.locator('#reviews-list .review').first().locator('.review__text')).toHaveText(text);
    await expect(visitor.locator('#your-review')).toHaveText('Took this tour? Log in to review it.');

    // Edited: another rating, and the rating follows.
    const edited = 2;
    await page.locator('#edit-review').click();
    await page.getByLabel('2 stars', { exact: true }).check();
    await page.locator('#review-submit').click();
    await expectAlert(page, 'success', 'Your review is updated.');
    await expect(page.locator('#tour-rating')).toHaveText(ratingLine(sum + edited, n));
    await expect(page.locator('#reviews-list .review').first().locator('.review__date')).toHaveText(/ \(edited\)$/);
  } finally {
    server.moveClock(0);
  }
});

interface ReviewsPage {
  reviews: { id: string; text: string }[];
  pages: number;
  total: number;
}

async function reviewsPage(request: APIRequestContext, tourId: string, n: number): Promise<ReviewsPage> {
  const res = await request.get(`/api/v1/tours/${tourId}/reviews?page=${n}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: ReviewsPage }).data;
}

test('the second page of reviews is a link the server renders, and a click appends it once hydrated', async ({ page, newContext, request }) => {
  const tour = (await listTours(request))[0]!;
  const first = await reviewsPage(request, tour.id, 1);
  const second = await reviewsPage(request, tour.id, 2);
  expect(first.pages, 'the sample tour has a second page of reviews').toBeGreaterThan(1);
  const ids = (p: ReviewsPage) => p.reviews.map((r) => r.id);

  // Without JavaScript (a search engine, or before the scripts have run).
  const noScript = await (await newContext({ javaScriptEnabled: false })).newPage();
  await noScript.goto(`/tour/${tour.slug}`);
  const listed = noScript.locator('#reviews-list .review');
  await expect(listed).toHaveCount(first.reviews.length);
  await noScript.getByRole('link', { name: 'More reviews' }).click();
  await expect(noScript).toHaveURL(new RegExp(`/tour/${tour.slug}\\?reviews=2#reviews$`));
  expect(await listed.evaluateAll((els) => els.map((el) => el.getAttribute('data-review-id')))).toEqual(ids(second));
  await expect(listed.first().locator('.review__text')).toHaveText(second.reviews[0]!.text);
  await expect(noScript.locator('.reviews__count')).toHaveText(
    `Showing reviews ${first.reviews.length + 1}–${first.reviews.length + second.reviews.length} of ${first.total}.`,
  );
  // Search engines index it as the tour's page.
  await expect(noScript.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/tour/${tour.slug}$`));
  await noScript.getByRole('link', { name: 'Newer reviews' }).click();
  await expect(noScript).toHaveURL(new RegExp(`/tour/${tour.slug}#reviews$`));
  expect(await listed.evaluateAll((els) => els.map((el) => el.getAttribute('data-review-id')))).toEqual(ids(first));

  // Hydrated: the same link fetches the page and appends it; the address stays.
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: 'More reviews' }).click();
  await expect(page.locator('#reviews-list .review')).toHaveCount(first.reviews.length + second.reviews.length);
  expect(await page.locator('#reviews-list .review').evaluateAll((els) => els.map((el) => el.getAttribute('data-review-id')))).toEqual([
    ...ids(first),
    ...ids(second),
  ]);
  await expect(page).toHaveURL(new RegExp(`/tour/${tour.slug}$`));
});
