import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;
/** Below this a compressed file saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli at its best quality) and `name.gz` beside every text file of the build,
 * so the server sends the app's code compressed without compressing it per request
 * (@fastify/static's preCompressed). Done once per build, so the slowest, smallest settings pay.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rastro-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const names = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(names.map(async (name) => {
        const file = path.join(outDir, name);
        const source = await readFile(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }));
    },
  };
}
