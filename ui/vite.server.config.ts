// Server build: one classic script (IIFE) that the Go binary evaluates in V8 or QuickJS.
// It defines globalThis.renderPage and must not need Node built-ins, `process`, timers,
// TextEncoder or MessageChannel, so React's legacy string renderer is bundled on its own
// (react-dom/server.browser would also load the streaming renderer, which creates a
// TextEncoder at load time) and Leaflet is replaced by a stub (it touches `window`).
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// React guards a Node-only branch with `typeof process`; the engines have no `process`,
// so settle the guard at build time and let the minifier drop the branch.
function noProcess(): Plugin {
  return {
    name: 'tourbook-no-process',
    transform(code) {
      if (!code.includes('typeof process')) return null;
      return { code: code.replace(/typeof process\b/g, '"undefined"'), map: null };
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), noProcess()],
  publicDir: false,
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  resolve: {
    alias: [
      {
        find: /^react-dom\/server\.browser$/,
        replacement: here('./node_modules/react-dom/cjs/react-dom-server-legacy.browser.production.js'),
      },
      { find: /^.*\/(leaflet-setup|stop-map-leaflet)$/, replacement: here('./src/server/leaflet-stub.ts') },
    ],
  },
  build: {
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    copyPublicDir: false,
    lib: {
      entry: here('./src/entry-server.tsx'),
      formats: ['iife'],
      name: 'TourbookServer',
      fileName: () => 'render.js',
    },
    rolldownOptions: {
      output: { codeSplitting: false },
    },
  },
});
