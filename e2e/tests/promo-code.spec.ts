// Promo codes (issue #24 §1) and gift cards (§2) on the real binary, one journey: an
// administrator adds a code in /admin/promotions; a traveller buys a gift card on
// /gift-cards with the sandbox's test card (its code, emailed to the recipient, is found
// here in /admin/gift-cards); on the tour page the traveller types the promo code, "Apply"
// says what it takes off, and the gift card pays part of the discounted price: the
// sandbox's checkout charges the rest on a line that names the code and the card, the
// traveller pays, the back office's list counts the use and the discount given, the
// booking's page lists the discount under the code's name, and the card is spent.
import { formatMoney, listTours, logIn, signedInUser } from '../lib/api';
import { acceptTerms, fillCard, TEST_CARD } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

test('a traveller books with a promo code and a gift card that pays part of it', async ({ page, context, newContext }) => {
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

  // The traveller buys a gift card of $100.00 for herself, emailed today.
  await page.goto('/gift-cards');
  await waitForHydration(page);
  await page.locator('#gift-amount-10000').check();
  await page.locator('#recipient-name').fill('Priya Promo');
  await page.locator('#recipient-email').fill(traveller.email);
  await page.locator('#buy-gift-card').click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('h1')).toHaveText('Gift card');
  await expect(page.locator('#amount')).toHaveText('$100.00');
  await fillCard(page, TEST_CARD, 'Priya Promo');
  await page.waitForURL((u) => u.pathname === '/gift-cards/bought');
  await expect(page.locator('#gift-card-notice')).toContainText('Thank you! Your gift card of $100.00 for Priya Promo is paid.');
  // Its code is what the recipient's email carries; the back office finds it by her email.
  await admin.goto(`/admin/gift-cards?q=${encodeURIComponent(traveller.email)}`);
  const card = admin.locator('#gift-cards-table tbody tr');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('$100.00 of $100.00');
  const giftCard = ((await card.locator('th a').textContent()) ?? '').trim();
  expect(giftCard).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await admin.goto('/admin/promotions');
  const today = new Date().toISOString().slice(0, 10);
  const tour = (await listTours(page.request)).find((t) => t.startDates.some((d) => d.date > today && d.seatsLeft >= 2))!;
  const date = tour.startDates.find((d) => d.date > today && d.seatsLeft >= 2)!.date;
  const price = (tour.price - tour.priceDiscount) * 2;
  const discount = Math.floor((price * 10) / 100);
  const pay = formatMoney(price - discount, tour.currency);
  const rest = formatMoney(price - discount - 10000, tour.currency);

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
  // The gift card pays part of the discounted price (typed as people do, in lower case).
  await page.getByLabel('Gift card (optional)').fill(giftCard.toLowerCase());
  await acceptTerms(page);
  await page.locator('#book-tour').click();

  // The checkout charges the rest of the discounted price, on one line that names the
  // code and the card.
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('#amount')).toHaveText(rest);
  await expect(page.locator('.lines th')).toContainText(
    `Booking with promo code ${code} (2 × Adult, -${formatMoney(discount, tour.currency)}, gift card -$100.00)`,
  );
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

  // The card is spent, and its history names the booking it paid.
  await admin.goto(`/admin/gift-cards?q=${encodeURIComponent(giftCard)}`);
  await expect(admin.locator('#gift-cards-table tbody tr')).toContainText('$0.00 of $100.00');
  await admin.locator('#gift-cards-table tbody tr th a').click();
  await expect(admin.locator('#gift-card-history-table tbody tr').first()).toContainText('Spent on a booking-$100.00$0.00');
});
