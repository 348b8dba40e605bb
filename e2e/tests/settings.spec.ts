// The business's settings (issue #22 §2), on the real binary: an admin opens Settings
// from the back office's navigation, changes the name and types a colour white text
// cannot be read on (the swatch measures it as typed; the save is refused with the
// measured ratio next to the field, the name kept as typed), then a darker one, saves and
// sees the success alert; a signed-out visitor's home page shows the new headline.
import { logIn } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, waitForHydration } from '../lib/page';

const ADMIN = 'laura@example.com';

test('an admin renames the business and is refused a colour too light for white text, then saves a darker one', async ({ page, context, newContext, guard }) => {
  // The refused save answers 400, on purpose.
  guard.allowConsole(/the server responded with a status of 400/);
  await logIn(context.request, ADMIN);

  await page.goto('/admin');
  await waitForHydration(page);
  await page.locator('#admin-nav').getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/admin/settings');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Settings');
  await expect(page.locator('#settings-name')).toHaveValue('Cairn & Compass Journeys');
  await expect(page.locator('#settings-logo img').first()).toHaveAttribute('src', '/img/brand/sample-logo-header.png');

  await page.locator('#settings-name').fill('Fjord & Fell Tours');
  const colour = page.locator('#settings-colour');
  await colour.fill('#7fd3ff');
  // Measured as it is typed, before any save.
  await expect(page.locator('#settings-colour-preview')).toContainText('Contrast 1.65:1: too low, choose a darker colour');
  await page.locator('#settings-save').click();
  const refusal = 'Brand colour: text on #7fd3ff has a contrast of 1.65:1; choose a darker colour (at least 4.5:1).';
  await expectAlert(page, 'error', refusal);
  await expect(page.locator('#settings-colour-error')).toHaveText(refusal);
  await expect(colour).toHaveAttribute('aria-invalid', 'true');
  await expect(colour).toHaveAccessibleDescription(/has a contrast of 1\.65:1/);
  await expect(page.locator('#settings-name')).toHaveValue('Fjord & Fell Tours');

  await colour.fill('#0b4f6c');
  await expect(page.locator('#settings-colour-preview')).toContainText('Contrast 8.93:1: easy to read');
  await page.locator('#settings-headline').fill('Fjords by boat, fells on foot');
  await page.locator('#settings-save').click();
  await expectAlert(page, 'success', 'Settings updated successfully');
  await expect(page.locator('#settings-colour-error')).toHaveCount(0);
  await expect(colour).not.toHaveAttribute('aria-invalid', 'true');

  // Saved: a reload shows it, and a visitor's home page has the new headline.
  await page.reload();
  await expect(page.locator('#settings-name')).toHaveValue('Fjord & Fell Tours');
  await expect(colour).toHaveValue('#0b4f6c');
  const visitor = await (await newContext()).newPage();
  await visitor.goto('/');
  await expect(visitor.locator('h1')).toHaveText('Fjords by boat, fells on foot');
});
