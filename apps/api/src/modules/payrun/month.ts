/** Month arithmetic on 'YYYY-MM' strings (the pay run's months), kept to years 1900–2199. */

export const monthOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

export function monthParts(ym: string): { y: number; m: number } {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return { y, m };
}

export function monthAdd(ym: string, n: number): string {
  const { y, m } = monthParts(ym);
  const i = y * 12 + (m - 1) + n;
  return monthOf(Math.floor(i / 12), (i % 12) + 1);
}

export function daysIn(ym: string): number {
  const { y, m } = monthParts(ym);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export const firstDay = (ym: string) => `${ym}-01`;
export const lastDay = (ym: string) => `${ym}-${String(daysIn(ym)).padStart(2, '0')}`;

/** Every date of the month, 'YYYY-MM-DD' (at most 31: bounded by construction). */
export function datesOf(ym: string): string[] {
  const n = daysIn(ym);
  return Array.from({ length: n }, (_, i) => `${ym}-${String(i + 1).padStart(2, '0')}`);
}

import { financialYearOf } from '../../lib/dates';

export { financialYearOf };

/** First month of the financial year of `ym` ('YYYY-04'). */
export function fyStartMonth(ym: string): string {
  return `${financialYearOf(ym).slice(0, 4)}-04`;
}

/** "Nov 2026". */
export function monthLabel(ym: string): string {
  const { y, m } = monthParts(ym);
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
}
