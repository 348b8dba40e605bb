// Promo codes (issue #24 §1) on the real binary: an administrator adds a code in
// /admin/promotions; a traveller types it in the tour page's booking panel, "Apply" says
// what it takes off, the sandbox's checkout charges the discounted price on a line that
// names the code, the traveller pays, the back office's list counts the use and the
// discount given, and the booking's page lists the discount under the code's name.
import { formatMoney, listTours, logIn, signedInUser } from '../lib/api';
import { acceptTerms, fillCard, TEST_CARD } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

test('a traveller books with a promo code and pays the discounted price', async ({ page, context, newContext }) => {
  test.slow(); // the back office, a checkout, and the back office again
  const code = `SPRING${Date.now() % 100000}`;

  // The administrator adds the code: 10 % off every tour.
  const office = await newContext();
  await logIn(office.request, 'laura@example.com');
  const admin = await office.newPage();
  await admin.goto('/admin/promotions');
  await waitForHydration(admin);
  const form = admin.locator('#promo-new');
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Percentage').fill('10');
  await form.getByRole('button', { name: 'Add promo code' }).click();
  await admin.waitForURL((u) => u.pathname === '/admin/promotions');
  const row = admin.locator('#promotions-table tbody tr', { hasText: code });
  await expect(row).toContainText('10 %');

  // The traveller applies it on the tour page.
  const traveller = await signedInUser(context, 'Priya Promo');
  const today = new Date().toISOString().slice(0, 10);
  const tour = (await listTours(page.request)).find((t) => t.startDates.some((d) => d.date > today && d.seatsLeft >= 2))!;
  const date = tour.startDates.find((d) => d.date > today && d.seatsLeft >= 2)!.date;
  const price = (tour.price - tour.priceDiscount) * 2;
  const discount = Math.floor((price * 10) / 100);
  const pay = formatMoney(price - discount, tour.currency);

  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#start-date').selectOption(date);
  await page.locator('#participants').fill('2');
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expectAlert(page, 'success', `Promo code ${code} applied: -${formatMoney(discount, tour.currency)}`);
  await expect(page.locator('#promo-result')).toHaveText(
    `${code}: -${formatMoney(discount, tour.currency)} · you pay ${pay} instead of ${formatMoney(price, tour.currency)}`,
  );
  // Issue #24 §2 (gift cards): a card paying part of this booking is given here, after
  // the code, before booking.
  await acceptTerms(page);
  await page.locator('#book-tour').click();

  // The checkout charges the discounted price, on one line that names the code.
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('#amount')).toHaveText(pay);
  await expect(page.locator('.lines th')).toContainText(`Booking with promo code ${code} (2 × Adult, -${formatMoney(discount, tour.currency)})`);
  await fillCard(page, TEST_CARD, 'Priya Promo');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  const message = await page.locator('body').getAttribute('data-alert');
  expect(message, 'the confirmation on <body data-alert>').toBeTruthy();

  // The back office counts the use and the discount given.
  await admin.reload();
  await waitForHydration(admin);
  const used = admin.locator('#promotions-table tbody tr', { hasText: code });
  await expect(used.locator('td').nth(2)).toHaveText('1');
  await expect(used.locator('td').nth(3)).toHaveText(formatMoney(discount, tour.currency));

  // The booking's back-office page names the code on the line that takes the discount off.
  await admin.goto(`/admin/bookings?email=${encodeURIComponent(traveller.email)}`);
  await admin.locator('#bookings-table tbody tr a', { hasText: 'Priya Promo' }).click();
  await waitForHydration(admin);
  const line = admin.locator('#bought-table tbody tr', { hasText: `Discount (promo code ${code})` });
  await expect(line.locator('td').last()).toHaveText(`-${formatMoney(discount, tour.currency)}`);
});
