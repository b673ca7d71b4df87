import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The tests read the PDFs with standard tools, not with our own code: pdftotext and pdfinfo
 * (poppler-utils) and qpdf. `.ci/run` installs them. Missing on a developer's machine, the tests
 * that need them are skipped with a message; missing in CI (CI=true), the test file fails.
 */

const TOOLS = [
  ['pdftotext', 'poppler-utils'],
  ['pdfinfo', 'poppler-utils'],
  ['qpdf', 'qpdf'],
] as const;

const missing = TOOLS.filter(([cmd]) => spawnSync(cmd, ['-v']).error !== undefined);
const packages = [...new Set(missing.map(([, pkg]) => pkg))].join(' ');

if (missing.length > 0 && process.env.CI === 'true') {
  throw new Error(`${missing.map(([c]) => c).join(', ')} missing in CI: apt-get install ${packages}`);
}
if (missing.length > 0) {
  console.warn(
    `Skipping the PDF tests that read files with ${missing.map(([c]) => c).join(', ')}: not installed ` +
      `(apt-get install ${packages}).`,
  );
}

/** True when pdftotext, pdfinfo and qpdf can be run. */
export const pdfToolsPresent = missing.length === 0;

type Run = { status: number | null; stdout: string; stderr: string };

/** Runs a tool on the PDF written to a temporary file (poppler reads files, not standard input). */
function onFile(pdf: Buffer, run: (file: string) => Run): Run {
  const dir = mkdtempSync(path.join(tmpdir(), 'payslip-pdf-'));
  try {
    const file = path.join(dir, 'payslip.pdf');
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function tool(cmd: string, args: string[]): Run {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** pdftotext's reading of the file (in reading order, or keeping the layout). */
export function pdftotext(
  pdf: Buffer,
  opts: { userPassword?: string; ownerPassword?: string; layout?: boolean } = {},
): Run {
  const args = [
    ...(opts.layout ? ['-layout'] : []),
    ...(opts.userPassword !== undefined ? ['-upw', opts.userPassword] : []),
    ...(opts.ownerPassword !== undefined ? ['-opw', opts.ownerPassword] : []),
  ];
  return onFile(pdf, (file) => tool('pdftotext', [...args, file, '-']));
}

/** The text of a file that must open: whitespace runs made single spaces, for phrases that wrap. */
export function textOf(pdf: Buffer, userPassword?: string): string {
  const r = pdftotext(pdf, { userPassword, layout: true });
  if (r.status !== 0) throw new Error(`pdftotext failed (${r.status}): ${r.stderr}`);
  return r.stdout.replace(/\s+/g, ' ');
}

export function pdfinfo(pdf: Buffer, userPassword?: string): Run {
  const args = userPassword !== undefined ? ['-upw', userPassword] : [];
  return onFile(pdf, (file) => tool('pdfinfo', [...args, file]));
}

export function qpdfCheck(pdf: Buffer, password?: string): Run {
  const args = password !== undefined ? [`--password=${password}`] : [];
  return onFile(pdf, (file) => tool('qpdf', ['--check', ...args, file]));
}
