export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Rupees as "₹1,23,456.00" (en-IN grouping). Empty input gives an empty string. */
export function formatMoney(rupees: number | string | null | undefined): string {
  if (rupees === null || rupees === undefined || rupees === '') return '';
  const value = typeof rupees === 'number' ? rupees : Number(rupees);
  return Number.isFinite(value) ? inr.format(value) : '';
}

/** Integer paise (how the API keeps money) as rupees. */
export function formatPaise(paise: number | null | undefined): string {
  if (paise === null || paise === undefined) return '';
  return formatMoney(paise / 100);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function toDate(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const d =
    typeof value === 'string' && DATE_ONLY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date as "15 Jan 2026" in the company time zone. Calendar dates ("2026-01-15") carry no time
 * and are printed as they are, whatever the zone.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  const zone = typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : timeZone;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).format(d);
}

/** A moment as "15 Jan 2026, 14:05" in the company time zone. */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = toDate(value);
  if (!d) return '';
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(d);
}

/** The company time zone from the stored user data, Asia/Kolkata when it is missing. */
export function timeZoneOf(user: { time_zone?: string | null } | null | undefined): string {
  return user?.time_zone || DEFAULT_TIME_ZONE;
}

/** Today's calendar date (YYYY-MM-DD) in the company time zone, as the server counts days. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The calendar months' names, January first. */
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
];

/**
 * A calendar month '2026-11' as "November 2026" (long) or "Nov 2026" (short). A calendar month has no
 * time zone; anything that is not such a month is shown as given.
 */
export function formatMonth(month: string, style: 'long' | 'short' = 'long'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTH_NAMES[Number(m[2]) - 1] : undefined;
  if (!m || !name) return month;
  return `${style === 'short' ? name.slice(0, 3) : name} ${m[1]}`;
}
