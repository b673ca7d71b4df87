import { createRequire } from 'node:module';
import path from 'node:path';
import { type LetterMergeField, renderMergeFields } from '@hr/contract';
import { MONTH_NAMES } from '@hr/payroll-engine';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** "2026-04-01" -> "1 April 2026" (a calendar date: no time zone is involved). */
export function formatLetterDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y}`;
}

/** Paise -> "₹12,34,567.00" (en-IN grouping). */
export function formatRupees(paise: number): string {
  const rupees = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
  return `₹${rupees}`;
}

export type LetterFacts = {
  employee_name: string;
  employee_code: string | null;
  designation: string | null;
  date_of_joining: string;
  company_name: string;
  issue_date: string;
  ctc_paise: number | null;
};

export function mergeValues(f: LetterFacts): Partial<Record<LetterMergeField, string>> {
  return {
    employee_name: f.employee_name,
    employee_code: f.employee_code ?? '',
    designation: f.designation ?? '',
    date_of_joining: formatLetterDate(f.date_of_joining),
    issue_date: formatLetterDate(f.issue_date),
    company_name: f.company_name,
    ...(f.ctc_paise === null ? {} : { ctc: formatRupees(f.ctc_paise) }),
  };
}

export function renderLetter(t: { title: string; body: string }, f: LetterFacts) {
  const values = mergeValues(f);
  return { title: renderMergeFields(t.title, values), body: renderMergeFields(t.body, values) };
}

const plainMeta = (s: string) => s.replace(/</g, '\u2039').replace(/>/g, '\u203a').replace(/\//g, '\u2215');

/** The PDF layout: company, date, title, then the body split into paragraphs on blank lines. */
export function letterDocDefinition(letter: {
  title: string;
  body: string;
  company_name: string;
  issue_date: string;
}): TDocumentDefinitions {
  const paragraphs = letter.body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    // The document properties are written as plain text in the file, where a template's title
    // could put markup or a PDF name (`<html>`, `/JavaScript`) that the upload check refuses: these
    // three characters are written as look-alikes there (the page itself shows the title as typed).
    info: { title: plainMeta(letter.title), creator: plainMeta(letter.company_name) },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.3 },
    content: [
      { text: letter.company_name, fontSize: 16, bold: true, margin: [0, 0, 0, 4] },
      { text: formatLetterDate(letter.issue_date), alignment: 'right', margin: [0, 0, 0, 24] },
      { text: letter.title, fontSize: 14, bold: true, margin: [0, 0, 0, 16] },
      ...paragraphs.map((p) => ({ text: p, margin: [0, 0, 0, 10] as [number, number, number, number] })),
    ],
  };
}

const require = createRequire(import.meta.url);
type PdfMake = {
  setFonts(f: unknown): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (p: string) => boolean): void;
  createPdf(d: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
let pdfmake: PdfMake | null = null;

/** pdfmake with the Roboto it ships (it has ₹, the PDF standard fonts do not); no URL or other file reads. */
function printer(): PdfMake {
  if (pdfmake) return pdfmake;
  const p = require('pdfmake') as PdfMake;
  const dir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'build/fonts/Roboto');
  p.setFonts({
    Roboto: {
      normal: path.join(dir, 'Roboto-Regular.ttf'),
      bold: path.join(dir, 'Roboto-Medium.ttf'),
      italics: path.join(dir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  p.setUrlAccessPolicy(() => false);
  p.setLocalAccessPolicy((file) => path.resolve(file).startsWith(dir + path.sep));
  pdfmake = p;
  return p;
}

export async function renderLetterPdf(def: TDocumentDefinitions): Promise<Buffer> {
  return Buffer.from(await printer().createPdf(def).getBuffer());
}
