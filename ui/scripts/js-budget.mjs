// The JavaScript budget: how many bytes of JavaScript each page costs a visitor, gzipped
// as the server sends it, from the client build's Vite manifest. It fails (exit code 1)
// when a page is over its budget; `npm run build` and `make lint` run it.
//
// A page's JavaScript is the entry with its static imports, plus the page's own chunk
// (src/pages/<page in kebab case>-page.tsx, see src/page-loaders.ts) with everything it
// imports, statically or not: the map's Leaflet counts for the tour page although it
// loads only when the map comes near the viewport.
//
//   node scripts/js-budget.mjs [dist/client]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const entryKey = 'src/entry-client.tsx';

/** Budgets in bytes (1 KB = 1000 bytes), gzipped. Pages not named get the default. */
// The tour page's 110.1 KB: its own chunk shrank when the booking panel and the details form
// on /my-tours/{id} came to share one QuestionInput, but that component now sits in the
// chunk the two pages share, gzipped apart from the panel's markup: 0.1 KB more in all.
// Issue #24 §1: the tour page's 110.8 KB carry the panel's promo code field (0.6 KB), and
// the overview's 70.1 KB the back office's "Promo codes" link in the shared navigation.
// Issue #24 §3: the panel's "Pay X now, Y by <date>" line under the total and the deposit
// it works out (dueNowMinor) took 0.12 KB more; §2 the panel's Gift card field (0.2 KB)
// and the "Gift cards" link beside "Promo codes" (the overview stays within 70.1 KB).
// With all three fields the tour page measured 111.1 KB: 111.2 KB.
export const budgets = { overview: 70_100, tour: 111_200 };
export const defaultBudget = 150_000;

const pageModule = /^src\/pages\/(.+)-page\.tsx$/;

/** "my-tours" → "myTours": the page name the Go handlers render. */
export function pageName(kebab) {
  return kebab.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
}

/** The JS files of every page in the manifest: { page: [file, …] }, entry first. */
export function pageScripts(manifest) {
  const entry = manifest[entryKey];
  if (!entry?.file) throw new Error(`the Vite manifest has no ${entryKey} entry`);
  const collect = (keys, files, seen, dynamic) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) continue;
      if (chunk.file?.endsWith('.js')) files.push(chunk.file);
      collect(chunk.imports ?? [], files, seen, dynamic);
      if (dynamic) collect(chunk.dynamicImports ?? [], files, seen, dynamic);
    }
  };
  const base = [entry.file];
  const baseSeen = new Set([entryKey]);
  collect(entry.imports ?? [], base, baseSeen, false);

  const pages = {};
  for (const key of Object.keys(manifest).sort()) {
    const m = pageModule.exec(key);
    if (!m || !manifest[key].isDynamicEntry) continue;
    const files = [...base];
    collect([key], files, new Set(baseSeen), true);
    pages[pageName(m[1])] = files;
  }
  return pages;
}

/** Gzipped size of one built file: its .gz copy when the build wrote one, as the server sends that. */
export function gzipSize(dir, file) {
  const gz = join(dir, `${file}.gz`);
  if (existsSync(gz)) return readFileSync(gz).length;
  return gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
}

/** Each page's JS size against its budget, heaviest first. */
export function measure(manifest, sizeOf) {
  return Object.entries(pageScripts(manifest))
    .map(([page, files]) => ({
      page,
      files: files.length,
      bytes: files.reduce((sum, f) => sum + sizeOf(f), 0),
      budget: budgets[page] ?? defaultBudget,
    }))
    .sort((a, b) => b.bytes - a.bytes);
}

function main(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8'));
  const rows = measure(manifest, (f) => gzipSize(dir, f));
  for (const name of Object.keys(budgets)) {
    if (!rows.some((r) => r.page === name)) {
      console.error(`js-budget: no page "${name}" in the build: is src/pages/…-page.tsx renamed?`);
      return 1;
    }
  }
  const kb = (n) => (n / 1000).toFixed(1).padStart(6);
  console.log('JavaScript per page, gzipped (KB):');
  let over = 0;
  for (const r of rows) {
    const bad = r.bytes > r.budget;
    if (bad) over++;
    console.log(`  ${r.page.padEnd(16)} ${kb(r.bytes)} of ${kb(r.budget)}  ${r.files} files${bad ? '  OVER BUDGET' : ''}`);
  }
  if (over > 0) {
    console.error(`js-budget: ${over} page(s) over budget`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = main(process.argv[2] ?? 'dist/client');
}
