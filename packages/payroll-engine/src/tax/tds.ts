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

function sumFigures(parts: { figures: SalaryFigures; times: number }[]): Required<SalaryFigures> {
  const out = {
    grossPaise: 0,
    hraPaise: 0,
    basicDaPaise: 0,
    employeePfPaise: 0,
    professionalTaxPaise: 0,
    employerNpsPaise: 0,
  };
  for (const { figures, times } of parts) {
    for (const f of FIELDS) {
      const v = figures[f] ?? 0;
      assertPaise(f, v);
      out[f] += v * times;
    }
  }
  return out;
}

/** April = 1 … March = 12 of the financial year starting in April of `fyStartYear`. */
function fyMonthIndex(month: string, fyStartYear: number): number {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12) throw new RangeError(`month must be YYYY-MM, got ${month}`);
  const index = (year - fyStartYear) * 12 + mon - 3;
  return index;
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

  const projected = sumFigures([
    ...(prev ? [{ figures: prev, times: 1 }] : []),
    { figures: input.paidSoFar, times: 1 },
    { figures: input.thisMonth, times: 1 },
    { figures: input.regularMonthly, times: monthsAfter },
    { figures: { grossPaise: oneTimeTotal }, times: 1 },
  ]);

  const steps: TaxStep[] = [];
  const parts = [
    ...(prev ? [`previous employer ${formatRupees(prev.grossPaise)}`] : []),
    `paid so far ${formatRupees(input.paidSoFar.grossPaise)}`,
    `this month ${formatRupees(input.thisMonth.grossPaise)}`,
    `${monthsAfter} × ${formatRupees(input.regularMonthly.grossPaise)}`,
    ...oneTime.map((i) => `${i.label} ${formatRupees(i.amountPaise)}`),
  ];
  const grossWithNps = projected.grossPaise + projected.employerNpsPaise;
  steps.push({
    key: 'projected-income',
    label: 'Annual projected income',
    amountPaise: grossWithNps,
    detail: `annual projected income ${formatRupees(grossWithNps)} = ${parts.join(' + ')}${projected.employerNpsPaise ? ` + employer NPS ${formatRupees(projected.employerNpsPaise)}` : ''}`,
    source: 'projection method, /work/shared/payroll/statutory-rules.md 5.5 step 1',
  });

  const income = taxableIncome(projected, input.regime, rules, input.declarations);
  steps.push(...income.steps);
  steps.push({
    key: 'taxable-income',
    label: 'Taxable income',
    amountPaise: income.taxableIncomePaise,
    detail: `taxable income ${formatRupees(income.taxableIncomePaise)} = ${formatRupees(income.grossPaise)} − deductions ${formatRupees(income.deductionsPaise)} (${input.regime} regime)`,
  });

  const tax = annualTax(income.taxableIncomePaise, input.regime, rules, input.ageBand);
  steps.push(...tax.steps);

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
    tdsDetail = `no salary paid in ${monthName}, so no TDS (TDS is deducted when salary is paid; rules file 5.5 step 5); the balance moves to the next paid month`;
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
    explanation: `${steps
      .filter((s) => !s.key.startsWith('slab-') || s.key === 'slab-tax')
      .map((s) => s.detail)
      .join('; ')}.`,
  };
}
