import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildInputsDigest } from './build-inputs';

/** The digest `npm start` compares to decide whether the web app must be built again. */
describe('the web build inputs digest', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
    mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
    mkdirSync(path.join(root, 'packages/contract/src'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'export {};');
    writeFileSync(path.join(root, 'packages/contract/src/index.ts'), 'export const a = 1;');
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('stays the same when nothing changed, even when a file is only touched', () => {
    const first = buildInputsDigest(root);
    utimesSync(path.join(root, 'apps/web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    expect(buildInputsDigest(root)).toBe(first);
  });

  it('changes with a source edit, a new file, a contract change or the locked dependencies', () => {
    const seen = new Set([buildInputsDigest(root)]);
    const change = (rel: string, text: string) => {
      writeFileSync(path.join(root, rel), text);
      const d = buildInputsDigest(root);
      expect(seen.has(d), rel).toBe(false);
      seen.add(d);
    };
    change('apps/web/src/main.tsx', 'export const changed = true;');
    change('apps/web/src/extra.ts', 'export {};');
    change('packages/contract/src/index.ts', 'export const a = 2;');
    change('package-lock.json', '{"lockfileVersion":3}');
  });

  it('leaves out what a build does not read: node_modules and dot folders', () => {
    const first = buildInputsDigest(root);
    mkdirSync(path.join(root, 'apps/web/node_modules/x'), { recursive: true });
    writeFileSync(path.join(root, 'apps/web/node_modules/x/index.js'), '');
    mkdirSync(path.join(root, 'apps/web/.cache'));
    writeFileSync(path.join(root, 'apps/web/.cache/a'), '1');
    expect(buildInputsDigest(root)).toBe(first);
  });
});
