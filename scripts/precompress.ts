import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers cost more than the bytes saved. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, at the highest
 * settings (done once per build, never per request); the server sends the one the browser accepts
 * (`preCompressed` in server/app.ts). A file that does not shrink gets none.
 */
export async function precompressDir(dir: string): Promise<number> {
  let written = 0;
  for (const file of filesUnder(dir)) {
    // sw.js is rewritten at the end of the build (vite.config.ts), possibly after this runs.
    if (!COMPRESSIBLE.test(file) || path.basename(file) === 'sw.js') continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < raw.length) {
      fs.writeFileSync(`${file}.br`, br);
      written += 1;
    }
    if (gz.length < raw.length) {
      fs.writeFileSync(`${file}.gz`, gz);
      written += 1;
    }
  }
  return written;
}

/** The Vite build step: compresses the finished bundle in place. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hearth-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
