// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the client build,
// once, at build time: the Go server sends the one the browser accepts
// (internal/server/static.go) and compresses nothing per request for them.
//
// Both are as small as we can make them, since the cost is paid once per build: Brotli at
// quality 11, gzip by Zopfli (a deflate encoder that searches harder than zlib's level 9,
// about 3.5% smaller on React here, and read by every gzip decoder).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Files worth compressing; images and fonts are compressed formats already. */
const compressible = /\.(js|mjs|css|svg|json|html|txt|xml|map)$/;

/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every compressible file under dir; returns the files written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  for await (const path of files(dir)) {
    if (!compressible.test(path) || path.includes('/.vite/')) continue;
    const data = await readFile(path);
    if (data.length < minBytes) continue;
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = Buffer.from(await gzipAsync(data, { numiterations: 5 }));
    // A copy that is not smaller is not worth sending: the server then sends the file.
    if (br.length < data.length) {
      await writeFile(`${path}.br`, br);
      written.push(`${path}.br`);
    }
    if (gz.length < data.length) {
      await writeFile(`${path}.gz`, gz);
      written.push(`${path}.gz`);
    }
  }
  return written;
}

/** The Vite plugin: compresses the build's output folder once it is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tourbook-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
