import { z } from 'zod';

/**
 * The one date type and the one month type of every schema (issue 21). A date is 'YYYY-MM-DD', a
 * real calendar day (2025-02-30 and 2025-02-29 are not; 2024-02-29 is), in the years 1900 to 2199.
 * The range keeps every date four digits wide with room on both sides, so string order is date
 * order and a day loop over dates cannot step into '+010000-01-01' (which sorts before
 * '9999-12-31'). Whether a date is near enough to today is the API's question: the contract has
 * no clock.
 */

export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;
export const FIRST_DATE = `${FIRST_YEAR}-01-01`;
export const LAST_DATE = `${LAST_YEAR}-12-31`;

const DATE_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_FORMAT = /^\d{4}-\d{2}$/;
const YEARS_MESSAGE = `Must be between ${FIRST_YEAR} and ${LAST_YEAR}`;

export const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Days in month `m` (1-12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeapYear(y) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** 'YYYY-MM-DD' naming a day the calendar has (any four-digit year). */
export function isRealDate(s: string): boolean {
  if (!DATE_FORMAT.test(s)) return false;
  const y = Number(s.slice(0, 4));
  const m = Number(s.slice(5, 7));
  const d = Number(s.slice(8, 10));
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

const yearInRange = (s: string) => {
  const y = Number(s.slice(0, 4));
  return y >= FIRST_YEAR && y <= LAST_YEAR;
};

const isMonthFormat = (s: string) => MONTH_FORMAT.test(s);
const isRealMonth = (s: string) => Number(s.slice(5, 7)) >= 1 && Number(s.slice(5, 7)) <= 12;

/*
 * Each check speaks only when the one before it is satisfied, so a value gets one message in
 * words. No check aborts the parse: an object's own checks (an end before its start, a missing
 * template) still run and report beside the date's message, as they did before.
 */

/** A real date between 1900-01-01 and 2199-12-31, as 'YYYY-MM-DD'. */
export const IsoDateSchema = z
  .string()
  .regex(DATE_FORMAT, 'Use the format YYYY-MM-DD')
  .refine((s) => !DATE_FORMAT.test(s) || isRealDate(s), 'Not a real date')
  .refine((s) => !isRealDate(s) || yearInRange(s), YEARS_MESSAGE);

/** A month between 1900-01 and 2199-12, as 'YYYY-MM'. */
export const IsoMonthSchema = z
  .string()
  .regex(MONTH_FORMAT, 'Use the format YYYY-MM')
  .refine((s) => !isMonthFormat(s) || isRealMonth(s), 'Not a real month: use 01 to 12')
  .refine((s) => !isMonthFormat(s) || !isRealMonth(s) || yearInRange(s), YEARS_MESSAGE);

/** A month of the year as a number, 1 (January) to 12. */
export const MonthOfYearSchema = z
  .number()
  .int('Use a whole number')
  .min(1, 'Must be a month from 1 to 12')
  .max(12, 'Must be a month from 1 to 12');
/** A year as a number, 1900 to 2199. */
export const YearSchema = z
  .number()
  .int('Use a whole number')
  .min(FIRST_YEAR, YEARS_MESSAGE)
  .max(LAST_YEAR, YEARS_MESSAGE);

/** The same two in a query string, where every value arrives as text. */
export const MonthOfYearQuerySchema = z.coerce.number({ message: 'Use a number' }).pipe(MonthOfYearSchema);
export const YearQuerySchema = z.coerce.number({ message: 'Use a number' }).pipe(YearSchema);
