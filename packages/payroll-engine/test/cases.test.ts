/** Runs every golden case file in cases/: the engine must reproduce each hand-worked figure. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATUTORY_RULES } from '../src';
import { type CaseFile, runCase } from '../src/cases';

const dir = fileURLToPath(new URL('../cases', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describe('golden cases', () => {
  it('has at least 18 engine cases besides the tax cases', () => {
    expect(files.filter((f) => !f.startsWith('tax-')).length).toBeGreaterThanOrEqual(18);
  });

  it.each(files)('%s', (file) => {
    const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaseFile;
    expect(c.notes.length, 'a case carries its hand working').toBeGreaterThan(0);
    const { payslip, diffs } = runCase(c, STATUTORY_RULES);
    expect(diffs).toEqual([]);
    for (const line of payslip.lines) {
      expect(line.rule.section).toMatch(/^§\d/);
      expect(line.explain.length).toBeGreaterThan(20);
    }
  });
});
