// Price categories and questions in the back office (issue #23), on the real binary: an
// admin adds a Child category and a question to a published tour in its editor, saves
// it with the tour's one "Save tour", and the public tours API shows the category, with
// its price on every departure; the editor shows both after a reload. A refused row
// says what is wrong beside its field.
import { listTours, logIn } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';

interface ApiTour {
  id: string;
  price: number;
  priceDiscount: number;
  priceCategories: { id: string; name: string; price: number; minAge: number; maxAge: number; takesSeat: boolean; onlyWith: string }[];
  startDates: { date: string; prices: Record<string, number> }[];
}

test('an admin adds a Child category and a question; the public API shows the category', async ({ page, context, guard }) => {
  test.slow(); // a long form on a shared machine
  // The refused save below: the browser logs its 400.
  guard.allowConsole(/status of 400/);
  await logIn(context.request, ADMIN);
  const tour = (await listTours(context.request))[0]!;
  await page.goto(`/admin/tours/${tour.id}`);
  await waitForHydration(page);

  const part = page.getByRole('region', { name: 'Prices and questions' });
  await expect(part.locator('#category-name-1')).toHaveValue('Adult');

  // A nameless row first: refused beside its field, nothing saved.
  await page.locator('#add-category').click();
  await page.locator('#category-price-2').fill('60');
  await page.locator('#save-tour').click();
  await expect(page.locator('#category-name-2-error')).toHaveText('Price category 2: the name is required.');
  await expect(page.locator('#category-name-2')).toHaveAttribute('aria-invalid', 'true');

  await page.locator('#category-name-2').fill('Child');
  await page.locator('#category-min-age-2').fill('4');
  await page.locator('#category-max-age-2').fill('11');
  await page.locator('#category-only-with-2').selectOption('adult');
  await page.locator('#add-question').click();
  await page.locator('#question-label-1').fill('Dietary needs');
  await page.locator('#question-per-traveller-1').check();
  await expect(page.locator('#tour-form-state')).toHaveText('Changes not saved yet');
  await page.locator('#save-tour').click();
  await expectAlert(page, 'success', 'Tour saved');
  await expect(page.locator('#tour-form-state')).toHaveText('');
  // The server gave the new rows their ids.
  await expect(page.locator('#category-id-2')).toHaveValue('child');

  const res = await context.request.get(`/api/v1/tours/${tour.id}`);
  expect(res.status()).toBe(200);
  const api = ((await res.json()) as { data: { tour: ApiTour } }).data.tour;
  const adultPrice = api.price - api.priceDiscount;
  expect(api.priceCategories).toEqual([
    { id: 'adult', name: 'Adult', price: adultPrice, minAge: 0, maxAge: 0, takesSeat: true, min: 0, max: 0, onlyWith: '' },
    { id: 'child', name: 'Child', price: 6000, minAge: 4, maxAge: 11, takesSeat: true, min: 0, max: 0, onlyWith: 'adult' },
  ]);
  expect(api.startDates.length).toBeGreaterThan(0);
  for (const d of api.startDates) expect(d.prices).toEqual({ adult: adultPrice, child: 6000 });

  // Both are there after a reload.
  await page.reload();
  await waitForHydration(page);
  await expect(page.locator('#category-name-2')).toHaveValue('Child');
  await expect(page.locator('#question-label-1')).toHaveValue('Dietary needs');
  await expect(page.locator('#question-per-traveller-1')).toBeChecked();
});
