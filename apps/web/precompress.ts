import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each text file named, once, so
 * the API serves them as they are (@fastify/static `preCompressed`, apps/api/src/plugins/static.ts)
 * instead of compressing on every request. A compressed copy no smaller than the file is not written.
 */
export async function precompressFiles(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(
    names
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const path = join(dir, name);
        const body = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        if (br.length < body.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped);
      }),
  );
}

/** The build step: every file Vite wrote (scripts, styles, index.html). */
export function precompress(): Plugin {
  return {
    name: 'hr:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (options.dir) await precompressFiles(options.dir, Object.keys(bundle));
    },
  };
}
