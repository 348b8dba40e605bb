// Issue #22 §5: a traveller downloads their data from /me (the file's JSON holds their
// booking) and deletes their account: a wrong password is refused in the alert, the
// right one signs them out, and they cannot sign in again.
import { readFile } from 'node:fs/promises';
import { logIn, SAMPLE_PASSWORD } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { expectAlert, expectFailedCall, waitForHydration } from '../lib/page';

// The sample traveller with a paid booking of a trip that has ended.
const DANIEL = 'daniel@example.com';

test('a traveller downloads their data and deletes their account', async ({ page, context, guard }) => {
  await logIn(context.request, DANIEL);
  await page.goto('/me');
  await waitForHydration(page);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    account: { email: string; name: string };
    bookings: { status: string; participants: number; tour_name: string }[];
  };
  expect(data.account).toMatchObject({ email: DANIEL, name: 'Daniel Okafor' });
  expect(data.bookings).toHaveLength(1);
  expect(data.bookings[0]).toMatchObject({ status: 'paid', participants: 2 });
  expect(JSON.stringify(data)).not.toContain('argon2');

  guard.allowConsole(/status of 401/);
  const password = page.getByLabel('Your password, to delete your account');
  await password.fill('not-my-password');
  await expectFailedCall(page, '/api/v1/users/deleteMe', 401, () => page.getByRole('button', { name: 'Delete my account' }).click());
  await expect(page).toHaveURL(/\/me$/);

  await password.fill(SAMPLE_PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expectAlert(page, 'success', 'Your account has been deleted');
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  await waitForHydration(page);
  await expect(page.locator('header').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();

  // Signed out for good: the old password no longer opens the account.
  await page.goto('/login');
  await waitForHydration(page);
  await page.getByLabel('Email address').fill(DANIEL);
  await page.getByLabel('Password').fill(SAMPLE_PASSWORD);
  guard.allowConsole(/Login failed/);
  await expectFailedCall(page, '/api/v1/users/login', 401, () => page.locator('main').getByRole('button', { name: 'Log in' }).click());
  await expect(page).toHaveURL(/\/login$/);
});
