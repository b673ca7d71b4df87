/**
 * LOP reversal from corrections (issue 22, migration 0114). A confirmed pay run never changes: a
 * regularisation approved, or an unpaid leave cancelled, on a date of its month leaves the locked
 * day row as it is and records here the loss of pay that date carried in that run. The next run
 * takes the unsettled corrections as its LOP reversal (`unsettledCorrections`), pays them back and
 * its confirm settles them (`settleCorrections`), so each is paid once.
 */
import type { Queryable } from '../../db/client';
import { dateIn } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { timeZone } from './attendance.repo';
import { holdMonths, lockedDates, longDate } from './locks';

export type CorrectionSource = 'regularisation' | 'leave';

export type AttendanceCorrection = {
  id: string;
  employee_id: string;
  date: string;
  /** YYYY-MM of the confirmed month. */
  month: string;
  lop_days: number;
  source: CorrectionSource;
  /** The company's local date it was approved (or the leave cancelled). */
  decided_on: string;
};

const COLUMNS = `id, employee_id, date::text AS date, to_char(month, 'YYYY-MM') AS month, lop_days,
  source, decided_on::text AS decided_on`;
type Row = Omit<AttendanceCorrection, 'lop_days'> & { lop_days: string };
const out = (r: Row): AttendanceCorrection => ({ ...r, lop_days: Number(r.lop_days) });

/** What the confirmed run counted for one employee (the parts of its payable-days detail used here). */
type RunDetail = {
  absent_dates?: string[];
  leave_lop?: { date: string; days: number; request_id: string }[];
};

/**
 * The loss of pay each locked date carried in the confirmed run that locked it, as this source
 * would remove it: an unexcused absence (1 day, or ½ for a half day or a day half on leave) for a
 * regularisation, the leave's own LOP days for a cancelled leave. The run's attendance
 * (pay_run_attendance.detail) is the record of what it charged; attendance's lock names the run.
 */
async function lopCarried(
  tx: Queryable,
  employeeId: string,
  dates: string[],
  source: CorrectionSource,
  sourceId: string,
): Promise<Map<string, number>> {
  const { rows } = await tx.query<{ date: string; detail: RunDetail; absent: string | null }>(
    `SELECT u.d::text AS date, a.detail,
            (SELECT CASE WHEN s.status = 'absent' THEN (CASE WHEN l.portion IS NULL THEN 1 ELSE 0.5 END)
                         WHEN s.status = 'half_day' THEN (CASE WHEN l.portion IS NULL THEN 0.5 ELSE 0 END) END
               FROM attendance_days s
               LEFT JOIN attendance_leave_days l ON l.employee_id = s.employee_id AND l.date = s.date
              WHERE s.employee_id = $1 AND s.date = u.d) AS absent
       FROM unnest($2::date[]) AS u(d)
       JOIN attendance_lock k ON u.d BETWEEN k.period_from AND k.period_to AND k.ref LIKE 'payrun:%'
       JOIN pay_run_attendance a ON a.run_id = substr(k.ref, 8)::uuid AND a.employee_id = $1`,
    [employeeId, dates],
  );
  const lop = new Map<string, number>();
  for (const r of rows) {
    let days = 0;
    if (source === 'regularisation') {
      // Counted absent by the run: the locked day row (unchanged since) says whole or half.
      if (r.detail.absent_dates?.includes(r.date)) days = r.absent == null ? 1 : Number(r.absent);
    } else {
      days = (r.detail.leave_lop ?? [])
        .filter((l) => l.date === r.date && l.request_id === sourceId)
        .reduce((n, l) => n + l.days, 0);
    }
    if (days > 0) lop.set(r.date, Math.min(1, days));
  }
  return lop;
}

/**
 * Records the corrections of the locked dates among `dates` (in the caller's transaction, the one
 * approving the regularisation or cancelling the leave) and returns the locked dates; dates that
 * carried no loss of pay record nothing, and a date already corrected is not corrected twice.
 */
export async function recordCorrections(
  tx: Queryable,
  employeeId: string,
  dates: string[],
  source: { source: CorrectionSource; id: string },
  now: Date,
): Promise<string[]> {
  await holdMonths(tx, dates, 'shared');
  const locked = await lockedDates(tx, employeeId, dates);
  if (locked.length === 0) return [];
  const lop = await lopCarried(tx, employeeId, locked, source.source, source.id);
  if (lop.size > 0) {
    const decidedOn = dateIn(await timeZone(tx), now);
    await tx.query(
      `INSERT INTO attendance_corrections (company_id, employee_id, date, month, lop_days, source, source_id, decided_on)
       SELECT current_setting('app.company_id')::uuid, $1, d, date_trunc('month', d)::date, n, $4, $5, $6
         FROM unnest($2::date[], $3::numeric[]) AS u(d, n)
       ON CONFLICT (employee_id, date) DO NOTHING`,
      [employeeId, [...lop.keys()], [...lop.values()], source.source, source.id, decidedOn],
    );
  }
  return locked;
}

/** The words the requester and approver see for a correction of locked dates. */
export function correctionNote(locked: string[], what = 'the approved correction'): string | null {
  if (locked.length === 0) return null;
  const named =
    locked.length <= 3
      ? locked.map(longDate).join(', ')
      : `${locked.slice(0, 3).map(longDate).join(', ')} and ${locked.length - 3} more days`;
  return `${named} ${locked.length === 1 ? 'is' : 'are'} in a confirmed pay run: ${what} is paid back as LOP reversal in the next pay run`;
}

/**
 * What a final approval of this source did to the confirmed months among `dates`, in words for the
 * decider's reply (null when no date is locked): the loss of pay recorded to be paid back, or that
 * the day carried none.
 */
export async function decidedCorrectionNote(
  tx: Queryable,
  employeeId: string,
  dates: string[],
  source: { source: CorrectionSource; id: string },
): Promise<string | null> {
  const locked = await lockedDates(tx, employeeId, dates);
  if (locked.length === 0) return null;
  const { rows } = await tx.query<{ date: string; lop_days: string }>(
    `SELECT date::text AS date, lop_days FROM attendance_corrections
      WHERE employee_id = $1 AND source = $2 AND source_id = $3 ORDER BY date`,
    [employeeId, source.source, source.id],
  );
  const days = rows.reduce((n, r) => n + Number(r.lop_days), 0);
  const named = locked.map(longDate).join(', ');
  const inRun = `${named} ${locked.length === 1 ? 'is' : 'are'} in a confirmed pay run`;
  if (days === 0) return `${inRun} and carried no loss of pay: nothing is paid back`;
  const amount = days === 0.5 ? 'half a day' : days === 1 ? '1 day' : `${days} days`;
  return `${inRun}: ${amount} of loss of pay ${days > 1 ? 'are' : 'is'} paid back as LOP reversal in the next pay run`;
}

/** Unsettled corrections of these employees in months before `beforeMonth` (YYYY-MM), by date. */
export async function unsettledCorrections(
  tx: Queryable,
  employeeIds: string[],
  beforeMonth: string,
): Promise<AttendanceCorrection[]> {
  if (employeeIds.length === 0) return [];
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM attendance_corrections
      WHERE employee_id = ANY($1::uuid[]) AND settled_run_id IS NULL AND month < $2::date
      ORDER BY employee_id, date`,
    [employeeIds, `${beforeMonth}-01`],
  );
  return rows.map(out);
}

/** Corrections by id (a run's LOP reversal names them). */
export async function correctionsByIds(tx: Queryable, ids: string[]): Promise<AttendanceCorrection[]> {
  if (ids.length === 0) return [];
  const { rows } = await tx.query<Row>(
    `SELECT ${COLUMNS} FROM attendance_corrections WHERE id = ANY($1::uuid[]) ORDER BY employee_id, date`,
    [ids],
  );
  return rows.map(out);
}

/**
 * Marks the corrections a run paid as settled by it (in its confirm transaction). One settled by
 * another run already would be paid twice: refused, so the run takes its attendance again.
 */
export async function settleCorrections(tx: Queryable, runId: string, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const { rows } = await tx.query(
    `UPDATE attendance_corrections SET settled_run_id = $1
      WHERE id = ANY($2::uuid[]) AND (settled_run_id IS NULL OR settled_run_id = $1) RETURNING id`,
    [runId, unique],
  );
  if (rows.length !== unique.length) {
    throw new AppError(
      'CONFLICT',
      'Some LOP reversal of this run was paid by another pay run: take the attendance again and compute before confirming',
    );
  }
}

/** A reversed run's month is open again: its unpaid corrections go (the days re-derive instead). */
export async function dropUnsettledCorrections(tx: Queryable, from: string, to: string): Promise<void> {
  await tx.query(
    'DELETE FROM attendance_corrections WHERE date BETWEEN $1 AND $2 AND settled_run_id IS NULL',
    [from, to],
  );
}
