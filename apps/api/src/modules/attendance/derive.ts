/**
 * Attendance days from punches: pure functions, no database. A day is a date in the company's
 * time zone; which punches belong to it follows from its shift (a night shift's punches after
 * midnight belong to the day it started), and its status from the shift, the calendar (weekly
 * off, holiday), approved leave and the attendance policy's thresholds.
 */
import { addDays, eachDay } from '../../lib/dates';
import type { DayContext } from './day-context';

export { addDays };

export const ATTENDANCE_STATUSES = [
  'present',
  'absent',
  'half_day',
  'late',
  'weekly_off',
  'holiday',
  'on_leave',
] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export type PunchSource = 'web' | 'mobile' | 'biometric' | 'manual' | 'import' | 'regularisation';
export type Punch = { at: Date; source: PunchSource };
/** Approved leave on a date: the whole day or one half. */
export type LeaveMark = { date: string; portion: 'full' | 'first_half' | 'second_half' };

export type DerivedDay = {
  date: string;
  status: AttendanceStatus;
  firstIn: Date | null;
  lastOut: Date | null;
  workedMinutes: number;
  lateMinutes: number;
  late: boolean;
  earlyExit: boolean;
  /** One punch only on a past day: the day cannot be counted until it is regularised. */
  missedPunch: boolean;
  punchCount: number;
  shiftId: string | null;
};

/** Without an attendance policy: half a day from 4 hours, a full day from 8. */
export const DEFAULT_HALF_DAY_MINUTES = 240;
export const DEFAULT_FULL_DAY_MINUTES = 480;
/** A day's punches start this long before its shift's start (early arrivals belong to it). */
export const WINDOW_LEAD_MINUTES = 6 * 60;

// ---- dates and time zones -------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Offsets by zone and quarter hour: zones change offset on quarter-hour boundaries, and Intl's
 * formatting is slow enough to dominate re-deriving a month for thousands of people.
 */
const QUARTER_MS = 900_000;
const offsetCache = new Map<string, number>();

/** Minutes the zone is ahead of UTC at `instantMs`. */
export function zoneOffsetMinutes(timeZone: string, instantMs: number): number {
  const key = `${timeZone}|${Math.floor(instantMs / QUARTER_MS)}`;
  const hit = offsetCache.get(key);
  if (hit !== undefined) return hit;
  if (offsetCache.size > 200_000) offsetCache.clear();
  const offset = computeOffset(timeZone, Math.floor(instantMs / QUARTER_MS) * QUARTER_MS);
  offsetCache.set(key, offset);
  return offset;
}

function computeOffset(timeZone: string, instantMs: number): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(instantMs));
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instantMs / 1000) * 1000) / 60_000);
}

/**
 * Instants by zone, date and minutes: re-deriving a month for thousands of employees asks for the
 * same few (each day's window start, shift start and end) once per employee and day, and working
 * one out (date parsing and two offset look-ups) cost more than deriving the day.
 */
const instantCache = new Map<string, number>();

/** `localToInstant` as epoch milliseconds (no Date allocated: the derivation's hot path). */
export function localToInstantMs(date: string, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${minutes}`;
  const hit = instantCache.get(key);
  if (hit !== undefined) return hit;
  if (instantCache.size > 100_000) instantCache.clear();
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d) + minutes * 60_000;
  let offset = zoneOffsetMinutes(timeZone, naive);
  // A second pass settles days where the offset changes (daylight saving zones).
  offset = zoneOffsetMinutes(timeZone, naive - offset * 60_000);
  const ms = naive - offset * 60_000;
  instantCache.set(key, ms);
  return ms;
}

/** The instant of local `date` + `minutes` past midnight in `timeZone`. */
export function localToInstant(date: string, minutes: number, timeZone: string): Date {
  return new Date(localToInstantMs(date, minutes, timeZone));
}

/** The local calendar date of an instant in `timeZone`. */
export function localDateOf(at: Date, timeZone: string): string {
  return isoDate(new Date(at.getTime() + zoneOffsetMinutes(timeZone, at.getTime()) * 60_000));
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
export function monthRange(year: number, month: number): { from: string; to: string } {
  const from = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from, to: `${from.slice(0, 8)}${String(last).padStart(2, '0')}` };
}
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
/** The spec's month helper: every day as a two-digit day number and a short weekday name. */
export function monthDays(year: number, month: number): { date: string; day: string; weekday: string }[] {
  const { from, to } = monthRange(year, month);
  return eachDay(from, to).map((date) => ({
    date,
    day: date.slice(8),
    weekday: WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!,
  }));
}

export const hhmmToMinutes = (v: string) => {
  // Parsed from the characters: this runs a few times per employee and day when deriving.
  const i = v.indexOf(':');
  return Number(v.slice(0, i)) * 60 + Number(v.slice(i + 1, i + 3));
};

// ---- which punches belong to which day ------------------------------------------------------

/** When a day's punches start: its shift's start less the lead, or local midnight without a shift. */
export function windowStart(ctx: Pick<DayContext, 'date' | 'shift'>, timeZone: string): Date {
  return new Date(windowStartMs(ctx, timeZone));
}
function windowStartMs(ctx: Pick<DayContext, 'date' | 'shift'>, timeZone: string): number {
  const minutes = ctx.shift ? hhmmToMinutes(ctx.shift.start) - WINDOW_LEAD_MINUTES : 0;
  return localToInstantMs(ctx.date, minutes, timeZone);
}

/**
 * Splits punches over consecutive days: a day's window runs from its own start to the next day's,
 * so every punch belongs to exactly one day. `days` are consecutive dates in order; `next` is
 * the context of the day after the last (its start closes the last window).
 */
export function assignPunches(
  days: Pick<DayContext, 'date' | 'shift'>[],
  next: Pick<DayContext, 'date' | 'shift'>,
  punches: Punch[],
  timeZone: string,
): Punch[][] {
  const starts = [...days, next].map((d) => windowStartMs(d, timeZone));
  const sorted = [...punches].sort((a, b) => a.at.getTime() - b.at.getTime());
  const out: Punch[][] = days.map(() => []);
  let i = 0;
  for (const p of sorted) {
    const t = p.at.getTime();
    while (i < days.length && t >= starts[i + 1]!) i++;
    if (i >= days.length) break;
    // Windows can open later than the previous closed when shifts change; such punches stay out.
    if (t >= starts[i]!) out[i]!.push(p);
  }
  return out;
}

/**
 * Where a day of web punches stands: punches alternate in and out, so after an even number the
 * employee is out and may punch in again (another session), after an odd number they have been
 * working since the last one. The day's derived status is only settled once the day is over (a
 * short first session derives as absent), so the Today card shows this instead while it lasts.
 */
export function punchSession(punches: readonly { at: string }[]): {
  next: 'in' | 'out';
  punched_in_at: string | null;
} {
  const working = punches.length % 2 === 1;
  return { next: working ? 'out' : 'in', punched_in_at: working ? punches[punches.length - 1]!.at : null };
}

// ---- one day's status -----------------------------------------------------------------------

/**
 * Derives one day. `today` is the company's current date: a day still under way (or to come)
 * without punches has no status of its own yet (null), unless the calendar or leave gives one.
 */
export function deriveDay(
  ctx: DayContext,
  punches: Punch[],
  leave: LeaveMark | null,
  timeZone: string,
  today: string,
): DerivedDay | null {
  const sorted = [...punches].sort((a, b) => a.at.getTime() - b.at.getTime());
  // First punch in, last punch out, whatever direction a device or file gave a punch: devices
  // mislabel (a second "in" for a forgotten "out"), and the ledger keeps the direction as sent
  // (attendance_punches.direction) for audit, so a later rule may use it.
  const firstIn = sorted[0]?.at ?? null;
  const lastOut = sorted.length > 1 ? sorted[sorted.length - 1]!.at : null;
  const shift = ctx.shift;
  const rules = ctx.attendance;
  const breakMinutes = shift?.breakMinutes ?? 0;
  const span = firstIn && lastOut ? Math.floor((lastOut.getTime() - firstIn.getTime()) / 60_000) : 0;
  const workedMinutes = Math.max(0, span - (span > breakMinutes ? breakMinutes : 0));

  let lateMinutes = 0;
  let earlyExit = false;
  if (shift && firstIn) {
    const startMin = hhmmToMinutes(shift.start);
    const start = localToInstantMs(ctx.date, startMin, timeZone);
    const allowed = start + (shift.graceInMinutes + shift.flexiMinutes) * 60_000;
    if (firstIn.getTime() > allowed) lateMinutes = Math.ceil((firstIn.getTime() - start) / 60_000);
    if (lastOut) {
      const endMin = hhmmToMinutes(shift.end);
      // A night shift ends the next day: minutes past this day's midnight (the same instant as
      // the next date at endMin, and one cache entry per date).
      const end = localToInstantMs(ctx.date, endMin <= startMin ? endMin + 1440 : endMin, timeZone);
      earlyExit = lastOut.getTime() < end - shift.graceOutMinutes * 60_000;
    }
  }

  const base = {
    date: ctx.date,
    firstIn,
    lastOut,
    workedMinutes,
    lateMinutes,
    late: lateMinutes > 0,
    earlyExit,
    missedPunch: sorted.length === 1 && ctx.date < today,
    punchCount: sorted.length,
    shiftId: shift?.id ?? null,
  };
  const calendarOff =
    ctx.holiday && !ctx.holiday.optional ? 'holiday' : ctx.weeklyOff === 'full' ? 'weekly_off' : null;
  const holidayOff = ctx.holiday ? 'holiday' : null;

  if (sorted.length === 0) {
    if (leave?.portion === 'full') return { ...base, status: 'on_leave' };
    if (calendarOff || holidayOff) return { ...base, status: (calendarOff ?? holidayOff)! };
    if (leave) return ctx.date < today ? { ...base, status: 'half_day' } : { ...base, status: 'on_leave' };
    return ctx.date < today ? { ...base, status: 'absent' } : null;
  }
  if (leave?.portion === 'full') return { ...base, status: 'on_leave' };

  let full = rules?.fullDayMinMinutes ?? DEFAULT_FULL_DAY_MINUTES;
  const half = rules?.halfDayMinMinutes ?? DEFAULT_HALF_DAY_MINUTES;
  // Half a day off (weekly off or leave) leaves half a day to work.
  if (leave || ctx.weeklyOff === 'first_half' || ctx.weeklyOff === 'second_half') full = half;

  // Today the day is under way: the employee is at work (an odd number of punches) or between
  // sessions, and may punch in again, so a short day so far is not yet absent or half a day. The
  // scheduled job derives the day again once it is over (attendance.jobs.ts) and settles it.
  if (ctx.date >= today && workedMinutes < full) {
    return { ...base, status: calendarOff ?? (base.late ? 'late' : 'present') };
  }
  if (!lastOut) {
    // Punched in and not out on a past day: a missed punch.
    return { ...base, status: calendarOff ?? (leave ? 'half_day' : 'absent') };
  }
  if (workedMinutes >= full) {
    if (calendarOff) return { ...base, status: 'present' };
    return { ...base, status: base.late ? 'late' : 'present' };
  }
  if (calendarOff) return { ...base, status: calendarOff };
  if (workedMinutes >= half) return { ...base, status: 'half_day' };
  return { ...base, status: leave ? 'half_day' : 'absent' };
}

/**
 * Derives consecutive days of one employee. `contexts` are the days wanted plus the day after
 * (its window start closes the last day's window).
 */
export function deriveDays(
  contexts: DayContext[],
  punches: Punch[],
  leaves: Map<string, LeaveMark>,
  timeZone: string,
  today: string,
): DerivedDay[] {
  const days = contexts.slice(0, -1);
  const groups = assignPunches(days, contexts[contexts.length - 1]!, punches, timeZone);
  const out: DerivedDay[] = [];
  days.forEach((ctx, i) => {
    const d = deriveDay(ctx, groups[i]!, leaves.get(ctx.date) ?? null, timeZone, today);
    if (d) out.push(d);
  });
  return out;
}

/** Great-circle distance in metres (the punch-location radius check). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_000;
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}
