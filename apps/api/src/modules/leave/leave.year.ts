/**
 * Leave years that start in any month (a leave policy's `year_start_month`: 1 for January to
 * December, 4 for April to March). Accrual periods, year end (carry-forward and expiry) and the
 * yearly caps follow the leave year. Plain functions, no database.
 */
import type { AccrualFrequency, LedgerEntry, Period } from './leave.rules';
import { addDays } from './leave.rules';

export type LeaveYear = {
  /** '2026' for a calendar year, '2026-27' for a year from April 2026 to March 2027. */
  label: string;
  start: string;
  end: string;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The first day of the month `n` months after the month of `date` ('YYYY-MM-01'). */
export function monthStart(date: string, n = 0): string {
  const m = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + n;
  return `${Math.floor(m / 12)}-${pad((m % 12) + 1)}-01`;
}

/** The leave year holding `date` when years start in `startMonth` (1-12). */
export function leaveYearOf(date: string, startMonth = 1): LeaveYear {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const first = m >= startMonth ? y : y - 1;
  const start = `${first}-${pad(startMonth)}-01`;
  return {
    label: startMonth === 1 ? String(first) : `${first}-${pad((first + 1) % 100)}`,
    start,
    end: addDays(monthStart(start, 12), -1),
  };
}

/** The leave year before the one holding `date`. */
export const previousLeaveYear = (date: string, startMonth = 1): LeaveYear =>
  leaveYearOf(addDays(leaveYearOf(date, startMonth).start, -1), startMonth);

/**
 * The accrual period holding `date`. Months are calendar months; quarters are counted from the
 * leave year's first month, and a year is the leave year. Keys of calendar-year periods are
 * 'YYYY-MM', 'YYYY-Qn' and 'YYYY'; in other leave years the quarter and the year carry the leave
 * year's label ('2026-27-Q1', '2026-27'), so they never share a key with a calendar period.
 */
export function periodIn(freq: AccrualFrequency, date: string, startMonth = 1): Period {
  if (freq === 'monthly') {
    const start = monthStart(date);
    return { key: date.slice(0, 7), start, end: addDays(monthStart(start, 1), -1) };
  }
  const year = leaveYearOf(date, startMonth);
  if (freq === 'yearly') return { key: year.label, start: year.start, end: year.end };
  const months =
    (Number(date.slice(0, 4)) - Number(year.start.slice(0, 4))) * 12 + Number(date.slice(5, 7)) - startMonth;
  const q = Math.floor(months / 3);
  const start = monthStart(year.start, q * 3);
  return { key: `${year.label}-Q${q + 1}`, start, end: addDays(monthStart(start, 3), -1) };
}

/** Periods from the one holding `from` to the one holding `to`, in order. */
export function periodsIn(freq: AccrualFrequency, from: string, to: string, startMonth = 1): Period[] {
  const out: Period[] = [];
  for (
    let p = periodIn(freq, from, startMonth);
    p.start <= to;
    p = periodIn(freq, addDays(p.end, 1), startMonth)
  )
    out.push(p);
  return out;
}

/**
 * Year end of a leave year: the closing balance lapses on its last day and up to `cap` comes back
 * as carry-forward on the next year's first day (null cap: all of it; a balance at or below zero
 * stays as it is). The carry-forward is usable until `expiryMonths` months into the new year, when
 * set (its last day is `expiresOn`).
 */
export function leaveYearEnd(
  closing: number,
  cap: number | null,
  year: LeaveYear,
  expiryMonths: number | null,
) {
  if (closing <= 0) return [];
  const carry = cap === null ? closing : Math.min(closing, cap);
  const next = addDays(year.end, 1);
  const out: (LedgerEntry & { reason: string })[] = [
    {
      date: year.end,
      kind: 'expiry',
      amount: -closing,
      reason: `Leave year ${year.label} closes with ${closing}`,
    },
  ];
  if (carry > 0) {
    out.push({
      date: next,
      kind: 'carry_forward',
      amount: carry,
      expiresOn: expiryMonths ? addDays(monthStart(next, expiryMonths), -1) : null,
      reason:
        cap === null
          ? `Carried forward from ${year.label}`
          : `Carried forward from ${year.label} (cap ${cap})`,
    });
  }
  return out;
}
