import { type SheetRowError, sheetPaiseOf } from '@hr/contract';
import type { Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { type CheckedRow, inWords, type RowError, type SheetSpec } from '../../../lib/sheet-import';
import {
  type EmployeeByCode,
  employeesByCodes,
  type PayrollEmployee,
  payrollEmployeesIn,
} from '../../employees';
import { firstDay, lastDay, monthLabel } from '../month';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-10-15' → "15 Oct 2026". */
export const dateLabel = (d: string) =>
  `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;

/** Row errors as the contract shows them: the column's header and the whole sentence. */
export function sheetErrors(spec: SheetSpec, errors: RowError[]): SheetRowError[] {
  return errors.map((e) => ({
    row: e.row,
    column: spec.columns.find((c) => c.key === e.column)?.header ?? e.column,
    message: inWords(spec, e),
  }));
}

/**
 * The 400 of rows that are not all right: nothing was stored. `message` gets the number of rows
 * ("3 rows"); by default "3 rows with errors: the TDS sheet was not stored".
 */
export function rowsRefused(
  spec: SheetSpec,
  errors: RowError[],
  what: string,
  message = (rows: string) => `${rows} with errors: ${what} was not stored`,
): AppError {
  const n = new Set(errors.map((e) => e.row)).size;
  const list = sheetErrors(spec, errors);
  return new AppError('VALIDATION', message(`${n} row${n === 1 ? '' : 's'}`), {
    errors: list.map((e) => ({
      path: `Row ${e.row}, ${e.column}`,
      message: e.message,
      row: e.row,
      column: e.column,
    })),
  });
}

/**
 * Matches each row's employee code to an employee of the period [from, to] (the run's month, or a
 * financial year). Unknown codes, employees not employed in the period (exited before it, joining
 * after it, switched off) and a second row of the same `dupKey` are row errors in words.
 */
export async function matchEmployees<T extends { employee_code?: string }>(
  tx: Queryable,
  rows: CheckedRow<T>[],
  period: { from: string; to: string; label: string },
  fail: (row: number, column: string, message: string) => void,
  /** What makes two rows the same (null: the row cannot be compared, its cells have errors). */
  dupKey: (r: CheckedRow<T>, e: PayrollEmployee) => string | null = (_r, e) => e.id,
  dupWhat = 'employee',
): Promise<{ byRow: Map<number, PayrollEmployee>; inPeriod: PayrollEmployee[] }> {
  const codes = [...new Set(rows.flatMap((r) => (r.value.employee_code ? [r.value.employee_code] : [])))];
  const found = await employeesByCodes(tx, codes);
  const { rows: inPeriod } = await payrollEmployeesIn(tx, period.from, period.to);
  const byId = new Map(inPeriod.map((e) => [e.id, e]));
  const byRow = new Map<number, PayrollEmployee>();
  const firstRow = new Map<string, number>();
  for (const r of rows) {
    const code = r.value.employee_code;
    if (!code) continue;
    const known = found.get(code.toLowerCase());
    if (!known) {
      fail(r.row, 'employee_code', `no employee has the code ${code}`);
      continue;
    }
    const e = byId.get(known.id);
    if (!e) {
      fail(r.row, 'employee_code', notInPeriod(known, period));
      continue;
    }
    const key = dupKey(r, e);
    const first = key === null ? undefined : firstRow.get(key);
    if (key !== null && first !== undefined) {
      fail(
        r.row,
        'employee_code',
        `${e.name} (${e.code}) is already on row ${first}: one row per ${dupWhat}`,
      );
      continue;
    }
    if (key !== null) firstRow.set(key, r.row);
    byRow.set(r.row, e);
  }
  return { byRow, inPeriod };
}

function notInPeriod(e: EmployeeByCode, period: { from: string; to: string; label: string }): string {
  const who = `${e.name} (${e.code})`;
  if (e.exit_date && e.exit_date < period.from) {
    return `${who} left on ${dateLabel(e.exit_date)}, before ${period.label}`;
  }
  if (e.date_of_joining > period.to)
    return `${who} joins on ${dateLabel(e.date_of_joining)}, after ${period.label}`;
  return `${who} is switched off (inactive) and not paid in ${period.label}`;
}

export const monthPeriod = (month: string) => ({
  from: firstDay(month),
  to: lastDay(month),
  label: monthLabel(month),
});

/** A stored cell written back into a template: an amount as a number of rupees, else the text. */
export function asNumber(text: string | undefined): string | number {
  const p = sheetPaiseOf(text ?? '');
  return p === null || Number.isNaN(p) ? (text ?? '') : p / 100;
}
