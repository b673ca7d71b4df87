import type { Queryable } from '../../db/client';
import { eachDay } from '../../lib/dates';
import type { DayContextLoader, LeaveDayContext } from './leave.days';
import {
  addDays,
  type CountedDay,
  countLeaveDays,
  type LeaveDay,
  type OtherLeave,
  round2,
  SANDWICH_REACH,
  type SandwichRules,
  type Session,
  sandwichGaps,
} from './leave.rules';

/**
 * The counted days of a request as stored and previewed: its own dates (countLeaveDays) and the
 * weekly-offs and holidays sandwiched between it and the employee's other pending or approved leave
 * (sandwichGaps), listed before and after its own dates. Hour leave is no leave day on either side.
 */
export async function countRequestDays(
  tx: Queryable,
  dayContexts: DayContextLoader,
  r: {
    companyId: string;
    employeeId: string;
    from: string;
    to: string;
    session: Session;
    rules: SandwichRules;
    exceptId: string | null;
  },
): Promise<{ days: CountedDay[]; total: number }> {
  const lo = addDays(r.from, -SANDWICH_REACH);
  const hi = addDays(r.to, SANDWICH_REACH);
  const ctx = (await dayContexts(tx, r.companyId, [r.employeeId], lo, hi)).get(r.employeeId) ?? [];
  const calendar = new Map<string, LeaveDay>(ctx.map((c) => [c.date, c]));
  const own = countLeaveDays(
    eachDay(r.from, r.to).map(
      (date): LeaveDayContext =>
        (calendar.get(date) as LeaveDayContext | undefined) ?? {
          date,
          weeklyOff: 'none',
          holiday: null,
          leavePolicyId: null,
        },
    ),
    r.rules,
    r.session,
  );
  if (own.total <= 0) return own;
  const others = await otherLeaveDays(tx, r.employeeId, lo, hi, r.exceptId);
  const gaps = sandwichGaps({ from: r.from, to: r.to, session: r.session, calendar, others, rules: r.rules });
  if (gaps.before.length === 0 && gaps.after.length === 0) return own;
  const days = [...gaps.before, ...own.days, ...gaps.after];
  return { days, total: round2(days.reduce((s, d) => s + d.amount, 0)) };
}

/** Dates other pending or approved day leave of the employee takes from a balance, with the portion. */
async function otherLeaveDays(
  tx: Queryable,
  employeeId: string,
  from: string,
  to: string,
  exceptId: string | null,
): Promise<Map<string, OtherLeave>> {
  const { rows } = await tx.query<{ date: string; session: Session; status: string }>(
    `SELECT d->>'date' AS date, r.session, r.status
       FROM leave_requests r, jsonb_array_elements(r.days) d
      WHERE r.employee_id = $1 AND r.status IN ('pending', 'approved') AND r.id IS DISTINCT FROM $4
        AND r.hours IS NULL
        AND r.from_date <= $3::date + ${SANDWICH_REACH} AND r.to_date >= $2::date - ${SANDWICH_REACH}
        AND (d->>'amount')::numeric > 0 AND d->>'date' BETWEEN $2::text AND $3::text
      ORDER BY r.status, d->>'date'`,
    [employeeId, from, to, exceptId],
  );
  const out = new Map<string, OtherLeave>();
  for (const row of rows) {
    const portion = row.session === 'full_day' ? 'full' : row.session;
    const seen = out.get(row.date);
    // Two halves of one date make the whole day; approved wins over pending in the words.
    if (seen && seen.portion !== portion) seen.portion = 'full';
    else if (!seen) out.set(row.date, { portion, status: row.status });
  }
  return out;
}
