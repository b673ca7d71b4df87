/** The policies index's day context: what attendance derives days from. */
export type { AttendanceRules, CalendarChange, DayContext, ShiftDef } from '../policies';
export { loadDayContexts } from '../policies';
