/// <reference types="vitest/config" />
// Client build: hashed assets plus .vite/manifest.json, which the Go side reads to emit
// the <script> and <link> tags. The manifest key of the entry is "src/entry-client.tsx".
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // Leaflet's marker images stay files: a CSP without data: for images keeps working.
    assetsInlineLimit: 0,
    target: 'es2020',
    rolldownOptions: {
      input: 'src/entry-client.tsx',
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
