// Find anyone, the way they ring up (issue #21 §4), on the real binary: an operator types
// "zoe" in the back office's search box, finds Zoë's booking (and not another customer's),
// opens it and sees the reference the search showed; the same reference finds it again.
import type { APIRequestContext } from '@playwright/test';
import { logIn, newUser, tourByName, type NewUser, type TourJSON } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const TOUR = 'Ha Long Bay by Junk';
const REFERENCE = /^TB-[2-9A-HJKMNP-Z]{6}$/;

/** Records a cash walk-in of one traveller on the tour's first departure with a seat; its id. */
async function walkIn(admin: APIRequestContext, tour: TourJSON, customer: NewUser): Promise<string> {
  const date = tour.startDates.find((d) => d.seatsLeft >= 1)?.date;
  expect(date, `${tour.name} has a departure with a seat`).toBeTruthy();
  const res = await admin.post(`/api/v1/tours/${encodeURIComponent(tour.id)}/departures/${date}/bookings`, {
    data: { email: customer.email, name: customer.name, participants: 1, paymentMethod: 'cash' },
  });
  const body = (await res.json()) as { message?: string; data?: { bookingId?: string } };
  expect(res.status(), body.message ?? '').toBe(201);
  return body.data!.bookingId!;
}

test('an operator types "zoe" and finds Zoë\'s booking', async ({ page, context, request }) => {
  const tour = await tourByName(request, TOUR);
  await logIn(request, ADMIN);
  const zoe = newUser('Zoë Lefèvre');
  const zoeBooking = await walkIn(request, tour, zoe);
  const other = await walkIn(request, tour, newUser('Anna Berg'));

  await logIn(context.request, ADMIN);
  await page.goto('/admin');
  await waitForHydration(page);
  const box = page.getByRole('searchbox', { name: 'Booking reference, ticket code, name, email or phone' });
  await box.fill('zoe');
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/admin/bookings' && u.searchParams.get('q') === 'zoe');
  await waitForHydration(page);

  await expect(page.locator('h1')).toHaveText('Bookings found by “zoe”');
  await expect(box).toHaveValue('zoe');
  const rows = page.locator('#bookings-table tbody tr');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row.locator('th a')).toHaveText(zoe.name);
  await expect(row.locator(`a[href="/admin/bookings/${other}"]`)).toHaveCount(0);
  const reference = ((await row.locator('td').first().textContent()) ?? '').trim();
  expect(reference).toMatch(REFERENCE);

  await row.getByRole('link', { name: zoe.name, exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/admin/bookings/${zoeBooking}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(`Booking ${reference}`);
  await expect(page.locator('#booking-customer-email')).toHaveText(zoe.email);

  // Read out on the phone, in lower case and without its dash, the reference finds it too.
  await box.fill(reference.toLowerCase().replace('-', ' '));
  await box.press('Enter');
  await page.waitForURL((u) => u.pathname === '/admin/bookings');
  await expect(page.locator('#bookings-table tbody tr')).toHaveCount(1);
  await expect(page.locator('#bookings-table tbody tr th a')).toHaveText(zoe.name);
});
