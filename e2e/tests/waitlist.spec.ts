// The waiting list end to end, on the real binary: a traveller joins the waiting list of a
// sold-out departure from the tour page's booking panel with their group, an admin cancels
// another booking in the back office, and the traveller finds the offer as a banner on
// /my-tours and pays it on the sandbox's checkout; the booking is theirs.
import type { APIRequestContext } from '@playwright/test';
import { formatDay, formatMoney, logIn, newUser, signedInUser, tourByName, type TourJSON } from '../lib/api';
import { fillCard } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { expectAlert, pauseClock, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
// No other spec books this tour.
const TOUR = 'Highlands and the Isle of Skye';

/** The tour's last departure. */
function lastDeparture(tour: TourJSON): string {
  const last = [...tour.startDates].sort((a, b) => a.date.localeCompare(b.date)).at(-1);
  if (!last) throw new Error(`${tour.name} has no departures`);
  return last.date;
}

/** Records a walk-in of `participants` paid in cash, as the signed-in admin; its id. */
async function walkIn(admin: APIRequestContext, tour: TourJSON, date: string, participants: number): Promise<string> {
  const customer = newUser('Wally Walkin');
  const res = await admin.post(`/api/v1/tours/${encodeURIComponent(tour.id)}/departures/${date}/bookings`, {
    data: { email: customer.email, name: customer.name, participants, paymentMethod: 'cash' },
  });
  const body = (await res.json()) as { message?: string; data?: { bookingId?: string } };
  expect(res.status(), `walk-in: ${body.message ?? ''}`).toBe(201);
  return body.data!.bookingId!;
}

/** Sets the departure's capacity to the seats taken: sold out. */
async function fillDeparture(admin: APIRequestContext, tour: TourJSON, date: string): Promise<void> {
  const path = `/api/v1/tours/${encodeURIComponent(tour.id)}/departures`;
  const list = (await (await admin.get(path)).json()) as { data: { departures: { date: string; taken: number }[] } };
  const dep = list.data.departures.find((d) => d.date === date)!;
  const res = await admin.patch(`${path}/${date}`, { data: { capacity: dep.taken } });
  expect(res.status(), await res.text()).toBe(200);
}

test('a traveller joins the waiting list of a sold-out departure, a booking is cancelled in the back office, and the traveller pays the offer from /my-tours', async ({
  page,
  context,
  newContext,
}) => {
  test.slow(); // two people, a back-office cancellation and a sandbox checkout

  const adminContext = await newContext();
  await logIn(adminContext.request, ADMIN);
  const tour = await tourByName(page.request, TOUR);
  const date = lastDeparture(tour);
  const walkInId = await walkIn(adminContext.request, tour, date, 2);
  await fillDeparture(adminContext.request, tour, date);

  // --- The traveller joins the waiting list with a group of two. ---
  await signedInUser(context, 'Wendy Waiting');
  await page.clock.install();
  await page.goto(`/tour/${tour.slug}`);
  await waitForHydration(page);
  await page.locator('#waitlist-date').selectOption(date);
  await expect(page.locator('#waitlist-date option:checked')).toHaveText(`${formatDay(date)} (full)`);
  await page.locator('#waitlist-participants').fill('2');
  await page.locator('#join-waitlist').click();
  await expectAlert(page, 'success', 'You are on the waiting list. We will email you when seats free up.');
  await expect(page.locator('.waitlist')).toContainText(`You are on the waiting list for ${formatDay(date)} (2 people).`);
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('.waitlist-place')).toContainText(`You are number 1 on the waiting list for ${tour.name}, ${formatDay(date)}`);

  // --- The admin sees the waiting list on the manifest, and cancels the walk-in. ---
  const admin = await adminContext.newPage();
  await admin.goto(`/admin/tours/${encodeURIComponent(tour.id)}/departures/${date}`);
  await waitForHydration(admin);
  await expect(admin.locator('#manifest-waiting')).toHaveText('1 entry, 2 people');
  await expect(admin.locator('#waitlist-table tbody tr')).toHaveCount(1);
  await expect(admin.locator('#waitlist-table tbody tr td').nth(3)).toHaveText('Waiting');
  await admin.goto(`/admin/bookings/${encodeURIComponent(walkInId)}`);
  await waitForHydration(admin);
  await admin.locator('#cancel-reason').fill('The group cancelled by phone.');
  await admin.locator('#cancel-booking-submit').click();
  await admin.locator('#cancel-dialog-confirm').click();
  await expectAlert(admin, 'success', /Booking cancelled/);
  await admin.goto(`/admin/tours/${encodeURIComponent(tour.id)}/departures/${date}`);
  await waitForHydration(admin);
  await expect(admin.locator('#waitlist-table tbody tr td').nth(3)).toContainText('Offered, until');

  // --- The traveller sees the offer on /my-tours and pays it. ---
  await page.goto('/my-tours');
  await waitForHydration(page);
  const amount = formatMoney((tour.price - tour.priceDiscount) * 2, tour.currency);
  const banner = page.locator('.waitlist-offer');
  await expect(banner).toContainText('Seats are held for you from the waiting list');
  await expect(banner).toContainText(`${tour.name}, ${formatDay(date)}`);
  await expect(banner).toContainText(`2 people, ${amount}. Pay by `);
  // Paying accepts the sample terms of booking, as booking does.
  await banner.getByRole('checkbox', { name: 'I accept the terms of booking' }).check();
  await banner.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/sandbox/checkout/'));
  await expect(page.locator('h1')).toHaveText(tour.name);
  await expect(page.locator('#amount')).toHaveText(amount);
  await pauseClock(page);
  await fillCard(page, '4242 4242 4242 4242');
  await page.waitForURL((u) => !u.pathname.startsWith('/sandbox/'));
  // "27 June 2027": the day without its weekday.
  await expectAlert(page, 'success', `Your booking of ${tour.name} on ${formatDay(date).slice(4)} for 2 participants is confirmed. Thank you!`);
  await page.clock.runFor(10_000);
  await page.waitForURL((u) => u.pathname === '/my-tours');
  await waitForHydration(page);
  await expect(page.locator('.waitlist-offer')).toHaveCount(0);
  const booked = page.locator('.my-tours .card');
  await expect(booked).toHaveCount(1);
  await expect(booked.locator('.card__title')).toHaveText(tour.name);
  await expect(booked.locator('.status')).toHaveText('Paid');
});
