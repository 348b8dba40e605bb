// Issue #24 §2, end to end on the real binary: a traveller buys a gift card on
// /gift-cards with the sandbox's test card, the card reaches its recipient by email (over
// SMTP, with its printable PDF), and its code then pays part of a booking: the sandbox
// charges only the rest.
import { formatMoney, listTours, signedInUser } from '../lib/api';
import { acceptTerms, fillCard } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, pauseClock, waitForHydration } from '../lib/page';
import type { TestSmtpServer } from '../lib/smtp';

// The card is emailed today: this worker's binary sends its emails to a test SMTP server.
test.use({ smtpServer: true });

function smtpOf(smtp: TestSmtpServer | undefined): TestSmtpServer {
  if (!smtp) throw new Error('this spec needs the test SMTP server (smtpServer: true)');
  return smtp;
}

test('buy a gift card with the test card, then let it pay part of a booking', async ({ page, context, smtp }) => {
  const mail = smtpOf(smtp);
  const me = await signedInUser(context, 'Gina Giver');
  const mark = mail.mark();

  // Buy: $100.00 for myself, emailed today.
  await page.goto('/gift-cards');
  await waitForHydration(page);
  await page.locator('#gift-amount-10000').check();
  await page.locator('#recipient-name').fill('Gina Giver');
  await page.locator('#recipient-email').fill(me.email);
  await page.locator('#gift-message').fill('For the next trip!');
  await page.locator('#buy-gift-card').click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('h1')).toHaveText('Gift card');
  await expect(page.locator('#amount')).toHaveText('$100.00');
  await fillCard(page, '4242 4242 4242 4242', 'Gina Giver');
  await page.waitForURL((u) => u.pathname === '/gift-cards/bought');
  await expect(page.locator('#gift-card-notice')).toHaveText(
    new RegExp(`^Thank you! Your gift card of \\$100\\.00 for Gina Giver is paid\\. We email it to ${me.email.replace(/[.+]/g, '\\$&')} on `),
  );

  // The card arrives with its code and the card to print.
  const card = await mail.nextMessageTo(me.email, { since: mark, subject: 'Gina Giver sent you a gift card of $100.00' });
  const code = /Gift card code:?\s+([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(card.parsed.text ?? '')?.[1];
  expect(code, `a code in:\n${card.parsed.text}`).toBeTruthy();
  expect(card.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([['gift-card.pdf', 'application/pdf']]);

  // Spend it on a tour that costs more: the checkout charges the rest.
  const today = new Date().toISOString().slice(0, 10);
  const tour = (await listTours(page.request)).find((t) => t.price - t.priceDiscount > 10000 && t.startDates.some((d) => d.date > today && d.seatsLeft > 0));
  if (!tour) throw new Error('no sample tour costs more than $100.00 with a seat left');
  const date = tour.startDates.find((d) => d.date > today && d.seatsLeft > 0)!.date;
  await page.clock.install();
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#start-date').selectOption(date);
  await page.locator('#participants').fill('1');
  await page.locator('#gift-card').fill(code!.toLowerCase());
  await acceptTerms(page);
  await page.locator('#book-tour').click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  const rest = formatMoney(tour.price - tour.priceDiscount - 10000, tour.currency);
  await expect(page.locator('#amount')).toHaveText(rest);
  await expect(page.getByText('gift card paid $100.00')).toBeVisible();
  await pauseClock(page);
  await fillCard(page, '4242 4242 4242 4242', 'Gina Giver');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  await expectAlert(page, 'success', new RegExp(`^Your booking of ${tour.name} on .* for 1 participant is confirmed\\. Thank you!$`));
});
