import { defineConfig } from '@playwright/test';

// Browser tests against the real `tourbook` binary (TOURBOOK_BIN). Every test starts its
// own binary on a copy of a golden data folder made once (lib/golden.ts, lib/fixtures.ts),
// so tests run in parallel across workers; Chromium is Debian's, never a downloaded build.
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  globalSetup: './lib/golden.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Most of a browser test is waiting on the page: three at once keep both cores busy
  // without starving any (TOURBOOK_E2E_WORKERS overrides). Measured: 88 tests in 242 s at
  // 105 % CPU on three workers, 252 s on four: more workers do not pay.
  workers: Number(process.env.TOURBOOK_E2E_WORKERS ?? 3),
  retries: 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    // A failed test keeps its trace (actions, DOM snapshots, network) but no screencast:
    // recording frames of every test cost about a sixth of the suite's CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
