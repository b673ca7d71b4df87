// Income tax and monthly TDS (issue 14): call computeMonthlyTds(input, incomeTaxRulesFor(month)) from computePayslip.
export type * from './types';
