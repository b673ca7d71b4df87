import { MONTH_NAMES } from '@hr/payroll-engine';
import { monthParts } from '../month';

/**
 * Paise -> "₹1,23,456.00": en-IN grouping (the last three digits, then twos), always two decimals,
 * "-₹5.00" below zero. Written out rather than Intl.NumberFormat: exact for any integer paise and
 * no locale data involved.
 */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not a whole number of paise: ${paise}`);
  const abs = Math.abs(paise);
  const digits = String(Math.floor(abs / 100));
  const head = digits.slice(0, -3);
  const grouped = head === '' ? digits : `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return `${paise < 0 ? '-' : ''}₹${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

/** '2026-11' -> 'November 2026'. */
export function formatMonth(ym: string): string {
  const { y, m } = monthParts(ym);
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** '2026-11-30' -> '30 Nov 2026' (as the web app shows dates); anything else is shown as given. */
export function formatDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  const month = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  if (!match || !month) return iso;
  return `${Number(match[3])} ${month.slice(0, 3)} ${match[1]}`;
}

/** Days may be halves (and in theory quarters): 28.5, 30, never 28.499999. */
export function formatDays(days: number): string {
  return String(Math.round(days * 100) / 100);
}
