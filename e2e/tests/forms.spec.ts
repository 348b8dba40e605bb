// Forms that help (issue #21 §7), on the real binary: an operator types a price the site
// cannot read and sees the labelled message next to the field; types "1.290,00" and sees
// what was understood, then saved; tries to leave with unsaved changes and is asked; and
// tries to publish a tour that is not ready and is told what is missing.
import { randomUUID } from 'node:crypto';
import { logIn } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';
const LEAVE_QUESTION = 'You have changes that are not saved. Leave this page and lose them?';

test('an operator is helped by the tour form: labelled field errors, amounts as typed, unsaved changes, readiness to publish', async ({ page, context, guard }) => {
  test.slow(); // a shared machine: several saves and a dialog
  // The refused save and the refused publication answer 400 and 409, on purpose.
  guard.allowConsole(/the server responded with a status of (400|409)/);

  await logIn(context.request, ADMIN);
  // A draft with no stop, no cover, no departure: made through the API as a script would.
  const name = `Lisbon by Tram ${randomUUID().slice(0, 6)}`;
  const created = await context.request.post('/api/v1/tours', {
    data: {
      name, slug: '', summary: 'The old town on the number 28.', description: '', difficulty: 'easy',
      durationDays: 1, maxGroupSize: 10, price: 0, priceDiscount: 0, currency: 'eur', timeZone: 'Europe/Lisbon',
      startLocation: { coordinates: [-9.1393, 38.7223], description: 'Praça do Comércio' }, locations: [], guides: [],
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { tour: { id: string } } }).data.tour.id;

  await page.goto(`/admin/tours/${encodeURIComponent(id)}`);
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText(name);

  // --- A price the site cannot read: the message is under the field, with its label. ---
  const price = page.locator('#tour-price');
  await price.fill('12,3,45');
  await expect(page.locator('#tour-price-understood')).toHaveText('');
  await page.locator('#tour-duration').fill('');
  await page.locator('#save-tour').click();
  await expectAlert(
    page,
    'error',
    'Please correct 2 fields: Duration (days) cannot be empty. Price per person must be a number, e.g. 1290 or 1290.50.',
  );
  await expect(page.locator('#tour-price-error')).toHaveText('Price per person must be a number, e.g. 1290 or 1290.50.');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toHaveAccessibleDescription(/Price per person must be a number/);
  await expect(page.locator('#tour-duration-error')).toHaveText('Duration (days) cannot be empty.');
  await expect(page.locator('#tour-name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#tour-name-error')).toHaveCount(0);

  // --- "1.290,00": understood before saving, and saved as such. ---
  await price.fill('1.290,00');
  await expect(page.locator('#tour-price-understood')).toHaveText('= €1,290.00');
  await page.locator('#tour-duration').fill('1');
  await page.locator('#save-tour').click();
  await expectAlert(page, 'success', 'Tour saved');
  await expect(price).toHaveValue('1290.00');
  await expect(page.locator('#tour-price-error')).toHaveCount(0);
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');

  // --- Leaving with unsaved changes asks; saved, it does not. ---
  const back = page.locator('.admin__back a');
  await page.locator('#tour-summary').fill('The old town on the number 28, and the river.');
  const asked = page.waitForEvent('dialog');
  const click = back.click();
  const dialog = await asked;
  expect(dialog.type()).toBe('confirm');
  expect(dialog.message()).toBe(LEAVE_QUESTION);
  await dialog.dismiss();
  await click;
  await expect(page).toHaveURL(new RegExp(`/admin/tours/${id}$`));
  await expect(page.locator('#tour-summary')).toHaveValue('The old town on the number 28, and the river.');

  // --- Publishing an unready tour says what is missing. ---
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expectAlert(
    page,
    'error',
    'This tour is not ready to publish. It still needs a cover picture, a departure in the future that is open for sale and at least one stop.',
  );
  await expect(page.locator('#publish-missing li')).toHaveText([
    'Upload a cover picture (under Pictures).',
    'Add a departure in the future, or reopen one (under Departures).',
    'Add at least one stop to the map (under Stops).',
  ]);
  await expect(page.locator('#tour-status')).toHaveText('Draft');

  // Closing the tab with the summary still unsaved: the browser's own question.
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await unload;
  expect(question.type()).toBe('beforeunload');
  await question.accept();

  // Saved, nothing is asked: the summary was never saved, the price was.
  const again = await context.newPage();
  await again.goto(`/admin/tours/${encodeURIComponent(id)}`);
  await waitForHydration(again);
  await expect(again.locator('#tour-summary')).toHaveValue('The old town on the number 28.');
  await expect(again.locator('#tour-price')).toHaveValue('1290.00');
  let dialogs = 0;
  again.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await again.locator('.admin__back a').click();
  await expect(again).toHaveURL(/\/admin\/tours$/);
  expect(dialogs).toBe(0);
});
