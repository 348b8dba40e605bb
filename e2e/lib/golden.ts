// Playwright's global set-up: one data folder with the migrated database, the sample data
// and the sample pictures, made once by the binary (`tourbook migrate -sample-data`).
// Every test's server starts on a copy of it (lib/server.ts) instead of migrating, seeding
// and drawing sixty pictures again, so a fresh site per test costs about a tenth of a second.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { binaryPath, GOLDEN_ENV } from './server';

export default function globalSetup(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'tourbook-e2e-golden-'));
  const res = spawnSync(binaryPath(), ['migrate', '--data-dir', dir, '--sample-data'], { encoding: 'utf8', timeout: 120_000 });
  if (res.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`tourbook migrate --sample-data failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  process.env[GOLDEN_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
