/**
 * Punches from a file (CSV or .xlsx, e.g. a biometric device's export): checked before parsing
 * (size by the route, type by content, and for .xlsx the unpacked size and row count), then parsed
 * to rows and every row checked. Pure apart from exceljs; the service stores the rows through the
 * same ingest path as device punches, and only when no row is bad.
 */
import { isRealDate } from '@hr/contract';
import ExcelJS from 'exceljs';
import { dateIn } from '../../lib/clock';
import { csvLines } from '../../lib/csv';
import { farFromToday } from '../../lib/dates';
import { AppError } from '../../lib/errors';
import { assertSafeXlsx, DEFAULT_XLSX_LIMITS } from '../../lib/xlsx-guard';
import { localDateOf, localToInstant } from './derive';

export const MAX_PUNCH_FILE_BYTES = 5 * 1024 * 1024;
/** Rows of punches per file (the header not counted): a month of a 600-person site, twice a day. */
export const MAX_PUNCH_ROWS = 20_000;

export const PUNCH_FILE_COLUMNS = ['employee_code', 'timestamp', 'direction', 'source'] as const;
type Column = (typeof PUNCH_FILE_COLUMNS)[number];

export type PunchFileRow = { row: number; values: Partial<Record<Column, string>> };
export type PunchRowError = { row: number; field: string; message: string };
/** A checked row: the instant, the direction if the file gave one, the ledger's source. */
export type ParsedPunch = {
  row: number;
  employeeCode: string;
  at: Date;
  direction: 'in' | 'out' | null;
  source: 'biometric' | 'import';
};

/** By content, not by name: an .xlsx is a zip (PK\x03\x04); CSV is text without NUL bytes. */
export function punchFileKind(fileName: string, buf: Buffer): 'xlsx' | 'csv' {
  const name = fileName.toLowerCase();
  const zip = buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
  if (name.endsWith('.xlsx')) {
    if (!zip) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid .xlsx workbook');
    return 'xlsx';
  }
  if (name.endsWith('.csv')) {
    if (zip || buf.includes(0))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a CSV text file');
    return 'csv';
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a .csv or .xlsx file of punches');
}

const headerKey = (h: string) =>
  h
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .replace(/[\s-]+/g, '_');

function toRows(headers: string[], lines: { row: number; cells: string[] }[]): PunchFileRow[] {
  const keys = headers.map(headerKey);
  const missing = (['employee_code', 'timestamp'] as const).filter((c) => !keys.includes(c));
  if (missing.length > 0) {
    throw new AppError('VALIDATION', `The header row lacks required columns: ${missing.join(', ')}`, {
      errors: missing.map((m) => ({ path: m, message: 'Column missing from the header row' })),
    });
  }
  const known = new Set<string>(PUNCH_FILE_COLUMNS);
  const out: PunchFileRow[] = [];
  for (const line of lines) {
    if (line.cells.every((c) => !c.trim())) continue;
    const values: PunchFileRow['values'] = {};
    keys.forEach((k, i) => {
      if (known.has(k)) values[k as Column] = (line.cells[i] ?? '').trim();
    });
    out.push({ row: line.row, values });
  }
  return out;
}

/** A punch file in CSV (RFC 4180, see lib/csv). */
export function parsePunchCsv(buf: Buffer): PunchFileRow[] {
  const { headers, lines } = csvLines(buf);
  return toRows(headers, lines);
}

/**
 * A date-time cell is a wall-clock time with no zone: exceljs hands it over as that wall time in
 * UTC, so it is written back as text and read like a CSV value (in the company's time zone).
 */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    return '';
  }
  return String(v);
}

export async function parsePunchXlsx(buf: Buffer): Promise<PunchFileRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a readable .xlsx workbook');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value);
  });
  const lines: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells: string[] = [];
    for (let c = 1; c <= headers.length; c++) cells.push(cellText(row.getCell(c).value));
    lines.push({ row: n, cells });
  });
  return toRows(headers, lines);
}

/** Kind, the zip-bomb and row checks for .xlsx, then the rows. */
export async function readPunchFile(file: { name: string; data: Buffer }): Promise<PunchFileRow[]> {
  const kind = punchFileKind(file.name, file.data);
  if (kind === 'xlsx') {
    await assertSafeXlsx(file.data, file.name, { ...DEFAULT_XLSX_LIMITS, maxRows: MAX_PUNCH_ROWS + 1 });
  }
  const rows = kind === 'xlsx' ? await parsePunchXlsx(file.data) : parsePunchCsv(file.data);
  if (rows.length === 0) throw new AppError('VALIDATION', 'The file has no punch rows');
  if (rows.length > MAX_PUNCH_ROWS) {
    throw new AppError('VALIDATION', `At most ${MAX_PUNCH_ROWS.toLocaleString('en-IN')} punch rows per file`);
  }
  return rows;
}

/** `YYYY-MM-DD HH:MM[:SS]` (or with a T) in the company's time zone, or ISO 8601 with an offset. */
const LOCAL = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseTimestamp(v: string, timeZone: string): Date | null {
  const m = LOCAL.exec(v);
  if (m) {
    const [, date, h, min, s] = m;
    if (!isRealDate(date!)) return null;
    const at = localToInstant(date!, Number(h) * 60 + Number(min), timeZone);
    return new Date(at.getTime() + Number(s ?? 0) * 1000);
  }
  if (WITH_OFFSET.test(v)) {
    const at = new Date(v);
    return Number.isNaN(at.getTime()) || !isRealDate(v.slice(0, 10)) ? null : at;
  }
  return null;
}

/**
 * Checks every row; returns the punches, or every bad row with its number, field and reason.
 * `known` holds the company's employee codes; a punch later than `now` is refused (a clock error).
 */
export function checkPunchRows(
  rows: PunchFileRow[],
  known: Set<string>,
  timeZone: string,
  now: Date,
): { punches: ParsedPunch[]; errors: PunchRowError[] } {
  const punches: ParsedPunch[] = [];
  const errors: PunchRowError[] = [];
  const today = dateIn(timeZone, now);
  for (const { row, values } of rows) {
    const before = errors.length;
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const code = values.employee_code ?? '';
    if (!code) fail('employee_code', 'Required');
    else if (!known.has(code)) fail('employee_code', `No employee with code ${code.slice(0, 40)}`);
    const raw = values.timestamp ?? '';
    const at = raw ? parseTimestamp(raw, timeZone) : null;
    if (!raw) fail('timestamp', 'Required');
    else if (!at) fail('timestamp', 'Use YYYY-MM-DD HH:MM (24-hour, company time zone)');
    else if (at.getTime() > now.getTime() + 5 * 60_000) fail('timestamp', 'Is in the future');
    else {
      const far = farFromToday(localDateOf(at, timeZone), today);
      if (far) fail('timestamp', far);
    }
    const direction = (values.direction ?? '').toLowerCase();
    if (direction && direction !== 'in' && direction !== 'out')
      fail('direction', 'Use in or out (or leave empty)');
    const source = (values.source ?? '').toLowerCase();
    if (source && source !== 'biometric' && source !== 'device') {
      fail('source', 'Use biometric or device (or leave empty)');
    }
    if (errors.length === before) {
      punches.push({
        row,
        employeeCode: code,
        at: at!,
        direction: direction ? (direction as 'in' | 'out') : null,
        source: source === 'biometric' ? 'biometric' : 'import',
      });
    }
  }
  return { punches, errors };
}
