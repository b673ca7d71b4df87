/**
 * Late-mark and early-exit penalties as days of loss of pay: pure functions, no database.
 *
 * The attendance policy says "every N late marks in the attendance cycle cost D days" (and the same
 * for early exits). Marks are counted in date order within one cycle; every N-th mark completes a
 * penalty of D days, and the N dates behind it are named so the figure can be explained. Marks left
 * over at the cycle's end (fewer than N) cost nothing and do not carry into the next cycle.
 */
import { addDays } from './derive';

export type PenaltyRules = {
  lateMarksPerPenalty: number | null;
  latePenaltyDays: number;
  earlyExitMarksPerPenalty: number | null;
  earlyExitPenaltyDays: number;
};
/** A derived day as the penalty count sees it. */
export type MarkedDay = { date: string; status: string; late: boolean; earlyExit: boolean };
export type Penalty = { kind: 'late' | 'early_exit'; days: number; dates: string[] };
export type PenaltyCount = {
  lateDates: string[];
  earlyExitDates: string[];
  penalties: Penalty[];
  lopDays: number;
};

/** Only days worked count: a late first punch on a day of leave or a holiday is not a late mark. */
export const WORKED_STATUSES = ['present', 'late', 'half_day'];
const WORKED = new Set(WORKED_STATUSES);

/**
 * The attendance cycle that pays for `month`: the calendar month when the cycle starts on the 1st;
 * otherwise from the start day of the month before to the day before the start day of this month
 * (start day 26: 26 February to 25 March is March's cycle).
 */
export function cycleOf(year: number, month: number, startDay: number): { from: string; to: string } {
  const ymd = (y: number, m: number, d: number) => {
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.toISOString().slice(0, 10);
  };
  if (startDay <= 1) {
    return { from: ymd(year, month, 1), to: ymd(year, month + 1, 0) };
  }
  return { from: ymd(year, month - 1, startDay), to: addDays(ymd(year, month, startDay), -1) };
}

function groups(kind: Penalty['kind'], dates: string[], per: number | null, days: number): Penalty[] {
  if (!per || per <= 0 || days <= 0) return [];
  const out: Penalty[] = [];
  for (let i = per; i <= dates.length; i += per) {
    out.push({ kind, days, dates: dates.slice(i - per, i) });
  }
  return out;
}

/** Penalties of one employee's cycle; `days` may hold days outside [from, to] (they are ignored). */
export function countPenalties(
  days: MarkedDay[],
  rules: PenaltyRules | null,
  cycle: { from: string; to: string },
): PenaltyCount {
  const inCycle = days
    .filter((d) => d.date >= cycle.from && d.date <= cycle.to && WORKED.has(d.status))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const lateDates = inCycle.filter((d) => d.late).map((d) => d.date);
  const earlyExitDates = inCycle.filter((d) => d.earlyExit).map((d) => d.date);
  const penalties = rules
    ? [
        ...groups('late', lateDates, rules.lateMarksPerPenalty, rules.latePenaltyDays),
        ...groups('early_exit', earlyExitDates, rules.earlyExitMarksPerPenalty, rules.earlyExitPenaltyDays),
      ]
    : [];
  // Tenths of a day (the policy's numeric(3,1)): summed as integers so 0.1 + 0.2 stays 0.3.
  const lopDays = penalties.reduce((n, p) => n + Math.round(p.days * 10), 0) / 10;
  return { lateDates, earlyExitDates, penalties, lopDays };
}

/**
 * The loss of pay of `countPenalties` from the numbers of marks alone (late marks and early exits
 * on days worked in the cycle), for the muster: it counts the marks in SQL with the days it reads
 * anyway instead of fetching every marked day a second time.
 */
export function penaltyLopDaysOf(
  rules: PenaltyRules | null,
  lateMarks: number,
  earlyExitMarks: number,
): number {
  if (!rules) return 0;
  const tenths = (marks: number, per: number | null, days: number) =>
    !per || per <= 0 || days <= 0 ? 0 : Math.floor(marks / per) * Math.round(days * 10);
  return (
    (tenths(lateMarks, rules.lateMarksPerPenalty, rules.latePenaltyDays) +
      tenths(earlyExitMarks, rules.earlyExitMarksPerPenalty, rules.earlyExitPenaltyDays)) /
    10
  );
}
