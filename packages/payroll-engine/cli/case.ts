/** npm run payroll:case -- FILE [FILE...]: prints each case's payslip and its differences; exit 1 on any. */
import { readFileSync } from 'node:fs';
import { STATUTORY_RULES } from '../src';
import { type CaseFile, renderCase, runCase } from '../src/cases';

const files = process.argv.slice(2).filter((a) => a !== '--');
if (files.length === 0) {
  console.error('usage: npm run payroll:case -- packages/payroll-engine/cases/<case>.json [more files]');
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  const c = JSON.parse(readFileSync(file, 'utf8')) as CaseFile;
  const { payslip, diffs } = runCase(c, STATUTORY_RULES);
  console.log(`${file}\n${renderCase(c, payslip, diffs)}\n`);
  if (diffs.length > 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
