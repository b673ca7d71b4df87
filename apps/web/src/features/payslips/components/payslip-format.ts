import { formatMonth } from '../../../lib/format';

/** '2026-11' as "November 2026". */
export const monthLabel = (month: string) => formatMonth(month);

/** The years to filter payslips by: this one and the five before it. */
export function payslipYears(now = new Date()): { value: string; label: string }[] {
  return Array.from({ length: 6 }, (_, i) => String(now.getFullYear() - i)).map((y) => ({
    value: y,
    label: y,
  }));
}

export const PAYSLIPS_PATH = '/user/documents/payslips';
/** The link to one payslip: the payslips screen opens it from `?id=`. */
export const payslipHref = (id: string) => `${PAYSLIPS_PATH}?id=${encodeURIComponent(id)}`;
