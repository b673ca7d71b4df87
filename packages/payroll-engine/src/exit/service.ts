/** Length of service, counted by anniversaries: joining day and last working day both count. */
import { daysInMonth, iso, parseDate } from '../dates';
import type { IsoDate } from '../types';
import type { ServiceLength } from './types';

/** The date n months after `date`; a day past the target month's end becomes its last day. */
export function addMonths(date: IsoDate, n: number): IsoDate {
  const { y, m, d } = parseDate(date);
  const idx = y * 12 + (m - 1) + n;
  const ty = Math.floor(idx / 12);
  const tm = (idx % 12) + 1;
  return iso(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

export function nextDay(date: IsoDate): IsoDate {
  const { y, m, d } = parseDate(date);
  if (d < daysInMonth(y, m)) return iso(y, m, d + 1);
  return m === 12 ? iso(y + 1, 1, 1) : iso(y, m + 1, 1);
}

/** Whole days from `a` to `b` (b − a); both valid ISO dates. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  const p = parseDate(a);
  const q = parseDate(b);
  return (Date.UTC(q.y, q.m - 1, q.d) - Date.UTC(p.y, p.m - 1, p.d)) / 86_400_000;
}

/**
 * Service from `joinedOn` to `lastDay`, both days counted: years and months by anniversary of the
 * joining day (counted from the joining day each time, so 31 Jan + 1 month is 28/29 Feb), then
 * the days left. Joined 1 Apr 2018, last day 30 Sep 2025 → 7 years 6 months 0 days.
 */
export function serviceLength(joinedOn: IsoDate, lastDay: IsoDate): ServiceLength {
  if (lastDay < joinedOn)
    throw new RangeError(
      `the last working day ${dateWords(lastDay)} is before joining on ${dateWords(joinedOn)}`,
    );
  const end = nextDay(lastDay);
  let months = 0;
  // Whole months: at most a few hundred; start near the answer from the calendar difference.
  const j = parseDate(joinedOn);
  const e = parseDate(end);
  months = Math.max(0, (e.y - j.y) * 12 + (e.m - j.m) - 1);
  while (addMonths(joinedOn, months + 1) <= end) months += 1;
  const days = daysBetween(addMonths(joinedOn, months), end);
  return { years: Math.floor(months / 12), months: months % 12, days };
}

export function serviceText(s: ServiceLength): string {
  const part = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  return `${part(s.years, 'year')} ${part(s.months, 'month')} ${part(s.days, 'day')}`;
}

const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as people read it in an explanation: '2026-07-01' → '1 Jul 2026'. */
export function dateWords(date: IsoDate): string {
  const { y, m, d } = parseDate(date);
  return `${d} ${SHORT[m - 1]} ${y}`;
}
