import { annualTax } from './annual-tax';
import { taxableIncome } from './deductions';
import { assertPaise, divHalfUp, formatRupees } from './money';
import type { IncomeTaxYearRules, SalaryFigures, TaxStep, TdsInput, TdsResult } from './types';

const FIELDS = [
  'grossPaise',
  'hraPaise',
  'basicDaPaise',
  'employeePfPaise',
  'professionalTaxPaise',
  'employerNpsPaise',
] as const;

/** Adds figures × times into out, field by field (no intermediate arrays: this runs per payslip). */
function addFigures(out: Required<SalaryFigures>, figures: SalaryFigures, times: number): void {
  for (const f of FIELDS) {
    const v = figures[f] ?? 0;
    assertPaise(f, v);
    out[f] += v * times;
  }
}

/** April = 1 … March = 12 of the financial year starting in April of `fyStartYear`. */
function fyMonthIndex(month: string, fyStartYear: number): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  return (year - fyStartYear) * 12 + mon - 3;
}

const MONTH_NAMES = [
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'January',
  'February',
  'March',
];

/**
 * Monthly TDS on salary by the projection method (rules file 5.5): project the year's salary from
 * what was actually paid, this month and the regular monthly pay for the rest of the year, take
 * the regime's deductions, compute the annual tax, subtract TDS already deducted and spread the
 * balance evenly over the months left including this one. Rounded to the rupee, never negative.
 */
export function computeMonthlyTds(input: TdsInput, rules: IncomeTaxYearRules): TdsResult {
  const fyStart = Number(rules.effectiveFrom.slice(0, 4));
  const index = fyMonthIndex(input.month, fyStart);
  if (index < 1 || index > 12) {
    throw new RangeError(`${input.month} is outside financial year ${rules.financialYear}`);
  }
  let lastIndex = 12;
  if (input.exitMonth) {
    const exit = fyMonthIndex(input.exitMonth, fyStart);
    if (exit < index) throw new RangeError(`exitMonth ${input.exitMonth} is before ${input.month}`);
    lastIndex = Math.min(12, exit);
  }
  const remainingMonths = lastIndex - index + 1;
  const monthsAfter = remainingMonths - 1;
  assertPaise('tdsDeductedSoFarPaise', input.tdsDeductedSoFarPaise);
  const oneTime = input.oneTimeItems ?? [];
  for (const item of oneTime) assertPaise(`oneTimeItems ${item.label}`, item.amountPaise);
  const oneTimeTotal = oneTime.reduce((sum, i) => sum + i.amountPaise, 0);
  const prev = input.previousEmployer;
  if (prev) assertPaise('previousEmployer.tdsPaise', prev.tdsPaise);

  const projected: Required<SalaryFigures> = {
    grossPaise: 0,
    hraPaise: 0,
    basicDaPaise: 0,
    employeePfPaise: 0,
    professionalTaxPaise: 0,
    employerNpsPaise: 0,
  };
  if (prev) addFigures(projected, prev, 1);
  addFigures(projected, input.paidSoFar, 1);
  addFigures(projected, input.thisMonth, 1);
  addFigures(projected, input.regularMonthly, monthsAfter);
  addFigures(projected, { grossPaise: oneTimeTotal }, 1);
  // PT is not the same every month (February's own amount, half-yearly states): when the caller
  // has worked the months ahead from the slabs, that figure replaces regular × months after.
  const ptAhead = input.professionalTaxAhead;
  let ptMadeOf: string | undefined;
  if (ptAhead) {
    assertPaise('professionalTaxAhead.amountPaise', ptAhead.amountPaise);
    projected.professionalTaxPaise +=
      ptAhead.amountPaise - (input.regularMonthly.professionalTaxPaise ?? 0) * monthsAfter;
    const prevPt = prev?.professionalTaxPaise ?? 0;
    ptMadeOf = `${prevPt ? `previous employer ${formatRupees(prevPt)} + ` : ''}${formatRupees(input.paidSoFar.professionalTaxPaise ?? 0)} paid so far + ${formatRupees(input.thisMonth.professionalTaxPaise ?? 0)} this month${ptAhead.words ? ` + ${ptAhead.words}` : ''}`;
  }

  const steps: TaxStep[] = [];
  let parts = `paid so far ${formatRupees(input.paidSoFar.grossPaise)} + this month ${formatRupees(input.thisMonth.grossPaise)} + ${monthsAfter} × ${formatRupees(input.regularMonthly.grossPaise)}`;
  if (prev) parts = `previous employer ${formatRupees(prev.grossPaise)} + ${parts}`;
  for (const i of oneTime) parts += ` + ${i.label} ${formatRupees(i.amountPaise)}`;
  const grossWithNps = projected.grossPaise + projected.employerNpsPaise;
  steps.push({
    key: 'projected-income',
    label: 'Annual projected income',
    amountPaise: grossWithNps,
    detail: `annual projected income ${formatRupees(grossWithNps)} = ${parts}${projected.employerNpsPaise ? ` + employer NPS ${formatRupees(projected.employerNpsPaise)}` : ''}`,
    source: 'projection method, /work/shared/payroll/statutory-rules.md 5.5 step 1',
  });

  const income = taxableIncome(projected, input.regime, rules, input.declarations, ptMadeOf);
  for (const step of income.steps) steps.push(step);
  steps.push({
    key: 'taxable-income',
    label: 'Taxable income',
    amountPaise: income.taxableIncomePaise,
    detail: `taxable income ${formatRupees(income.taxableIncomePaise)} = ${formatRupees(income.grossPaise)} − deductions ${formatRupees(income.deductionsPaise)} (${input.regime} regime)`,
  });

  const tax = annualTax(income.taxableIncomePaise, input.regime, rules, input.ageBand, {
    resident: input.resident ?? true,
  });
  for (const step of tax.steps) steps.push(step);

  const deductedSoFar = input.tdsDeductedSoFarPaise + (prev?.tdsPaise ?? 0);
  const balance = tax.totalTaxPaise - deductedSoFar;
  const excess = balance < 0 ? -balance : 0;
  const noPayment = input.thisMonth.grossPaise === 0;
  const tds = noPayment || balance <= 0 ? 0 : divHalfUp(balance, remainingMonths * 100) * 100;

  steps.push({
    key: 'tds-so-far',
    label: 'TDS deducted so far',
    amountPaise: deductedSoFar,
    detail: `less TDS so far ${formatRupees(deductedSoFar)}${prev ? ` (this employer ${formatRupees(input.tdsDeductedSoFarPaise)} + previous employer ${formatRupees(prev.tdsPaise)})` : ''}`,
  });
  const monthName = MONTH_NAMES[index - 1];
  let tdsDetail: string;
  if (noPayment) {
    tdsDetail = `no salary paid in ${monthName}, so no TDS (TDS is deducted when salary is paid); the balance moves to the next paid month`;
  } else if (balance <= 0) {
    tdsDetail =
      excess > 0
        ? `TDS so far exceeds the projected annual tax by ${formatRupees(excess)}: no TDS this month; payroll does not refund it — later months absorb it if pay rises, otherwise the employee claims it in the return`
        : 'the projected annual tax is already deducted: no TDS this month';
  } else {
    tdsDetail = `${formatRupees(balance)} ÷ ${remainingMonths} remaining month${remainingMonths === 1 ? '' : 's'} (${monthName} to ${MONTH_NAMES[lastIndex - 1]}) = ${formatRupees(tds)}, rounded to the rupee`;
  }
  steps.push({
    key: 'tds',
    label: `TDS for ${monthName}`,
    amountPaise: tds,
    detail: tdsDetail,
    source: `${rules.tdsSection}: average rate on estimated income; /work/shared/payroll/statutory-rules.md 5.5 step 4`,
  });

  return {
    tdsPaise: tds,
    projectedGrossPaise: grossWithNps,
    deductionsPaise: income.deductionsPaise,
    annualTax: tax,
    tdsDeductedSoFarPaise: deductedSoFar,
    remainingMonths,
    excessDeductedPaise: excess,
    steps,
    // The slab-by-slab lines stay in steps; the sentence keeps only their total.
    explanation: explanationOf(steps),
  };
}

/** The steps' details joined with '; ', the slab-by-slab steps left out (their total stays). */
function explanationOf(steps: TaxStep[]): string {
  let text = '';
  for (const s of steps) {
    if (s.key.startsWith('slab-') && s.key !== 'slab-tax') continue;
    text += text ? `; ${s.detail}` : s.detail;
  }
  return `${text}.`;
}
