import type { IncomeTaxYearRules } from './types';
import { INCOME_TAX_YEARS } from './years';

/** The year rules in force on a date 'YYYY-MM-DD' or for a pay month 'YYYY-MM'. */
export function incomeTaxRulesFor(
  dateOrMonth: string,
  years: readonly IncomeTaxYearRules[] = INCOME_TAX_YEARS,
): IncomeTaxYearRules {
  const day = /^\d{4}-\d{2}$/.test(dateOrMonth) ? `${dateOrMonth}-01` : dateOrMonth;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`Not a date or month: ${dateOrMonth}`);
  const found = years.find((y) => y.effectiveFrom <= day && day <= y.effectiveTo);
  if (!found) throw new RangeError(`No income-tax rules for ${dateOrMonth}`);
  return found;
}
