// Issue #22 §2: the legal pages. An admin writes new terms of booking in the back office
// (previewed as the page will show them, then saved as version 2); a traveller must tick
// "I accept the terms of booking" to book (without it the alert says so, and nothing is
// held), books and pays; the booking's back-office page shows the version accepted; and
// /terms/v/1 still shows the first version.
import { listTours, logIn, signUp } from '../lib/api';
import { bookAndPay } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, expectFailedCall, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const NEW_TERMS = '# Terms of booking, 2027\n\n1. **Pay first.** A booking is confirmed once paid.\n2. Bring <script>alert("x")</script> good boots.';

test('an admin saves new terms; a traveller must accept them to book; the booking keeps the version', async ({ page, newContext, guard }) => {
  test.setTimeout(90_000);
  // --- The admin writes version 2 of the terms. ---
  const adminContext = await newContext();
  await logIn(adminContext.request, ADMIN);
  const admin = await adminContext.newPage();
  await admin.goto('/admin/legal');
  await waitForHydration(admin);
  await expect(admin.locator('h1')).toHaveText('Legal pages');
  const versions = admin.locator('#terms-versions-table tbody tr');
  await expect(versions).toHaveCount(1);
  const editor = admin.getByLabel('Terms of booking (Markdown)');
  await expect(editor).toHaveValue(/^# Terms of booking\n\n\*Sample terms/);
  await editor.fill(NEW_TERMS);
  await admin.locator('#legal-terms-preview-button').click();
  const preview = admin.locator('#legal-terms-preview');
  await expect(preview.locator('h1')).toHaveText('Terms of booking, 2027');
  await expect(preview.locator('strong')).toHaveText('Pay first.');
  await expect(preview.locator('script')).toHaveCount(0);
  await admin.locator('#legal-terms-save').click();
  await expectAlert(admin, 'success', 'Terms of booking saved as version 2');
  await expect(admin.locator('#legal-terms-version')).toContainText('Version 2, saved ');
  await expect(versions).toHaveCount(2);
  await expect(versions.first().getByRole('link')).toHaveText('Version 2');
  await admin.reload();
  await waitForHydration(admin);
  await expect(versions).toHaveCount(2);

  // --- A traveller books: refused without the box, then with it ticked. ---
  const traveller = await signUp(page.context().request);
  const tour = (await listTours(page.request)).find((t) => t.startDates.some((d) => d.seatsLeft >= 2 && d.date > new Date().toISOString().slice(0, 10)))!;
  const date = tour.startDates.find((d) => d.seatsLeft >= 2 && d.date > new Date().toISOString().slice(0, 10))!;
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  const box = page.getByRole('checkbox', { name: 'I accept the terms of booking' });
  await expect(box).not.toBeChecked();
  await expect(page.locator('#book-tour').locator('..').getByRole('link', { name: 'terms of booking' })).toHaveAttribute('href', '/terms');
  guard.allowConsole(/status of 400/);
  const message = await expectFailedCall(page, '/api/v1/bookings/checkout-session/', 400, () => page.locator('#book-tour').click());
  expect(message).toBe('Please accept the terms of booking to book this tour: tick the box above the button.');
  await expect(page.locator('#book-tour')).toHaveText('Book tour now!');
  await expect(page.locator('#book-tour')).toBeEnabled();
  expect((await listTours(page.request)).find((t) => t.id === tour.id)!.startDates.find((d) => d.date === date.date)!.seatsLeft).toBe(date.seatsLeft);

  await bookAndPay(page, tour, date.date, 1);

  // --- The booking's back-office page names version 2, linking it. ---
  await admin.goto(`/admin/bookings?email=${encodeURIComponent(traveller.email)}`);
  await waitForHydration(admin);
  await admin.locator('#bookings-table tbody tr').first().getByRole('link', { name: traveller.name, exact: true }).click();
  await waitForHydration(admin);
  const accepted = admin.locator('#booking-terms');
  await expect(accepted).toContainText('Version 2, accepted ');
  await expect(accepted.getByRole('link')).toHaveAttribute('href', '/terms/v/2');

  // --- /terms shows version 2, /terms/v/1 still the first. ---
  await page.goto('/terms');
  await expect(page.locator('#legal-text h1')).toHaveText('Terms of booking, 2027');
  await expect(page.locator('#legal-text script')).toHaveCount(0);
  await expect(page.locator('#legal-version')).toContainText('Version 2, ');
  await page.goto('/terms/v/1');
  await expect(page.locator('#legal-text h1')).toHaveText('Terms of booking');
  await expect(page.locator('#legal-text')).toContainText('Sample terms');
  await expect(page.locator('#legal-current')).toContainText('This is version 1 of our terms of booking');
  await expect(page.locator('#legal-current').getByRole('link', { name: 'Read the current version' })).toHaveAttribute('href', '/terms');
  guard.allowConsole(/the server responded with a status of 404/);
  await page.goto('/terms/v/3');
  await expect(page.locator('h1')).toHaveText('Page not found');
});

test('the sample legal pages: in the server HTML, linked from the footer and the sign-up page, hydrated quietly', async ({ page, request, guard }) => {
  for (const { path, title } of [
    { path: '/terms', title: 'Terms of booking' },
    { path: '/privacy', title: 'Privacy notice' },
    { path: '/imprint', title: 'Imprint' },
  ]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(await res.text()).toContain(`<h1>${title}</h1>`);
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('#legal-text h1')).toHaveText(title);
    await expect(page.locator('#legal-version')).toContainText('Version 1, ');
    await expect(page.locator('#legal-links').getByRole('link', { name: title })).toHaveAttribute('href', path);
  }
  await page.goto('/signup');
  await waitForHydration(page);
  await expect(page.locator('#signup-legal').getByRole('link', { name: 'terms of booking' })).toHaveAttribute('href', '/terms');
  await expect(page.locator('#signup-legal').getByRole('link', { name: 'privacy notice' })).toHaveAttribute('href', '/privacy');
  expect(guard.console).toEqual([]);
});
