/**
 * What other modules may use of the attendance module: re-derivation after a calendar change
 * (app.ts wires `rederiveListener` to the policies service's onCalendarChange) and approved leave
 * (the leave module marks and unmarks days in its deciding transaction), and late-mark and
 * early-exit penalties as days of loss of pay (`penaltyLopDays`, for payable days and leave's LOP).
 */
export {
  type AttendanceService,
  deriveRange,
  type EmployeePenalty,
  markLeaveDays,
  penaltyLopDays,
  rederiveListener,
  unmarkLeaveDays,
} from './attendance.service';
export type { CalendarChange } from './day-context';
export type { AttendanceStatus, LeaveMark } from './derive';
export type { Penalty } from './penalties';
export { REGULARISATION_TYPE } from './regularisation.service';
