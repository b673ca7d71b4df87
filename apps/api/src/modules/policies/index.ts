/**
 * The policies seam (helper-notes/POLICIES-INDEX.md): what attendance, leave and payroll use of
 * this module. Other modules import this file, never the others.
 */
import type { Queryable } from '../../db/client';

export { isNightShift, shiftSpan, weeklyOffOn, weekOfMonth } from './policies.domain';
export type { AttendanceRules, DayContext, PolicyAnswer, ShiftDef } from './resolve.repo';
export { approvalFlowFor, explainPolicy, loadDayContexts, noticeDaysFor } from './resolve.repo';

/** What changed, for listeners that re-derive attendance days. `to: null` = open-ended. */
export type CalendarChange = {
  companyId: string;
  employeeIds: string[] | 'all';
  from: string;
  to: string | null;
  reason: string;
};
/** Called in the same transaction as the change, so a failing re-derivation rolls it back. */
export type CalendarChangeListener = (tx: Queryable, change: CalendarChange) => Promise<void>;
