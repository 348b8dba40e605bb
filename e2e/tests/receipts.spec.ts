// Numbered receipts (issue #22 §4) on the real binary: a traveller whose name needs more
// than Windows-1252 pays for a booking with the sandbox's test card, downloads the
// receipt from the booking's page (a PDF with its number), and an administrator finds
// it in /admin/receipts.
import { listTours, logIn, signedInUser } from '../lib/api';
import { acceptTerms, fillCard, TEST_CARD } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { waitForHydration } from '../lib/page';
import { firstBookingReceipt, utf16be } from '../lib/receipts';

test('pay with the test card, download the receipt from the booking, see it in the back office', async ({ page, context, newContext }) => {
  test.slow(); // a checkout, the traveller's pages and the back office's
  await signedInUser(context, 'Łukasz Żółć');
  const today = new Date().toISOString().slice(0, 10);
  const tour = (await listTours(page.request)).find((t) => t.startDates.some((d) => d.date > today && d.seatsLeft >= 1))!;
  const date = tour.startDates.find((d) => d.date > today && d.seatsLeft >= 1)!.date;

  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#start-date').selectOption(date);
  await page.locator('#participants').fill('1');
  await acceptTerms(page);
  await page.locator('#book-tour').click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await fillCard(page, TEST_CARD, 'Łukasz Żółć');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));

  // The booking's own page offers its receipt.
  const link = await firstBookingReceipt(page);
  const label = (await link.textContent()) ?? '';
  const number = /^Receipt (\d{4}-\d{6}) \(PDF\)$/.exec(label)?.[1];
  expect(number, `the receipt's link: "${label}"`).toBeTruthy();

  // Downloaded: a PDF named and titled with its number.
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toContain(`filename="receipt-${number}.pdf"`);
  const pdf = await download.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.includes(utf16be(`Receipt ${number}`)), 'the PDF is titled with its number').toBe(true);

  // Another traveller cannot have it.
  const stranger = await newContext();
  await signedInUser(stranger, 'Someone Else');
  expect((await stranger.request.get((await link.getAttribute('href'))!)).status()).toBe(404);

  // The administrator sees it in the period's receipts, with the traveller's name.
  const office = await newContext();
  await logIn(office.request, 'laura@example.com');
  const admin = await office.newPage();
  await admin.goto(`/admin/receipts?year=${number!.slice(0, 4)}`);
  await waitForHydration(admin);
  const row = admin.locator('#receipts-table tbody tr', { hasText: number! });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Łukasz Żółć');
  await expect(row).toContainText(tour.name);
  await expect(row).toContainText('Card (online)');
});
