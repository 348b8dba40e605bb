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
import { emailFixtures, emailVariantFixtures } from './emails/email-fixtures';
import type { RenderedEmail } from './emails/email-props';
import { renderEmail } from './emails/render-email';

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

  it('renders an email as a JSON string of subject, html and text', () => {
    const json = {
      kind: 'passwordReset',
      site: { name: 'Tourbook', url: 'https://tours.example', logo: '', address: [], contactEmail: '', contactPhone: '', colour: '#1f6f50', colourDark: '#155239', colourLight: '#e8f3ee' },
      props: { name: '<b>Zoë</b> & "Co"', resetUrl: 'https://tours.example/reset-password/abc123', validMinutes: 30 },
    };
    const out: unknown = renderPage('email:passwordReset', JSON.stringify(json));
    expect(typeof out).toBe('string');
    const email = JSON.parse(out as string) as RenderedEmail;
    expect(Object.keys(email).sort()).toEqual(['html', 'subject', 'text']);
    expect(email.subject).toBe('Reset your Tourbook password');
    expect(email.html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(email.html).toContain('href="https://tours.example/reset-password/abc123"');
    expect(email.html).toContain('&lt;b&gt;Zoë&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(email.html).not.toContain('<b>');
    expect(email.text).toContain('Hi <b>Zoë</b> & "Co",');
    expect(email.text).toContain('\nhttps://tours.example/reset-password/abc123\n');
    expect(email.text.replace(/\s+/g, ' ')).toContain('works for 30 minutes.');
  });

  it.each([...emailFixtures, ...emailVariantFixtures].map((d) => [d.kind, d] as const))(
    'renders the email %s exactly as it renders in-process',
    (kind, data) => {
      const email = JSON.parse(renderPage(`email:${kind}`, JSON.stringify(data))) as RenderedEmail;
      expect(email).toEqual(renderEmail(data));
    },
  );

  it('refuses an email whose kind differs from the page, or is unknown', () => {
    const data = emailFixtures.find((d) => d.kind === 'welcome')!;
    expect(() => renderPage('email:reminder', JSON.stringify(data))).toThrow(/does not match kind "welcome"/);
    expect(() => renderPage('email:newsletter', JSON.stringify({ ...data, kind: 'newsletter' }))).toThrow(
      /unknown kind "newsletter"/,
    );
  });
});
