// Issue #23 in the browser, on a phone and on a desktop: a family of two adults, a child
// and an infant books the sample family tour (price categories, every traveller's name,
// a dietary need each), sees each price per person and the running total, pays with the
// test card on the sandbox's checkout, and finds the booking on /my-tours.
import type { Page } from '@playwright/test';
import { formatMoney, listTours, signedInUser, type TourJSON } from '../lib/api';
import { acceptTerms, checkoutCallThroughGate, fillCard, SAMPLE_TERMS_VERSION, TEST_CARD } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, pauseClock, waitForHydration } from '../lib/page';

/** The sample tour sold to adults, children and infants (internal/seed's FamilyTourSlug). */
const FAMILY_TOUR = 'icefields-parkway-explorer';

const FAMILY = [
  { who: 'Traveller 1 (Adult)', name: 'Astrid Lindqvist', diet: 'Vegetarian' },
  { who: 'Traveller 2 (Adult)', name: 'Björn Lindqvist', diet: 'None' },
  { who: 'Traveller 3 (Child)', name: 'Elsa Lindqvist', diet: 'Nut allergy' },
  { who: 'Traveller 4 (Infant)', name: 'Nils Lindqvist', diet: 'None' },
];

/** The family tour and its last departure: the one with its own adult price. */
async function familyTour(page: Page): Promise<{ tour: TourJSON; date: string }> {
  const tour = (await listTours(page.request)).find((t) => t.slug === FAMILY_TOUR);
  if (!tour) throw new Error(`no sample tour ${FAMILY_TOUR}`);
  const date = tour.startDates.at(-1)!;
  expect(date.seatsLeft).toBeGreaterThanOrEqual(3);
  return { tour, date: date.date };
}

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport });

    test('a family of two adults, a child and an infant books with every name and a dietary need each, pays, and sees the booking', async ({
      page,
      context,
    }) => {
      test.slow(); // the tour page, the sandbox checkout and /my-tours, on a shared machine
      await signedInUser(context, 'Astrid Lindqvist');
      const { tour, date } = await familyTour(page);
      await page.clock.install();
      await page.goto(`/tour/${tour.slug}`);
      await waitForHydration(page);

      // Each category's price per person before anything is chosen: departures differ.
      await expect(page.locator('#tour-prices')).toContainText('Adult: from $1,490');
      await expect(page.locator('#tour-prices')).toContainText('Child (Ages 4–11): $990');
      await expect(page.locator('#tour-prices')).toContainText('Infant (Ages 0–3): Free');

      // The date first, then a count per category; the total follows.
      await page.locator('#start-date').selectOption(date);
      await expect(page.locator('#participants')).toHaveCount(0);
      const adults = page.getByLabel('Adult', { exact: true });
      await expect(adults).toHaveAttribute('id', 'units-adult');
      await adults.fill('2');
      await page.getByLabel('Child (Ages 4–11)').fill('1');
      await page.getByLabel('Infant (Ages 0–3)').fill('1');
      // The last departure's own adult price.
      await expect(page.locator('#units-adult-hint')).toHaveText('$1,690.00 each');
      const total = formatMoney(2 * 169000 + 99000, tour.currency);
      await expect(page.locator('#booking-total')).toHaveText(`Total ${total}`);
      await expect(page.locator('.booking__problem')).toHaveCount(0);

      // Every traveller's name and dietary need, then the pick-up hotel once.
      for (const [i, t] of FAMILY.entries()) {
        const traveller = page.getByRole('group', { name: t.who });
        await traveller.getByRole('textbox', { name: t.who }).fill(t.name);
        await traveller.getByRole('combobox', { name: 'Dietary needs' }).selectOption(t.diet);
        await expect(page.locator(`#answer-diet-${i + 1}`)).toHaveValue(t.diet);
      }
      await page.getByRole('textbox', { name: 'Pick-up hotel' }).fill('Banff Springs Hotel');
      await acceptTerms(page);
      // Every field fits the screen, a phone's too.
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      // The call names the units, the details and the terms, never an amount; the
      // details are personal data, so they go in a POST's body and the URL names nobody.
      const call = await checkoutCallThroughGate(page);
      const url = new URL(call.url());
      expect(call.method()).toBe('POST');
      expect(url.pathname).toBe(`/api/v1/bookings/checkout-session/${tour.id}`);
      expect(url.search).toBe('');
      expect(call.url()).not.toContain('Lindqvist');
      expect(call.url()).not.toContain('Banff');
      const body = call.postDataJSON() as {
        date: string;
        units: string;
        terms: number;
        details: {
          travellers: { category: string; name: string }[];
          answers: { question: string; traveller: number; value: string }[];
        };
      };
      expect(Object.keys(body).sort()).toEqual(['date', 'details', 'terms', 'units']);
      expect(body.date).toBe(date);
      expect(body.units).toBe('adult:2,child:1,infant:1');
      expect(body.terms).toBe(SAMPLE_TERMS_VERSION);
      const { details } = body;
      expect(details.travellers.map((t) => [t.category, t.name])).toEqual([
        ['adult', FAMILY[0]!.name],
        ['adult', FAMILY[1]!.name],
        ['child', FAMILY[2]!.name],
        ['infant', FAMILY[3]!.name],
      ]);
      expect(details.answers).toEqual([
        ...FAMILY.map((t, i) => ({ question: 'diet', traveller: i + 1, value: t.diet })),
        { question: 'hotel', traveller: 0, value: 'Banff Springs Hotel' },
      ]);

      // The sandbox's checkout asks the amount the server computed: the page's total.
      await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
      await expect(page.getByText('TEST MODE')).toBeVisible();
      await expect(page.locator('h1')).toHaveText(tour.name);
      await expect(page.locator('#amount')).toHaveText(total);
      await pauseClock(page);
      await fillCard(page, TEST_CARD, FAMILY[0]!.name);

      await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
      const message = await page.locator('body').getAttribute('data-alert');
      expect(message).toBeTruthy();
      await expectAlert(page, 'success', message!);
      await page.clock.runFor(10_000);
      await page.waitForURL((u) => u.pathname === '/my-tours', { timeout: 5_000 });
      await waitForHydration(page);

      const card = page.locator('.my-tours .card').filter({ hasText: tour.name });
      await expect(card).toHaveCount(1);
      await expect(card.locator('.status')).toHaveText('Paid');
      await expect(card.locator('.booking-facts')).toContainText(total);

      // Three seats taken: the infant sits on a lap.
      const after = (await listTours(page.request)).find((t) => t.id === tour.id)!;
      const before = tour.startDates.find((d) => d.date === date)!.seatsLeft;
      expect(after.startDates.find((d) => d.date === date)!.seatsLeft).toBe(before - 3);
    });
  });
}
