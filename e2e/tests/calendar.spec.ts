// The day view, issue #21 §5, on the real binary: an operator opens the calendar from the
// dashboard (which fits a 1280 px desktop, nothing clipped), moves to another month and
// to a day, and opens a departure's manifest; a guide on a 390 px phone lands on their
// departures today and next, reads the time, meeting point and numbers, and opens the
// check-in.
import type { Page } from '@playwright/test';
import { formatDay, logIn, newUser, tourByName } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const GUIDE = 'kwame@example.com';
const SAHARA = 'Sahara and the High Atlas';

/** yyyy-mm-dd, `days` from today (UTC). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Elements that reach past the window's right edge, or whose content is cut off sideways. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) out.push(`the page: ${document.documentElement.scrollWidth} px`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.closest('.visually-hidden') || el.closest('details:not([open]) > ul')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ')[0]}`;
      if (r.right > width + 0.5) out.push(`${name} ends at ${Math.round(r.right)} px`);
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') out.push(`${name} scrolls sideways`);
    }
    return out;
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an operator opens the calendar, moves to a day and opens a manifest', async ({ page, context, request, guard }) => {
    guard.allowConsole(/status of 400/); // the page for a month that cannot be read, on purpose
    const sahara = await tourByName(request, SAHARA);
    const date = daysAhead(40);
    await logIn(request, ADMIN);
    const added = await request.post(`/api/v1/tours/${sahara.id}/departures`, { data: { date, startTime: '07:45', meetingPoint: 'Jemaa el-Fnaa' } });
    expect(added.status(), await added.text()).toBe(201);
    const customer = newUser('Dora Dune');
    const walkIn = await request.post(`/api/v1/tours/${sahara.id}/departures/${date}/bookings`, {
      data: { email: customer.email, name: customer.name, participants: 2, paymentMethod: 'cash' },
    });
    expect(walkIn.status(), await walkIn.text()).toBe(201);

    await logIn(context.request, ADMIN);
    await page.goto('/admin');
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('Dashboard');
    await expect(page.locator('#upcoming-title')).toHaveText('Departures in the next 14 days');
    expect(await overflowing(page), 'the dashboard at 1280 px').toEqual([]);

    // The calendar, from the dashboard: this month, then the next by its link.
    await page.locator('#dashboard-calendar').click();
    await page.waitForURL((u) => u.pathname === '/admin/calendar');
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const monthName = (d: Date) => d.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    await expect(page.locator('h1')).toHaveText(`Calendar: ${monthName(thisMonth)}`);
    expect(await overflowing(page), 'the calendar at 1280 px').toEqual([]);
    await page.locator('#calendar-next').click();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await expect(page.locator('h1')).toHaveText(`Calendar: ${monthName(next)}`);

    // The departure's month, its day, and its manifest.
    await page.goto(`/admin/calendar?month=${date.slice(0, 7)}&tour=${encodeURIComponent(sahara.id)}`);
    await expect(page.locator('#calendar-tour')).toHaveValue(sahara.id);
    const day = page.locator(`.calendar-day[data-date="${date}"]`);
    await expect(day.locator('.calendar-departure__tour')).toHaveText(SAHARA);
    await expect(day.locator('.calendar-departure__time')).toHaveText(/^07:45 \S+ \(.+\)$|^07:45 \S+$/);
    await day.locator('.calendar-day__link').click();
    await page.waitForURL((u) => u.searchParams.get('day') === date);
    await expect(page.locator('h1')).toHaveText(formatDay(date));
    const row = page.locator('#calendar-day-table tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('td')).toHaveText([/^07:45 /, 'Jemaa el-Fnaa', '2', '0', `${sahara.maxGroupSize - 2} / ${sahara.maxGroupSize}`, 'Open', `Check-in for ${SAHARA}`]);
    await row.locator('a.calendar-manifest').click();
    await page.waitForURL((u) => u.pathname === `/admin/tours/${encodeURIComponent(sahara.id)}/departures/${date}`);
    await waitForHydration(page);
    await expect(page.locator('#manifest-table tbody tr th')).toHaveText(customer.name);

    // A month that cannot be read is a plain 400 page.
    const bad = await page.goto('/admin/calendar?month=2031-13');
    expect(bad?.status()).toBe(400);
    await expect(page.locator('main')).toContainText('please give it as year and month, like 2031-06');
  });
});

test.describe('on a phone', () => {
  // No mobile emulation: it would widen the layout viewport to a page that overflows.
  test.use({ viewport: { width: 390, height: 844 } });

  test('a guide sees their departures today and next, and the check-in', async ({ page, context, request }) => {
    const sahara = await tourByName(request, SAHARA);
    const date = daysAhead(2);
    await logIn(request, ADMIN);
    const added = await request.post(`/api/v1/tours/${sahara.id}/departures`, { data: { date, startTime: '06:30', meetingPoint: 'Riad Dar Anika, Derb Lalla Azzouna' } });
    expect(added.status(), await added.text()).toBe(201);
    const walkIn = await request.post(`/api/v1/tours/${sahara.id}/departures/${date}/bookings`, {
      data: { email: newUser().email, name: 'Ana Atlas', participants: 3, paymentMethod: 'cash' },
    });
    expect(walkIn.status(), await walkIn.text()).toBe(201);

    await logIn(context.request, GUIDE);
    await page.goto('/admin');
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('My departures today and next');
    const card = page.locator(`.my-departure[data-date="${date}"]`).filter({ hasText: SAHARA });
    await expect(card).toHaveCount(1);
    await expect(card.locator('.my-departure__date')).toHaveText(formatDay(date));
    await expect(card).toContainText(/06:30 \S+/);
    await expect(card).toContainText('Riad Dar Anika, Derb Lalla Azzouna');
    await expect(card.locator('.my-departure__booked')).toHaveText('3 travellers');
    await expect(card.locator('.my-departure__checked-in')).toHaveText('0 of 3');
    const checkIn = card.locator('.my-departure__check-in');
    await expect(checkIn).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(innerWidth).toBe(390);
    expect(scrollWidth, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(innerWidth);
    const box = await checkIn.boundingBox();
    expect(box!.x + box!.width, 'the check-in button is on the screen').toBeLessThanOrEqual(390);

    await checkIn.click();
    await page.waitForURL((u) => u.pathname === `/admin/tours/${encodeURIComponent(sahara.id)}/departures/${date}/check-in`);
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('Check-in');
  });
});
