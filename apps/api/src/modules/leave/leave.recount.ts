import type { Queryable } from '../../db/client';
import type { DayContextLoader } from './leave.days';
import * as repo from './leave.repo';
import { addDays, round2, SANDWICH_REACH, type SandwichRules } from './leave.rules';
import { countRequestDays } from './leave.sandwich';

/** What changed in the calendar (the policies index's CalendarChange has these fields). */
export type LeaveCalendarChange = {
  companyId: string;
  employeeIds: string[] | 'all';
  from: string;
  to: string | null;
  reason: string;
};

/**
 * After a weekly-off, holiday or assignment change (in the same transaction): pending and approved
 * requests over the changed dates are counted again. A request keeps its new counted days; an
 * approved paid one gets a correcting ledger entry for the difference, never an edit of its debit.
 */
export async function recountRequests(
  tx: Queryable,
  change: LeaveCalendarChange,
  dayContexts: DayContextLoader,
  sandwichOf: (t: repo.LeaveTypeRow) => SandwichRules,
  /** An approved request's counted days changed: attendance's leave marks follow. */
  remark?: (tx: Queryable, before: repo.RequestRow, after: repo.RequestRow) => Promise<void>,
): Promise<number> {
  // A request's sandwiched days off may lie up to SANDWICH_REACH days outside its own dates.
  const params: unknown[] = [
    addDays(change.from, -SANDWICH_REACH),
    change.to ? addDays(change.to, SANDWICH_REACH) : '9999-12-31',
  ];
  const who =
    change.employeeIds === 'all' ? '' : `AND employee_id = ANY($${params.push(change.employeeIds)}::uuid[])`;
  const { rows: ids } = await tx.query<{ id: string }>(
    `SELECT id FROM leave_requests WHERE status IN ('pending', 'approved') AND hours IS NULL
        AND from_date <= $2::date AND to_date >= $1::date ${who} ORDER BY id`,
    params,
  );
  if (ids.length === 0) return 0;
  const requests = await repo.getRequests(
    tx,
    ids.map((r) => r.id),
    true,
  );
  const types = new Map(
    (await repo.listTypes(tx, [...new Set(requests.map((r) => r.leave_type_id))])).map((t) => [t.id, t]),
  );
  let changed = 0;
  for (const r of requests) {
    const type = types.get(r.leave_type_id)!;
    const counted = await countRequestDays(tx, dayContexts, {
      companyId: change.companyId,
      employeeId: r.employee_id,
      from: r.from_date,
      to: r.to_date,
      session: r.session,
      rules: sandwichOf(type),
      exceptId: r.id,
    });
    // jsonb keeps its own key order, so compare what counts rather than the text.
    const key = (d: { date: string; amount: number; kind: string }[]) =>
      d.map((x) => `${x.date}:${x.amount}:${x.kind}`).join(',');
    if (key(counted.days) === key(r.days)) continue;
    changed += 1;
    await tx.query(
      'UPDATE leave_requests SET days = $2::jsonb, total = $3, updated_at = now() WHERE id = $1',
      [r.id, JSON.stringify(counted.days), counted.total],
    );
    if (r.status === 'approved' && remark) {
      await remark(tx, r, { ...r, days: counted.days, total: counted.total });
    }
    const delta = round2(counted.total - r.total);
    if (r.status === 'approved' && type.paid && delta !== 0) {
      const { rows } = await tx.query<{ n: string }>(
        "SELECT count(*) AS n FROM leave_ledger WHERE employee_id = $1 AND leave_type_id = $2 AND kind = 'used' AND ref = $3",
        [r.employee_id, r.leave_type_id, r.id],
      );
      await repo.appendEntries(tx, [
        {
          employeeId: r.employee_id,
          leaveTypeId: r.leave_type_id,
          date: r.from_date,
          kind: 'used',
          amount: -delta,
          reason: `Correction of leave ${r.from_date}${r.to_date !== r.from_date ? ` to ${r.to_date}` : ''}: ${change.reason}`,
          rule: `Counted again: ${r.total} days became ${counted.total}`,
          ref: r.id,
          sourceKey: `used:${r.id}#${rows[0]?.n ?? 0}`,
        },
      ]);
    }
  }
  return changed;
}
