/**
 * Attendance locks: the seam a confirmed pay run calls (migration 0095). A lock covers a company's
 * period; while it stands, re-derivation writes and removes no day row of that period (the filter
 * sits in one place, deriveRange's write step), regularisation and leave on its dates are refused,
 * and punches still land in the append-only ledger. A reversed run unlocks by its ref and the
 * period re-derives from what the ledger, calendar and approved requests say now.
 */
import type { Queryable } from '../../db/client';
import { longDate } from '../../lib/dates';
import { AppError } from '../../lib/errors';

export { longDate };

export type LockRange = { from: string; to: string };

/** The company's locked periods overlapping [from, to] (tenant transaction; usually none or one). */
export async function lockRanges(tx: Queryable, from: string, to: string): Promise<LockRange[]> {
  const { rows } = await tx.query<LockRange>(
    `SELECT period_from::text AS "from", period_to::text AS "to" FROM attendance_lock
      WHERE period_from <= $2::date AND period_to >= $1::date ORDER BY period_from`,
    [from, to],
  );
  return rows;
}

/** Whether a date falls in one of the ranges. */
export const inLock = (ranges: LockRange[], date: string) =>
  ranges.some((r) => date >= r.from && date <= r.to);

/**
 * A month's attendance held between a pay run confirming it and a request changing a day of it
 * (a transaction advisory lock per company and month). A request deciding on days takes it shared
 * before it reads the locks; the confirm takes it alone before it reads the month's attendance
 * again. So either the request commits first and the confirm sees its change (and refuses), or the
 * confirm commits first and the request finds the day locked (and records a correction): never an
 * approval that lands between the confirm's read and its lock and is paid by neither.
 */
export async function holdMonths(tx: Queryable, dates: string[], mode: 'shared' | 'alone'): Promise<void> {
  const months = [...new Set(dates.map((d) => d.slice(0, 7)))].sort();
  if (months.length === 0) return;
  const fn = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  // A statement of its own: the reads after it see what committed before the lock was granted.
  await tx.query(
    `SELECT ${fn}(hashtext('attendance_month:' || current_setting('app.company_id') || ':' || m))
       FROM unnest($1::text[]) AS m`,
    [months],
  );
}

/**
 * The dates among these that a lock covers, or whose day row of this employee is locked, sorted.
 */
export async function lockedDates(tx: Queryable, employeeId: string, dates: string[]): Promise<string[]> {
  if (dates.length === 0) return [];
  const { rows } = await tx.query<{ date: string }>(
    `SELECT d::text AS date FROM unnest($2::date[]) AS u(d)
      WHERE EXISTS (SELECT 1 FROM attendance_lock l WHERE u.d BETWEEN l.period_from AND l.period_to)
         OR EXISTS (SELECT 1 FROM attendance_days a WHERE a.employee_id = $1 AND a.date = u.d AND a.locked)
      ORDER BY d`,
    [employeeId, [...new Set(dates)]],
  );
  return rows.map((r) => r.date);
}

/**
 * Refuses (409) when any of these dates is in a confirmed pay run, naming the dates:
 * "03 Nov 2026 is in a confirmed pay run; its attendance can no longer change".
 */
export async function assertDatesOpen(tx: Queryable, employeeId: string, dates: string[]): Promise<void> {
  await holdMonths(tx, dates, 'shared');
  const locked = await lockedDates(tx, employeeId, dates);
  if (locked.length === 0) return;
  const named =
    locked.length <= 3
      ? locked.map(longDate).join(', ')
      : `${locked.slice(0, 3).map(longDate).join(', ')} and ${locked.length - 3} more days`;
  throw new AppError(
    'CONFLICT',
    `${named} ${locked.length === 1 ? 'is' : 'are'} in a confirmed pay run; ${locked.length === 1 ? 'its' : 'their'} attendance can no longer change`,
    { errors: [{ path: 'date', message: `${longDate(locked[0]!)} is in a confirmed pay run` }] },
  );
}

/** Marks every day row of the period locked (belt and braces for the write step's filter). */
export async function markRowsLocked(tx: Queryable, from: string, to: string) {
  await tx.query('UPDATE attendance_days SET locked = true WHERE date BETWEEN $1 AND $2 AND NOT locked', [
    from,
    to,
  ]);
}

/** Unmarks the period's day rows no other lock still covers. */
export async function unmarkRowsLocked(tx: Queryable, from: string, to: string) {
  await tx.query(
    `UPDATE attendance_days a SET locked = false
      WHERE a.date BETWEEN $1 AND $2 AND a.locked
        AND NOT EXISTS (SELECT 1 FROM attendance_lock l WHERE a.date BETWEEN l.period_from AND l.period_to)`,
    [from, to],
  );
}
