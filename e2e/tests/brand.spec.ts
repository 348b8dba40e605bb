// The brand everywhere (issue #22 §3) on the real binary: an admin renames the business
// (and its legal name) and changes its colour in /admin/settings; a visitor then sees the
// new name and colour on the overview and a tour page (title, header, og:site_name, the
// colour variables), a traveller's booking confirmation in the outbox (/admin/emails) is
// signed with them, and the booking's receipt names the new seller. "Tourbook" is in
// none of them.
import type { Page } from '@playwright/test';
import { logIn, signedInUser, tourByName } from '../lib/api';
import { bookAndPay } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';
import { firstBookingReceipt, utf16be } from '../lib/receipts';

const ADMIN = 'laura@example.com';
const TOUR = 'Sahara and the High Atlas';
const NAME = 'Fjord & Fell Tours';
const LEGAL = 'Fjord & Fell Tours AS';
const SHORT = 'Fjord & Fell';
const COLOUR = '#0b4f6c';

/** The page's brand colours as the style sheet resolves them. */
async function colours(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.documentElement);
    return ['--green', '--green-dark', '--green-light'].map((v) => style.getPropertyValue(v).trim());
  });
}

test('an admin renames the business and changes its colour: the pages and the emails follow', async ({
  page,
  context,
  newContext,
  request,
}) => {
  test.slow(); // settings, two pages, a booking paid on the sandbox and the outbox
  await logIn(context.request, ADMIN);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.locator('#settings-name').fill(NAME);
  await page.locator('#settings-short-name').fill(SHORT);
  await page.locator('#settings-colour').fill(COLOUR);
  await page.locator('#settings-legal-name').fill(LEGAL);
  await page.locator('#settings-save').click();
  await expectAlert(page, 'success', 'Settings updated successfully');

  // A visitor, signed out: the home page (cached for visitors until the save) and a tour.
  const visitor = await (await newContext()).newPage();
  const tour = await tourByName(request, TOUR);
  for (const [path, title] of [
    ['/', `All tours | ${NAME}`],
    [`/tour/${tour.slug}`, `${tour.name} | ${NAME}`],
  ] as const) {
    await visitor.goto(path);
    await waitForHydration(visitor);
    await expect(visitor).toHaveTitle(title);
    await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute('content', NAME);
    // The header's link home is the business (its logo, or its name).
    await expect(visitor.getByRole('banner').getByRole('link', { name: NAME, exact: true })).toBeVisible();
    await expect(visitor.getByRole('contentinfo')).toContainText(NAME);
    expect(await colours(visitor), `${path}: the colour and its shades`).toEqual([COLOUR, '#08374c', '#e7edf0']);
    // The header's link is painted in the dark shade.
    await expect(visitor.locator('.header__brand')).toHaveCSS('color', 'rgb(8, 55, 76)');
    expect(await visitor.content(), path).not.toMatch(/tourbook/i);
  }

  // A traveller books and pays; the confirmation in the outbox is the business's.
  const travellerContext = await newContext();
  const traveller = await signedInUser(travellerContext, 'Bea Brand');
  const date = [...tour.startDates].sort((a, b) => a.date.localeCompare(b.date)).find((d) => d.seatsLeft >= 1)!.date;
  const travellerPage = await travellerContext.newPage();
  await bookAndPay(travellerPage, tour, date, 1);

  await page.goto(`/admin/emails?kind=bookingConfirmation&to=${encodeURIComponent(traveller.email)}`);
  await waitForHydration(page);
  const rows = page.locator('#emails-table tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().locator('a').first().click();
  await page.waitForURL((u) => u.pathname.startsWith('/admin/emails/'));
  await waitForHydration(page);
  const text = page.locator('#email-text');
  await expect(text).toContainText(NAME);
  const words = ((await text.textContent()) ?? '').replace(/\s+/g, ' ');
  expect(words).toContain(`You receive this email because of your account at ${NAME}.`);
  // The email's page as sent: its subject, text and HTML (the preview's srcdoc) name no Tourbook.
  const sent = await page.request.get(new URL(page.url()).pathname);
  expect(await sent.text()).not.toMatch(/tourbook/i);

  // The booking's receipt (a PDF) is the new seller's.
  const receipt = await firstBookingReceipt(travellerPage);
  const pdf = await (await travellerPage.request.get((await receipt.getAttribute('href'))!)).body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.includes(utf16be(LEGAL)), 'the receipt names the seller').toBe(true);
  expect(pdf.toString('latin1')).not.toMatch(/tourbook/i);
});
