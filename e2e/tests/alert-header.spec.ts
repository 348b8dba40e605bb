// The booking confirmation stays 10 seconds (SPEC.md §4): meanwhile it must not cover the
// header's links, which the traveller may want ("My bookings"), on a desktop screen.
import { listTours, signedInUser } from '../lib/api';
import { bookAndPay } from '../lib/checkout';
import { expect, test } from '../lib/fixtures';
import { alertLocator } from '../lib/page';

test.use({ viewport: { width: 1366, height: 900 } });

test('the booking alert leaves the header links visible and usable', async ({ page, context }) => {
  test.setTimeout(60_000);
  await signedInUser(context);
  const today = new Date().toISOString().slice(0, 10);
  const tour = (await listTours(page.request)).find((t) => t.startDates.some((d) => d.date > today && d.seatsLeft >= 1))!;
  const date = tour.startDates.find((d) => d.date > today && d.seatsLeft >= 1)!.date;
  await bookAndPay(page, tour, date, 1);

  const alert = await alertLocator(page).boundingBox();
  expect(alert, 'the alert is shown').not.toBeNull();
  for (const name of ['All tours', 'My bookings', 'Log out']) {
    const el = page.locator('header').getByRole(name === 'Log out' ? 'button' : 'link', { name, exact: true });
    const box = (await el.boundingBox())!;
    const overlaps = box.x < alert!.x + alert!.width && alert!.x < box.x + box.width && box.y < alert!.y + alert!.height && alert!.y < box.y + box.height;
    expect(overlaps, `the alert covers "${name}"`).toBe(false);
  }
  // What is on top at the link's centre is the link: a click reaches it.
  const myBookings = page.locator('header').getByRole('link', { name: 'My bookings', exact: true });
  const box = (await myBookings.boundingBox())!;
  const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.getAttribute('href'), [box.x + box.width / 2, box.y + box.height / 2]);
  expect(onTop).toBe('/my-tours');
});
