/** What other modules may use of the leave module (they import this file, never its others). */
import type { Queryable } from '../../db/client';
import { leaveDays } from './leave.repo';

export {
  type LeaveReportFilter,
  type LeaveReportRow,
  leaveReportByType,
  leaveReportRows,
} from './leave.repo';

import { addDays } from './leave.rules';

export type { DayContextLoader, LeaveDayContext } from './leave.days';
export { LEAVE_ACCRUAL_CRON, LEAVE_ACCRUAL_JOB, noCalendar } from './leave.jobs';
export { leaveRoutes } from './leave.routes';
export { createLeaveService, LEAVE_TYPE, type LeaveService } from './leave.service';

export type LopDays = { days: number; dates: { date: string; amount: number; requestId: string }[] };

/**
 * Approved unpaid leave as LOP (loss of pay) days per employee in a month ('YYYY-MM'), with the
 * dates, from the counted days stored on each request (sandwich days included as counted).
 * Employees without any are absent from the map. Runs in the caller's tenant transaction.
 */
export async function lopDays(
  tx: Queryable,
  _companyId: string,
  employeeIds: string[],
  month: string,
): Promise<Map<string, LopDays>> {
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const rows = await leaveDays(tx, employeeIds, from, addDays(next, -1), { unpaidApprovedOnly: true });
  const out = new Map<string, LopDays>();
  for (const r of rows) {
    const e = out.get(r.employee_id) ?? { days: 0, dates: [] };
    out.set(r.employee_id, e);
    e.days += r.amount;
    e.dates.push({ date: r.date, amount: r.amount, requestId: r.request_id });
  }
  return out;
}
