import { MONTH_NAMES } from '@hr/payroll-engine';
import ExcelJS from 'exceljs';
import { CONTENT_TYPES, csvField, type ExportCell } from '../../../lib/export';
import type { StoredLine } from '../stored';
import type { FileInput, FileSlip, LeftOut } from './types';

/**
 * Shared pieces of the bank and statutory file writers (docs/payroll-files.md): money from paise
 * into each layout's rupees, text cut down to what a layout can carry, and the payslip lines by code.
 */

/** '1234.50': rupees with two decimals (bank files, registers). Paise are integers, so no float is involved. */
export function rupees2(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Whole rupees, 50 paise and above up (the EPF rounding, rules §1.2), for layouts that take no
 * decimals (ECR). Contributions are already whole rupees; wages may carry paise from proration.
 */
export function rupeesHalfUp(paise: number): number {
  return paise < 0 ? -Math.floor((-paise + 50) / 100) : Math.floor((paise + 50) / 100);
}

/** Rupees as a number for a spreadsheet cell (exact to the paisa: a double holds 2 decimals of any salary). */
export function rupeesNumber(paise: number): number {
  return Number(rupees2(paise));
}

/** Accents dropped (Zoë → Zoe) before a layout keeps only the characters it allows. */
function latin(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/**
 * Text cut down to the characters a fixed layout allows: accents dropped, every other character
 * outside `allowed` removed (a separator, a comma, an apostrophe), spaces collapsed, then cut to `max`.
 */
export function layoutText(text: string, allowed: RegExp, max: number): string {
  let out = '';
  for (const ch of latin(text)) out += allowed.test(ch) ? ch : ch === ' ' || ch === '\t' ? ' ' : '';
  return out.replace(/\s+/g, ' ').trim().slice(0, max).trim();
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (ESIC and HDFC dates). */
export function ddmmyyyy(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The last day of a 'YYYY-MM' month as 'YYYY-MM-DD'. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/** '2026-11' → 'November 2026'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTH_NAMES[Number(m) - 1]} ${y}`;
}

/** `{prefix}-{MM-YYYY}.{ext}`, the name every export of the project has (spec section 7). */
export function runFileName(prefix: string, month: string, ext: string): string {
  const [y, m] = month.split('-');
  return `${prefix}-${m}-${y}.${ext}`;
}

/** A payslip's line by code (each code appears once on a payslip; the engine refuses duplicates). */
export function line(slip: FileSlip, code: string): StoredLine | undefined {
  return slip.lines.find((l) => l.code === code);
}

/** The amount of a line, 0 when the payslip has none. */
export function amount(slip: FileSlip, code: string): number {
  return line(slip, code)?.amount ?? 0;
}

export function leftOut(slip: FileSlip, reason: string): LeftOut {
  return { employee_code: slip.employee.code, name: slip.employee.name, reason };
}

/** Only digits, and exactly `length` of them: a UAN (12) or an ESI IP number (10); null otherwise. */
export function digitsOf(value: string | null, length: number): string | null {
  if (value === null) return null;
  const digits = value.replace(/[\s-]/g, '');
  return digits.length === length && /^\d+$/.test(digits) ? digits : null;
}

/** RFC 4180 CSV with a byte-order mark and CRLF, every text cell formula-escaped (lib/export). */
export function csvText(rows: ExportCell[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export const CSV_TYPE = CONTENT_TYPES.csv;
export const XLSX_TYPE = CONTENT_TYPES.xlsx;

/**
 * A workbook whose document dates are the run's pay date, not the time of writing, so the cells and
 * properties are a function of the run alone (exceljs still stamps its zip entries with the time).
 */
export function runWorkbook(input: FileInput): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(`${input.run.pay_date}T00:00:00Z`);
  workbook.modified = workbook.created;
  workbook.creator = input.company.legal_name ?? input.company.name;
  return workbook;
}
