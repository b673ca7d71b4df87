// Income tax and monthly TDS (issue 14): call computeMonthlyTds(input, incomeTaxRulesFor(month)) from computePayslip.

export { annualTax } from './annual-tax';
export {
  compareRegimes,
  type RegimeComparison,
  type RegimeComparisonInput,
  type RegimeSide,
} from './compare';
export { hraExemption, taxableIncome } from './deductions';
export {
  computeForm16,
  type Form16Figures,
  type Form16Input,
  type Form16Month,
  type Form16Perquisite,
  type Form16Quarter,
  financialYearMonths,
} from './form16';
export { formatRupees } from './money';
export { incomeTaxRulesFor } from './rules';
export { computeMonthlyTds } from './tds';
export type * from './types';
export { FY_2025_26, FY_2026_27, INCOME_TAX_YEARS } from './years';
