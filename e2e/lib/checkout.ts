// Booking a tour and paying for it on the sandbox's hosted checkout page, for the specs
// whose subject is what happens to a paid booking afterwards (booking.spec.ts checks the
// checkout itself in detail).
import { expect, type Page, type Request } from '@playwright/test';
import { formatMoney, type TourJSON } from './api';
import { expectAlert, gate, pauseClock, waitForHydration } from './page';

/** The sandbox's card that pays (and can be refunded), as in Stripe's test mode. */
export const TEST_CARD = '4242 4242 4242 4242';

/** The version of the sample data's terms of booking, which every checkout accepts. */
export const SAMPLE_TERMS_VERSION = 1;

/**
 * Ticks the booking panel's "I accept the terms of booking" (the sample data has terms,
 * so the server refuses a checkout without them).
 */
export async function acceptTerms(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'I accept the terms of booking' }).check();
}

/**
 * Clicks the tour page's book button with the checkout call held: 'Processing...' on the
 * disabled button while the call is in flight, then lets the call go on. Returns its URL.
 */
export async function bookThroughGate(page: Page): Promise<URL> {
  return new URL((await checkoutCallThroughGate(page)).url());
}

/** bookThroughGate's call itself: its method, address and body (a POST's details). */
export async function checkoutCallThroughGate(page: Page): Promise<Request> {
  const held = gate();
  const calls: Request[] = [];
  await page.route('**/api/v1/bookings/checkout-session/**', async (route) => {
    calls.push(route.request());
    await held.opened;
    await route.fallback();
  });
  const book = page.locator('#book-tour');
  await book.click();
  await expect(book).toHaveText('Processing...');
  await expect(book).toBeDisabled();
  await expect.poll(() => calls.length, { message: 'the checkout call is in flight' }).toBe(1);
  await expect(book).toHaveText('Processing...');
  held.open();
  return calls[0]!;
}

/** Fills the sandbox checkout's card form and clicks "Pay …". */
export async function fillCard(page: Page, number: string, name = 'Erin Tester'): Promise<void> {
  const nextYear = (new Date().getUTCFullYear() + 3) % 100;
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill(`12/${String(nextYear).padStart(2, '0')}`);
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill(name);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/**
 * As the signed-in user of `page`: books `participants` seats of `tour` on `date` from the
 * tour page, pays with `card` on the sandbox's checkout and comes back to the site's
 * confirmation (its success alert checked). The page's clock is installed first and
 * paused on the checkout page, so the confirmation's 10 s redirect to /my-tours waits for
 * the test's page.clock.runFor(). With `terms`, the checkout must show that cancellation
 * policy above its pay button. Returns the amount paid as the site writes it.
 */
export async function bookAndPay(
  page: Page,
  tour: TourJSON,
  date: string,
  participants: number,
  { card = TEST_CARD, terms }: { card?: string; terms?: string } = {},
): Promise<string> {
  await page.clock.install();
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await expect(page.locator('#book-tour')).toHaveText('Book tour now!');
  await page.locator('#start-date').selectOption(date);
  await page.locator('#participants').fill(String(participants));
  await acceptTerms(page);
  await page.locator('#book-tour').click();

  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(tour.name);
  const amount = formatMoney((tour.price - tour.priceDiscount) * participants, tour.currency);
  await expect(page.locator('#amount')).toHaveText(amount);
  if (terms !== undefined) await expect(page.locator('#terms')).toHaveText(terms);
  await pauseClock(page);
  await fillCard(page, card);

  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  const message = await page.locator('body').getAttribute('data-alert');
  expect(message, 'the confirmation on <body data-alert>').toBeTruthy();
  await expectAlert(page, 'success', message!);
  return amount;
}
