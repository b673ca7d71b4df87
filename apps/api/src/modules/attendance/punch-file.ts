/**
 * Punches from a file (CSV or .xlsx, e.g. a biometric device's export), on the sheet-import seam
 * (ADR 0017): checked before parsing (size by the route; type by content, and for .xlsx the upload
 * guard's unpacked size and row count), then parsed to rows and every row checked against the
 * contract's PunchFileRowSchema and the company (codes, time zone, now). The service stores the rows
 * through the same ingest path as device punches, and only when no row is bad; that ingest skips a
 * punch the ledger holds, so the same file twice adds nothing the second time.
 */
import { isRealDate, PunchFileRowSchema } from '@hr/contract';
import { dateIn } from '../../lib/clock';
import { farFromToday } from '../../lib/dates';
import {
  checkRows,
  parseCsvRows,
  parseXlsxRows,
  type RawRow,
  readSheetFile,
  rowErrors,
  type SheetSpec,
  sheetFileKind,
} from '../../lib/sheet-import';
import { localDateOf, localToInstant } from './derive';

export const MAX_PUNCH_FILE_BYTES = 5 * 1024 * 1024;
/** Rows of punches per file (the header not counted): a month of a 600-person site, twice a day. */
export const MAX_PUNCH_ROWS = 20_000;

export const PUNCH_FILE_COLUMNS = ['employee_code', 'timestamp', 'direction', 'source'] as const;

const PUNCH_SPEC: SheetSpec = {
  sheetName: 'Punches',
  noun: 'punch rows',
  maxRows: MAX_PUNCH_ROWS,
  // A date-time cell is a wall-clock time with no zone, read like a CSV value (company time zone).
  dates: 'datetime',
  wrongType: 'Upload a .csv or .xlsx file of punches',
  columns: PUNCH_FILE_COLUMNS.map((c) => ({
    key: c,
    header: c,
    required: c === 'employee_code' || c === 'timestamp',
  })),
};

export type PunchFileRow = RawRow;
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
export const punchFileKind = (fileName: string, buf: Buffer) =>
  sheetFileKind(fileName, buf, PUNCH_SPEC.wrongType);

/** A punch file in CSV (RFC 4180, see lib/csv). */
export const parsePunchCsv = (buf: Buffer): PunchFileRow[] => parseCsvRows(buf, PUNCH_SPEC);

export const parsePunchXlsx = (buf: Buffer): Promise<PunchFileRow[]> => parseXlsxRows(buf, PUNCH_SPEC);

/** Kind, the zip-bomb and row checks for .xlsx, then the rows. */
export const readPunchFile = (file: { name: string; data: Buffer }): Promise<PunchFileRow[]> =>
  readSheetFile(file, PUNCH_SPEC);

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
  const checked = checkRows(rows, PunchFileRowSchema);
  const errs = rowErrors(checked.errors);
  const punches: ParsedPunch[] = [];
  const today = dateIn(timeZone, now);
  for (const { row, value: v } of checked.rows) {
    if (v.employee_code && !known.has(v.employee_code)) {
      errs.fail(row, 'employee_code', `No employee with code ${v.employee_code.slice(0, 40)}`);
    }
    const at = v.timestamp ? parseTimestamp(v.timestamp, timeZone) : null;
    if (v.timestamp && !at) errs.fail(row, 'timestamp', 'Use YYYY-MM-DD HH:MM (24-hour, company time zone)');
    else if (at && at.getTime() > now.getTime() + 5 * 60_000) errs.fail(row, 'timestamp', 'Is in the future');
    else if (at) {
      // A punch years away is a typo, not attendance (the leave and attendance dates' rule).
      const far = farFromToday(localDateOf(at, timeZone), today);
      if (far) errs.fail(row, 'timestamp', far);
    }
    if (!errs.bad.has(row)) {
      punches.push({
        row,
        employeeCode: v.employee_code!,
        at: at!,
        direction: (v.direction ?? null) as 'in' | 'out' | null,
        source: v.source === 'biometric' ? 'biometric' : 'import',
      });
    }
  }
  return {
    punches,
    errors: errs.sorted(PUNCH_SPEC).map((e) => ({ row: e.row, field: e.column, message: e.message })),
  };
}
