/**
 * Payable days under the three proration methods (rules §6, "LOP proration"). Days outside
 * employment (joiner/leaver) are unpaid days counted in the method's own days.
 */
import { daysInMonth, parseDate } from './dates';
import type { Attendance, EmployeeFacts, PayDays } from './types';

/** Day-of-month range [first, last] the employee is employed in the month, or null if none. */
export function employedRange(
  y: number,
  m: number,
  employee: Pick<EmployeeFacts, 'joiningDate' | 'exitDate'>,
): [number, number] | null {
  const dim = daysInMonth(y, m);
  const key = y * 100 + m;
  const j = parseDate(employee.joiningDate);
  const jKey = j.y * 100 + j.m;
  if (jKey > key) return null;
  const first = jKey === key ? j.d : 1;
  let last = dim;
  if (employee.exitDate) {
    const e = parseDate(employee.exitDate);
    const eKey = e.y * 100 + e.m;
    if (eKey < key) return null;
    if (eKey === key) last = e.d;
  }
  return first > last ? null : [first, last];
}

export function payDays(y: number, m: number, employee: EmployeeFacts, attendance: Attendance): PayDays {
  const dim = daysInMonth(y, m);
  const range = employedRange(y, m, employee);
  const lop = attendance.lopDays;
  if (!(lop >= 0) || Math.round(lop * 2) !== lop * 2) {
    throw new RangeError(`attendance.lopDays must be a non-negative whole or half day, got ${lop}`);
  }
  const method = attendance.method;
  let basis: number;
  let outside: number;
  if (method.kind === 'calendar') {
    basis = dim;
    outside = range ? dim - (range[1] - range[0] + 1) : dim;
  } else if (method.kind === 'fixed') {
    if (!Number.isInteger(method.days) || method.days < 1 || method.days > 31) {
      throw new RangeError(`attendance.method.days must be 1–31, got ${method.days}`);
    }
    basis = method.days;
    // Calendar days outside employment count as unpaid days of the fixed basis (joined on the 11th
    // of any month → 10 unpaid days), never more than the basis.
    outside = Math.min(basis, range ? dim - (range[1] - range[0] + 1) : dim);
  } else {
    const off = new Set(method.nonWorkingDays);
    for (const d of off) {
      if (!Number.isInteger(d) || d < 1 || d > dim) {
        throw new RangeError(`attendance.method.nonWorkingDays has ${d}, not a day of the month`);
      }
    }
    basis = dim - off.size;
    outside = 0;
    for (let d = 1; d <= dim; d++) {
      if (off.has(d)) continue;
      if (!range || d < range[0] || d > range[1]) outside++;
    }
  }
  const inside = basis - outside;
  if (lop > inside) {
    throw new RangeError(`attendance.lopDays ${lop} is more than the ${inside} days employed in the month`);
  }
  return { basis, outsideEmployment: outside, lop, payable: inside - lop };
}
