/** Runs every golden case file in cases/: the engine must reproduce each hand-worked figure. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATUTORY_RULES } from '../src';
import { type CaseFile, runCase } from '../src/cases';

const dir = fileURLToPath(new URL('../cases', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

/**
 * Marks of our own files and data keys, which people reading a payslip cannot follow (issue 24):
 * they are cited the law and the company's settings in words; the references stay in
 * `rule.section` / `rule.source` for the expert view.
 */
const INTERNAL_REFERENCES: [string, RegExp][] = [
  ['a file name', /\.md\b/],
  ['a rules-file section', /\brules (§|file\b)/],
  ['the statutory data', /statutory data/],
  ['a research source number', /\bS\d+[a-z]?\b/],
  ['a dotted key', /\b[a-z]+\.[a-z]+[A-Z]\w*/],
  ['an earlier-figures key', /\bearlier\./],
  ['a decision record', /\bADR \d/],
];

function internalReferences(words: string): string[] {
  return INTERNAL_REFERENCES.filter(([, re]) => re.test(words)).map(
    ([what, re]) => `${what}: ${words.match(re)![0]}`,
  );
}

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

  it.each(files)('%s: explanations cite the law and settings in words, not our files or keys', (file) => {
    const c = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CaseFile;
    const { payslip } = runCase(c, STATUTORY_RULES);
    for (const line of payslip.lines) {
      expect(internalReferences(line.explain), `${line.code}: ${line.explain}`).toEqual([]);
      expect(internalReferences(line.rule.law), `${line.code} rule: ${line.rule.law}`).toEqual([]);
      expect(line.rule.law.length).toBeGreaterThan(10);
    }
  });
});
