import type { Queryable } from '../../db/client';
import type { LeaveDay, WorkThresholds } from './leave.rules';

/**
 * The day facts leave needs per employee and date: weekly-offs and holidays, and the leave policy
 * that applies (from the employee's master policy). The policies index's `DayContext` has these
 * fields; app.ts passes its `loadDayContexts`.
 */
export type LeaveDayContext = LeaveDay & {
  leavePolicyId: string | null;
  /** The attendance policy's half- and full-day minimums (comp-off credits follow them). */
  attendance?: WorkThresholds | null;
  /** The day's shift (leave in hours must fall within a day shift). */
  shift?: { start: string; end: string; breakMinutes: number } | null;
};
export type DayContextLoader = (
  tx: Queryable,
  companyId: string,
  employeeIds: string[],
  from: string,
  to: string,
) => Promise<Map<string, LeaveDayContext[]>>;

/** Approved leave on a date as attendance sees it: the whole day or one half. */
export type LeaveDayMark = { date: string; portion: 'full' | 'first_half' | 'second_half' };

/**
 * Called in the deciding transaction when leave days become approved or stop being approved, so
 * attendance shows them as leave. app.ts wires the attendance index's markLeaveDays/unmarkLeaveDays
 * here: leave does not import attendance (attendance already reads the policies leave reads).
 */
export type LeaveDaysListener = {
  mark(
    tx: Queryable,
    companyId: string,
    employeeId: string,
    days: LeaveDayMark[],
    requestId: string,
  ): Promise<void>;
  unmark(tx: Queryable, companyId: string, employeeId: string, dates: string[]): Promise<void>;
  /**
   * Refuses (409, naming the date) when any date is in a confirmed pay run: leave cannot be asked
   * for, approved or cancelled there. (A calendar recount's re-marking is not refused: attendance
   * keeps the mark and leaves the locked day row as it is.)
   */
  assertOpen?(tx: Queryable, employeeId: string, dates: string[]): Promise<void>;
  /**
   * Unpaid leave cancelled on days of a confirmed pay run: the locked days stay as that run paid
   * them, and the loss of pay the leave carried there is recorded to be paid back by the next run.
   * Returns the words to tell the user, or null when no date is locked.
   */
  reverseLop?(tx: Queryable, employeeId: string, dates: string[], requestId: string): Promise<string | null>;
};

/** Minutes worked per employee and date (days with work only): the attendance index's workedMinutes. */
export type WorkedMinutesReader = (
  tx: Queryable,
  employeeIds: string[] | 'all',
  from: string,
  to: string,
) => Promise<Map<string, Map<string, number>>>;
