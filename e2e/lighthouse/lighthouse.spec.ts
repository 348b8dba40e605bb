// Lighthouse (npm, pinned) in Debian's Chromium against the real binary on a fresh sample
// database: mobile emulation with Lighthouse's default simulated slow 4G and 4× slower
// CPU, on `/`, a tour page and `/login`. Each of performance, accessibility, best
// practices and SEO must score at least 95. Map tiles come from a loopback server; every
// other host fails to resolve in the browser, and the test checks that every request the
// page made stayed on loopback.
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../lib/server';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TILE = readFileSync(path.join(HERE, '..', 'fixtures', 'tile.png'));
/** Each run's full report (JSON) is kept here, to read the audits behind a score. */
const REPORTS = path.join(HERE, '..', 'test-results', 'lighthouse-reports');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const MIN_SCORE = 95;
/** The performance score moves from run to run on a shared 2-core machine: up to this
 * many runs of a page, and the median of the runs made is what counts. */
const MAX_RUNS = 3;
/** LIGHTHOUSE_RUNS=n makes every page run n times, for the figures in the README. */
const FIXED_RUNS = Number(process.env.LIGHTHOUSE_RUNS) || 0;

type Scores = Record<Category, number>;

let site: RunningServer;
let tiles: Server;
let chrome: chromeLauncher.LaunchedChrome;

test.beforeAll(async () => {
  tiles = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' });
    res.end(req.method === 'HEAD' ? undefined : TILE);
  });
  await new Promise<void>((resolve) => tiles.listen(0, '127.0.0.1', resolve));
  const tilePort = (tiles.address() as AddressInfo).port;
  site = await startServer({
    logFile: path.join(HERE, '..', 'test-results', 'tourbook-lighthouse.log'),
    extraArgs: ['--tile-url', `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`],
  });
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      // Nothing leaves the machine: every host but loopback fails to resolve.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
});

test.afterAll(async () => {
  await chrome?.kill();
  await site?.stop();
  await new Promise((resolve) => tiles?.close(resolve));
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Audit {
  scores: Scores;
  failing: string[];
  offsite: string[];
  /** The tour pictures the page loaded. */
  tourPictures: string[];
}

async function audit(url: string, reportName: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(path.join(REPORTS, `${reportName}.json`), typeof result.report === 'string' ? result.report : result.report.join(''));
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Scores;
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    const cat = lhr.categories[c]!;
    scores[c] = Math.round((cat.score ?? 0) * 100);
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id]!;
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) {
        failing.push(`${c}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`.trim());
      }
    }
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  const offsite = requests
    .map((r) => r.url)
    .filter((u) => {
      const { protocol, hostname } = new URL(u);
      return (protocol === 'http:' || protocol === 'https:') && hostname !== '127.0.0.1' && hostname !== 'localhost';
    });
  const tourPictures = requests.map((r) => new URL(r.url).pathname).filter((p) => p.startsWith('/img/tours/'));
  return { scores, failing, offsite, tourPictures };
}

/** The first tour of the API's list: a sample tour with stops, departures and reviews. */
async function tourPath(): Promise<string> {
  const res = await fetch(`${site.baseURL}/api/v1/tours`);
  const body = (await res.json()) as { data: { tours: { slug: string }[] } };
  return `/tour/${body.data.tours[0]!.slug}`;
}

for (const page of ['/', 'tour', '/login']) {
  test(`lighthouse ${page}: every category at least ${MIN_SCORE}`, async () => {
    const pagePath = page === 'tour' ? await tourPath() : page;
    const url = site.baseURL + pagePath;
    const runs: Scores[] = [];
    let last: Awaited<ReturnType<typeof audit>> | undefined;
    for (let i = 0; i < (FIXED_RUNS || MAX_RUNS); i++) {
      last = await audit(url, `${page === '/' ? 'overview' : page.replace(/\W/g, '')}-${i + 1}`);
      runs.push(last.scores);
      expect(last.offsite, `requests that left the machine from ${pagePath}`).toEqual([]);
      // Tour pictures come in 480, 960 and 1600 px: on a phone (412 CSS px at 1.75 device
      // pixels a CSS pixel) a picture as wide as the screen is the 960 px file, never the
      // widest. (Lighthouse's "properly size images" still lists it: 960 px for 665 device
      // pixels; it does not weigh in the score.)
      if (page !== '/login') {
        expect(last.tourPictures.length, `tour pictures loaded by ${pagePath}`).toBeGreaterThan(0);
        for (const p of last.tourPictures) expect(p, `a tour picture loaded by ${pagePath}`).toMatch(/^\/img\/tours\/[0-9a-f]{32}-960\.jpg$/);
      }
      if (FIXED_RUNS) continue;
      // Only the performance score is noisy; the others are the same every run.
      const perf = median(runs.map((r) => r.performance));
      if (perf >= MIN_SCORE && CATEGORIES.every((c) => last!.scores[c] >= MIN_SCORE)) break;
      if (CATEGORIES.some((c) => c !== 'performance' && last!.scores[c] < MIN_SCORE)) break;
    }
    const final = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r[c]))])) as Scores;
    console.log(
      `lighthouse ${pagePath}: ` +
        CATEGORIES.map((c) => `${c} ${final[c]}`).join(', ') +
        ` (median of ${runs.length} run${runs.length > 1 ? 's' : ''}: performance ${runs.map((r) => r.performance).join(', ')})`,
    );
    if (last && last.failing.length > 0) console.log(`  audits below 0.9 in the last run:\n  - ${last.failing.join('\n  - ')}`);
    for (const c of CATEGORIES) {
      expect(final[c], `${c} score of ${pagePath}`).toBeGreaterThanOrEqual(MIN_SCORE);
    }
  });
}
