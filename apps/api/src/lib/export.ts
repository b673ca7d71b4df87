import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Streaming CSV and .xlsx exports (issue 13). Rows arrive as an async iterable (a report pages
 * through the database) and leave as a stream, so a 100,000-row export never sits in memory whole.
 */

export type ExportCell = string | number | null;
export type ExportColumn<R> = { header: string; value: (row: R) => ExportCell; width?: number };

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, tab or carriage return as a formula
 * (CSV injection); such text is prefixed with an apostrophe, which shows it as plain text.
 * Numbers are left alone: only text can carry a formula.
 */
export function safeCell(value: ExportCell): ExportCell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `{prefix}-{MM-YYYY}.{ext}` for the month of `date` (YYYY-MM-DD), as spec section 7 names exports. */
export function exportFileName(prefix: string, date: string, ext: 'csv' | 'xlsx'): string {
  const [year, month] = date.split('-');
  return `${prefix}-${month}-${year}.${ext}`;
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** One RFC 4180 field: formulas escaped (`safeCell`), quoted when it holds a quote, comma, line break or edge space. */
export function csvField(value: ExportCell): string {
  if (value === null) return '';
  const text = String(safeCell(value));
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a byte-order mark, so that a spreadsheet program reads ₹ and names as UTF-8. */
export function csvStream<R>(columns: ExportColumn<R>[], rows: AsyncIterable<R>): Readable {
  async function* lines() {
    yield `\uFEFF${columns.map((c) => csvField(c.header)).join(',')}\r\n`;
    let chunk = '';
    for await (const row of rows) {
      chunk += `${columns.map((c) => csvField(c.value(row))).join(',')}\r\n`;
      // Fewer, larger writes: one per ~64 KB rather than one per row.
      if (chunk.length > 65_536) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines());
}

/** .xlsx through exceljs's streaming writer: each row is committed and leaves memory at once. */
export function xlsxStream<R>(
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
  sheetName: string,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({ key: String(i), header: c.header, width: c.width ?? 18 }));
  (async () => {
    for await (const row of rows) {
      sheet.addRow(columns.map((c) => safeCell(c.value(row)))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/**
 * The export as a stream, once its first row has been read. The first read is where a filter the
 * database refuses (or any other failure of the query) shows itself: read before the stream is
 * handed to the reply, it answers with the error envelope; read by the stream, it came after the
 * 200 and its headers had gone, and the download broke off with nothing to say why (issue 21). A
 * later batch that fails can still only cut the download short: the status has been sent by then.
 */
export async function exportStream<R>(
  format: 'csv' | 'xlsx',
  columns: ExportColumn<R>[],
  rows: AsyncIterable<R>,
  sheetName: string,
): Promise<Readable> {
  const primed = await firstRowRead(rows);
  return format === 'csv' ? csvStream(columns, primed) : xlsxStream(columns, primed, sheetName);
}

/** The same rows, the first of them read now (its failure is thrown here). */
async function firstRowRead<R>(rows: AsyncIterable<R>): Promise<AsyncIterable<R>> {
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    // Delegating passes on a download that stops early (return) to the source's iterator.
    yield* { [Symbol.asyncIterator]: () => it };
  })();
}
