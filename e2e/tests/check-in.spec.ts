// Tickets and check-in end to end (docs/admin.md), on the real binary: a traveller's paid
// booking shows its ticket (QR code and text) on /my-tours; the tour's guide, on a
// phone-sized screen, opens the departure's check-in page from the manifest, types the
// code as read off the traveller's phone, sees who it is, marks them arrived, finds the
// manifest updated, and a second scan of the same code says when and by whom it was
// checked in.
import type { APIRequestContext } from '@playwright/test';
import { logIn, signedInUser, tourByName } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';
import { gradientPng } from '../lib/png';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const ADMIN = 'laura@example.com';
const GUIDE = 'kwame@example.com';
const GUIDE_NAME = 'Kwame Mensah';
const SAHARA = 'Sahara and the High Atlas';

interface Answer<T> {
  status: string;
  message?: string;
  data?: T;
}

async function call<T>(admin: APIRequestContext, method: 'post' | 'put', path: string, data: unknown, status: number): Promise<T> {
  const res = await admin[method](path, { data });
  const body = (await res.json()) as Answer<T>;
  expect(res.status(), `${method} ${path}: ${body.message ?? ''}`).toBe(status);
  return body.data!;
}

/**
 * A tour Sahara's guides lead, in a zone where it is about noon now, with a departure
 * today there: check-in is open on it whatever the hour the test runs at.
 */
async function tourDepartingToday(admin: APIRequestContext, name: string): Promise<{ id: string; date: string }> {
  const sahara = await tourByName(admin, SAHARA);
  // Setting the status it has answers with the back office's copy, guides' ids included.
  const { tour: guided } = await call<{ tour: { guides: string[] } }>(admin, 'put', `/api/v1/tours/${sahara.id}/status`, { status: 'published' }, 200);
  const offset = 12 - new Date().getUTCHours();
  const zone = `Etc/GMT${offset <= 0 ? '+' : '-'}${Math.abs(offset)}`; // POSIX signs: Etc/GMT-3 is UTC+3
  const date = new Date(Date.now() + offset * 3_600_000).toISOString().slice(0, 10);
  const { tour } = await call<{ tour: { id: string } }>(admin, 'post', '/api/v1/tours', {
    name, slug: '', summary: 'Dunes at dawn.', description: 'Day one.', difficulty: 'easy', durationDays: 1,
    maxGroupSize: 8, price: 9900, priceDiscount: 0, currency: 'eur', timeZone: zone,
    startLocation: { coordinates: [-5.0, 31.1], description: 'Merzouga' },
    // A stop: publishing wants one (and a cover, a price and a future departure).
    locations: [{ coordinates: [-4.0, 31.1], description: 'Erg Chebbi', day: 1 }], guides: guided.guides,
  }, 201);
  await call(admin, 'post', `/api/v1/tours/${tour.id}/departures`, { date, startTime: '23:30', meetingPoint: 'Café Nora' }, 201);
  // A cover, and published: /my-tours shows each booking with its tour's cover.
  const cover = await admin.post(`/api/v1/tours/${tour.id}/pictures`, {
    multipart: { kind: 'cover', picture: { name: 'dunes.png', mimeType: 'image/png', buffer: gradientPng(1600, [220, 160, 90]) } },
  });
  expect(cover.status(), await cover.text()).toBe(200);
  await call(admin, 'put', `/api/v1/tours/${tour.id}/status`, { status: 'published' }, 200);
  return { id: tour.id, date };
}

test('a guide checks a ticket in on a phone', async ({ page, context, newContext, guard }) => {
  // Three people's browsers and a tour made from scratch: more than the default budget on a busy machine.
  test.slow();
  guard.allowConsole(/the server responded with a status of 400/);
  const adminContext = await newContext();
  const admin = adminContext.request;
  await logIn(admin, ADMIN);
  const tour = await tourDepartingToday(admin, 'Dawn Dunes Walk');

  // The traveller's booking, paid in cash at the office, and its ticket on their phone.
  const travellerContext = await newContext();
  const traveller = await signedInUser(travellerContext, 'Tariq Ticket');
  const { bookingId } = await call<{ bookingId: string }>(admin, 'post', `/api/v1/tours/${tour.id}/departures/${tour.date}/bookings`,
    { email: traveller.email, name: traveller.name, participants: 2, paymentMethod: 'cash' }, 201);
  const travellerPage = await travellerContext.newPage();
  await travellerPage.goto('/my-tours');
  const ticket = travellerPage.locator('.ticket');
  await expect(ticket).toHaveCount(1);
  const code = ((await ticket.locator('.ticket__code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  const qr = ticket.locator('img.ticket__qr');
  await expect(qr).toHaveAttribute('src', `/my-tours/${bookingId}/ticket.svg`);
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: 'the QR code loads' }).toBe(true);

  // The guide, on a phone: from the manifest to the check-in page.
  await logIn(context.request, GUIDE);
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}`);
  await waitForHydration(page);
  await page.locator('#manifest-check-in').click();
  await expect(page).toHaveURL(new RegExp(`/admin/tours/${tour.id}/departures/${tour.date}/check-in$`));
  await waitForHydration(page);
  await expect(page.locator('#check-in-count')).toHaveText('0 of 2 travellers arrived');
  await expect(page.locator('#check-in-opens')).toHaveCount(0);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, 'nothing is wider than the phone').toBe(true);

  // Typed as read aloud: lower case, spaces for dashes.
  await page.locator('#ticket-code').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.locator('#ticket-lookup').click();
  await expect(page.locator('#ticket-name')).toHaveText(traveller.name);
  await expect(page.locator('#ticket-participants')).toHaveText('2 participants');
  await expect(page.locator('#arrived-count')).toHaveText('2 of 2');
  await page.locator('#mark-arrived').click();
  await expectAlert(page, 'success', `${traveller.name}: 2 of 2 arrived`);
  await expect(page.locator('#ticket-checked')).toHaveText('Checked in: 2 of 2 arrived.');
  await expect(page.locator('#check-in-count')).toHaveText('2 of 2 travellers arrived');
  await expect(page.locator('#check-in-list')).toContainText(`${traveller.name}2 participants · 2 of 2 arrived`);

  // The manifest says so.
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}`);
  const row = page.locator('#manifest-table tbody tr').filter({ hasText: traveller.email });
  await expect(row.locator('.manifest-table__arrival')).toHaveText('2 of 2 arrived');

  // The same ticket again: already checked in, when and by whom.
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}/check-in`);
  await waitForHydration(page);
  await expect(page.locator('#check-in-count')).toHaveText('2 of 2 travellers arrived');
  await page.locator('#ticket-code').fill(code);
  await page.locator('#ticket-lookup').click();
  await expect(page.locator('#ticket-result')).toHaveClass(/check-in__card--warn/);
  await expect(page.locator('#ticket-checked')).toHaveText(new RegExp(`^Already checked in at \\d\\d:\\d\\d by ${GUIDE_NAME}: 2 of 2 arrived\\.$`));
  await expect(page.locator('#mark-arrived')).toHaveCount(0);

  // The traveller's ticket says it was checked in.
  await travellerPage.reload();
  await expect(travellerPage.locator('.ticket__checked')).toHaveText(/^Checked in at \d\d:\d\d$/);

  // An unknown code is an error the guide can read, in the alert and on the page.
  await page.locator('#ticket-code').fill('ZZZZ-ZZZZ-ZZZ');
  await page.locator('#ticket-lookup').click();
  const malformed = 'A ticket code has 12 letters and digits, like 7KQ4-M2XD-9TWP. Check what was typed.';
  await expectAlert(page, 'error', malformed);
  await expect(page.locator('#ticket-problem')).toHaveText(malformed);
  await expect(page.locator('#ticket-result')).toHaveCount(0);
});

// Issue 21 §8: on the trail a wrong code's error goes as soon as the next code is looked
// up, and a traveller who comes late is added to a check-in already made, without undoing it.
test('a guide on a phone clears a bad lookup with a good one and adds a latecomer', async ({ page, context, newContext, guard }) => {
  test.slow();
  guard.allowConsole(/the server responded with a status of 404/);
  const admin = (await newContext()).request;
  await logIn(admin, ADMIN);
  const tour = await tourDepartingToday(admin, 'Late Camel Walk');
  const travellerContext = await newContext();
  const traveller = await signedInUser(travellerContext, 'Lena Late');
  await call(admin, 'post', `/api/v1/tours/${tour.id}/departures/${tour.date}/bookings`,
    { email: traveller.email, name: traveller.name, participants: 3, paymentMethod: 'bank_transfer' }, 201);
  const travellerPage = await travellerContext.newPage();
  await travellerPage.goto('/my-tours');
  const code = ((await travellerPage.locator('.ticket .ticket__code').textContent()) ?? '').trim();

  await logIn(context.request, GUIDE);
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}/check-in`);
  await waitForHydration(page);
  await expect(page.locator('#check-in-count')).toHaveText('0 of 3 travellers arrived');

  // A code that is no ticket (the code of an example): the error, in the alert and on the page.
  const unknown = code === '7KQ4-M2XD-9TWP' ? '7KQ4-M2XD-9TWQ' : '7KQ4-M2XD-9TWP';
  await page.locator('#ticket-code').fill(unknown);
  await page.locator('#ticket-lookup').click();
  const notFound = 'No ticket has this code. Check the letters and digits, or look the traveller up by name on the manifest.';
  await expectAlert(page, 'error', notFound);
  await expect(page.locator('#ticket-problem')).toHaveText(notFound);

  // The right code, typed: the error goes, the traveller shows.
  await page.locator('#ticket-code').fill(code);
  await page.locator('#ticket-lookup').click();
  await expect(page.locator('#ticket-name')).toHaveText(traveller.name);
  await expect(page.locator('#ticket-problem')).toHaveCount(0);
  await expect(page.locator('body > .alert--error')).toHaveCount(0);

  // Two of three are there; the third comes late.
  await page.getByRole('button', { name: 'One fewer' }).click();
  await page.locator('#mark-arrived').click();
  await expectAlert(page, 'success', `${traveller.name}: 2 of 3 arrived`);
  await expect(page.locator('#check-in-count')).toHaveText('2 of 3 travellers arrived');
  await page.locator('#ticket-latecomer').click();
  await expectAlert(page, 'success', `${traveller.name}: 3 of 3 arrived`);
  await expect(page.locator('#ticket-checked')).toHaveText('Checked in: 3 of 3 arrived.');
  await expect(page.locator('#check-in-count')).toHaveText('3 of 3 travellers arrived');
  await expect(page.locator('#ticket-latecomer')).toHaveCount(0);
  await expect(page.locator('#ticket-undo')).toBeVisible();
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, 'nothing is wider than the phone').toBe(true);

  // The manifest counts them; its print view leaves out the buttons and help text.
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}`);
  await expect(page.locator('#manifest-checked-in')).toHaveText('3 of 3');
  await expect(page.locator('#manifest-bookings')).toHaveText('1');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#print-manifest')).toBeHidden();
  await expect(page.locator('.manifest__waitlist .form__hint')).toBeHidden();
  await expect(page.locator('#manifest-table')).toBeVisible();
});

// Issue 21 §8: a traveller with a phone can be called from the trail. On a 390 px phone,
// the manifest's phone, the check-in list's "Call" and the looked-up ticket's "Call" are
// each a tel: link to the lead traveller's number as dialled (no spaces), in view.
test('a guide on a phone calls a traveller from the manifest and the check-in page', async ({ page, context, newContext }) => {
  test.slow();
  const admin = (await newContext()).request;
  await logIn(admin, ADMIN);
  const tour = await tourDepartingToday(admin, 'Calling Camel Walk');
  const travellerContext = await newContext();
  const traveller = await signedInUser(travellerContext, 'Pia Phone');
  const phone = '+351 912 345 678';
  const dialled = 'tel:+351912345678';
  await call(admin, 'post', '/api/v1/admin/bookings', {
    tourId: tour.id, date: tour.date, email: traveller.email, name: traveller.name, phone, participants: 1,
    travellers: [''], payment: 'received', paymentMethod: 'cash', sendConfirmation: false, key: 'call-link-1',
  }, 201);
  const travellerPage = await travellerContext.newPage();
  await travellerPage.goto('/my-tours');
  const code = ((await travellerPage.locator('.ticket .ticket__code').textContent()) ?? '').trim();

  /** The link is inside the phone's width, so a thumb can reach it without scrolling sideways. */
  async function inView(link: import('@playwright/test').Locator) {
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.x, 'the link starts on the screen').toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, 'the link ends on the screen').toBeLessThanOrEqual(390);
  }

  await logIn(context.request, GUIDE);
  await page.goto(`/admin/tours/${tour.id}/departures/${tour.date}`);
  await waitForHydration(page);
  const row = page.locator('#manifest-table tbody tr').filter({ hasText: traveller.email });
  const manifestLink = row.getByRole('link', { name: phone });
  await expect(manifestLink).toHaveAttribute('href', dialled);

  await page.locator('#manifest-check-in').click();
  await waitForHydration(page);
  const listLink = page.locator('#check-in-list').getByRole('link', { name: `Call ${traveller.name}` });
  await expect(listLink).toHaveAttribute('href', dialled);
  await inView(listLink);

  await page.locator('#ticket-code').fill(code);
  await page.locator('#ticket-lookup').click();
  await expect(page.locator('#ticket-name')).toHaveText(traveller.name);
  const ticketLink = page.locator('#ticket-call');
  await expect(ticketLink).toHaveText(`Call ${phone}`);
  await expect(ticketLink).toHaveAttribute('href', dialled);
  await inView(ticketLink);
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits, 'nothing is wider than the phone').toBe(true);
});
