/// <reference types="vitest/config" />
// Client build: hashed assets plus .vite/manifest.json, which the Go side reads to emit
// the <script> and <link> tags. The manifest key of the entry is "src/entry-client.tsx";
// each page is a chunk of its own (src/page-loaders.ts), and every text file gets a
// Brotli and a gzip copy (scripts/precompress.ts).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';

// Test files that run in a process of their own (see test.projects).
const ownProcess = [
  'src/server-bundle.test.ts',
  'src/a11y.test.tsx',
  'src/hydration.test.tsx',
  'src/pages/admin-tour-page*.test.tsx',
  'src/components/admin/booking-form-editor.test.tsx',
  'src/components/admin/stop-editor.test.tsx',
];

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // Leaflet's marker images stay files: a CSP without data: for images keeps working.
    assetsInlineLimit: 0,
    target: 'es2020',
    // The document preloads the page's chunks itself (internal/ssr/manifest.go), and every
    // browser we serve knows modulepreload: Vite's polyfill and its preload helper in
    // front of each dynamic import would only add bytes to the entry.
    modulePreload: false,
    rolldownOptions: {
      input: 'src/entry-client.tsx',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Two projects. Most files run in vmThreads: each file gets a fresh window in a V8
    // context of a reused worker, instead of a fresh process that loads jsdom and the
    // libraries again (forks, the default). Measured alone on the 2-core machine, 913
    // tests: 80 s and 148 s of CPU, against 139 s and 263 s of CPU all in forks.
    // Code runs slower in such a context, though, and the files that render the largest
    // pages many times (the tour editor, axe over every page, hydration) ran 3 to 13 times
    // slower there, past the time limit on a busy machine: they keep a process each, as
    // does the server bundle's test (Vite's native bundler refuses objects made in
    // another context).
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          pool: 'vmThreads',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
          exclude: ownProcess,
        },
      },
      {
        extends: true,
        test: { name: 'heavy', pool: 'forks', include: ownProcess },
      },
    ],
    // The tour editor's longest tests type a whole form (4 s alone); beside Go's race
    // tests on two busy cores they ran past Vitest's 5 s default and failed. A time limit
    // is no assertion here: it only has to catch a test that hangs.
    testTimeout: 60_000,
    // Both cores: `make test` runs Vitest on its own (the default, one worker less than
    // the cores, left one idle: 179 s, against 110 s with two).
    maxWorkers: 2,
  },
});
