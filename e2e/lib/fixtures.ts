// The `test` every spec imports. It adds:
// - `server`: a real tourbook binary per test, on a fresh copy of the golden data folder
//   (lib/server.ts, lib/golden.ts);
//   `baseURL` points at it, so page.goto('/') and request.get('/…') go there;
// - `guard`: every browser context the test uses blocks requests that leave the machine,
//   answers map tiles from fixtures/tile.png, and collects console errors and warnings.
//   After the test, a blocked request, an unexpected console error or warning, or an
//   uncaught page error fails it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { startServer, TILE_HOST, type RunningServer } from './server';
import { startSmtpServer, type TestSmtpServer } from './smtp';

/** The From address the worker's server gets when it sends emails to the test SMTP server. */
export const MAIL_FROM = 'Tourbook <tours@tourbook.test>';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES = path.resolve(here, '../fixtures');
export const TILE_PNG = path.join(FIXTURES, 'tile.png');

/** Every address but the site's own on loopback (http or https, any port). */
const LEAVES_THE_MACHINE = /^(?!https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/)/;

export interface ConsoleEntry {
  type: string;
  text: string;
  url: string;
}

export class Guard {
  /** Requests to any host but the site and the fake tile host, as "METHOD URL". */
  readonly blocked: string[] = [];
  /** Every tile request, answered with fixtures/tile.png. */
  readonly tileRequests: string[] = [];
  /** Console errors and warnings, and uncaught page errors (type 'pageerror'). */
  readonly console: ConsoleEntry[] = [];
  private readonly allowed: RegExp[] = [];

  /** Lets console errors/warnings matching `pattern` pass (a test that expects one). */
  allowConsole(pattern: RegExp): void {
    this.allowed.push(pattern);
  }

  unexpectedConsole(): ConsoleEntry[] {
    return this.console.filter((c) => !this.allowed.some((re) => re.test(c.text)));
  }

  async attach(context: BrowserContext): Promise<void> {
    // Only requests that leave the machine are routed: the site's own go straight
    // through, not each one a round trip to this process (5 % less CPU in all: 62.5 s
    // against 66 s for four specs, two runs each).
    await context.route(LEAVES_THE_MACHINE, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (url.hostname === TILE_HOST) {
        this.tileRequests.push(url.href);
        await route.fulfill({ path: TILE_PNG, contentType: 'image/png' });
        return;
      }
      this.blocked.push(`${request.method()} ${url.href}`);
      await route.abort('blockedbyclient');
    });
    context.on('console', (msg) => {
      const type = msg.type();
      if (type === 'error' || type === 'warning') {
        this.console.push({ type, text: msg.text(), url: msg.location().url });
      }
    });
    context.on('weberror', (err) => {
      this.console.push({ type: 'pageerror', text: String(err.error()), url: err.page()?.url() ?? '' });
    });
  }
}

interface WorkerFixtures {
  /** Load fixtures/import/*.json with `tourbook import` before the worker's server starts. */
  importTours: boolean;
  /**
   * Start a test SMTP server on loopback (lib/smtp.ts) before the worker's tourbook binary,
   * and have the binary send its emails there (`--smtp-url …?tls=none`). Off by default:
   * then the binary holds its emails in the outbox.
   */
  smtpServer: boolean;
  /**
   * Start the worker's binary with a test clock (lib/server.ts): `server.moveClock(ms)`
   * moves the site's time. Off by default; a spec that moves time should move it back.
   */
  testClock: boolean;
  /** The worker's test SMTP server, or undefined when `smtpServer` is off. */
  smtp: TestSmtpServer | undefined;
}

interface TestFixtures {
  server: RunningServer;
  guard: Guard;
  /**
   * Opens another browser context (a second person, with their own cookies) with the
   * project's baseURL, locale, time zone and viewport (options add to them or override
   * them: { javaScriptEnabled: false }), guarded like the default context.
   * Every context it opens is closed after the test, before the guard's checks.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  importTours: [false, { scope: 'worker', option: true }],
  smtpServer: [false, { scope: 'worker', option: true }],
  testClock: [false, { scope: 'worker', option: true }],

  smtp: [
    async ({ smtpServer }, use) => {
      if (!smtpServer) {
        await use(undefined);
        return;
      }
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.stop();
    },
    { scope: 'worker' },
  ],

  // A fresh site per test, from a copy of the golden data folder: tests share nothing, so
  // they run in any order and on any worker (fullyParallel).
  server: async ({ importTours, smtp, testClock }, use, testInfo) => {
    const server = await startServer({
      logFile: testInfo.outputPath('tourbook.log'),
      importFiles: importTours
        ? {
            users: path.join(FIXTURES, 'import/users.json'),
            tours: path.join(FIXTURES, 'import/tours.json'),
          }
        : undefined,
      extraArgs: smtp ? ['--smtp-url', smtp.url, '--mail-from', MAIL_FROM] : undefined,
      testClock,
    });
    await use(server);
    await server.stop();
  },

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  guard: async ({ server }, use, testInfo) => {
    const guard = new Guard();
    await use(guard);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('tourbook log', { path: server.logFile, contentType: 'text/plain' });
    }
    if (guard.console.length > 0) {
      await testInfo.attach('console', { body: JSON.stringify(guard.console, null, 2), contentType: 'application/json' });
    }
    expect(guard.blocked, 'requests to hosts other than the site and the tile host').toEqual([]);
    expect(guard.unexpectedConsole(), 'console errors, warnings and page errors').toEqual([]);
  },

  newContext: async ({ browser, guard, baseURL, locale, timezoneId, viewport }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options?: BrowserContextOptions) => {
      const context = await browser.newContext({ baseURL, locale, timezoneId, viewport, ...options });
      opened.push(context);
      await guard.attach(context);
      return context;
    });
    for (const context of opened) await context.close();
  },

  context: async ({ context, guard }, use) => {
    await guard.attach(context);
    await use(context);
  },
});

export { expect };
