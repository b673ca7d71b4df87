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

/** ₹ with en-IN grouping (₹12,40,000; ₹1,234.50), without Intl so the text never depends on ICU data. */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  const digits = String(rupees);
  let grouped = digits;
  if (digits.length > 3) {
    const head = digits.slice(0, -3);
    const tail = digits.slice(-3);
    grouped = `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
  }
  return `${sign}₹${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
