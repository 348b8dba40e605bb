import { defineConfig } from '@playwright/test';

// Lighthouse against the real binary (lighthouse/lighthouse.spec.ts): its own config, so
// `make test-lighthouse` runs it alone, one page after the other on one worker, the
// machine otherwise quiet for the performance score.
export default defineConfig({
  testDir: './lighthouse',
  outputDir: './test-results/lighthouse',
  timeout: 600_000,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  reporter: 'list',
});
