import { isRealDate } from '@hr/contract';
import { AppError } from './errors';

/**
 * Calendar arithmetic on 'YYYY-MM-DD' strings, and the one way to walk the days between two dates
 * (issue 21). Every loop over days goes through `eachDay`, which counts the days first and refuses
 * a span longer than MAX_DAY_SPAN, so no loop depends on string order to stop; `addDays` refuses to
 * step outside four-digit years, so it never writes '+010000-01-01' (which sorts before
 * '9999-12-31' and kept a `while (d <= to)` loop going until the process ran out of memory).
 */

const DAY_MS = 86_400_000;

/**
 * The longest run of days any loop walks: three years. The longest real span is far below it (a
 * leave request is at most a year plus its sandwich reach; a day-context load at most 400 days).
 */
export const MAX_DAY_SPAN = 3 * 366;

/** How far from the company's today a date of leave, attendance or a policy question may be. */
export const NEAR_TODAY_YEARS = 5;

function msOf(date: string): number {
  if (!isRealDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date.slice(0, 40)}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function dateOf(ms: number): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  // Only four-digit years keep string order equal to date order.
  if (!(year >= 0 && year <= 9999)) throw new RangeError('A date outside the years 0000 to 9999');
  return d.toISOString().slice(0, 10);
}

/** The date `n` days after `date` (before, for negative `n`). */
export const addDays = (date: string, n: number): string => dateOf(msOf(date) + n * DAY_MS);

/** Days from `from` to `to`: 0 for the same date, negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number => Math.round((msOf(to) - msOf(from)) / DAY_MS);

/**
 * Every date from `from` to `to`, inclusive (none when `to` is earlier). The number of days is
 * counted before the loop, and a span longer than `max` days is refused with a 400.
 */
export function eachDay(from: string, to: string, max = MAX_DAY_SPAN): string[] {
  const start = msOf(from);
  const days = Math.round((msOf(to) - start) / DAY_MS) + 1;
  if (days > max) {
    throw new AppError(
      'BAD_REQUEST',
      `A range of dates covers at most ${max} days (${from} to ${to} is ${days})`,
    );
  }
  const out: string[] = [];
  for (let i = 0; i < days; i++) out.push(dateOf(start + i * DAY_MS));
  return out;
}

/** The same day `years` years away (28 February for 29 February in a year without it). */
function yearsFrom(date: string, years: number): string {
  const moved = `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`;
  return isRealDate(moved) ? moved : `${moved.slice(0, 8)}28`;
}

/**
 * Why `date` is too far from `today` (more than NEAR_TODAY_YEARS years before or after it), or
 * null when it is near enough. `today` is the company's today from the injected clock: the
 * contract, with no clock, only keeps dates in 1900-2199. Leave, attendance and policy questions
 * are about the present.
 */
export function farFromToday(date: string, today: string): string | null {
  const earliest = yearsFrom(today, -NEAR_TODAY_YEARS);
  const latest = yearsFrom(today, NEAR_TODAY_YEARS);
  if (date >= earliest && date <= latest) return null;
  return `Must be within ${NEAR_TODAY_YEARS} years of today (${earliest} to ${latest})`;
}

/** Refuses a date too far from today (see farFromToday) with a 400 naming the field. */
export function assertNearToday(path: string, date: string, today: string): void {
  const message = farFromToday(date, today);
  if (message)
    throw new AppError('VALIDATION', `Validation failed: ${path}`, { errors: [{ path, message }] });
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A month as people read it: "Dec 2025" (never "2025-12" in words meant for a person). */
export const monthWords = (year: number, month: number): string => `${SHORT_MONTHS[month - 1]} ${year}`;

/** "Dec 2025" for a 'YYYY-MM' or 'YYYY-MM-DD' string. */
export const monthWordsOf = (date: string): string =>
  monthWords(Number(date.slice(0, 4)), Number(date.slice(5, 7)));

/**
 * A calendar date as people read it: "3 Dec", with the year when it is not `thisYear` ("3 Dec
 * 2025"). Dates are the company's calendar dates (its time zone already applied), so no time zone
 * conversion happens here.
 */
export function dayWords(date: string, thisYear?: string): string {
  const words = `${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}`;
  return thisYear && date.slice(0, 4) === thisYear.slice(0, 4) ? words : `${words} ${date.slice(0, 4)}`;
}

/**
 * A range of dates in few words: "3 Dec", "3–4 Dec", "30 Nov–2 Dec", "30 Dec 2025–2 Jan 2026".
 * The year shows when the range is not within `thisYear` (the company's current date, or any date
 * of the year to leave out).
 */
export function dateRangeWords(from: string, to: string, thisYear?: string): string {
  if (to <= from) return dayWords(from, thisYear);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const showYear = !(sameYear && thisYear && from.slice(0, 4) === thisYear.slice(0, 4));
  const end = dayWords(to, showYear ? undefined : thisYear);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${Number(from.slice(8, 10))}–${end}`;
  const start = dayWords(from, sameYear ? from : undefined);
  return `${start}–${end}`;
}

/** An accrual period's key in words: '2026-03' → "Mar 2026", '2026-Q1' → "Q1 2026", '2026' as is. */
export function periodWords(key: string): string {
  if (/^\d{4}-\d{2}$/.test(key)) return monthWordsOf(key);
  const q = /^(\d{4})-Q([1-4])$/.exec(key);
  return q ? `Q${q[2]} ${q[1]}` : key;
}

/** The months from `from` to `to`, both 'YYYY-MM'. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 120; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    if (m === 12) {
      y += 1;
      m = 1;
    } else m += 1;
  }
  return out;
}

/** The Indian financial year of a month or date: '2026-27' for April 2026 to March 2027. */
export function financialYearOf(monthOrDate: string): string {
  const y = Number(monthOrDate.slice(0, 4));
  const start = Number(monthOrDate.slice(5, 7)) >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** 2026-11-03 as "03 Nov 2026". */
export const longDate = (d: string) =>
  `${d.slice(8, 10)} ${SHORT_MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
