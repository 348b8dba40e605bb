// Helpers for what a person sees on a page.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Resolves once React has hydrated the page: hydrateRoot attaches its fibers to the
 * server-rendered elements, so the header carries a __reactFiber$… key from then on.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const el = document.querySelector('#root .header');
          return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber$'));
        }),
      { message: 'React hydrated #root' },
    )
    .toBe(true);
}

/** Text as React's server renderer escapes it in HTML. */
export function htmlText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/** The one alert SPEC.md §4 allows: the first child of <body>. */
export function alertLocator(page: Page): Locator {
  return page.locator('body > .alert');
}

/** Asserts the page shows exactly one alert, first in <body>, of `type` with `text`. */
export async function expectAlert(page: Page, type: 'success' | 'error', text: string | RegExp): Promise<void> {
  const alert = alertLocator(page);
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveClass(new RegExp(`(^|\\s)alert--${type}(\\s|$)`));
  await expect(alert).toHaveText(text);
  expect(await page.evaluate(() => document.body.firstElementChild?.classList.contains('alert') ?? false), 'the alert is the first child of <body>').toBe(true);
  await expect(page.locator('.alert')).toHaveCount(1);
}

/** A promise and the function that settles it: holds a routed request until the test says so. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Stops the page's clock (installed with page.clock.install() before navigating) so that
 * from now on time moves only by page.clock.runFor(). Playwright's installed clock flows
 * with real time until paused; the pause point is a moment ahead of the page's now, and
 * stays paused across navigations.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
}

/**
 * Runs `action`, which makes the page call the API at a path containing `path`; expects
 * that call to fail with `status` and a message, and the page to show that message as
 * its one error alert. Returns the message.
 */
export async function expectFailedCall(page: Page, path: string, status: number, action: () => Promise<void>): Promise<string> {
  const response = page.waitForResponse((r) => r.url().includes(path));
  await action();
  const res = await response;
  expect(res.status(), `${path} answers ${status}`).toBe(status);
  const body = (await res.json()) as { status: string; message?: string };
  expect(body.status).toBe(status >= 500 ? 'error' : 'fail');
  expect(body.message, 'a message a person can read').toBeTruthy();
  await expectAlert(page, 'error', body.message!);
  return body.message!;
}
