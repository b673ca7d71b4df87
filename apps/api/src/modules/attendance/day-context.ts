/**
 * The policies index's day context (POLICIES-INDEX.md), declared here until the policies module
 * lands; then this file re-exports its types.
 */
export type ShiftDef = {
  id: string;
  name: string;
  start: string;
  end: string;
  breakMinutes: number;
  graceInMinutes: number;
  graceOutMinutes: number;
  flexiMinutes: number;
};
export type AttendanceRules = {
  id: string;
  name: string;
  cycleStartDay: number;
  punchSources: ('web' | 'mobile' | 'biometric' | 'manual')[];
  halfDayMinMinutes: number;
  fullDayMinMinutes: number;
  lateMarksPerPenalty: number | null;
  latePenaltyDays: number;
  earlyExitMarksPerPenalty: number | null;
  earlyExitPenaltyDays: number;
  regularisationPerMonth: number | null;
  regularisationLookbackDays: number | null;
  regularisationAutoApprove: boolean;
  location: { lat: number; lng: number; radiusMetres: number } | null;
};
export type DayContext = {
  date: string;
  weeklyOff: 'none' | 'full' | 'first_half' | 'second_half';
  holiday: { id: string; name: string; optional: boolean } | null;
  shift: ShiftDef | null;
  attendance: AttendanceRules | null;
  masterPolicyId: string | null;
  leavePolicyId: string | null;
};
export type CalendarChange = {
  companyId: string;
  employeeIds: string[] | 'all';
  from: string;
  to: string | null;
  reason: string;
};
