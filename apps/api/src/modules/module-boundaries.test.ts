import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Modules talk through each other's index.ts (ADR 0010): a file in modules/<a>/ may import
 * modules/<b> (its index) but no other file of <b>. Biome's noRestrictedImports says the same in
 * the editor (biome.json); this test holds it in the suite whatever the lint configuration.
 */
const MODULES = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const SPECIFIER = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

it('no module imports a file of another module other than its index', () => {
  const offences: string[] = [];
  for (const file of sourceFiles(MODULES)) {
    const own = relative(MODULES, file).split(sep)[0];
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = relative(MODULES, resolve(dirname(file), spec!));
      if (target.startsWith('..')) continue; // outside modules/: lib, db, plugins
      const [mod, ...rest] = target.split(sep);
      if (mod === own) continue;
      if (rest.length === 0 || (rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0]!))) continue;
      offences.push(`${relative(MODULES, file)} imports ${spec}`);
    }
  }
  expect(offences).toEqual([]);
});
