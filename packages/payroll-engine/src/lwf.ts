/** Labour Welfare Fund (rules §4): flat amounts in the state's deduction months, per-employee flag. */
import { MONTH_NAMES, monthEndIso } from './dates';
import { inForce } from './figures';
import { formatInr } from './money';
import type { PayslipInput, PayslipLine, StatutoryRules } from './types';

export function computeLwf(
  input: PayslipInput,
  rules: StatutoryRules,
  gross: number,
  y: number,
  m: number,
): PayslipLine[] {
  const e = input.employee;
  if (!e.lwfApplicable) return [];
  const monthEnd = monthEndIso(y, m);
  const rate = rules.lwf.find((r) => r.state === e.state && inForce(r, monthEnd));
  if (!rate?.months.includes(m)) return [];
  // On the register on the last day of the deduction month (30 Jun / 31 Dec).
  const onRegister = e.exitDate === undefined || e.exitDate >= monthEnd;
  if (!onRegister || gross <= 0) return [];
  const when = rate.months.map((x) => MONTH_NAMES[x - 1]).join(' and ');
  const inputs = [
    { name: 'LWF applicable', value: 'yes', from: 'employee record' },
    { name: 'state', value: e.state, from: 'employee record (work state)' },
  ];
  return [
    {
      code: 'LWF_EE',
      label: 'Labour welfare fund',
      kind: 'deduction',
      base: null,
      rate: null,
      amount: rate.employee,
      rounding: 'none',
      rule: { section: rate.section, source: rate.source, law: rate.law },
      inputs,
      explain: `Labour welfare fund (${e.state}): flat ${formatInr(rate.employee)} employee contribution, deducted in ${when} from employees on the register on the last day of the month.`,
      show: true,
    },
    {
      code: 'LWF_ER',
      label: 'Labour welfare fund (employer)',
      kind: 'employer',
      base: null,
      rate: null,
      amount: rate.employer,
      rounding: 'none',
      rule: { section: rate.section, source: rate.source, law: rate.law },
      inputs,
      explain: `Labour welfare fund employer (${e.state}): flat ${formatInr(rate.employer)}, paid in ${when}.`,
      show: false,
    },
  ];
}
