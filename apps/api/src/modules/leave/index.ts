/** What other modules may use of the leave module (they import this file, never its others). */
import type { Queryable } from '../../db/client';
import { balances as balanceMap, leaveDays, listTypes as listLeaveTypes } from './leave.repo';

export {
  type LeaveReportFilter,
  type LeaveReportRow,
  leaveReportByType,
  leaveReportRows,
} from './leave.repo';

import { addDays } from './leave.rules';

export type { DayContextLoader, LeaveDayContext } from './leave.days';
export { createLeaveEncashmentService, LEAVE_ENCASHMENT_TYPE } from './leave.encashment';
export { LEAVE_ACCRUAL_CRON, LEAVE_ACCRUAL_JOB, noCalendar } from './leave.jobs';
export { leaveRoutes } from './leave.routes';
export { balancesOf, createLeaveService, LEAVE_TYPE, type LeaveService } from './leave.service';
export { leaveEncashmentRoutes } from './leave-encashment.routes';

/** Pending and approved leave days of some employees in a date range (the team dashboard's calendar). */
export { leaveDays };

export type LopDays = {
  days: number;
  dates: { date: string; amount: number; requestId: string; leaveType: string }[];
};

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
    e.dates.push({ date: r.date, amount: r.amount, requestId: r.request_id, leaveType: r.leave_type });
  }
  return out;
}

export type Encashment = {
  employeeId: string;
  leaveTypeId: string;
  leaveTypeName: string;
  leaveTypeCode: string;
  /** Days encashed in the month for this employee and type (positive). */
  days: number;
};

/**
 * Leave encashed in a month ('YYYY-MM'), per employee and leave type, for the pay run that pays it:
 * the 'encashment' debits of the ledger dated in the month (an administrator's direct entry, or an
 * employee's encashment request on the day of its final approval; each within the balance and the
 * type's yearly cap). Runs in the caller's tenant transaction.
 */
export async function encashments(tx: Queryable, _companyId: string, month: string): Promise<Encashment[]> {
  const from = `${month}-01`;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const { rows } = await tx.query<{
    employee_id: string;
    leave_type_id: string;
    name: string;
    code: string;
    days: string;
  }>(
    `SELECT l.employee_id, l.leave_type_id, t.name, t.code, -sum(l.amount) AS days
       FROM leave_ledger l JOIN leave_types t ON t.id = l.leave_type_id
      WHERE l.kind = 'encashment' AND l.entry_date >= $1::date AND l.entry_date < $2::date
      GROUP BY l.employee_id, l.leave_type_id, t.name, t.code
     HAVING sum(l.amount) <> 0
      ORDER BY l.employee_id, t.code`,
    [from, next],
  );
  return rows.map((r) => ({
    employeeId: r.employee_id,
    leaveTypeId: r.leave_type_id,
    leaveTypeName: r.name,
    leaveTypeCode: r.code,
    days: Number(r.days),
  }));
}

/**
 * Of these documents, the ones a pending or approved leave request relies on, each with words for
 * why it is kept ("attached to a pending leave request"). A rejected, withdrawn or cancelled
 * request's document may go. Runs in the caller's tenant transaction; the files module asks before
 * it deletes a document.
 */
export async function leaveDocumentsInUse(
  tx: Queryable,
  documentIds: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (documentIds.length === 0) return out;
  const { rows } = await tx.query<{ document_id: string; status: string }>(
    `SELECT DISTINCT ON (document_id) document_id, status FROM leave_requests
      WHERE document_id = ANY($1::uuid[]) AND status IN ('pending', 'approved')
      ORDER BY document_id, created_at DESC`,
    [documentIds],
  );
  for (const r of rows) {
    out.set(
      r.document_id,
      `attached to ${r.status === 'approved' ? 'an approved' : 'a pending'} leave request`,
    );
  }
  return out;
}

/** A leave type's balance that is paid out when the employee leaves. */
export type ExitLeaveBalance = { leave_type_id: string; name: string; days: number };

/**
 * The balances paid out at exit (full and final settlement, issue 23): of the employee's active,
 * paid leave types that allow encashment, the ledger balance on `asOf` (the last working day),
 * when more than 0. Caller's tenant transaction.
 */
export async function exitLeaveBalances(
  tx: Queryable,
  employeeId: string,
  asOf: string,
): Promise<ExitLeaveBalance[]> {
  const balances = await balanceMap(tx, employeeId, asOf);
  const out: ExitLeaveBalance[] = [];
  for (const t of await listLeaveTypes(tx)) {
    const days = Math.round((balances.get(t.id) ?? 0) * 100) / 100;
    if (t.active && t.paid && t.encashment && days > 0) out.push({ leave_type_id: t.id, name: t.name, days });
  }
  return out;
}
