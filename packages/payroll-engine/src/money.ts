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
// Payslips repeat the same few amounts (ceilings, slab amounts, ₹0); the text of an amount never
// changes, so remembering recent ones is safe. Bounded so a long run cannot grow it without limit.
const inrCache = new Map<number, string>();

export function formatInr(paise: Paise): string {
  const hit = inrCache.get(paise);
  if (hit !== undefined) return hit;
  const text = formatInrUncached(paise);
  if (inrCache.size >= 4096) inrCache.clear();
  inrCache.set(paise, text);
  return text;
}

function formatInrUncached(paise: Paise): string {
  assertInt(paise, 'amount');
  const abs = paise < 0 ? -paise : paise;
  const p = abs % 100;
  let rest = (abs - p) / 100;
  let grouped: string;
  if (rest < 1000) grouped = String(rest);
  else {
    grouped = String(rest % 1000).padStart(3, '0');
    rest = Math.floor(rest / 1000);
    while (rest >= 100) {
      grouped = `${String(rest % 100).padStart(2, '0')},${grouped}`;
      rest = Math.floor(rest / 100);
    }
    grouped = `${rest},${grouped}`;
  }
  const text = p === 0 ? `₹${grouped}` : `₹${grouped}.${p < 10 ? '0' : ''}${p}`;
  return paise < 0 ? `−${text}` : text;
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
