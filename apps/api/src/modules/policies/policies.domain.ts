/**
 * Pure policy resolution: calendar arithmetic on 'YYYY-MM-DD' strings (no clock, no time zone:
 * the dates are already the company's), weekly-offs, rosters, shifts and assignment precedence.
 */

import { addDays, daysBetween } from '../../lib/dates';

export type OffKind = 'none' | 'full' | 'first_half' | 'second_half';
/** `days[weekday]` (0 = Sunday) holds the kind for the 1st..5th such weekday of the month. */
export type WeeklyOffDays = OffKind[][];

const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);

export { addDays, daysBetween };

/** 0 = Sunday .. 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(toUtc(date)).getUTCDay();
/** The n-th such weekday of its month: the 8th..14th are the 2nd (e.g. "2nd Saturday"). */
export const weekOfMonth = (date: string) => Math.ceil(Number(date.slice(8, 10)) / 7);

export function weeklyOffOn(days: WeeklyOffDays, date: string): OffKind {
  return days[weekdayOf(date)]?.[weekOfMonth(date) - 1] ?? 'none';
}

export type RosterDef = {
  anchorDate: string;
  rotationWeeks: number;
  slots: { weekIndex: number; weekday: number; shiftId: string }[];
};

/**
 * The shift a roster names for a date, or null (no slot: the master policy's own shift applies).
 * Weeks run Monday to Sunday and are counted from the week holding the anchor date; dates before
 * the anchor rotate backwards the same way.
 */
export function rosterShiftOn(roster: RosterDef, date: string): string | null {
  const mondayOf = (d: string) => addDays(d, -((weekdayOf(d) + 6) % 7));
  const weeks = Math.floor(daysBetween(mondayOf(roster.anchorDate), mondayOf(date)) / 7);
  const n = roster.rotationWeeks;
  const weekIndex = ((weeks % n) + n) % n;
  const weekday = weekdayOf(date);
  return roster.slots.find((s) => s.weekIndex === weekIndex && s.weekday === weekday)?.shiftId ?? null;
}

export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A shift whose end is not after its start ends on the next day. */
export const isNightShift = (s: { start: string; end: string }) => minutesOf(s.end) <= minutesOf(s.start);

/**
 * The shift's span in minutes from midnight of its start date (end > 1440 for a night shift) and
 * the minutes of work it expects (span less breaks).
 */
export function shiftSpan(s: { start: string; end: string; breakMinutes: number }) {
  const start = minutesOf(s.start);
  const end = minutesOf(s.end) + (isNightShift(s) ? 1440 : 0);
  return { start, end, workMinutes: Math.max(0, end - start - s.breakMinutes) };
}

// ---- Assignment precedence -----------------------------------------------------------------

export type AssignmentKind = 'employee' | 'unit' | 'division';
export type Assignment = {
  id: string;
  masterPolicyId: string;
  kind: AssignmentKind;
  targetId: string;
  targetName: string;
  effectiveFrom: string;
  effectiveTo: string | null;
};
export type EmployeeOrg = { id: string; unitId: string | null; divisionId: string | null };

const RANK: Record<AssignmentKind, number> = { employee: 0, unit: 1, division: 2 };

export const activeOn = (a: { effectiveFrom: string; effectiveTo: string | null }, date: string) =>
  a.effectiveFrom <= date && (a.effectiveTo === null || date <= a.effectiveTo);

/** Whether the assignment targets this employee (directly, by their unit or their division). */
export function reaches(a: Assignment, e: EmployeeOrg): boolean {
  if (a.kind === 'employee') return a.targetId === e.id;
  if (a.kind === 'unit') return a.targetId === e.unitId;
  return a.targetId === e.divisionId;
}

export type Resolution = {
  winner: Assignment | null;
  /** Every other assignment in force for the employee that day, with why it loses. */
  overridden: { assignment: Assignment; reason: string }[];
};

/**
 * Employee beats unit beats division; within one kind the latest effective_from wins (then the
 * latest created, which the caller's order gives). No winner: the company default applies.
 */
export function resolveAssignment(all: Assignment[], e: EmployeeOrg, date: string): Resolution {
  const matching = all
    .map((a, order) => ({ a, order }))
    .filter(({ a }) => reaches(a, e) && activeOn(a, date))
    .sort(
      (x, y) =>
        RANK[x.a.kind] - RANK[y.a.kind] ||
        (x.a.effectiveFrom < y.a.effectiveFrom ? 1 : x.a.effectiveFrom > y.a.effectiveFrom ? -1 : 0) ||
        y.order - x.order,
    )
    .map(({ a }) => a);
  const [winner = null, ...rest] = matching;
  return {
    winner,
    overridden: rest.map((a) => ({
      assignment: a,
      reason:
        winner && winner.kind !== a.kind
          ? `${winner.kind} assignment takes precedence over ${a.kind} assignment`
          : `a later ${a.kind} assignment (from ${winner?.effectiveFrom}) replaces it`,
    })),
  };
}

/** Two date ranges (open end = null) share at least one day. */
export function rangesOverlap(
  a: { from: string; to: string | null },
  b: { from: string; to: string | null },
): boolean {
  return (a.to === null || b.from <= a.to) && (b.to === null || a.from <= b.to);
}
