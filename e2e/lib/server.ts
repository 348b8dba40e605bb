// Starts the real `tourbook` binary on a fresh data folder and a free loopback port, and
// stops it again. One per test (lib/fixtures.ts), on a copy of the golden data folder
// (lib/golden.ts) unless the test imports its own data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Tiles are requested from this host; the tests answer them (lib/fixtures.ts). */
export const TILE_HOST = 'tile.test.invalid';
export const TILE_TEMPLATE = `https://${TILE_HOST}/{z}/{x}/{y}.png`;

/** Names the golden data folder (lib/golden.ts) for the workers, which inherit the environment. */
export const GOLDEN_ENV = 'TOURBOOK_E2E_GOLDEN';

export interface ServerOptions {
  /** Export files loaded with `tourbook import` before the server starts. */
  importFiles?: { users?: string; tours?: string; reviews?: string };
  /** Where the server's output goes (kept for the report of a failing run). */
  logFile: string;
  /** More flags for `tourbook serve`, after the harness's own (e.g. `--smtp-url …`). */
  extraArgs?: string[];
  /**
   * Give the binary a test clock (TOURBOOK_TEST_CLOCK_FILE): RunningServer.moveClock then
   * moves the site's time, for what happens after a trip, without waiting.
   */
  testClock?: boolean;
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  logFile: string;
  /** Moves the site's clock `ms` milliseconds from real time (0: back to it); needs `testClock`. */
  moveClock(ms: number): void;
  stop(): Promise<void>;
}

export function binaryPath(): string {
  const bin = process.env.TOURBOOK_BIN;
  if (!bin) {
    throw new Error('TOURBOOK_BIN is not set: run the suite with `make test-e2e`, or set it to the built bin/tourbook');
  }
  if (!existsSync(bin)) {
    throw new Error(`TOURBOOK_BIN=${bin} does not exist: run \`make build\` first`);
  }
  return bin;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function runImport(bin: string, dataDir: string, files: NonNullable<ServerOptions['importFiles']>): void {
  const args = ['import', '--data-dir', dataDir];
  if (files.users) args.push('--users', files.users);
  if (files.tours) args.push('--tours', files.tours);
  if (files.reviews) args.push('--reviews', files.reviews);
  const res = spawnSync(bin, args, { encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) {
    throw new Error(`tourbook ${args.join(' ')} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  // The export has no administrator: the operator makes one, as README's first start
  // says (a site without one shows "This site is being set up").
  const admin = ['admin', 'create', '-email', 'owner@example.com', '-name', 'Site Owner', '--data-dir', dataDir];
  const made = spawnSync(bin, admin, { encoding: 'utf8', timeout: 60_000, input: 'Glacier-Lake-2031\n' });
  if (made.status !== 0) {
    throw new Error(`tourbook ${admin.join(' ')} failed (exit ${made.status}):\n${made.stdout}\n${made.stderr}`);
  }
}

/** Polls GET /healthz until it answers 200, the process exits, or the attempts run out. */
async function waitHealthy(baseURL: string, child: ChildProcess, logFile: string): Promise<void> {
  // Start-up draws the sample pictures: on a loaded 2-core machine that has taken over 10 s.
  const attempts = 1200; // 1200 × 50 ms: 60 s
  for (let i = 0; i < attempts; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`tourbook serve exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready; see ${logFile}`);
    }
    try {
      const res = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`tourbook serve did not answer ${baseURL}/healthz within 60 s; see ${logFile}`);
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const bin = binaryPath();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tourbook-e2e-'));
  // The sample data is loaded only into an empty database: a site that imports its own
  // starts empty, as before.
  const golden = process.env[GOLDEN_ENV];
  if (golden && !opts.importFiles) {
    cpSync(golden, dataDir, { recursive: true });
  }
  if (opts.importFiles) {
    try {
      runImport(bin, dataDir, opts.importFiles);
    } catch (err) {
      rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }

  const clockFile = path.join(dataDir, 'test-clock');
  const moveClock = (ms: number): void => {
    if (!opts.testClock) throw new Error('moveClock needs a server started with testClock');
    writeFileSync(clockFile, `${Math.round(ms)}ms`);
  };
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = createWriteStream(opts.logFile);
  const child = spawn(
    bin,
    [
      'serve',
      '--sample-data',
      '--data-dir', dataDir,
      '--addr', `127.0.0.1:${port}`,
      '--base-url', baseURL,
      '--tile-url', TILE_TEMPLATE,
      ...(opts.extraArgs ?? []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TOURBOOK_LOG_LEVEL: 'info', ...(opts.testClock ? { TOURBOOK_TEST_CLOCK_FILE: clockFile } : {}) },
    },
  );
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  // Should the worker die without its teardown, the server goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(baseURL, child, opts.logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, logFile: opts.logFile, moveClock, stop };
}
