/**
 * What other modules may use of the attendance module: re-derivation after a calendar change
 * (app.ts wires `rederiveListener` to the policies service's onCalendarChange), approved leave
 * (the leave module marks and unmarks days in its deciding transaction), minutes worked per day
 * (the leave module's comp-off credits), the employee dashboard's today card, the team dashboard's
 * team today (`teamTodayOn`), and late-mark and early-exit penalties as days of loss of pay
 * (`penaltyLopDays`, for payable days and leave's LOP), and the pay run's seam:
 * `lockAttendancePeriod` when a run is confirmed, `unlockAttendancePeriod` when it is reversed,
 * `assertDatesOpen` for requests on a locked day (leave's apply and decide), `holdMonths` that
 * orders a run's confirm with those requests, and LOP reversal
 * from corrections of a confirmed month (`recordCorrections` for leave cancelled there,
 * `unsettledCorrections`, `correctionsByIds` and `settleCorrections` for the next run).
 */
import type { Queryable } from '../../db/client';
import { daysOf, punchesOn } from './attendance.repo';
import { dayOut } from './attendance.service';
import { addDays, localToInstant, punchSession } from './derive';

export { longDate } from '../../lib/dates';
export {
  type AttendanceService,
  deriveRange,
  type EmployeePenalty,
  markLeaveDays,
  penaltyLopDays,
  rederiveListener,
  teamTodayOn,
  unmarkLeaveDays,
  workedMinutes,
} from './attendance.service';
export {
  type AttendanceCorrection,
  type CorrectionSource,
  correctionNote,
  correctionsByIds,
  recordCorrections,
  settleCorrections,
  unsettledCorrections,
} from './corrections';
export type { CalendarChange } from './day-context';
export type { AttendanceStatus, LeaveMark } from './derive';
export { punchSession } from './derive';
export { type AttendanceLockRef, lockAttendancePeriod, unlockAttendancePeriod } from './lock-period';
export { assertDatesOpen, holdMonths, lockedDates } from './locks';
export type { Penalty } from './penalties';
export { REGULARISATION_TYPE } from './regularisation.service';

/**
 * One employee's day so far (status, first in, last out) and how many punches it has, in the
 * caller's tenant transaction; `date` is the company's local date in `timeZone`.
 */
export async function todayPunch(tx: Queryable, employeeId: string, date: string, timeZone: string) {
  const [row] = await daysOf(tx, employeeId, date, date);
  const from = localToInstant(date, 0, timeZone);
  const to = localToInstant(addDays(date, 1), 0, timeZone);
  const punches = await punchesOn(tx, employeeId, from, to);
  const day = dayOut(date, row);
  return {
    status: day.status,
    // Before anything derives the day, the punches themselves say when I came in and left.
    first_in: day.first_in ?? punches[0]?.at ?? null,
    last_out: day.last_out ?? (punches.length > 1 ? punches[punches.length - 1]!.at : null),
    punches: punches.length,
    times: punches.map((p) => p.at),
    ...punchSession(punches),
  };
}

/**
 * Unexcused absences of some employees between two dates, for payable days: a day derived
 * `absent` counts 1 (½ when half of it is on approved leave), a `half_day` counts ½ (0 when the
 * other half is on leave); a day on full leave counts nothing here (unpaid leave is the leave
 * module's LOP). Days not derived yet (the future) are not absences. One index range per employee.
 */
export async function absentDays(
  tx: Queryable,
  employeeIds: string[],
  from: string,
  to: string,
): Promise<Map<string, { date: string; days: number }[]>> {
  const { rows } = await tx.query<{ employee_id: string; date: string; days: string }>(
    `SELECT u.e AS employee_id, a.date::text AS date,
            CASE WHEN a.status = 'absent' THEN (CASE WHEN l.portion IS NULL THEN 1 ELSE 0.5 END)
                 ELSE (CASE WHEN l.portion IS NULL THEN 0.5 ELSE 0 END) END AS days
       FROM unnest($1::uuid[]) AS u(e)
      CROSS JOIN LATERAL (
            SELECT date, status FROM attendance_days
             WHERE employee_id = u.e AND status IN ('absent', 'half_day')
               AND (employee_id, date) BETWEEN (u.e, $2::date) AND (u.e, $3::date) OFFSET 0) a
       LEFT JOIN attendance_leave_days l ON l.employee_id = u.e AND l.date = a.date
      WHERE l.portion IS DISTINCT FROM 'full'
      ORDER BY 1, 2`,
    [employeeIds, from, to],
  );
  const out = new Map<string, { date: string; days: number }[]>();
  for (const r of rows) {
    const days = Number(r.days);
    if (days === 0) continue;
    const list = out.get(r.employee_id) ?? [];
    out.set(r.employee_id, list);
    list.push({ date: r.date, days });
  }
  return out;
}
