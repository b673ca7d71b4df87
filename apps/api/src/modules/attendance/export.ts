import { ATTENDANCE_STATUS_LABELS, type AttendanceDay, type AttendanceDayStatus } from '@hr/contract';
import ExcelJS from 'exceljs';
import { safeCell } from '../../lib/export';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The spec's export name: `{prefix}-{MM-YYYY}.csv` / `.xlsx` for the month exported. */
export const exportName = (prefix: string, year: number, month: number, format: 'csv' | 'xlsx') =>
  `${prefix}-${String(month).padStart(2, '0')}-${year}.${format}`;

/** A cell as text a spreadsheet takes literally: the reports' own rule (`safeCell`) for formulas. */
function csvCell(v: string | number): string {
  const s = String(safeCell(v));
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
export function toCsv(rows: (string | number)[][]): string {
  // A byte-order mark makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
export async function toXlsx(sheet: string, rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  // Escaped in the .xlsx too: a name typed as "=HYPERLINK(...)" stays text however the file is opened.
  for (const r of rows) ws.addRow(r.map(safeCell));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const time = (v: string | null, tz: string) =>
  v
    ? new Intl.DateTimeFormat('en-GB', {
        timeZone: tz,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(v))
    : '';
const hours = (m: number) => (m ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}` : '');
const label = (s: AttendanceDayStatus | null) => (s ? ATTENDANCE_STATUS_LABELS[s] : '');

/** One employee's month: a row per day. */
export function monthSheet(days: AttendanceDay[], tz: string): (string | number)[][] {
  return [
    ['Date', 'Day', 'Status', 'In', 'Out', 'Worked (h:mm)', 'Late (min)', 'Early exit', 'Missed punch'],
    ...days.map((d) => [
      d.date,
      d.weekday,
      label(d.status),
      time(d.first_in, tz),
      time(d.last_out, tz),
      hours(d.worked_minutes),
      d.late ? d.late_minutes : '',
      d.early_exit ? 'Yes' : '',
      d.missed_punch ? 'Yes' : '',
    ]),
  ];
}

/** The muster: a row per employee, a column per day. */
export function musterSheet(
  dates: string[],
  rows: {
    employee_code: string;
    employee_name: string;
    days: (AttendanceDayStatus | null)[];
    present: number;
    absent: number;
    late_marks: number;
    penalty_lop_days: number;
  }[],
): (string | number)[][] {
  return [
    ['Code', 'Name', ...dates.map((d) => d.slice(8)), 'Present', 'Absent', 'Late marks', 'Penalty LOP days'],
    ...rows.map((r) => [
      r.employee_code,
      r.employee_name,
      ...r.days.map(label),
      r.present,
      r.absent,
      r.late_marks,
      r.penalty_lop_days,
    ]),
  ];
}
