import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the web build is made from: a digest of every source file of the web app, the packages it
 * bundles and the locked dependencies. `npm start` builds only when it differs from the digest the
 * last build left beside dist/web (a restart with an unchanged front end starts in seconds).
 */
export const BUILD_INPUTS = [
  'apps/web',
  'packages/contract/src',
  'packages/payroll-engine/src',
  'package-lock.json',
  'tsconfig.base.json',
] as const;

/** Where the digest of the last build's inputs is kept (outside dist/web, so it is never served). */
export const STAMP = 'dist/web-inputs.sha256';

function filesUnder(root: string, rel: string, out: string[]) {
  const full = path.join(root, rel);
  if (!statSync(full, { throwIfNoEntry: false })) return;
  if (statSync(full).isFile()) {
    out.push(rel);
    return;
  }
  for (const e of readdirSync(full, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    filesUnder(root, path.join(rel, e.name), out);
  }
}

/** The digest of the build's inputs under `root`: each file's path and content, in a fixed order. */
export function buildInputsDigest(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  for (const i of inputs) filesUnder(root, i, files);
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    hash.update(`${f.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, f)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Every build records the digest of the inputs it started from (a build that fails leaves none), so
 * the stamp always describes the dist/web beside it, whichever command built it.
 */
export function stampBuildInputs(root: string): Plugin {
  let digest = '';
  const stamp = path.join(root, STAMP);
  return {
    name: 'hr:stamp-build-inputs',
    apply: 'build',
    buildStart() {
      rmSync(stamp, { force: true });
      digest = buildInputsDigest(root);
    },
    closeBundle() {
      mkdirSync(path.dirname(stamp), { recursive: true });
      writeFileSync(stamp, `${digest}\n`);
    },
  };
}
