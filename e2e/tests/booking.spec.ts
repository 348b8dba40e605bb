// Issue #5: booking a tour end to end on the real binary with the sandbox checkout:
// 'Processing...', the hosted test-mode page, paying, the 10 s confirmation and /my-tours;
// a declined card, cancelling, and a checkout call that fails.
import type { Page } from '@playwright/test';
import { formatMoney, listTours, signUp, signedInUser, type TourJSON } from '../lib/api';
import { acceptTerms, bookThroughGate as bookHeld, SAMPLE_TERMS_VERSION } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { alertLocator, expectAlert, expectFailedCall, pauseClock, waitForHydration } from '../lib/page';

const TEST_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

interface Choice {
  tour: TourJSON;
  date: string;
  seatsLeft: number;
}

/**
 * A sample tour and a future start date with at least `seats` seats. Tests that must not
 * share a date pick different tours by `index` (the worker's server is shared by the
 * tests of this file).
 */
async function choose(page: Page, index: number, seats = 2): Promise<Choice> {
  const today = new Date().toISOString().slice(0, 10);
  const candidates: Choice[] = [];
  for (const tour of await listTours(page.request)) {
    const d = tour.startDates.find((s) => s.date > today && s.seatsLeft >= seats);
    if (d) candidates.push({ tour, date: d.date, seatsLeft: d.seatsLeft });
  }
  const choice = candidates[index % candidates.length];
  if (!choice) throw new Error(`no sample tour has a future date with ${seats} seats`);
  return choice;
}

/** On the tour page: picks the date and the number of participants. */
async function chooseOnPage(page: Page, choice: Choice, participants: number): Promise<string> {
  await page.goto(`/tour/${choice.tour.slug}`);
  await waitForHydration(page);
  const book = page.locator('#book-tour');
  await expect(book).toHaveText('Book tour now!');
  await expect(book).toHaveAttribute('data-tour-id', choice.tour.id);
  const option = page.locator(`#start-date option[value="${choice.date}"]`);
  await expect(option).toHaveText(new RegExp(`\\(${choice.seatsLeft} seats? left\\)$`));
  await page.locator('#start-date').selectOption(choice.date);
  await page.locator('#participants').fill(String(participants));
  await acceptTerms(page);
  // The date as people read it, e.g. "Tue 15 June 2027" of "Tue 15 June 2027, 09:00 CEST
  // (Europe/Zurich) (4 seats left)".
  return ((await option.textContent()) ?? '').replace(/,.*$/, '');
}

/** Books through the held checkout call ('Processing...' seen) and checks what it asks. */
async function bookThroughGate(page: Page, choice: Choice, participants: number): Promise<void> {
  const url = await bookHeld(page);
  expect(url.pathname).toBe(`/api/v1/bookings/checkout-session/${choice.tour.id}`);
  expect(url.searchParams.get('date')).toBe(choice.date);
  expect(url.searchParams.get('participants')).toBe(String(participants));
  expect(url.searchParams.get('terms')).toBe(String(SAMPLE_TERMS_VERSION));
}

async function fillCard(page: Page, number: string): Promise<void> {
  const nextYear = (new Date().getUTCFullYear() + 3) % 100;
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill(`12/${String(nextYear).padStart(2, '0')}`);
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Erin Tester');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function expectSandboxPage(page: Page, choice: Choice, participants: number): Promise<string> {
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.locator('h1')).toHaveText(choice.tour.name);
  const amount = formatMoney((choice.tour.price - choice.tour.priceDiscount) * participants, choice.tour.currency);
  await expect(page.locator('#amount')).toHaveText(amount);
  // One line, the tour's one category: "2 × Adult" (the sandbox's checkout writes a line per category).
  await expect(page.locator('.lines th')).toHaveText(new RegExp(`^${participants} × Adult`));
  return amount;
}

test('book with 2 participants, pay with 4242…, see the confirmation, then /my-tours after 10 s', async ({ page, context }) => {
  await signedInUser(context, 'Bea Booker');
  const choice = await choose(page, 0);
  await page.clock.install();
  const dateLabel = await chooseOnPage(page, choice, 2);
  expect(dateLabel).toMatch(/\d{4}$/);
  await bookThroughGate(page, choice, 2);

  const amount = await expectSandboxPage(page, choice, 2);
  await pauseClock(page);
  await fillCard(page, TEST_CARD);

  // Back on the site: the body carries the confirmation, shown as a success alert.
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  const returnURL = page.url();
  expect(new URL(returnURL).pathname).not.toBe('/my-tours');
  const message = await page.locator('body').getAttribute('data-alert');
  expect(message).toBeTruthy();
  await expectAlert(page, 'success', message!);

  await page.clock.runFor(9999);
  expect(page.url()).toBe(returnURL);
  await expect(alertLocator(page)).toHaveText(message!);
  await page.clock.runFor(1);
  await page.waitForURL((u) => u.pathname === '/my-tours', { timeout: 5_000 });
  await waitForHydration(page);

  const cards = page.locator('.my-tours .card');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.locator('.card__title')).toHaveText(choice.tour.name);
  await expect(card.locator('.booking-facts')).toContainText(dateLabel);
  await expect(card.locator('.booking-facts')).toContainText('2 people');
  await expect(card.locator('.booking-facts')).toContainText(amount);
  await expect(card.locator('.status')).toHaveText('Paid');
  await expect(card.locator('.status')).toHaveClass(/status--paid/);

  // /my-tours itself carries no alert: no second confirmation, no further redirect.
  expect(await page.locator('body').getAttribute('data-alert')).toBeNull();
  await expect(page.locator('.alert')).toHaveCount(0);
  await page.clock.runFor(10_000);
  expect(new URL(page.url()).pathname).toBe('/my-tours');
  await expect(page.locator('.alert')).toHaveCount(0);

  // Coming back through the confirmation link again books nothing more.
  await page.goto(returnURL);
  await expect(page.locator('.my-tours .card')).toHaveCount(1);

  // The seats are taken, once.
  const after = (await listTours(page.request)).find((t) => t.id === choice.tour.id)!;
  expect(after.startDates.find((d) => d.date === choice.date)!.seatsLeft).toBe(choice.seatsLeft - 2);
});

test('a declined card shows its reason on the checkout page and books nothing', async ({ page, context, guard }) => {
  await signedInUser(context, 'Dee Declined');
  guard.allowConsole(/status of 402/);
  const choice = await choose(page, 1);
  await chooseOnPage(page, choice, 2);
  await bookThroughGate(page, choice, 2);
  await expectSandboxPage(page, choice, 2);
  for (const [card, reason] of [
    [DECLINED_CARD, 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ] as const) {
    await fillCard(page, card);
    await expect(page.locator('#payment-error')).toHaveText(reason);
    expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/checkout\//);
    await expect(page.getByText('TEST MODE')).toBeVisible();
  }

  await page.goto('/my-tours');
  await waitForHydration(page);
  await expect(page.locator('.status--paid')).toHaveCount(0);
  await expect(page.locator('.my-tours')).not.toContainText('Paid');
});

test('cancel on the checkout page returns to the tour page', async ({ page, context }) => {
  await signedInUser(context, 'Cal Cancel');
  const choice = await choose(page, 2);
  await chooseOnPage(page, choice, 1);
  await bookThroughGate(page, choice, 1);
  await expectSandboxPage(page, choice, 1);
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await page.waitForURL((u) => u.pathname === `/tour/${choice.tour.slug}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(choice.tour.name);
  await expect(page.locator('#book-tour')).toHaveText('Book tour now!');

  await page.goto('/my-tours');
  await expect(page.locator('.status--paid')).toHaveCount(0);
});

test.describe('a checkout call that fails', () => {
  test('signed out meanwhile: the error alert shows the message and the button text comes back', async ({ page, context, guard }) => {
    await signedInUser(context, 'Sam Session');
    guard.allowConsole(/status of 401/);
    const choice = await choose(page, 3);
    await chooseOnPage(page, choice, 2);
    // The session ends (cookie gone) while the page is open.
    await context.clearCookies();
    await expectFailedCall(page, '/api/v1/bookings/checkout-session/', 401, () => page.locator('#book-tour').click());
    await expect(page.locator('#book-tour')).toHaveText('Book tour now!');
    await expect(page.locator('#book-tour')).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe(`/tour/${choice.tour.slug}`);
  });

  test('more participants than seats left: the error alert shows the message and the button text comes back', async ({ page, context, request, guard }) => {
    await signedInUser(context, 'Mo Many');
    guard.allowConsole(/status of 409/);
    const choice = await choose(page, 4);
    await chooseOnPage(page, choice, 2);

    // Meanwhile others hold every seat left on that date: one account holds at most 12
    // seats at once (the server's -max-held-seats), so they take turns.
    for (let left = choice.seatsLeft; left > 0; left -= 12) {
      await signUp(request);
      const hold = await request.get(
        `/api/v1/bookings/checkout-session/${choice.tour.id}?date=${choice.date}&participants=${Math.min(left, 12)}&terms=${SAMPLE_TERMS_VERSION}`,
      );
      expect(hold.status()).toBe(200);
    }

    await expectFailedCall(page, '/api/v1/bookings/checkout-session/', 409, () => page.locator('#book-tour').click());
    await expect(page.locator('#book-tour')).toHaveText('Book tour now!');
    await expect(page.locator('#book-tour')).toBeEnabled();
    expect(new URL(page.url()).pathname).toBe(`/tour/${choice.tour.slug}`);
  });
});
