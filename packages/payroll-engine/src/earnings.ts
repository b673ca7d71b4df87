/** Earnings: monthly salary lines prorated by payable days, plus one-time earnings (rules §6). */
import { divHalfUp, formatInr } from './money';
import type { OneTimeItem, PayDays, PayslipLine, SalaryLine } from './types';

/** Where the company chooses the days a month's salary is paid over (the screen's words). */
export const DAYS_SETTING = "Run Payroll › Pay run settings › Days in a month's salary";

export const PRORATION_RULE = {
  section: '§6 LOP proration',
  source: 'S110, S111, S112 (rules file §6)',
  law: `the salary structure, paid for the payable days (loss-of-pay days are not paid; ${DAYS_SETTING})`,
};

function daysText(days: PayDays): string {
  return days.payable === days.basis
    ? `${days.basis}/${days.basis} days`
    : `${days.payable}/${days.basis} days`;
}

/** monthly × payable ÷ basis to the nearest paisa; payable may be a half day. */
export function prorate(monthly: number, days: PayDays): number {
  if (days.basis === 0) return 0;
  return divHalfUp(monthly * Math.round(days.payable * 2), days.basis * 2);
}

export function salaryLineEarning(line: SalaryLine, days: PayDays, methodText: string): PayslipLine {
  if (!Number.isSafeInteger(line.monthly) || line.monthly < 0) {
    throw new RangeError(`salary line ${line.code}: monthly must be whole paise ≥ 0`);
  }
  const prorated = line.flags.prorated;
  const amount = prorated ? prorate(line.monthly, days) : line.monthly;
  const full = days.payable === days.basis;
  const arithmetic = !prorated
    ? `${formatInr(line.monthly)} (not prorated for LOP)`
    : full
      ? `${formatInr(line.monthly)} for the full month (${daysText(days)}, ${methodText})`
      : `${formatInr(line.monthly)} × ${days.payable}/${days.basis} payable days (${methodText}: ${days.lop} LOP, ${days.outsideEmployment} outside employment) = ${formatInr(amount)}`;
  return {
    code: line.code,
    label: line.label,
    kind: 'earning',
    base: line.monthly,
    rate: null,
    amount,
    rounding: prorated && !full ? 'paisa-half-up' : 'none',
    rule: PRORATION_RULE,
    inputs: [
      { name: 'monthly amount', value: line.monthly, unit: 'paise', from: 'salary structure' },
      { name: 'payable days', value: days.payable, from: 'attendance' },
      { name: 'days basis', value: days.basis, from: `${DAYS_SETTING}: ${methodText}` },
    ],
    explain: `${line.label}: monthly salary component. ${arithmetic}.`,
    show: line.flags.showOnPayslip,
  };
}

export function oneTimeLine(item: OneTimeItem): PayslipLine {
  if (!Number.isSafeInteger(item.amount) || item.amount < 0) {
    throw new RangeError(`one-time item ${item.code}: amount must be whole paise ≥ 0`);
  }
  const earning = item.kind === 'earning';
  // The caller's words on where the item came from (arrears of which months, which claim) lead.
  const origin = item.explain?.trim();
  const from = origin ? `${origin}${/[.!?]$/.test(origin) ? '' : '.'} ` : '';
  // How an earning counts, so a reimbursement or a leave encashment can be checked on the payslip.
  const counted = earning
    ? ` Counted as ${item.taxable === false ? 'not taxable' : 'taxable'} pay, ${item.epfWage ? '' : 'not '}EPF wage, ${item.esiWage ? '' : 'not '}ESI wage${item.ptWage === false ? ', outside the gross PT is read on' : ''}.`
    : '';
  return {
    code: item.code,
    label: item.label,
    kind: item.kind,
    base: null,
    rate: null,
    amount: item.amount,
    rounding: 'none',
    rule: {
      section: earning ? '§6 LOP proration' : '§6 (one-time deduction)',
      source: 'one-time item entered for this month',
      law: "an item entered for this month's pay run",
    },
    inputs: [{ name: 'amount', value: item.amount, unit: 'paise', from: "this month's pay run items" }],
    explain: `${from}${item.label}: one-time ${earning ? 'earning' : 'deduction'} for this month, ${formatInr(item.amount)}, ${earning ? 'paid' : 'deducted'} as entered (not prorated).${counted}`,
    show: item.showOnPayslip ?? true,
  };
}

/**
 * Completes a line's plain words with its inputs (and where each came from) and the law or setting
 * it follows in words, so every explanation reads: what it is, the arithmetic, the inputs, the rule.
 * The rules-file section and research sources stay in `rule.section` / `rule.source` for the expert
 * view: people reading a payslip are cited the Act and the company's settings, not our files.
 */
export function finishExplain(line: PayslipLine): void {
  let inputs = '';
  for (const i of line.inputs) {
    const v = i.unit === 'paise' && typeof i.value === 'number' ? formatInr(i.value) : String(i.value);
    inputs += `${inputs ? '; ' : ''}${i.name} ${v} (${i.from})`;
  }
  const law = line.rule.law.replace(/\.$/, '');
  line.explain = `${line.explain}${inputs ? ` Inputs: ${inputs}.` : ''} Rule: ${law}.`;
}
