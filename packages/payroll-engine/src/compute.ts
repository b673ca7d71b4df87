/** computePayslip: the one entry point. Pure: same input and rules, same payslip. */
import { parseMonth } from './dates';
import { payDays } from './days';
import { oneTimeLine, salaryLineEarning } from './earnings';
import type { Payslip, PayslipInput, PayslipLine, StatutoryRules } from './types';

export function methodText(input: PayslipInput): string {
  const m = input.attendance.method;
  if (m.kind === 'calendar') return 'calendar days';
  if (m.kind === 'fixed') return `fixed ${m.days} days`;
  return 'working days';
}

export function computePayslip(input: PayslipInput, rules: StatutoryRules): Payslip {
  void rules;
  const { y, m } = parseMonth(input.month);
  const days = payDays(y, m, input.employee, input.attendance);
  const mt = methodText(input);
  const lines: PayslipLine[] = [];
  for (const s of input.salary) lines.push(salaryLineEarning(s, days, mt));
  for (const o of input.oneTime) lines.push(oneTimeLine(o));

  const sum = (kind: PayslipLine['kind']) =>
    lines.filter((l) => l.kind === kind).reduce((a, l) => a + l.amount, 0);
  const gross = sum('earning');
  const deductions = sum('deduction');
  const employerContributions = sum('employer');
  const taxableGross =
    input.salary.reduce((a, s, i) => a + (s.flags.taxable ? lines[i]!.amount : 0), 0) +
    input.oneTime
      .filter((o) => o.kind === 'earning' && o.taxable !== false)
      .reduce((a, o) => a + o.amount, 0);
  const e = input.earlier;
  const p = e.paid;
  return {
    month: input.month,
    days,
    lines,
    gross,
    deductions,
    employerContributions,
    net: gross - deductions,
    costToCompany: gross,
    ytd: {
      gross: e.gross + gross,
      paid: {
        grossPaise: p.grossPaise + taxableGross,
        hraPaise: p.hraPaise ?? 0,
        basicDaPaise: p.basicDaPaise ?? 0,
        employeePfPaise: p.employeePfPaise ?? 0,
        professionalTaxPaise: p.professionalTaxPaise ?? 0,
        employerNpsPaise: p.employerNpsPaise ?? 0,
      },
      tds: e.tds,
      grossThisHalfYear: e.grossThisHalfYear + gross,
      ptThisHalfYear: e.ptThisHalfYear,
      esiCoveredThisPeriod: e.esiCoveredThisPeriod,
      monthsPaid: e.monthsPaid + (gross > 0 ? 1 : 0),
    },
    notes: [],
  };
}
