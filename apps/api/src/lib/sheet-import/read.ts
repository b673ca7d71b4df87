import { createHash } from 'node:crypto';
import ExcelJS from 'exceljs';
import { csvLines } from '../csv';
import { AppError } from '../errors';
import { assertSafeXlsx, DEFAULT_XLSX_LIMITS } from '../xlsx-guard';

/**
 * A sheet's columns, in the order the template writes them. `key` names the value in code (and is
 * accepted as a header too); `header` is what people see. A column with `read: false` is written in
 * the template for people (an employee's name beside the code) and never read back.
 */
export type SheetColumn = {
  key: string;
  header: string;
  /** The header row must have it (the upload is refused as a whole otherwise). */
  required?: boolean;
  read?: boolean;
  width?: number;
  /** A comment on the header cell in the template. */
  note?: string;
};

export type SheetSpec = {
  /** The template's data sheet; an upload reads the sheet of this name, else the first one. */
  sheetName: string;
  columns: readonly SheetColumn[];
  /** What a row is, plural ("punch rows"): "The file has no punch rows". */
  noun: string;
  /** Data rows per file (the header not counted). */
  maxRows: number;
  /**
   * How a date cell of an .xlsx reads: 'date' as YYYY-MM-DD; 'datetime' as YYYY-MM-DD HH:MM:SS.
   * Either way the wall time as typed (exceljs hands a zone-less cell over as that time in UTC).
   */
  dates?: 'date' | 'datetime';
  /** The refusal of a file that is neither .xlsx nor .csv. */
  wrongType?: string;
  /**
   * The columns a row is about: a row with all of them empty is skipped like an empty line, so a
   * template may list every employee and people fill in only those the sheet is for.
   */
  dataColumns?: readonly string[];
};

/** A data row as read: its number as the spreadsheet shows it (the header is row 1) and its cells. */
export type RawRow = { row: number; values: Record<string, string> };

/** By content, not by name alone: an .xlsx is a zip (PK\x03\x04); CSV is text without NUL bytes. */
export function sheetFileKind(fileName: string, buf: Buffer, wrongType = 'Upload an .xlsx or .csv file') {
  const name = fileName.toLowerCase();
  const zip = buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04;
  if (name.endsWith('.xlsx')) {
    if (!zip) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid .xlsx workbook');
    return 'xlsx' as const;
  }
  if (name.endsWith('.csv')) {
    if (zip || buf.includes(0))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a CSV text file');
    return 'csv' as const;
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', wrongType);
}

/** "LOP days (whole or half)*" and "lop_days" both read as lop_days. */
export const headerKey = (h: string) =>
  h
    .replace(/\*/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .replace(/[\s-]+/g, '_');

export function cellText(v: ExcelJS.CellValue, dates: 'date' | 'datetime' = 'date'): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    return dates === 'date' ? v.toISOString().slice(0, 10) : v.toISOString().slice(0, 19).replace('T', ' ');
  }
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue, dates);
    return '';
  }
  return String(v);
}

/** Maps the header row onto the spec's columns (unknown headers are ignored) and keeps non-empty lines. */
export function rowsFrom(spec: SheetSpec, headers: string[], lines: { row: number; cells: string[] }[]) {
  const byHeader = new Map<string, string>();
  for (const c of spec.columns) {
    if (c.read === false) continue;
    byHeader.set(headerKey(c.header), c.key);
    byHeader.set(c.key, c.key);
  }
  const keys = headers.map((h) => byHeader.get(headerKey(h ?? '')) ?? null);
  const missing = spec.columns.filter((c) => c.required && !keys.includes(c.key));
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION',
      `The header row lacks required columns: ${missing.map((c) => c.header).join(', ')}`,
      { errors: missing.map((c) => ({ path: c.key, message: 'Column missing from the header row' })) },
    );
  }
  const out: RawRow[] = [];
  for (const line of lines) {
    if (line.cells.every((c) => !c.trim())) continue;
    const values: Record<string, string> = {};
    keys.forEach((k, i) => {
      // The first column of a name wins when a header repeats.
      if (k && values[k] === undefined) values[k] = (line.cells[i] ?? '').trim();
    });
    if (spec.dataColumns?.every((k) => !values[k])) continue;
    out.push({ row: line.row, values });
  }
  return out;
}

export async function parseXlsxRows(buf: Buffer, spec: SheetSpec): Promise<RawRow[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a readable .xlsx workbook');
  }
  const sheet = wb.getWorksheet(spec.sheetName) ?? wb.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value, spec.dates);
  });
  const lines: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells: string[] = [];
    for (let c = 1; c <= headers.length; c++) cells.push(cellText(row.getCell(c).value, spec.dates));
    lines.push({ row: n, cells });
  });
  return rowsFrom(spec, headers, lines);
}

/** CSV (RFC 4180, see lib/csv). */
export function parseCsvRows(buf: Buffer, spec: SheetSpec): RawRow[] {
  const { headers, lines } = csvLines(buf);
  return rowsFrom(spec, headers, lines);
}

/**
 * The guarded read every sheet upload goes through: the kind by content; for .xlsx the upload guard
 * (lib/xlsx-guard: parts, unpacked size, shared strings, rows) before exceljs inflates anything;
 * then the rows, refused when there are none or too many.
 */
export async function readSheetFile(
  file: { name: string; data: Buffer },
  spec: SheetSpec,
): Promise<RawRow[]> {
  const kind = sheetFileKind(file.name, file.data, spec.wrongType);
  if (kind === 'xlsx') {
    await assertSafeXlsx(file.data, file.name, { ...DEFAULT_XLSX_LIMITS, maxRows: spec.maxRows + 1 });
  }
  const rows = kind === 'xlsx' ? await parseXlsxRows(file.data, spec) : parseCsvRows(file.data, spec);
  if (rows.length === 0) throw new AppError('VALIDATION', `The file has no ${spec.noun}`);
  if (rows.length > spec.maxRows) {
    throw new AppError('VALIDATION', `At most ${spec.maxRows.toLocaleString('en-IN')} ${spec.noun} per file`);
  }
  return rows;
}

/**
 * The content's hash: of the rows as read (row numbers, column keys in the spec's order, cell
 * texts), not of the file's bytes, so the same sheet saved again (an .xlsx's zip changes with every
 * save) or sent as CSV is recognised as the same sheet.
 */
export function contentHash(spec: SheetSpec, rows: RawRow[]): string {
  const keys = spec.columns.filter((c) => c.read !== false).map((c) => c.key);
  const h = createHash('sha256');
  for (const r of rows) h.update(`${JSON.stringify([r.row, ...keys.map((k) => r.values[k] ?? '')])}\n`);
  return h.digest('hex');
}
