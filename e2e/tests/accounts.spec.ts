// Issue #3: log in, log out, sign up, the user-data and password forms, and the alert,
// exactly as SPEC.md §4 says (texts, classes, URLs and timings on Playwright's clock).
import type { APIRequestContext, Page } from '@playwright/test';
import { newUser, signUp, signedInUser, type NewUser } from '../lib/api';
import { expect, test } from '../lib/fixtures';
import { gradientPng } from '../lib/png';
import { alertLocator, expectAlert, expectFailedCall, gate, pauseClock, waitForHydration } from '../lib/page';

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<{ status: number; body: { status: string; message?: string } }> {
  const res = await request.post('/api/v1/users/login', { data: { email, password } });
  return { status: res.status(), body: (await res.json()) as { status: string; message?: string } };
}

/** Goes to `path` with Playwright's clock installed and paused, once the page has hydrated. */
async function openWithClock(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await waitForHydration(page);
  await pauseClock(page);
}

async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('main').getByRole('button', { name: 'Log in' }).click();
}

test.describe('login', () => {
  test("success shows 'Login successful' and goes to / after 1000 ms", async ({ page, request }) => {
    const user = await signUp(request, newUser('Lina Login'));
    await openWithClock(page, '/login');
    await fillLogin(page, user.email, user.password);

    await expectAlert(page, 'success', 'Login successful');
    await page.clock.runFor(999);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(alertLocator(page)).toHaveText('Login successful');
    await page.clock.runFor(1);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await waitForHydration(page);
    await expect(page.locator('header a.nav__el--user')).toHaveText('Lina');
  });

  test('failure shows the server message as an error, logs it and stays on /login', async ({ page, request, guard }) => {
    const user = await signUp(request, newUser('Fred Failure'));
    guard.allowConsole(/status of 401|Login failed/);
    await openWithClock(page, '/login');
    const message = await expectFailedCall(page, '/api/v1/users/login', 401, () => fillLogin(page, user.email, 'not-the-password'));
    const logged = guard.console.filter((c) => c.type === 'error' && c.text.includes(message));
    expect(logged.length, 'the login error is logged to the console').toBeGreaterThanOrEqual(1);

    await page.clock.runFor(2000);
    expect(new URL(page.url()).pathname).toBe('/login');
    await expect(page.locator('main').getByRole('button', { name: 'Log in' })).toBeEnabled();
    await expect(page.locator('header').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  });
});

test.describe('logout', () => {
  test("shows 'Logged out successfully' and goes to / after 1500 ms", async ({ page, context }) => {
    await signedInUser(context, 'Otto Logout');
    await openWithClock(page, '/me');
    await page.locator('header').getByRole('button', { name: 'Log out' }).click();

    await expectAlert(page, 'success', 'Logged out successfully');
    await page.clock.runFor(1499);
    expect(new URL(page.url()).pathname).toBe('/me');
    await page.clock.runFor(1);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await waitForHydration(page);
    await expect(page.locator('header').getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
    // The session is gone on the server too.
    const me = await context.request.get('/me', { maxRedirects: 0 });
    expect(me.status()).toBe(303);
  });
});

test.describe('account settings', () => {
  test("the data form saves name, email and photo: 'DATA updated successfully', and the header follows", async ({ page, context, request }) => {
    const user = await signedInUser(context, 'Dana Before');
    await page.goto('/me');
    await waitForHydration(page);
    const headerLink = page.locator('header a.nav__el--user');
    const headerImg = headerLink.locator('img');
    await expect(headerLink).toHaveText('Dana');
    const oldPhoto = await headerImg.getAttribute('src');
    expect(oldPhoto).toBeTruthy();

    const newEmail = newUser().email;
    await page.locator('#name').fill('Quinn Updated');
    await page.locator('#email').fill(newEmail);
    // A new sign-in email needs the current password: the field shows once the email differs.
    await page.locator('#email-password-current').fill(user.password);
    await page.locator('#photo').setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: gradientPng(320, [40, 160, 220]) });
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/updateMe'));
    await page.getByRole('button', { name: 'Save settings' }).click();
    const res = await saved;
    expect(res.request().method()).toBe('PATCH');
    expect((await res.request().allHeaders())['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    await expectAlert(page, 'success', 'DATA updated successfully');
    await expect(headerLink).toHaveText('Quinn');
    await expect(headerImg).toHaveAttribute('alt', 'Quinn Updated');
    await expect(headerImg).not.toHaveAttribute('src', oldPhoto!);
    const newPhoto = (await headerImg.getAttribute('src'))!;
    expect(newPhoto).toMatch(/^\/img\/users\/.+\.jpe?g$/);
    await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('.form__user-photo')).toHaveAttribute('src', newPhoto);
    await expect(page.locator('#name')).toHaveValue('Quinn Updated');

    // The server kept it: a fresh page shows the same, and the photo is a 500×500 JPEG.
    await page.reload();
    await waitForHydration(page);
    await expect(headerLink).toHaveText('Quinn');
    await expect(headerImg).toHaveAttribute('src', newPhoto);
    await expect(page.locator('#email')).toHaveValue(newEmail);
    const photo = await request.get(newPhoto);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    await expect
      .poll(() =>
        page.evaluate(
          (src) =>
            new Promise((ok) => {
              const img = new Image();
              img.onload = () => ok([img.naturalWidth, img.naturalHeight]);
              img.src = src;
            }),
          newPhoto,
        ),
      )
      .toEqual([500, 500]);
    // The header, 32 px wide, loads the photo's 64 px copy, not the 500 px photo.
    await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : null))).toMatch(/-64\.jpg$/);
    // The new email signs in.
    expect((await apiLogin(request, newEmail, user.password)).status).toBe(200);
  });

  test("the password form: 'Updating...' while saving, then 'Save password', fields cleared, 'PASSWORD updated successfully'", async ({ page, context, request }) => {
    const user = await signedInUser(context, 'Pat Password');
    await page.goto('/me');
    await waitForHydration(page);

    const held = gate();
    let reached = false;
    await page.route('**/api/v1/users/updateMyPassword', async (route) => {
      reached = true;
      await held.opened;
      await route.fallback();
    });

    const newPassword = 'a-brand-new-Secret-42';
    await page.locator('#password-current').fill(user.password);
    await page.locator('#password').fill(newPassword);
    await page.locator('#password-confirm').fill(newPassword);
    const button = page.locator('.form-user-password button[type="submit"]');
    await expect(button).toHaveText('Save password');
    await button.click();

    await expect(button).toHaveText('Updating...');
    await expect(button).toBeDisabled();
    await expect.poll(() => reached, { message: 'the PATCH is in flight while the button says Updating...' }).toBe(true);
    await expect(button).toHaveText('Updating...');
    await expect(alertLocator(page)).toHaveCount(0);
    held.open();

    await expectAlert(page, 'success', 'PASSWORD updated successfully');
    await expect(button).toHaveText('Save password');
    await expect(button).toBeEnabled();
    for (const id of ['#password-current', '#password', '#password-confirm']) {
      await expect(page.locator(id)).toHaveValue('');
    }

    // The new password works for a fresh login, the old one no longer does.
    const fresh = await apiLogin(request, user.email, newPassword);
    expect(fresh.status).toBe(200);
    expect(fresh.body.status).toBe('success');
    expect((await apiLogin(request, user.email, user.password)).status).toBe(401);
    // The session that changed the password stays signed in.
    await page.reload();
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.locator('header a.nav__el--user')).toHaveText('Pat');
  });
});

test.describe('the alert', () => {
  test('disappears after 5000 ms and is still there at 4999 ms', async ({ page, context }) => {
    await signedInUser(context, 'Alma Alert');
    await openWithClock(page, '/me');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectAlert(page, 'success', 'DATA updated successfully');
    await page.clock.runFor(4999);
    await expect(alertLocator(page)).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(page.locator('.alert')).toHaveCount(0);
  });

  test('a second alert replaces the first, and keeps its own 5 s', async ({ page, context, guard }) => {
    await signedInUser(context, 'Remy Replace');
    guard.allowConsole(/status of 401/);
    await openWithClock(page, '/me');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectAlert(page, 'success', 'DATA updated successfully');
    await page.clock.runFor(3000);

    await page.locator('#password-current').fill('certainly-wrong-1');
    await page.locator('#password').fill('another-Secret-99');
    await page.locator('#password-confirm').fill('another-Secret-99');
    const message = await expectFailedCall(page, '/api/v1/users/updateMyPassword', 401, () =>
      page.getByRole('button', { name: 'Save password' }).click(),
    );
    await expect(page.getByText('DATA updated successfully')).toHaveCount(0);
    // The first alert's timer (due 2000 ms from now) must not remove the second one.
    await page.clock.runFor(4999);
    await expectAlert(page, 'error', message);
    await page.clock.runFor(1);
    await expect(page.locator('.alert')).toHaveCount(0);
  });
});

async function fillSignup(page: Page, user: NewUser, confirm: string, hydrated?: () => Promise<void>): Promise<void> {
  await page.goto('/signup');
  await waitForHydration(page);
  await hydrated?.();
  await page.getByLabel('Your name').fill(user.name);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(confirm);
  await page.locator('main').getByRole('button', { name: 'Sign up' }).click();
}

test.describe('signup', () => {
  test('the signup page creates an account and signs it in', async ({ page, request }) => {
    const user = newUser('Sasha Signup');
    // The page clock holds the move to / until the alert has been checked, however
    // slow the machine.
    await page.clock.install();
    await fillSignup(page, user, user.password, () => pauseClock(page));

    await expectAlert(page, 'success', 'Account created');
    await page.clock.runFor(1000);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5_000 });
    await waitForHydration(page);
    await expect(page.locator('header a.nav__el--user')).toHaveText('Sasha');
    expect((await apiLogin(request, user.email, user.password)).status).toBe(200);
  });

  test('a mismatched confirmation shows the server message and creates nothing', async ({ page, request, guard }) => {
    guard.allowConsole(/status of 400/);
    const user = newUser('Mona Mismatch');
    await expectFailedCall(page, '/api/v1/users/signup', 400, () => fillSignup(page, user, `${user.password}-typo`));
    await expect(page).toHaveURL(/\/signup$/);
    // Nothing was created: the same email signs up fine afterwards.
    await signUp(request, user);
  });
});
