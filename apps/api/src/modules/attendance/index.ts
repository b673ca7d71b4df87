/**
 * What other modules may use of the attendance module: re-derivation after a calendar change
 * (app.ts wires `rederiveListener` to the policies service's onCalendarChange) and approved leave
 * (the leave module marks and unmarks days in its deciding transaction), and minutes worked per day
 * (the leave module's comp-off credits).
 */
export {
  type AttendanceService,
  deriveRange,
  markLeaveDays,
  rederiveListener,
  unmarkLeaveDays,
  workedMinutes,
} from './attendance.service';
export type { CalendarChange } from './day-context';
export type { AttendanceStatus, LeaveMark } from './derive';
export { REGULARISATION_TYPE } from './regularisation.service';
