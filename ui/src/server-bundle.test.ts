// @vitest-environment node
// Builds the server bundle exactly as `npm run build` does and runs it the way the Go
// renderer will: a bare JavaScript context with no console, timers, TextEncoder,
// MessageChannel, `process`, `window` or module system.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { App } from './app';
import { allFixtures, variantFixtures } from './dev-fixtures';

const uiDir = fileURLToPath(new URL('..', import.meta.url));
let outDir: string;
let code: string;
let renderPage: (page: string, propsJSON: string) => string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'tourbook-ssr-'));
  // Vitest runs with NODE_ENV=test, which would compile JSX for React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: uiDir,
      configFile: join(uiDir, 'vite.server.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  code = readFileSync(join(outDir, 'render.js'), 'utf8');
  const context = vm.createContext({});
  vm.runInContext(code, context, { filename: 'render.js' });
  renderPage = (context as { renderPage: typeof renderPage }).renderPage;
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('server bundle (dist/server/render.js)', () => {
  it('is one classic script without modules, Node built-ins or process', () => {
    // Booleans, not toMatch: a failure would print the whole bundle.
    const found = (re: RegExp) => re.exec(code)?.[0] ?? null;
    expect(found(/^\s*(import|export)\s/m)).toBeNull();
    expect(found(/\bimport\s*\(/)).toBeNull();
    expect(found(/\brequire\s*\(/)).toBeNull();
    expect(found(/\bprocess\b/)).toBeNull();
    expect(found(/\bL\.map\(|leaflet-container/)).toBeNull();
  });

  it('defines globalThis.renderPage in a bare context', () => {
    expect(typeof renderPage).toBe('function');
  });

  it.each([...allFixtures, ...variantFixtures].map((d) => [d.page, d] as const))(
    'renders %s exactly as React renders the App',
    (page, data) => {
      const html = renderPage(page, JSON.stringify(data));
      expect(html).toBe(renderToString(createElement(App, { data })));
      expect(html.length).toBeGreaterThan(500);
    },
  );

  it('escapes text from the props', () => {
    const data = allFixtures.find((d) => d.page === 'error')!;
    const html = renderPage(
      'error',
      JSON.stringify({ ...data, props: { status: 404, title: '<script>x</script>', message: 'a & b' } }),
    );
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('escapes the names on a manifest', () => {
    const data = allFixtures.find((d) => d.page === 'adminManifest')!;
    const html = renderPage('adminManifest', JSON.stringify(data));
    expect(html).toContain('Jo &lt;b&gt;Bold&lt;/b&gt; &amp; Sons');
    expect(html).not.toContain('<b>Bold');
  });

  it('refuses props for another page', () => {
    const data = allFixtures.find((d) => d.page === 'login')!;
    expect(() => renderPage('overview', JSON.stringify(data))).toThrow(/does not match/);
  });
});
