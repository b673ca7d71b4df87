/**
 * Integer paise arithmetic for tax. Rounding is half-up (0.5 goes up), never banker's rounding;
 * inputs are non-negative safe integers, so the intermediate products stay exact.
 */

export function assertPaise(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number of paise, got ${value}`);
  }
  // ₹1,000 Cr keeps amount × 100 far inside the exact range of a double.
  if (value > 1_000_00_00_000_00) throw new RangeError(`${name} is above ₹1,000 crore`);
}

/** numerator ÷ denominator rounded half-up, both non-negative integers. */
export function divHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** percent% of an amount in paise, rounded half-up to the paisa. */
export function percentOf(amountPaise: number, percent: number): number {
  return divHalfUp(amountPaise * percent, 100);
}

/** Nearest whole rupee, half-up (50 paise goes up). */
export function roundToRupee(paise: number): number {
  return divHalfUp(paise, 100) * 100;
}

/** Nearest ₹10, half-up (₹5 goes up), as s.288A / s.288B. */
export function roundToTenRupees(paise: number): number {
  return divHalfUp(paise, 1000) * 1000;
}

/**
 * ₹ with en-IN grouping (₹12,40,000; ₹1,234.50), without Intl so the text never depends on ICU data.
 * Grouped with integer division rather than a regex: every TDS explanation formats dozens of
 * amounts, and the regex was the engine's single most expensive step.
 */
export function formatRupees(paise: number): string {
  const abs = paise < 0 ? -paise : paise;
  const rest = abs % 100;
  let rupees = (abs - rest) / 100;
  let grouped: string;
  if (rupees < 1000) grouped = String(rupees);
  else {
    grouped = threeDigits(rupees % 1000);
    rupees = Math.floor(rupees / 1000);
    while (rupees >= 100) {
      grouped = `${rupees % 100 < 10 ? '0' : ''}${rupees % 100},${grouped}`;
      rupees = Math.floor(rupees / 100);
    }
    grouped = `${rupees},${grouped}`;
  }
  const text = rest === 0 ? `₹${grouped}` : `₹${grouped}.${rest < 10 ? '0' : ''}${rest}`;
  return paise < 0 ? `−${text}` : text;
}

function threeDigits(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n);
}
