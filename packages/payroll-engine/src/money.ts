/**
 * Integer money arithmetic. Every division goes through one of these named roundings, so each legal
 * step on a payslip can say how it was rounded. All inputs are integers (paise, basis points, days),
 * and intermediate products stay far below 2^53 for any salary a payroll will see.
 */
import type { Paise } from './types';

function assertInt(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a safe integer, got ${n}`);
}

/** num/den rounded to the nearest integer, halves away from zero (num, den integers, den > 0). */
export function divHalfUp(num: number, den: number): number {
  assertInt(num, 'numerator');
  assertInt(den, 'denominator');
  if (den <= 0) throw new RangeError('denominator must be positive');
  if (num < 0) return -divHalfUp(-num, den);
  const q = Math.floor(num / den);
  const r = num - q * den;
  return 2 * r >= den ? q + 1 : q;
}

/** num/den rounded up (towards +infinity). */
export function divCeil(num: number, den: number): number {
  assertInt(num, 'numerator');
  assertInt(den, 'denominator');
  if (den <= 0) throw new RangeError('denominator must be positive');
  const q = Math.floor(num / den);
  return num - q * den > 0 ? q + 1 : q;
}

/** Paise for (num/den) paise, rounded to the nearest rupee, 50 paise up (EPF/EDLI para 7(2)). */
export function paiseToRupeeHalfUp(num: number, den = 1): Paise {
  return divHalfUp(num, den * 100) * 100;
}

/** Paise for (num/den) paise, rounded up to the next rupee (ESI Rule 51). */
export function paiseToRupeeUp(num: number, den = 1): Paise {
  return divCeil(num, den * 100) * 100;
}

/**
 * Splits `total` into parts proportional to `weights` without losing a paisa: largest-remainder
 * method, ties to the earlier part. Used to spread annual amounts over months.
 */
export function splitByWeights(total: Paise, weights: number[]): Paise[] {
  assertInt(total, 'total');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (weights.length === 0) throw new RangeError('no parts to split into');
  if (sum <= 0) throw new RangeError('weights must add up to more than zero');
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const parts = weights.map((w) => Math.floor((abs * w) / sum));
  const rems = weights.map((w, i) => ({ i, r: abs * w - parts[i]! * sum }));
  let left = abs - parts.reduce((a, b) => a + b, 0);
  rems.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of rems) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts.map((p) => p * sign);
}

/** Splits an annual amount into `months` equal monthly parts; the earlier months carry the extra paise. */
export function splitEvenly(total: Paise, months: number): Paise[] {
  return splitByWeights(
    total,
    Array.from({ length: months }, () => 1),
  );
}

/**
 * ₹ with Indian digit grouping (1,00,000), written out by hand so the text never depends on the
 * runtime's ICU data. Whole rupees print without decimals; otherwise two decimals.
 */
export function formatInr(paise: Paise): string {
  assertInt(paise, 'amount');
  const neg = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const p = abs % 100;
  const digits = String(rupees);
  let grouped: string;
  if (digits.length <= 3) grouped = digits;
  else {
    const last3 = digits.slice(-3);
    let rest = digits.slice(0, -3);
    const groups: string[] = [];
    while (rest.length > 2) {
      groups.unshift(rest.slice(-2));
      rest = rest.slice(0, -2);
    }
    if (rest) groups.unshift(rest);
    grouped = `${groups.join(',')},${last3}`;
  }
  const text = p === 0 ? `₹${grouped}` : `₹${grouped}.${String(p).padStart(2, '0')}`;
  return neg ? `−${text}` : text;
}

/** Basis points as a percentage: 833 → '8.33%'. */
export function formatRate(bp: number): string {
  const whole = Math.floor(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? `${whole}%` : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}%`;
}

/** ₹ amount to paise for data files written in rupees. */
export function rupees(r: number): Paise {
  const p = Math.round(r * 100);
  assertInt(p, 'amount');
  return p;
}
