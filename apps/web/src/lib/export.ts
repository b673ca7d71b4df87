import dayjs from 'dayjs';

/**
 * Export helpers (spec sections 7 and 9). CSV is done here. The spreadsheet export
 * ({prefix}-{MM-YYYY}.xlsx of the current month, via exceljs loaded on demand) comes with the
 * attendance screen that uses it.
 */

/** `{prefix}-{MM-YYYY}.{ext}` for the month of `date`. */
export function exportFileName(prefix: string, date: Date | string | number, ext: 'csv' | 'xlsx'): string {
  return `${prefix}-${dayjs(date).format('MM-YYYY')}.${ext}`;
}

export function csvFileName(prefix: string, date: Date | string | number): string {
  return exportFileName(prefix, date, 'csv');
}

export type CsvCell = string | number | boolean | null | undefined | Date;

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? dayjs(value).format('YYYY-MM-DD') : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

/** Saves a blob as a file in the browser (a link clicked for it, its URL released afterwards). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Released a second later: released at once, a large file's save can be cut short.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads `rows` (or ready CSV text) as text/csv named after the month of `date`. */
export function downloadCsv(
  prefix: string,
  rows: ReadonlyArray<ReadonlyArray<CsvCell>> | string,
  date: Date | string | number = new Date(),
): string {
  const fileName = csvFileName(prefix, date);
  const text = typeof rows === 'string' ? rows : toCsv(rows);
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
  return fileName;
}

/**
 * Every day of the month of `date`: in 'initials' mode as a two-digit day plus the short weekday
 * name ("01 Mon"), in 'dates' mode as Date objects at local midnight.
 */
export function monthDays(date: Date | string | number, mode: 'initials'): string[];
export function monthDays(date: Date | string | number, mode: 'dates'): Date[];
export function monthDays(date: Date | string | number, mode: 'initials' | 'dates'): string[] | Date[] {
  const start = dayjs(date).startOf('month');
  const count = start.daysInMonth();
  const days = Array.from({ length: count }, (_, i) => start.add(i, 'day'));
  return mode === 'initials' ? days.map((d) => d.format('DD ddd')) : days.map((d) => d.toDate());
}

/** 31 December of the current year (local midnight). */
export function endOfCurrentYear(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), 11, 31);
}
