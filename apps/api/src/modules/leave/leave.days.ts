import type { Queryable } from '../../db/client';
import type { LeaveDay } from './leave.rules';

/**
 * The day facts leave needs per employee and date: weekly-offs and holidays, and the leave policy
 * that applies (from the employee's master policy). The policies index's `DayContext` has these
 * fields; app.ts passes its `loadDayContexts`.
 */
export type LeaveDayContext = LeaveDay & { leavePolicyId: string | null };
export type DayContextLoader = (
  tx: Queryable,
  companyId: string,
  employeeIds: string[],
  from: string,
  to: string,
) => Promise<Map<string, LeaveDayContext[]>>;
