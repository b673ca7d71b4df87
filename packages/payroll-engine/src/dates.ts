/** Calendar arithmetic on ISO strings, without Date or a time zone: business dates stay business dates. */
import type { IsoDate, PayMonth } from './types';

export interface Ymd {
  y: number;
  m: number;
  d: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

const dateCache = new Map<string, Readonly<Ymd>>();

/** Parses and checks an ISO date; results are remembered (a date's parts never change). */
export function parseDate(s: IsoDate): Readonly<Ymd> {
  const hit = dateCache.get(s);
  if (hit) return hit;
  const ymd = parseDateUncached(s);
  if (dateCache.size >= 4096) dateCache.clear();
  dateCache.set(s, Object.freeze(ymd));
  return ymd;
}

function parseDateUncached(s: IsoDate): Ymd {
  const m = ISO.exec(s);
  if (!m) throw new RangeError(`date must be YYYY-MM-DD, got ${s}`);
  const ymd = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  if (ymd.m < 1 || ymd.m > 12 || ymd.d < 1 || ymd.d > daysInMonth(ymd.y, ymd.m)) {
    throw new RangeError(`not a calendar date: ${s}`);
  }
  return ymd;
}

export function parseMonth(s: PayMonth): { y: number; m: number } {
  const m = MONTH.exec(s);
  if (!m) throw new RangeError(`month must be YYYY-MM, got ${s}`);
  const out = { y: Number(m[1]), m: Number(m[2]) };
  if (out.m < 1 || out.m > 12) throw new RangeError(`not a month: ${s}`);
  return out;
}

export function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return isLeap(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

export function iso(y: number, m: number, d: number): IsoDate {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const monthEnds = new Map<number, IsoDate>();

/** The last day of a month as an ISO date, remembered: every payslip asks for several. */
export function monthEndIso(y: number, m: number): IsoDate {
  const key = y * 12 + m;
  let end = monthEnds.get(key);
  if (end === undefined) {
    end = iso(y, m, daysInMonth(y, m));
    if (monthEnds.size >= 1024) monthEnds.clear();
    monthEnds.set(key, end);
  }
  return end;
}

/** Calendar month names, January first (index m − 1). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Financial year start (April) for a month: 2026-02 → 2025. */
export function fyStartYear(y: number, m: number): number {
  return m >= 4 ? y : y - 1;
}

/** Months left in the FY including this one: April → 12, March → 1. */
export function monthsLeftInFy(m: number): number {
  return m >= 4 ? 16 - m : 4 - m;
}

/** Age in completed years on a date. */
export function ageOn(dob: IsoDate, on: IsoDate): number {
  const b = parseDate(dob);
  const o = parseDate(on);
  let age = o.y - b.y;
  if (o.m < b.m || (o.m === b.m && o.d < b.d)) age -= 1;
  return age;
}
